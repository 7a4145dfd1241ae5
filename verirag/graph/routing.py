"""Routing functions of the conditional edges: small, pure functions of the state."""

from __future__ import annotations

from typing import Literal

from verirag.graph.state import State


def route_after_decision(state: State) -> Literal["retrieve", "generate_answer"]:
    """Self-RAG: retrieve only when decide_retrieval judged it useful."""
    return "retrieve" if state.get("use_retrieval") else "generate_answer"


def route_after_verify(state: State) -> Literal["missing_info_query", "generate_answer"]:
    """LLatrieval: stop when D passed verification or the iteration cap was reached."""
    verifications = state.get("verifications") or []
    return "generate_answer" if not verifications or verifications[-1]["final"] else "missing_info_query"
