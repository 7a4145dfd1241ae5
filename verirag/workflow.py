"""The assembly: the verirag StateGraph, wired from the nodes (the layer above them).

A planner, the retrieval stage (Self-RAG's decision, LLatrieval's verify-update loop with utility judgments)
and VTG's sentence loop; ``writer="answer"`` writes one cited answer instead (ALCE Vanilla / Rerank).
``graph`` is what ``langgraph.json`` serves (:func:`build_graph` compiles it with a checkpointer);
``check_graph`` checks an answer written elsewhere.
"""

from __future__ import annotations

from langgraph.graph import END, START, StateGraph

from verirag.graph import routing
from verirag.graph.context import Context
from verirag.graph.node import as_node, as_router
from verirag.graph.retry import MODEL_RETRY
from verirag.graph.state import CheckInput, CheckOutput, CheckState, InputState, OutputState, State
from verirag.nodes.checking.check_sentence import check_sentence
from verirag.nodes.checking.read_answer import read_answer
from verirag.nodes.checking.report_check import report_check
from verirag.nodes.planning.answer_part import answer_part_with
from verirag.nodes.planning.compose_answer import compose_answer
from verirag.nodes.planning.next_parts import next_parts
from verirag.nodes.planning.plan import plan
from verirag.nodes.planning.propose_members import propose_members
from verirag.nodes.retrieval.decide_retrieval import decide_retrieval
from verirag.nodes.retrieval.judge_utility import judge_utility
from verirag.nodes.retrieval.missing_info_query import missing_info_query
from verirag.nodes.retrieval.retrieve import retrieve
from verirag.nodes.retrieval.verify_retrieval import verify_retrieval
from verirag.nodes.start import start
from verirag.nodes.writing.cite import cite
from verirag.nodes.writing.critique_answer import critique_answer
from verirag.nodes.writing.evidence_finder import evidence_finder
from verirag.nodes.writing.finalize import finalize
from verirag.nodes.writing.generate_answer import generate_answer
from verirag.nodes.writing.generate_sentence import generate_sentence
from verirag.nodes.writing.grounded_refusal import grounded_refusal
from verirag.nodes.writing.keep_sentence import keep_sentence
from verirag.nodes.writing.simplify_citations import simplify_citations
from verirag.nodes.writing.verify_citations import verify_citations
from verirag.nodes.writing.verify_memory import verify_memory

NODES = (
    decide_retrieval,
    retrieve,
    judge_utility,
    verify_retrieval,
    missing_info_query,
    generate_answer,
    generate_sentence,
    cite,
    verify_citations,
    verify_memory,
    simplify_citations,
    keep_sentence,
    evidence_finder,
    grounded_refusal,
    critique_answer,
    finalize,
)


def builder(planner: bool = True) -> StateGraph[State, Context, InputState, OutputState]:
    """The uncompiled graph; ``planner=False``: without the planning nodes (what each part runs)."""
    workflow = StateGraph(State, context_schema=Context, input_schema=InputState, output_schema=OutputState)
    workflow.add_node("start", as_node(start))  # the question checked, the run's fields set
    workflow.add_edge(START, "start")
    for node in NODES:
        workflow.add_node(node.__name__, as_node(node), retry_policy=MODEL_RETRY)
    if planner:  # a question with several parts: each part through the graph without its planner
        answer_part = answer_part_with(builder(planner=False).compile(name="verirag-part"))
        for step in (plan, answer_part, propose_members, next_parts, compose_answer):
            workflow.add_node(step.__name__, as_node(step))
        workflow.add_edge("start", "plan")
        workflow.add_conditional_edges(
            "plan", routing.route_after_plan, ["decide_retrieval", "answer_part", "compose_answer"]
        )
        workflow.add_edge("answer_part", "propose_members")
        workflow.add_edge("propose_members", "next_parts")
        workflow.add_conditional_edges("next_parts", routing.route_parts, ["answer_part", "compose_answer"])
        workflow.add_edge("compose_answer", END)
    else:
        workflow.add_edge("start", "decide_retrieval")
    # retrieval stage
    workflow.add_conditional_edges(
        "decide_retrieval",
        as_router(routing.route_after_decision),
        ["retrieve", "generate_sentence", "generate_answer"],
    )
    workflow.add_edge("retrieve", "judge_utility")
    workflow.add_edge("judge_utility", "verify_retrieval")
    workflow.add_conditional_edges(
        "verify_retrieval",
        as_router(routing.route_after_verify_retrieval),
        ["missing_info_query", "grounded_refusal", "generate_sentence", "generate_answer"],
    )
    workflow.add_edge("missing_info_query", "retrieve")
    # writing stage
    workflow.add_edge("generate_answer", "critique_answer")
    workflow.add_conditional_edges(
        "generate_sentence", routing.route_after_sentence, ["cite", "grounded_refusal"]
    )
    workflow.add_conditional_edges("cite", routing.route_after_cite, ["verify_citations", "keep_sentence"])
    workflow.add_conditional_edges(
        "verify_citations", routing.route_after_citation_check, ["simplify_citations", "verify_memory"]
    )
    workflow.add_conditional_edges(
        "verify_memory",
        routing.route_after_memory_check,
        ["simplify_citations", "evidence_finder", "keep_sentence"],
    )
    workflow.add_edge("simplify_citations", "keep_sentence")
    workflow.add_edge("keep_sentence", "generate_sentence")
    workflow.add_edge("evidence_finder", "generate_sentence")
    workflow.add_edge("grounded_refusal", "critique_answer")
    workflow.add_edge("critique_answer", "finalize")
    workflow.add_edge("finalize", END)
    return workflow


def build_graph(checkpointer=None):
    """Compile the graph, optionally with a LangGraph checkpointer."""
    return builder().compile(checkpointer=checkpointer, name="verirag")


graph = build_graph()


def check_builder() -> StateGraph[CheckState, Context, CheckInput, CheckOutput]:
    """The checker of an answer written elsewhere: read it, check every sentence at once, report."""
    workflow = StateGraph(
        CheckState, context_schema=Context, input_schema=CheckInput, output_schema=CheckOutput
    )
    workflow.add_node("read_answer", as_node(read_answer))
    workflow.add_node("check_sentence", as_node(check_sentence), retry_policy=MODEL_RETRY)
    workflow.add_node("report_check", as_node(report_check))
    workflow.add_edge(START, "read_answer")
    workflow.add_conditional_edges("read_answer", routing.route_checks, ["check_sentence", "report_check"])
    workflow.add_edge("check_sentence", "report_check")
    workflow.add_edge("report_check", END)
    return workflow


check_graph = check_builder().compile(name="verirag-check")
