"""retrieve — R(q, 𝔻, k): the top documents for the current query from the store (LLatrieval's
retriever, VTG's initial long-term memory)."""

from __future__ import annotations

import time

from langgraph.runtime import Runtime

from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.state import State
from verirag.usage import node_usage


def retrieve(state: State, runtime: Runtime[Context]) -> dict:
    """Search the store for the question; the results become candidates and long-term memory."""
    started = time.perf_counter()
    question = resources.check_question(state.get("question"), runtime.context.max_question_chars)
    query = state.get("query") or question
    top_k = runtime.context.top_k
    documents = resources.store(runtime).search(query, top_k) if top_k > 0 else []
    return {
        "question": question,
        "query": query,
        "candidates": documents,
        "long_term_memory": documents,
        "short_term_memory": [],
        "usage": node_usage("retrieve", seconds=time.perf_counter() - started),
    }
