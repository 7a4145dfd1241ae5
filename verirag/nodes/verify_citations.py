"""verify_citations — tier 1 of VTG's verifier (the generation verifier): do the cited documents
support the sentence? Graded with Self-RAG's ISSUP score; supported when s >= ``support_threshold``."""

from __future__ import annotations

import time

from langgraph.runtime import Runtime

from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.state import State, memory
from verirag.nodes.support import support
from verirag.usage import node_usage


def verify_citations(state: State, runtime: Runtime[Context]) -> dict:
    started = time.perf_counter()
    ctx = runtime.context
    draft = dict(state["draft"])
    by_id = {d["id"]: d for d in memory(state)}
    cited = [by_id[i] for i in draft["citations"] if i in by_id]
    replies, fallbacks = [], 0
    if cited:
        score, judgment = support(resources.model(runtime), cited, state["question"], draft["text"])
        replies, fallbacks = [judgment.message], int(not judgment.parsed)
    else:
        score = 0.0  # nothing cited: unsupported by its citations, without asking
    passed = score >= ctx.support_threshold
    draft.update(support=score, status="supported" if passed else "unsupported",
                 verified_by="citations" if passed else "none")
    return {"draft": draft,
            "usage": node_usage("verify_citations", replies, time.perf_counter() - started, fallbacks)}
