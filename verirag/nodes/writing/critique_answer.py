"""critique_answer — Self-RAG's ISUSE for the whole answer: the rating 1-5 as a distribution over digits.

The distribution is over the five digits (next-token probabilities), reported as the expected rating and as
the utility score Σ wᵢ·p(i) with w = (−1, −0.5, 0, 0.5, 1). Only when asked for (``critique_answer``) and the
answer has sentences: otherwise no call is made.
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from verirag import critiques
from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.node import Step
from verirag.graph.state import State, answer_sentences


def critique_answer(state: State, runtime: Runtime[Context]) -> Step:
    """Self-RAG's ISUSE scores of the answer, when asked for."""
    ctx = runtime.context
    sentences = answer_sentences(state["sentences"], ctx.unverified, ctx.writer)
    if not ctx.critique_answer or not sentences:
        return Step({"critique": {}})
    answer = " ".join(s["text"] for s in sentences)
    (judgment,) = critiques.usefulness(resources.model(runtime), [answer], state["question"], ctx)
    return Step(
        {"critique": critiques.usefulness_scores(judgment.probabilities)},
        [judgment.message],
        int(not judgment.parsed),
    )
