"""missing_info_query — LLatrieval's update query: what D lacks, as a pseudo-passage or a new question.

A pseudo-passage in the "passage" style, a new question in the "question" style. Safe default for an empty or
unusable reply (counted as a fallback): the original question.
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.node import Step
from verirag.graph.state import State
from verirag.parsing import parse_query
from verirag.prompts import missing_info_query as prompt


def missing_info_query(state: State, runtime: Runtime[Context]) -> Step:
    """The next query: what D lacks, as the model names it (the question when it names nothing)."""
    ctx = runtime.context
    reply = resources.model(runtime).invoke(
        prompt.messages(state["selected"], state["question"], ctx.query_style),
        max_tokens=ctx.max_query_tokens,
    )
    query = parse_query(reply.text)
    return Step({"query": query or state["question"]}, [reply], int(query is None))
