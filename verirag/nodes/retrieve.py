"""retrieve — R(Q, 𝔻, N): candidates for the current query (first the question, then LLatrieval's
missing-info queries), excluding documents already selected."""

from __future__ import annotations

import time

from langgraph.runtime import Runtime

from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.state import State
from verirag.usage import node_usage


def retrieve(state: State, runtime: Runtime[Context]) -> dict:
    started = time.perf_counter()
    ctx = runtime.context
    n = ctx.candidates if ctx.utility_mode != "off" else ctx.top_k
    query = state.get("query") or state["question"]
    taken = {d["id"] for d in state.get("selected") or []}
    found = resources.store(runtime).search(query, n + len(taken))
    return {
        "candidates": [d for d in found if d["id"] not in taken][:n],
        "iteration": state.get("iteration", 0) + 1,
        "usage": node_usage("retrieve", seconds=time.perf_counter() - started),
    }
