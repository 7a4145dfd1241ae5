"""The verifier benchmark's threshold rule: the decision passes at >= t, so the chosen cut lies in the
range of cuts that make the tied best decisions (never above the lowest passing score it relies on)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from verifier_benchmark import _rates, choose_threshold  # noqa: E402


def test_the_chosen_cut_keeps_the_decisions_it_was_chosen_for():
    pairs = [{"category": "supported", "label": 1}] * 3 + [
        {"category": "contradicted", "label": 0},
        {"category": "unsupported", "label": 0},
    ]
    scores = [0.9, 0.8, 0.7, 0.65, 0.6]
    cut = choose_threshold(scores, pairs)
    assert 0.65 < cut <= 0.7  # between the best negative and the lowest positive
    assert _rates(scores, pairs, cut)["balanced accuracy"] == 1.0
