"""verify_citations — tier 1 of VTG's verifier: do the cited documents support the sentence?

Tier 1 is the generation verifier, decided by the run's support decision (:mod:`verirag.critiques`). With
``atomic_claims``, a sentence some of whose atoms hold is rewritten from those atoms (a list keeps its
verified members) and passes; the atoms left out go to ``omitted``, for the refusal to name. A list sentence
that fails is kept as its bare members when its documents list them all (``critiques.listed_part``); one whose
quote fills a blank with another term is decided again as the quote fills it (``critiques.corrected``).
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from verirag.critiques import judge_draft
from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.node import Step
from verirag.graph.state import State, current_draft, memory, said


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
        }
    )
    return Step({"draft": draft}, replies, int(bool(check.judgment and not check.judgment.parsed)))
