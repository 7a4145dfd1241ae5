"""keep_sentence — append the draft to the answer.

A verified sentence's citations join long-term memory (VTG: D_L ← D_L ∪ C); an unverified one (the
best-supported of its trials) adds nothing to memory. Trials reset. The kept sentence is also written to
LangGraph's ``custom`` stream (``{"event": "sentence", ...}``); judge and grader output never enters that
stream.
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from verirag.documents import public
from verirag.graph.context import Context
from verirag.graph.state import Sentence, State, answer_sentences, current_draft, memory


def keep_sentence(state: State, runtime: Runtime[Context]) -> dict:
    """Append the draft to the answer; a verified sentence's citations join long-term memory."""
    draft = current_draft(state)
    best = state["best_trial"]
    earlier = (best.get("documents") if best else None) or []  # an earlier trial's citations
    by_id = {d["id"]: d for d in memory(state) + earlier}
    cited = {i: by_id[i] for i in draft["citations"] if i in by_id}
    sentence = Sentence(
        text=draft["text"],
        citations=list(cited),
        support=draft["support"],
        verified_by=draft["verified_by"],
        score=draft["score"],
        generation=draft["trials_before"] + 1,
        quotes=[q for q in draft["quotes"] if q["doc"] in cited] if draft["verified_by"] != "none" else [],
    )
    if "decided_by" in draft:
        sentence["decided_by"], sentence["found"] = draft["decided_by"], draft.get("found") or []
    if draft.get("atoms"):
        sentence["atoms"] = draft["atoms"]
    if draft.get("atoms") or draft.get("omitted"):  # a list's members left out have no atoms of their own
        sentence["omitted"] = list(draft.get("omitted") or [])
    ctx = runtime.context
    runtime.stream_writer(
        {
            "event": "sentence",
            "sentence": dict(sentence),
            "in_answer": bool(answer_sentences([sentence], ctx.unverified, ctx.writer)),
            "documents": {i: public(d) for i, d in cited.items()},
        }
    )
    update: dict = {
        "sentences": state["sentences"] + [sentence],
        "trials": 0,
        "draft": None,
        "best_trial": None,
        "cited_documents": cited,
    }
    if draft["verified_by"] != "none":
        long_term = list(state["long_term_memory"])
        known = {d["id"] for d in long_term}
        update["long_term_memory"] = long_term + [d for i, d in cited.items() if i not in known]
    return update
