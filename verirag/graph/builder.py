"""Assembling the verirag StateGraph.

    START → decide_retrieval ─(no)──────────────────────────────┐
                 │(yes)                                          ▼
              retrieve → judge_utility → verify ─(pass / cap)→ generate_answer → finalize → END
                 ▲                          │(fail)
                 └──── missing_info_query ◄─┘

``graph`` (compiled, no checkpointer) is what ``langgraph.json`` serves and what a parent graph adds as
a node; :func:`build_graph` compiles it again with a checkpointer of the caller's choice.
"""

from __future__ import annotations

from langgraph.graph import END, START, StateGraph

from verirag.graph.context import Context
from verirag.graph.routing import route_after_decision, route_after_verify
from verirag.graph.state import InputState, OutputState, State
from verirag.nodes.decide_retrieval import decide_retrieval
from verirag.nodes.finalize import finalize
from verirag.nodes.generate_answer import generate_answer
from verirag.nodes.judge_utility import judge_utility
from verirag.nodes.missing_info_query import missing_info_query
from verirag.nodes.retrieve import retrieve
from verirag.nodes.verify import verify


def builder() -> StateGraph:
    """The uncompiled graph."""
    workflow = StateGraph(State, context_schema=Context, input_schema=InputState, output_schema=OutputState)
    for node in (decide_retrieval, retrieve, judge_utility, verify, missing_info_query, generate_answer,
                 finalize):
        workflow.add_node(node.__name__, node)
    workflow.add_edge(START, "decide_retrieval")
    workflow.add_conditional_edges("decide_retrieval", route_after_decision)
    workflow.add_edge("retrieve", "judge_utility")
    workflow.add_edge("judge_utility", "verify")
    workflow.add_conditional_edges("verify", route_after_verify)
    workflow.add_edge("missing_info_query", "retrieve")
    workflow.add_edge("generate_answer", "finalize")
    workflow.add_edge("finalize", END)
    return workflow


def build_graph(checkpointer=None):
    """Compile the graph, optionally with a LangGraph checkpointer."""
    return builder().compile(checkpointer=checkpointer, name="verirag")


graph = build_graph()
