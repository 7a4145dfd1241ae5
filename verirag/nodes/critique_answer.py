"""critique_answer — Self-RAG's ISUSE for the whole answer: the rating 1-5 as a distribution over the
five digits (next-token probabilities), reported as the expected rating and as the utility score
Σ wᵢ·p(i) with w = (−1, −0.5, 0, 0.5, 1). Off when ``critique`` is False or the answer is empty."""

from __future__ import annotations

import time

from langgraph.runtime import Runtime

from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.state import State, answer_sentences
from verirag.models import choice_probabilities
from verirag.prompts import writer as prompt
from verirag.usage import node_usage

RATINGS = ["1", "2", "3", "4", "5"]
WEIGHTS = {"1": -1.0, "2": -0.5, "3": 0.0, "4": 0.5, "5": 1.0}


def usefulness_scores(p: dict[str, float]) -> dict[str, float]:
    """s(ISUSE) = Σ wᵢ·p(i) in [−1, 1] ("utility") and the expected 1-5 rating."""
    return {"utility": round(sum(WEIGHTS[r] * p[r] for r in RATINGS), 4),
            "rating": round(sum(int(r) * p[r] for r in RATINGS), 4)}


def critique_answer(state: State, runtime: Runtime[Context]) -> dict:
    started = time.perf_counter()
    ctx = runtime.context
    sentences = answer_sentences(state.get("sentences") or [], ctx.unverified, ctx.writer)
    if not ctx.critique or not sentences:
        return {"critique": {}}
    answer = " ".join(s["text"] for s in sentences)
    judgment = choice_probabilities(resources.model(runtime), prompt.usefulness(state["question"], answer),
                                    RATINGS, default="3")
    critique = usefulness_scores(judgment.probabilities)
    return {"critique": critique,
            "usage": node_usage("critique_answer", [judgment.message], time.perf_counter() - started,
                                int(not judgment.parsed))}
