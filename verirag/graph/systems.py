"""Named systems: each is the same graph with different Context switches, never a separate code path.

All run on the same model and store. Used by ``verirag eval --systems`` and ``verirag ask --system``.
"""

from __future__ import annotations

from typing import Any

from verirag.errors import VeriragError
from verirag.graph.context import parse_settings

_PLAIN_RETRIEVAL = {"retrieval_threshold": 0.0, "utility_mode": "off", "verify_mode": "off"}
_ONE_ANSWER = {"writer": "answer"}

SYSTEMS: dict[str, dict[str, Any]] = {
    # no retrieval, no citations
    "closed-book": {**_ONE_ANSWER, "top_k": 0},
    # ALCE Vanilla: top-5 documents, one prompt for a cited answer
    "vanilla": {**_PLAIN_RETRIEVAL, **_ONE_ANSWER, "top_k": 5},
    # ALCE Rerank: Vanilla with 4 answers sampled at high temperature, best citation recall kept
    "rerank": {**_PLAIN_RETRIEVAL, **_ONE_ANSWER, "top_k": 5, "answer_samples": 4},
    # LLatrieval (always retrieves) with k-sampling utility judgments, Vanilla writer
    "llatrieval": {**_ONE_ANSWER, "retrieval_threshold": 0.0, "utility_mode": "listwise"},
    # VTG alone: long-term memory starts as the plain top-k (VTG's Algorithm 1), then the sentence loop
    "vtg": {**_PLAIN_RETRIEVAL, "end_when_answered": False},
    # everything on, as configured (the default of `verirag ask`)
    "verirag": {},
    # the utility judgment: one listwise judgment (the default until 2026-11-26, when the plain top-k, its
    # update rounds fused, served better per second), three shuffled listwise judgments voted
    # (k-sampling; the default until 2026-11-25), or one pointwise judgment per document
    "verirag-listwise": {"utility_mode": "listwise"},
    "verirag-three-votes": {"utility_mode": "listwise", "utility_samples": 3},
    "verirag-pointwise": {"utility_mode": "pointwise"},
    # issue 31's: one prompt ranking the candidates by its first token's probabilities; the utility
    # judgments made by the embedded 0.5B model while the 1.5B writes and verifies
    "verirag-ranked": {"utility_mode": "ranked"},
    "verirag-small-judge": {"utility_mode": "listwise", "utility_model": "local-0.5b"},
    # the support decision's contrast check: a claim must also beat its in-evidence siblings
    "verirag-contrast": {"contrast_check": True},
    # the support decision before its relation checks (the default until 2026-11-25)
    "verirag-no-relation-checks": {"subject_check": False, "slot_check": False},
    # the writing stage checks atoms: a compound or list sentence rewritten from its verified atoms
    "verirag-atoms": {"atomic_claims": True},
    # VTG's ablations (Table 3), as switches of the full graph
    "verirag-no-qg": {"query_generation": False},
    "verirag-no-verifier": {"verifier": False},
    "verirag-no-simplifier": {"simplifier": False},
}


def system_overrides(name: str) -> dict[str, Any]:
    """Context overrides of a named system, or of ``NAME+FIELD=VALUE[+FIELD=VALUE…]``.

    The latter is a named system with more switches, e.g. ``llatrieval+utility_mode=ranked``. A clear error
    for unknown names and fields.
    """
    base, *settings = name.split("+")
    if base not in SYSTEMS:
        raise VeriragError(f"unknown system {base!r}; choose from {', '.join(SYSTEMS)}")
    try:
        return {**SYSTEMS[base], **parse_settings(settings)}
    except ValueError as exc:
        raise VeriragError(f"system {name!r}: {exc}") from None
