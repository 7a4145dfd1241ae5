"""Reading ``verbatim``: the claim copies a sentence of the documents word for word."""

from __future__ import annotations

from collections.abc import Sequence

from verirag.verify.evidence import sentence_spans
from verirag.verify.lexicon import copy_form, title_subject, with_subject

_POSSESSIVE_PRONOUNS = frozenset("its his her their".split())


def _with_owner(title: str, sentence: str) -> str:
    """The sentence with a leading possessive ("Its", "His" …) read as its document's subject's."""
    first, _, rest = sentence.partition(" ")
    return f"{title_subject(title)}'s {rest}" if rest and first.lower() in _POSSESSIVE_PRONOUNS else sentence


def verbatim_sentence(claim: str, documents: Sequence[tuple[str, str]]) -> tuple[int, tuple[int, int]] | None:
    """The document and sentence the claim copies word for word (spacing and a final period aside).

    A leading pronoun of the sentence may be copied as the document's subject, as the guard reads it
    ("Rubik's Cube won the 1980 …" from "It won the 1980 …" in "Rubik's Cube").
    """
    words = copy_form(claim).replace("’", "'")
    for index, (title, text) in enumerate(documents):
        for start, end in sentence_spans(text):
            sentence = text[start:end].replace("’", "'")
            readings = {sentence, with_subject(title, sentence), _with_owner(title, sentence)}
            if any(copy_form(r) == words for r in readings):
                return index, (start, end)
    return None
