"""verify_memory — tier 2 of VTG's verifier (the memory verifier): after tier 1 failed, does the whole
memory (long ∪ short) support the sentence? If so, the citations were wrong, not the sentence: the
whole memory becomes the citation set, to be simplified. If not, the sentence may be fabricated: the
evidence finder looks for new evidence, unless ``max_trials`` trials are spent, in which case the
sentence is kept, marked unverified."""

from __future__ import annotations

import time

from langgraph.runtime import Runtime

from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.state import State, memory
from verirag.nodes.support import support
from verirag.usage import node_usage


def verify_memory(state: State, runtime: Runtime[Context]) -> dict:
    started = time.perf_counter()
    ctx = runtime.context
    draft = dict(state["draft"])
    docs = memory(state)
    replies, fallbacks, score = [], 0, 0.0
    if docs:
        score, judgment = support(resources.model(runtime), docs, state["question"], draft["text"])
        replies, fallbacks = [judgment.message], int(not judgment.parsed)
    if score >= ctx.support_threshold:
        draft.update(citations=[d["id"] for d in docs], support=score, status="supported", verified_by="memory")
    else:
        exhausted = state.get("trials", 0) >= ctx.max_trials
        draft.update(support=score, status="exhausted" if exhausted else "unsupported", verified_by="none")
    return {"draft": draft,
            "usage": node_usage("verify_memory", replies, time.perf_counter() - started, fallbacks)}
