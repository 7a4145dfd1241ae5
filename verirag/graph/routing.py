"""Routing functions of the conditional edges.

Small, pure functions of the state (and the run's Context, for switches and caps: those that read it are
wrapped with :func:`verirag.graph.node.as_router` where the graph is built, so it is always a real Context).
"""

from __future__ import annotations

from typing import Literal

from langgraph.runtime import Runtime
from langgraph.types import Send

from verirag.graph.context import Context
from verirag.graph.state import CheckState, State, current_draft

Writer = Literal["generate_sentence", "generate_answer"]


def writer(runtime: Runtime[Context]) -> Writer:
    """VTG's sentence loop, or one cited answer (the ALCE baselines)."""
    return "generate_sentence" if runtime.context.writer == "vtg" else "generate_answer"


def route_after_decision(state: State, runtime: Runtime[Context]) -> Literal["retrieve"] | Writer:
    """Self-RAG: retrieve only when decide_retrieval judged it useful."""
    return "retrieve" if state["use_retrieval"] else writer(runtime)


def route_parts(state: State) -> list[Send] | Literal["compose_answer"]:
    """A planned question: ask every waiting part at once (``Send``), or compose once none is left."""
    waiting = state["waiting"]
    return [Send("answer_part", part) for part in waiting] if waiting else "compose_answer"


def route_after_plan(state: State) -> list[Send] | Literal["decide_retrieval", "compose_answer"]:
    """One part: the retrieval stage as always; several: their first wave."""
    return route_parts(state) if state["subquestions"] else "decide_retrieval"


Stop = Literal["missing_info_query", "grounded_refusal"]


def route_after_verify_retrieval(state: State, runtime: Runtime[Context]) -> Stop | Writer:
    """LLatrieval: stop when D passed verification or the iteration cap R was reached.

    At the cap, a D too unlikely to answer goes straight to the grounded refusal.
    """
    verifications = state["verifications"]
    if verifications and not verifications[-1]["final"]:
        return "missing_info_query"
    return "grounded_refusal" if state["refuse_early"] else writer(runtime)


def route_after_sentence(state: State) -> Literal["cite", "grounded_refusal"]:
    """VTG: an empty draft is the end signal."""
    return "cite" if state["draft"] else "grounded_refusal"


def route_after_cite(state: State) -> Literal["verify_citations", "keep_sentence"]:
    """Without the verifier (ablation) a cited sentence is kept unchecked."""
    return "keep_sentence" if current_draft(state)["status"] == "unchecked" else "verify_citations"


def route_after_citation_check(state: State) -> Literal["simplify_citations", "verify_memory"]:
    """Tier 1 passed: simplify the cited set; failed: ask tier 2."""
    return "simplify_citations" if current_draft(state)["status"] == "supported" else "verify_memory"


def route_after_memory_check(
    state: State,
) -> Literal["simplify_citations", "evidence_finder", "keep_sentence"]:
    """Tier 2 passed: simplify over the memory; failed: find evidence, or keep unverified after T trials."""
    status = current_draft(state)["status"]
    if status == "supported":
        return "simplify_citations"
    return "keep_sentence" if status == "exhausted" else "evidence_finder"


def route_checks(state: CheckState) -> list[Send] | Literal["report_check"]:
    """The checker: every sentence of the answer checked at once (``Send``), or straight to the report."""
    sentences = state["sentences"]
    if not sentences:
        return "report_check"
    return [
        Send(
            "check_sentence",
            {
                "sentence": s,
                "sources": state["sources"],
                "given": state.get("given") or [],
                "question": state.get("question", ""),
            },
        )
        for s in sentences
    ]
