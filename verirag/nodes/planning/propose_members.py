"""propose_members — a set the documents do not list: the model names its members, said so in the answer.

After a wave, each first-hop part whose verified sentences name no member, while a sub-question waits on it,
is asked of the model without documents ("Which are the G7 countries?" -> "Canada, France, …"). Each member
named is then asked and verified in its own part, as a verified member would be; ``compose_answer`` says
that the list is the model's own, not verified. Off with ``propose_members=False``.
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from verirag import plans
from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.node import Step
from verirag.graph.state import State
from verirag.prompts import propose_members as prompt

PROPOSAL_TOKENS = 80  # a comma-separated list of names
MOST_NAMES = 10  # more is beyond what a small model lists reliably, and past most caps of parts


def unlisted(state: State) -> list[int]:
    """The first-hop sub-questions a later one waits on whose finished parts verified no member."""
    subquestions, parts = state["subquestions"], state["parts"]
    out: list[int] = []
    for i, sub in enumerate(subquestions):
        source = sub["depends_on"]
        if source is None or i in state["expanded"] or source in out or str(source) in state["proposed"]:
            continue
        sources = [p for p in parts if p["origin"] == source]
        if subquestions[source]["depends_on"] is None and sources and not plans.verified_members(sources):
            out.append(source)
    return out


def propose_members(state: State, runtime: Runtime[Context]) -> Step | dict:
    """The model's own members of each set whose parts verified none (``proposed``, by sub-question)."""
    ctx = runtime.context
    asked = unlisted(state) if ctx.propose_members else []
    if not asked:
        return {}
    limit = min(MOST_NAMES, ctx.max_parts * max(1, min(ctx.max_sentences, ctx.top_k)))  # next_parts' most
    questions = [state["subquestions"][i]["question"] for i in asked]
    model = resources.model(runtime)
    replies = [model.invoke(prompt.messages(q, limit), max_tokens=PROPOSAL_TOKENS) for q in questions]
    proposed = dict(state["proposed"])
    for i, question, reply in zip(asked, questions, replies, strict=True):
        proposed[str(i)] = plans.proposed(reply.text, question, limit)
    return Step({"proposed": proposed}, replies)
