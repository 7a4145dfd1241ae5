"""Reading ``rank``: a comparison or a denied rank that a stated rank entails.

"Karachi is larger than Lahore" from "Lahore is the second-largest city in Pakistan, after Karachi".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from verirag.verify.evidence import sentence_spans
from verirag.verify.lexicon import (
    MEMBER,
    NOT_SUPERLATIVES,
    ORDINAL,
    PRONOUNS,
    bare,
    content_words,
    name_lists,
    plain,
    title_subject,
)

_RANK_CLAUSE = re.compile(
    rf"^(?P<subject>.+?) (?:is|was) (?:also |now |currently )?(?P<before>(?:the |[\w'’ ]+['’]s )?)"
    rf"(?P<ordinal>{ORDINAL})[-\s]+(?P<superlative>(?:most|least)[-\s]+[a-z]+|[a-z]{{2,}}est)\b(?P<rest>.*)$",
    re.IGNORECASE,
)
_RANK_END = re.compile(r"[,;:.()]| (?:and|with|after|being|as|which|where|while)\b")
_NOT_CLAIM = re.compile(r"^(?P<subject>.+?) (?:is|was) not (?P<ranked>.+?)\.?$")
_MORE_CLAIM = re.compile(
    r"^(?P<above>.+?) (?:is|was) (?P<comparative>(?:more|less) [a-z]+|[a-z]+er|better|worse) than "
    r"(?P<below>.+?)(?P<tail> (?:by|in) [^,]+)?\.?$"
)


def _comparative(superlative: str) -> str:
    word = bare(superlative)
    if word.startswith(("most ", "least ")):
        return ("more " if word.startswith("most") else "less ") + word.split()[1]
    return {"best": "better", "worst": "worse"}.get(word, word[:-3] + "er")


class _Rank(NamedTuple):
    """A stated rank: "<subject> is the <ordinal>-<superlative> <kind>[, after <above>]"."""

    document: int
    span: tuple[int, int]  # the sentence stating it
    subject: str  # a pronoun read as the document's title ("Kano (city)": "kano")
    ranked: str  # the ranked phrase without its ordinal ("the largest city in pakistan")
    comparative: str  # of its superlative ("larger", "more populous")
    above: list[str]  # the names it is ranked after
    kind: set[str]  # the ranked phrase's words


def _rank_statements(documents: Sequence[tuple[str, str]]) -> list[_Rank]:
    """Each rank the documents state, with the ordinal of a degree below the first."""
    out = []
    for index, (title, text) in enumerate(documents):
        for start, end in sentence_spans(text):
            for clause in re.split(r";|, (?:and|but) (?=it |he |she )", text[start:end]):
                found = _RANK_CLAUSE.match(clause.strip())
                if not found or found["superlative"].lower() in NOT_SUPERLATIVES:
                    continue
                subject = found["subject"]
                if plain(subject) in PRONOUNS:
                    subject = title_subject(title)
                kind = _RANK_END.split(found["rest"], maxsplit=1)[0]
                after = re.search(rf"\bafter ({MEMBER}(?:(?:,? and|,? or|,) {MEMBER})*)", found["rest"])
                above = (name_lists(after[1]) or [[after[1]]])[0] if after else []
                out.append(
                    _Rank(
                        index,
                        (start, end),
                        bare(subject),
                        bare(f"{found['before']}{found['superlative']}{kind}"),
                        _comparative(found["superlative"]),
                        [bare(a) for a in above],
                        content_words(kind),
                    )
                )
    return out


def stated_by_rank(claim: str, documents: Sequence[tuple[str, str]]) -> tuple[int, tuple[int, int]] | None:
    """The document and sentence whose stated rank entails the claim, a comparison, read without a model.

    "Perth is not the most populous city in Australia" from "It is the fourth-most-populous city in
    Australia" (the ranked phrase the same, word for word, but the ordinal), and "Karachi is larger than
    Lahore" from "Lahore is the second-largest city in Pakistan, after Karachi" (the comparative of the
    superlative; a trailing "by total area" must be words of the ranked phrase). ``documents``: (title,
    text) pairs.
    """
    claim = " ".join(claim.split())
    negated, more = _NOT_CLAIM.match(claim), _MORE_CLAIM.match(claim)
    for rank in _rank_statements(documents):
        if negated and bare(negated["subject"]) == rank.subject and bare(negated["ranked"]) == rank.ranked:
            return rank.document, rank.span
        if (
            more
            and bare(more["below"]) == rank.subject
            and bare(more["above"]) in rank.above
            and bare(more["comparative"]) == rank.comparative
            and content_words(more["tail"] or "") <= rank.kind
        ):
            return rank.document, rank.span
    return None
