"""ALCE-procedure metrics: citation recall/precision, answer correctness and retrieval recall.

Citation recall/precision is AutoAIS with a pluggable entailment judge, answer correctness is normalised
containment and EM-recall, retrieval recall is that of gold evidence titles. Citation scoring is
:mod:`verirag.citations`; correctness is scored on the answer without its citation markers;
:func:`trust_scores` is the trust view (Trust-Score's grounded refusals).
"""

from __future__ import annotations

import re
import string
from collections.abc import Sequence

from verirag.citations import (
    MAX_CITATIONS,
    CitationScores,
    EntailmentJudge,
    citation_scores,
    cited_numbers,
    f1,
)
from verirag.documents import Document
from verirag.refusal import is_refusal, without_passage
from verirag.text import CITATION, split_sentences

__all__ = [
    "JUDGE_THRESHOLD",
    "MAX_CITATIONS",
    "CitationScores",
    "EntailmentJudge",
    "answer_contained",
    "citation_scores",
    "cited_numbers",
    "em_recall",
    "evidence_recall",
    "f1",
    "normalize_answer",
    "remove_citations",
    "trust_scores",
]
# The evaluation judge (the run's model asked "do the documents support the claim?") accepts above this
# P(Yes): the middle of the range with the best balanced accuracy on the verifier benchmark's calibration
# split (benchmarks/verifier_benchmark.py, the "Yes/No P(Yes)" judgment over whole paragraphs: 0.96 there;
# at 0.5 it accepted a third of the contradicted and unsupported pairs).
JUDGE_THRESHOLD = 0.834


def normalize_answer(text: str) -> str:
    """SQuAD/ALCE normalisation: lower case, no punctuation, no articles, single spaces."""
    text = "".join(ch for ch in text.lower() if ch not in set(string.punctuation))
    return " ".join(re.sub(r"\b(a|an|the)\b", " ", text).split())


def remove_citations(text: str) -> str:
    """The text without its ``[n]`` markers (ALCE removes them before scoring correctness)."""
    return CITATION.sub("", text)


def answer_contained(output: str, gold: str) -> bool:
    """True when the normalised gold answer occurs in the normalised output (markers removed)."""
    target = normalize_answer(gold)
    return bool(target) and target in normalize_answer(remove_citations(output))


def em_recall(output: str, golds: Sequence[str]) -> float:
    """ALCE "str_em": the fraction of gold answers contained in the output (for one gold: accuracy)."""
    golds = [g for g in golds if normalize_answer(g)]
    return sum(answer_contained(output, g) for g in golds) / len(golds) if golds else 0.0


def trust_scores(
    answer: str,
    sentences: Sequence[dict],
    documents: dict[str, Document],
    judge: EntailmentJudge,
    unsupported_answers: Sequence[str] = (),
) -> dict:
    """The trust view of one answer.

    ``sentences`` are the output contract's (verified ones carry ``verified_by`` "citations" or
    "memory"); ``documents`` maps their citation ids to documents. Returns the counts of kept and
    verified sentences, of verified sentences the judge entails from their citations, ``refuses`` (the
    answer says the documents do not answer, wholly or in part), ``only_refusal`` (it says nothing
    else), and ``unsupported_in_verified`` (an answer the documents do not contain appears in a verified
    sentence — the failure a trustworthy system must never show).
    """
    verified = [s for s in sentences if s.get("verified_by", "none") != "none"]
    entailed = sum(
        judge.entails([documents[c] for c in s["citations"] if c in documents], s["text"]) for s in verified
    )
    parts = split_sentences(without_passage(answer))  # a refusal's quoted passage is part of the refusal
    refusals = [p for p in parts if is_refusal(p)]
    return {
        "sentences": len(sentences),
        "verified": len(verified),
        "verified_entailed": entailed,
        "refuses": bool(refusals),
        "only_refusal": not parts or len(refusals) == len(parts),
        "unsupported_in_verified": any(
            answer_contained(s["text"], g) for s in verified for g in unsupported_answers
        ),
    }


def evidence_recall(retrieved_titles: Sequence[str], gold_titles: Sequence[str]) -> float | None:
    """Fraction of gold evidence titles among the retrieved documents (None without gold titles)."""
    if not gold_titles:
        return None
    found = {t.strip().lower() for t in retrieved_titles}
    return sum(t.strip().lower() in found for t in gold_titles) / len(gold_titles)
