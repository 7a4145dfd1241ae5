"""Grounded refusals: the plain sentences verirag writes when the documents do not answer, and a detector.

The evaluation uses the detector to recognise a refusal in any system's answer. verirag's own refusals start
with :data:`PREFIX`; a baseline asked to "say that the documents do not say" writes its own wording, which
:func:`is_refusal` recognises too.
"""

from __future__ import annotations

import re

from verirag.documents import Document

PREFIX = "The documents do not"
NOTHING_VERIFIED = "The documents do not answer this question."
NOT_VERIFIED = "The documents do not answer this question in a sentence that could be verified."
NEAREST = '{refusal} Their closest passage, in "{title}": "{passage}"'
OTHER_FIGURE = '{nearest} Another passage gives a different figure, in "{title}": "{passage}"'
PART_MISSING = "The documents do not say {gap}."
PART_UNKNOWN = "The documents do not answer every part of this question."
PROPOSED = (
    "No document lists them together; the members asked are those the model named that a document places in "
    "the set."
)
RANKED = "No document lists them together; the members asked are those a document ranks: {ranks}."
UNRANKED = "No document states which is {rank}."
OVER_CAP = "Not asked, over the cap of {n} parts: {gaps}."
_LOWER_OPENERS = frozenset("The A An It Its This These Those Their His Her".split())


def not_said(sentence: str) -> str:
    """The refusal "The documents do not say that <sentence>.", without the sentence's final stop.

    An opener such as "The" is lower-cased.
    """
    clause = sentence.strip().rstrip(".!?")
    first = clause.split(" ", 1)[0]
    clause = clause[0].lower() + clause[1:] if first in _LOWER_OPENERS else clause
    return PART_MISSING.format(gap=f"that {clause}")


_PASSAGE = re.compile(r'\s*Their closest passage, in ".*?": ".*"\s*$', re.DOTALL)  # NEAREST's, at the end


def without_passage(answer: str) -> str:
    """The answer without the passage its refusal quotes (:func:`nearest`): a quote, not an answer."""
    return _PASSAGE.sub("", answer)


def nearest(
    passage: tuple[Document, str], written: bool = True, other: tuple[Document, str] | None = None
) -> str:
    """The refusal that quotes the documents' closest sentence verbatim, with its document's title.

    ``written``: a sentence was written and failed its check; else (retrieval refused before writing) the
    refusal is :data:`NOTHING_VERIFIED`. ``other``: a sentence giving the figure otherwise, quoted after it.
    """
    doc, sentence = passage
    said = NOT_VERIFIED if written else NOTHING_VERIFIED
    text = NEAREST.format(refusal=said, title=doc["title"], passage=sentence)
    return OTHER_FIGURE.format(nearest=text, title=other[0]["title"], passage=other[1]) if other else text


_REFUSAL = re.compile(
    r"\b(?:documents?|sources?|passages?|context|text)\s+(?:do|does|did)\s*(?:not|n't)\s+"
    r"(?:say|answer|contain|mention|provide|state|include|specify|cover|give)"
    r"|\b(?:no|not enough|insufficient)\s+information\b|\bcannot be (?:answered|determined)\b",
    re.IGNORECASE,
)


def is_refusal(sentence: str) -> bool:
    """True when ``sentence`` says that the documents do not answer (wholly or in part)."""
    return bool(_REFUSAL.search(sentence or ""))
