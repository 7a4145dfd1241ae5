"""ALCE's citation recall and precision of an answer (AutoAIS with a pluggable entailment judge).

Follows ALCE's ``compute_autoais`` step by step (at most ``max_citations`` = 3 per sentence), with two
departures on purpose: an empty answer scores 0 recall and 0 precision, and a grounded refusal
(:mod:`verirag.refusal`) is not scored for citations.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Protocol

from verirag.documents import Document
from verirag.refusal import is_refusal
from verirag.text import parse_citations, split_sentences

MAX_CITATIONS = 3
_MARKER = re.compile(r"\[(\d+)")


class EntailmentJudge(Protocol):
    """Anything that says whether documents entail a claim."""

    def entails(self, documents: Sequence[Document], claim: str) -> bool:
        """Whether the ``documents`` together entail ``claim``."""


@dataclass
class CitationScores:
    """Citation quality of one answer."""

    recall: float
    precision: float
    sentences: int
    supported_sentences: int
    citations: int
    relevant_citations: int

    @property
    def f1(self) -> float:
        """The F1 of citation recall and precision."""
        return f1(self.recall, self.precision)

    def as_dict(self) -> dict:
        """The scores as a dict, ``f1`` included."""
        return {**asdict(self), "f1": self.f1}


def f1(recall: float, precision: float) -> float:
    """Harmonic mean (0 when both are 0)."""
    return 0.0 if recall + precision == 0 else 2 * recall * precision / (recall + precision)


def cited_numbers(sentence: str) -> list[int]:
    """1-based citation numbers as ALCE reads them: every ``[n`` in order, duplicates kept."""
    return [int(n) for n in _MARKER.findall(sentence)]


def citation_scores(
    answer: str, documents: Sequence[Document], judge: EntailmentJudge, max_citations: int = MAX_CITATIONS
) -> CitationScores:
    """ALCE citation recall and precision of ``answer`` whose ``[n]`` refer to ``documents[n-1]``."""
    sentences = [s for s in split_sentences(answer) if not is_refusal(s)]
    cited = [(parse_citations(s)[0], [n - 1 for n in cited_numbers(s)]) for s in sentences]
    cited = [
        (claim, refs[:max_citations])
        for claim, refs in cited
        if refs and all(0 <= r < len(documents) for r in refs)
    ]  # others: recall 0, no precision
    if hasattr(judge, "prefetch"):  # the joint checks are independent: judge them concurrently
        judge.prefetch([([documents[r] for r in refs], claim) for claim, refs in cited])
    supported = used = relevant = 0
    for claim, refs in cited:
        used += len(refs)
        joint = judge.entails([documents[r] for r in refs], claim)
        supported += joint
        if joint and len(refs) > 1:
            for i, ref in enumerate(refs):
                if judge.entails([documents[ref]], claim):
                    relevant += 1
                    continue
                others = [documents[r] for j, r in enumerate(refs) if j != i]
                relevant += not judge.entails(others, claim)  # irrelevant iff the rest still entail
        else:
            relevant += int(joint)  # one citation: its recall; several but unsupported: all 0
    n = len(sentences)
    return CitationScores(
        recall=supported / n if n else 0.0,
        precision=relevant / used if used else 0.0,
        sentences=n,
        supported_sentences=supported,
        citations=used,
        relevant_citations=relevant,
    )
