"""Check ``number_context``: each number of the claim is stated beside what its clause says of it.

"Oxford was founded in 1096" from "There is evidence of teaching as early as 1096" is caught.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from verirag.text import split_sentences
from verirag.verify.claim import Claim
from verirag.verify.evidence import Evidence
from verirag.verify.lexicon import NAME, NUMBER, as_number, content_words

NUMBER_CONTEXT = 0.5  # share of a clause's words the sentence stating its number must state too


def numbers_out_of_place(
    clauses: Sequence[str], documents: Sequence[tuple[str, str]], share: float = NUMBER_CONTEXT
) -> list[str]:
    """The numbers of the claim's ``clauses`` that no sentence of the documents states beside their clause.

    A sentence of the ``(title, text)`` documents must state the number beside at least ``share`` of what its
    clause says: its other content words, less the document's title (the subject a sentence may call "it"). A
    year or number taken from another sentence is caught ("Oxford was founded in 1096" from "There is evidence
    of teaching as early as 1096"); a number no sentence states is left to :func:`missing_terms`.
    """
    sentences = [
        (content_words(title), content_words(s), {as_number(n) for n in NUMBER.findall(s)})
        for title, text in documents
        for s in split_sentences(text)
    ]
    out: list[str] = []
    for clause in clauses:
        words = content_words(NUMBER.sub(" ", clause))
        named = re.match(NAME, clause)
        subject = content_words(named.group()) if named else set()
        for number in (as_number(n) for n in NUMBER.findall(clause)):
            beside = [
                len(said & (words - title or words)) / len(words - title or words)
                if not subject or subject & (said | title)
                else 0.0  # said of another subject ("With a population of over 140 million, Russia …")
                for title, said, stated in sentences
                if number in stated
            ]
            if words and beside and max(beside) < share and number not in out:
                out.append(number)
    return out


def check(claim: Claim, evidence: Evidence) -> list[str]:
    """The numbers of the claim's atoms no quoted sentence states beside their clause."""
    return numbers_out_of_place(claim.atoms, evidence.texts)
