"""verify_retrieval — LLatrieval's retrieval verification of D, then the loop decision.

``verify_mode``: ``classify`` (the default: calibrated P(answerable) above ``answerable_threshold``),
``score`` (0-10 >= τ; an unparseable reply scores 0: fail, so the loop looks further) or ``off``. A passing
D, or at the cap R the best D, becomes long-term memory; when even the best D's P(answerable) is below
``refusal_floor``, the run goes to the grounded refusal without writing.
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from verirag import calibration
from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.node import Step
from verirag.graph.state import State, Verification
from verirag.models import choice_probabilities
from verirag.parsing import parse_score
from verirag.prompts import verify_retrieval as prompt

PASS = 0.6111  # LLatrieval's verification passes above this P(answerable)
FLOOR = 0.0722  # below this at the cap, the answer is a refusal without writing


def answerable(p_yes: float, model: str = "local") -> float:
    """P(the documents answer the question) from the verification's P(Yes), by ``model``'s calibration."""
    return calibration.for_model(model, warn=False).answerable_probability(p_yes)


def verify_retrieval(state: State, runtime: Runtime[Context]) -> Step:
    """Verify D by the run's ``verify_mode`` and record it; a final verification decides the loop."""
    ctx = runtime.context
    selected = list(state["selected"])
    replies, fallbacks = [], 0
    if ctx.verify_mode == "off":
        score, passed = 1.0, True
    elif not selected:
        score, passed = 0.0, False  # nothing to verify: look further
    elif ctx.verify_mode == "score":
        reply = resources.model(runtime).invoke(prompt.score(selected, state["question"]), max_tokens=8)
        replies.append(reply)
        parsed = parse_score(reply.text, 0, 10)
        fallbacks += parsed is None
        score = parsed if parsed is not None else 0.0
        passed = score >= ctx.verify_threshold
    else:
        judgment = choice_probabilities(
            resources.model(runtime),
            prompt.classify(selected, state["question"]),
            ["Yes", "No"],
            default="No",
        )
        replies.append(judgment.message)
        fallbacks += not judgment.parsed
        score = round(answerable(judgment.probabilities["Yes"], ctx.model), 4)
        passed = score > (PASS if ctx.answerable_threshold is None else ctx.answerable_threshold)
    iteration = state["iteration"]
    final = passed or iteration >= ctx.max_retrieval_iterations
    record = Verification(
        iteration=iteration,
        query=state["query"],
        score=score,
        passed=passed,
        final=final,
        selected=selected,
    )
    update: dict = {"verifications": [record]}
    if final:
        history = state["verifications"] + [record]
        best = record if passed else max(history, key=lambda v: (v["score"], len(v["selected"])))
        update["long_term_memory"] = best["selected"]
        update["retrieval_verified"] = passed
        floor = FLOOR if ctx.refusal_floor is None else ctx.refusal_floor
        update["refuse_early"] = (
            not passed and ctx.writer == "vtg" and ctx.verify_mode == "classify" and best["score"] < floor
        )
    return Step(update, replies, fallbacks)
