"""plan — whether the question has several parts and, if so, which sub-questions in what order.

By rules, with no model call (:func:`verirag.plans.plan`). A question of one part goes on to the retrieval
stage unchanged; the parts of a planned one that wait for nothing are asked first, all at once.
"""

from __future__ import annotations

from dataclasses import asdict

from langgraph.runtime import Runtime

from verirag import plans
from verirag.graph.context import Context
from verirag.graph.state import State


def plan(state: State, runtime: Runtime[Context]) -> dict:
    """Split the question into sub-questions when it has several parts."""
    ctx = runtime.context
    question = state["question"]
    parts = plans.plan(question, ctx.max_parts, ctx.max_hops) if ctx.planner and ctx.writer == "vtg" else []
    if len(parts) < 2:
        return {"subquestions": []}
    first: list[dict[str, object]] = [
        {"index": i, "question": p.question, "depends_on": None, "members": [], "member_questions": []}
        for i, p in enumerate(parts)
        if p.depends_on is None
    ]
    return {"subquestions": [asdict(p) for p in parts], "waiting": first}
