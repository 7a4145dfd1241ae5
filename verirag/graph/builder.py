"""Assembling the verirag StateGraph.

``graph`` (compiled, no checkpointer) is what ``langgraph.json`` serves and what a parent graph adds as
a node; :func:`build_graph` compiles it again with a checkpointer of the caller's choice.
"""

from __future__ import annotations

from langgraph.graph import END, START, StateGraph

from verirag.graph.context import Context
from verirag.graph.state import InputState, OutputState, State
from verirag.nodes.finalize import finalize
from verirag.nodes.generate_answer import generate_answer
from verirag.nodes.retrieve import retrieve


def builder() -> StateGraph:
    """The uncompiled graph: retrieve → generate_answer → finalize."""
    workflow = StateGraph(State, context_schema=Context, input_schema=InputState, output_schema=OutputState)
    workflow.add_node("retrieve", retrieve)
    workflow.add_node("generate_answer", generate_answer)
    workflow.add_node("finalize", finalize)
    workflow.add_edge(START, "retrieve")
    workflow.add_edge("retrieve", "generate_answer")
    workflow.add_edge("generate_answer", "finalize")
    workflow.add_edge("finalize", END)
    return workflow


def build_graph(checkpointer=None):
    """Compile the graph, optionally with a LangGraph checkpointer."""
    return builder().compile(checkpointer=checkpointer, name="verirag")


graph = build_graph()
