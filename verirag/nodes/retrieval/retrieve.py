"""retrieve — R(Q, 𝔻, N): candidates for the current query, excluding documents already selected.

The current query is first the question, then LLatrieval's missing-info queries.
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.state import State


def retrieve(state: State, runtime: Runtime[Context]) -> dict:
    """Search the store for the current query's candidates, leaving out those already selected."""
    ctx = runtime.context
    n = ctx.candidates_per_query if ctx.utility_mode != "off" else ctx.top_k
    query = state["query"]
    taken = {d["id"] for d in state["selected"]}
    found = resources.store(runtime).search(query, n + len(taken))
    return {
        "candidates": [d for d in found if d["id"] not in taken][:n],
        "iteration": state["iteration"] + 1,
    }
