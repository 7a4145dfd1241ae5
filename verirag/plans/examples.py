"""Worked plans nearest a question, for the model's planning prompt.

The bank (``verirag/data/plan_examples.jsonl``, made by benchmarks/planner/plan_examples.py) holds plans
written by hand for the dev halves of the planner sets: fan-out questions split into parts, plain questions
kept whole. Nearness is of shape, not topic: the cosine of idf-weighted words and word pairs where every
number is ``#``, every capitalised word after the first is ``NAME``, and a word of fewer than three
examples is no feature ("Who directed the 5 highest grossing films" meets "Who are the directors of the
five highest-grossing films", whatever the films).
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections import Counter
from importlib import resources
from typing import NamedTuple

from verirag.verify.lexicon import NUMBER_WORDS

_WORD = re.compile(r"[A-Za-z0-9]+(?:'[a-z]+)?|,")
_DIGITS = re.compile(r"\d+(?:st|nd|rd|th)?")
_COMMON = 3  # a word is a feature when at least this many examples hold it
NEAREST = 4  # worked plans the planning prompt shows after its fixed ones


def _words(question: str) -> list[str]:
    """The words of ``question``, lower case; a number is ``#``, a capitalised word after the first NAME."""
    return [
        "#"
        if _DIGITS.fullmatch(w) or w.lower() in NUMBER_WORDS
        else "NAME"
        if i and w[0].isupper()
        else w.lower()
        for i, w in enumerate(_WORD.findall(question))
    ]


def _features(question: str, common: frozenset[str]) -> Counter[str]:
    """The common words of ``question`` and their neighbouring pairs, counted."""
    words = [w for w in _words(question) if w in common]
    return Counter(words + [f"{a} {b}" for a, b in zip(words, words[1:], strict=False)])


class _Bank(NamedTuple):
    shown: tuple[tuple[str, str], ...]  # (question, JSON reply)
    vectors: tuple[dict[str, float], ...]  # unit feature vectors, one per example
    idf: dict[str, float]
    common: frozenset[str]


@functools.cache
def _bank() -> _Bank:
    """The examples, their unit feature vectors, the idf of each feature and the common words."""
    lines = resources.files("verirag").joinpath("data", "plan_examples.jsonl").read_text(encoding="utf-8")
    rows = [json.loads(line) for line in lines.splitlines() if line.strip()]
    shown = tuple((r["question"], json.dumps({"parts": r["parts"]})) for r in rows)
    held = Counter(w for q, _ in shown for w in set(_words(q)))
    common = frozenset(w for w, n in held.items() if n >= _COMMON or w in ("#", "NAME"))
    counts = [_features(q, common) for q, _ in shown]
    seen = Counter(f for c in counts for f in c)
    idf = {f: math.log((1 + len(counts)) / (1 + n)) + 1 for f, n in seen.items()}
    return _Bank(shown, tuple(_unit(c, idf) for c in counts), idf, common)


def _unit(counts: Counter[str], idf: dict[str, float]) -> dict[str, float]:
    weights = {f: n * idf.get(f, 0.0) for f, n in counts.items()}
    norm = math.sqrt(sum(w * w for w in weights.values())) or 1.0
    return {f: w / norm for f, w in weights.items()}


def _vector(question: str) -> dict[str, float]:
    bank = _bank()
    return _unit(_features(question, bank.common), bank.idf)


def _cosine(a: dict[str, float], b: dict[str, float]) -> float:
    return sum(w * b.get(f, 0.0) for f, w in a.items())


def nearness(question: str, other: str) -> float:
    """The cosine of the two questions' shape features, weighted by the bank's idf."""
    return _cosine(_vector(question), _vector(other))


def nearest(question: str, k: int = NEAREST) -> list[tuple[str, str]]:
    """The ``k`` worked plans (question, JSON reply) nearest ``question``, the nearest last.

    An example that is the question itself is never shown (its plan would be the answer, not an example).
    """
    bank, asked, key = _bank(), _vector(question), question.strip().lower()
    scored = [
        (_cosine(asked, vector), i)
        for i, vector in enumerate(bank.vectors)
        if bank.shown[i][0].strip().lower() != key
    ]
    best = sorted(scored, key=lambda s: (-s[0], s[1]))[:k]
    return [bank.shown[i] for _, i in reversed(best)]
