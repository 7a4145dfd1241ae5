"""simplify_citations — VTG's citation simplifier: try removing each citation in turn and drop it for
good when the rest still supports the sentence (ISSUP >= ``support_threshold``). After tier 1 this runs
over the cited set, after tier 2 over the whole memory. Off (ablation "w/o Simplifier"): the set is
kept as it is. At most ``max_citations`` remain (ALCE reads only the first three)."""

from __future__ import annotations

import time

from langgraph.runtime import Runtime

from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.state import State, memory
from verirag.nodes.support import support
from verirag.usage import node_usage


def simplify_citations(state: State, runtime: Runtime[Context]) -> dict:
    started = time.perf_counter()
    ctx = runtime.context
    draft = dict(state["draft"])
    by_id = {d["id"]: d for d in memory(state)}
    current = [i for i in draft["citations"] if i in by_id]
    replies, fallbacks = [], 0
    if ctx.simplifier:
        model = resources.model(runtime)
        for doc_id in list(current):
            if len(current) == 1:
                break  # a sentence keeps at least one citation
            rest = [i for i in current if i != doc_id]
            score, judgment = support(model, [by_id[i] for i in rest], state["question"], draft["text"])
            replies.append(judgment.message)
            fallbacks += not judgment.parsed
            if score >= ctx.support_threshold:
                current = rest
    draft.update(citations=current[:ctx.max_citations], status="simplified")
    return {"draft": draft,
            "usage": node_usage("simplify_citations", replies, time.perf_counter() - started, fallbacks)}
