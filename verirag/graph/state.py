"""Graph state. Field names follow the papers: ``long_term_memory`` and ``short_term_memory`` (VTG),
``candidates`` (LLatrieval's D_c), ``sentences`` (the kept output O).

Documents are referred to by their stable ids everywhere, so citation numbers never shift while the
memories change; :mod:`verirag.nodes.finalize` renumbers them [1]..[n] only for the final answer.
"""

from __future__ import annotations

from typing import Annotated, Literal

from typing_extensions import TypedDict

from verirag.stores.documents import Document
from verirag.usage import merge_usage

VerifiedBy = Literal["citations", "memory", "none"]


class Sentence(TypedDict):
    """One kept sentence of the answer."""

    text: str
    citations: list[str]  # document ids, never positions
    support: float | None  # probability-scored support of the cited docs (None: not judged)
    verified_by: VerifiedBy


class InputState(TypedDict):
    """What a caller (CLI, Studio, a parent graph) passes in."""

    question: str


class OutputState(TypedDict, total=False):
    """The output contract (see docs and ``verirag ask --json``)."""

    question: str
    answer: str
    sentences: list[Sentence]
    documents: dict[str, Document]  # doc id -> document, in bibliography order
    usage: Annotated[dict, merge_usage]


class State(InputState, OutputState, total=False):
    """Everything the graph keeps while it works."""

    query: str
    candidates: list[Document]
    long_term_memory: list[Document]
    short_term_memory: list[Document]
