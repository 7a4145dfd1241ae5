"""verify_memory — tier 2 of VTG's verifier: after tier 1 failed, does the whole memory support the sentence?

Tier 2 is the memory verifier; the whole memory is long ∪ short. If so, the documents of the quoted evidence
become the citation set; if not, the evidence finder looks for new evidence until ``max_trials`` trials are
spent, when the best-supported of the sentence's trials is kept, marked unverified.
"""

from __future__ import annotations

from langchain_core.messages import AIMessage
from langgraph.runtime import Runtime

from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.node import Step
from verirag.graph.state import BestTrial, State, current_draft, memory, said
from verirag.verify import Support, judge_draft


def verify_memory(state: State, runtime: Runtime[Context]) -> Step:
    """Tier 2: decide whether the whole memory supports the draft."""
    ctx = runtime.context
    draft = current_draft(state).copy()
    docs = memory(state)
    replies: list[AIMessage] = []
    if {d["id"] for d in docs} == set(draft["citations"]):  # the same documents tier 1 rejected: no call
        check = Support(draft["support"] or 0.0, False, "same_documents")
    else:
        check, replies, fields = judge_draft(
            resources.model(runtime), docs, draft["text"], state["question"], ctx, said(state)
        )
        draft.update(fields)  # type: ignore[typeddict-item]  # as in tier 1: what the memory holds
        draft.update(check.explained())  # type: ignore[typeddict-item]  # decided_by, found
    update: dict = {}
    score = round(check.probability, 4)
    if check.passed:
        quoted = {q.doc for q in check.quotes}
        citations = [d["id"] for d in docs if not quoted or d["id"] in quoted]
        draft.update(
            {
                "citations": citations,
                "support": score,
                "status": "supported",
                "verified_by": "memory",
                "quotes": [q.as_dict() for q in check.quotes],
            }
        )
    else:
        score = max(score, draft["support"] or 0.0)  # the sentence's best support: tier 1 or tier 2
        draft.update({"support": score, "status": "unsupported", "verified_by": "none", "quotes": []})
        by_id = {d["id"]: d for d in docs}
        best = state["best_trial"]
        if best is None or score > (best["draft"]["support"] or 0.0):  # ties: the earlier trial
            best = BestTrial(
                draft=draft.copy(), documents=[by_id[i] for i in draft["citations"] if i in by_id]
            )
        budget = ctx.max_trials if state["retrieval_verified"] else 0
        update["best_trial"] = best
        if state["trials"] >= budget:
            draft = {**best["draft"], "status": "exhausted"}
    update["draft"] = draft
    return Step(update, replies, int(bool(check.judgment and not check.judgment.parsed)))
