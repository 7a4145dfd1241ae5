"""ALCE-procedure metrics: citation recall/precision (AutoAIS with a pluggable entailment judge),
answer correctness (normalised containment, EM-recall) and retrieval recall of gold evidence titles.

Citation scoring follows ALCE's ``compute_autoais`` step by step:

* the answer is split into sentences; markers are read as 1-based ``[n]`` (every ``[n`` occurrence,
  duplicates kept, as ALCE's ``re.findall(r"\\[\\d+", sent)``), and removed from the judged sentence;
* no citation, or any citation out of range → the sentence's recall is 0 (and its citations are not
  counted in the precision denominator);
* otherwise only the first ``max_citations`` (3) are used: recall is 1 iff the concatenated cited
  documents entail the sentence;
* precision, per citation: if the sentence's recall is 0, every used citation scores 0; if it has a
  single citation it scores its recall; with several, a citation is *irrelevant* (0) when it alone does
  not entail the sentence AND the remaining used citations still do, else 1;
* per answer: recall = supported sentences / sentences; precision = relevant citations / used citations.

One deliberate difference: ALCE drops answers with no sentences from its averages; here an empty answer
scores 0 recall and 0 precision, so a system cannot gain by saying nothing.
"""

from __future__ import annotations

import re
import string
from dataclasses import asdict, dataclass
from typing import Sequence

from verirag.models.entailment import EntailmentJudge
from verirag.stores.documents import Document
from verirag.text import parse_citations, split_sentences

MAX_CITATIONS = 3
_MARKER = re.compile(r"\[(\d+)")


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
        return f1(self.recall, self.precision)

    def as_dict(self) -> dict:
        return {**asdict(self), "f1": self.f1}


def f1(recall: float, precision: float) -> float:
    """Harmonic mean (0 when both are 0)."""
    return 0.0 if recall + precision == 0 else 2 * recall * precision / (recall + precision)


def cited_numbers(sentence: str) -> list[int]:
    """1-based citation numbers as ALCE reads them: every ``[n`` in order, duplicates kept."""
    return [int(n) for n in _MARKER.findall(sentence)]


def citation_scores(answer: str, documents: Sequence[Document], judge: EntailmentJudge,
                    max_citations: int = MAX_CITATIONS) -> CitationScores:
    """ALCE citation recall and precision of ``answer`` whose ``[n]`` refer to ``documents[n-1]``."""
    sentences = split_sentences(answer)
    cited = [(parse_citations(s)[0], [n - 1 for n in cited_numbers(s)]) for s in sentences]
    cited = [(claim, refs[:max_citations]) for claim, refs in cited
             if refs and all(0 <= r < len(documents) for r in refs)]  # others: recall 0, no precision
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
    return CitationScores(recall=supported / n if n else 0.0, precision=relevant / used if used else 0.0,
                          sentences=n, supported_sentences=supported, citations=used,
                          relevant_citations=relevant)


def normalize_answer(text: str) -> str:
    """SQuAD/ALCE normalisation: lower case, no punctuation, no articles, single spaces."""
    text = text.lower()
    text = "".join(ch for ch in text if ch not in set(string.punctuation))
    text = re.sub(r"\b(a|an|the)\b", " ", text)
    return " ".join(text.split())


def answer_contained(output: str, gold: str) -> bool:
    """True when the normalised gold answer occurs in the normalised output."""
    target = normalize_answer(gold)
    return bool(target) and target in normalize_answer(output)


def em_recall(output: str, golds: Sequence[str]) -> float:
    """ALCE "str_em": the fraction of gold answers contained in the output (for one gold: accuracy)."""
    golds = [g for g in golds if normalize_answer(g)]
    return sum(answer_contained(output, g) for g in golds) / len(golds) if golds else 0.0


def evidence_recall(retrieved_titles: Sequence[str], gold_titles: Sequence[str]) -> float | None:
    """Fraction of gold evidence titles among the retrieved documents (None without gold titles)."""
    if not gold_titles:
        return None
    found = {t.strip().lower() for t in retrieved_titles}
    return sum(t.strip().lower() in found for t in gold_titles) / len(gold_titles)
