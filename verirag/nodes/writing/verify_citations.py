"""verify_citations — tier 1 of VTG's verifier: do the cited documents support the sentence?

Tier 1 is the generation verifier, decided by the run's support decision (:mod:`verirag.verify`). With
``atomic_claims``, a sentence some of whose atoms hold is rewritten from those atoms (a list keeps its
verified members) and passes; the atoms left out go to ``omitted``, for the refusal to name. A failed draft is
rewritten to what holds of it (``verirag.verify.pipeline.REWRITES``): a list kept to the members its documents
give, a blank its quote fills with another term filled so, and each rewrite decided again.
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.node import Step
from verirag.graph.state import State, current_draft, memory, said
from verirag.verify import judge_draft


def verify_citations(state: State, runtime: Runtime[Context]) -> Step:
    """Tier 1: decide whether the draft's cited documents support it."""
    ctx = runtime.context
    draft = current_draft(state).copy()
    by_id = {d["id"]: d for d in memory(state)}
    cited = [by_id[i] for i in draft["citations"] if i in by_id]  # nothing cited: unsupported, unasked
    check, replies, fields = judge_draft(
        resources.model(runtime), cited, draft["text"], state["question"], ctx, said(state)
    )
    draft.update(fields)  # type: ignore[typeddict-item]  # what holds of it, the rest left out
    draft.update(
        {
            "support": round(check.probability, 4),
            "status": "supported" if check.passed else "unsupported",
            "verified_by": "citations" if check.passed else "none",
            "quotes": [q.as_dict() for q in check.quotes],
            **check.explained(),  # decided_by, found
        }
    )
    return Step({"draft": draft}, replies, int(bool(check.judgment and not check.judgment.parsed)))
