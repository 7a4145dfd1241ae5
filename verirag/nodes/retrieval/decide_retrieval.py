"""decide_retrieval — Self-RAG's ``Retrieve`` reflection: retrieve when P(retrieval helps) exceeds δ.

P(retrieval helps) comes from the model's next-token probabilities; δ is ``retrieval_threshold`` (0 always
retrieves without asking, and ``top_k = 0`` never retrieves).
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.node import Step
from verirag.graph.state import State
from verirag.models import choice_probabilities
from verirag.prompts import decide_retrieval as prompt


def decide_retrieval(state: State, runtime: Runtime[Context]) -> Step:
    """Decide whether to retrieve for the question (asked only when δ > 0 and the run retrieves at all)."""
    ctx = runtime.context
    replies, fallbacks, probability = [], 0, None
    if ctx.top_k > 0 and ctx.retrieval_threshold > 0:
        judgment = choice_probabilities(
            resources.model(runtime), prompt.messages(state["question"]), ["Yes", "No"], default="Yes"
        )  # safe default: retrieve
        probability, replies, fallbacks = (
            judgment.probabilities["Yes"],
            [judgment.message],
            int(not judgment.parsed),
        )
    use_retrieval = ctx.top_k > 0 and (probability is None or probability > ctx.retrieval_threshold)
    return Step({"retrieve_probability": probability, "use_retrieval": use_retrieval}, replies, fallbacks)
