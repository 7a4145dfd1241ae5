"""The systems compared by ``verirag eval``: each is the same graph with different Context switches,
on the same model and store — never a separate code path."""

from __future__ import annotations

from typing import Any

SYSTEMS: dict[str, dict[str, Any]] = {
    "closed-book": {"top_k": 0},  # no retrieval; no citations
    "vanilla": {"top_k": 5},  # ALCE Vanilla: top-5 documents, one prompt for a cited answer
    "rerank": {"top_k": 5, "answer_samples": 4},  # ALCE Rerank: 4 samples, best citation recall kept
}


def system_overrides(name: str) -> dict[str, Any]:
    from verirag.errors import VeriragError

    if name not in SYSTEMS:
        raise VeriragError(f"unknown system {name!r}; choose from {', '.join(SYSTEMS)}")
    return SYSTEMS[name]
