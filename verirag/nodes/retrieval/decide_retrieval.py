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
    """Check the question and decide whether to retrieve; the retrieval stage starts afresh."""
    ctx = runtime.context
    question = resources.check_question(state.get("question"), ctx.max_question_chars)
    replies, fallbacks, probability = [], 0, None
    if ctx.top_k > 0 and ctx.retrieval_threshold > 0:
        judgment = choice_probabilities(
            resources.model(runtime), prompt.messages(question), ["Yes", "No"], default="Yes"
        )  # safe default: retrieve
        probability, replies, fallbacks = (
            judgment.probabilities["Yes"],
            [judgment.message],
            int(not judgment.parsed),
        )
    use_retrieval = ctx.top_k > 0 and (probability is None or probability > ctx.retrieval_threshold)
    update: dict = {
        "question": question,
        "retrieve_probability": probability,
        "use_retrieval": use_retrieval,
        "query": question,
        "iteration": 0,
        "selected": [],
        "long_term_memory": [],
        "short_term_memory": [],
    }
    return Step(update, replies, fallbacks)
