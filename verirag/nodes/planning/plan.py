"""plan — whether the question has several parts and, if so, which sub-questions in what order.

By rules, with no model call (:func:`verirag.plans.plan`), by the model (a JSON plan under a schema,
:func:`verirag.plans.from_reply`), or by rules where they split the question and the model where they do
not (``plan_by``). A question of one part goes on to the retrieval stage unchanged; the parts of a planned
one that wait for nothing are asked first, all at once.
"""

from __future__ import annotations

from dataclasses import asdict

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage
from langgraph.runtime import Runtime

from verirag import plans
from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.node import Step
from verirag.graph.state import State
from verirag.plans import examples
from verirag.prompts import plan as prompt


def plan(state: State, runtime: Runtime[Context]) -> Step:
    """Split the question into sub-questions when it has several parts."""
    ctx = runtime.context
    question = state["question"]
    parts, replies = planned(question, ctx, runtime) if ctx.planner and ctx.writer == "vtg" else ([], [])
    if len(parts) < 2:
        return Step({"subquestions": []}, replies)
    asked = [  # a part naming several members is asked once for each, by that member's own question
        (i, member, question)
        for i, p in enumerate(parts)
        if p.depends_on is None
        for member, question in (
            zip(p.members, p.member_questions, strict=True) if p.members else [("", p.question)]
        )
    ]
    first = [
        {
            "index": k,
            "origin": i,
            "question": question,
            "depends_on": None,
            "members": [member] if member else [],
            "member_questions": [question] if member else [],
            "proposed": False,
        }
        for k, (i, member, question) in enumerate(asked)
    ]
    subquestions = [
        {**asdict(p), "members": list(p.members), "member_questions": list(p.member_questions)} for p in parts
    ]
    return Step({"subquestions": subquestions, "waiting": first}, replies)


def planned(
    question: str, ctx: Context, runtime: Runtime[Context]
) -> tuple[list[plans.SubQuestion], list[AIMessage]]:
    """The question's parts as ``plan_by`` finds them (one part: the question runs whole), and the replies."""
    parts = plans.plan(question, ctx.max_parts, ctx.max_hops) if ctx.plan_by != "model" else []
    if len(parts) >= 2 or ctx.plan_by == "rules":
        return parts, []
    found, reply = model_plan(resources.model(runtime), question, ctx.max_parts, ctx.max_hops)
    return found, [reply]


def model_plan(
    model: BaseChatModel,
    question: str,
    max_parts: int = 6,
    max_hops: int = 3,
    nearest: int = examples.NEAREST,
) -> tuple[list[plans.SubQuestion], AIMessage]:
    """The model's plan of ``question`` (validated; one part when it is none) and its reply.

    The prompt shows the ``nearest`` worked plans of the bank nearest the question after its fixed ones.
    """
    shown = examples.nearest(question, nearest) if nearest else []
    reply = model.invoke(
        prompt.messages(question, shown), max_tokens=200, response_format=prompt.RESPONSE_FORMAT
    )
    assert isinstance(reply, AIMessage)
    return plans.from_reply(str(reply.content), question, max_parts, max_hops), reply
