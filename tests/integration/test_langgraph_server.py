"""LangGraph's local API server (what Studio talks to) serves verirag from the repository's
langgraph.json; a thread runs a question with the real local model and keeps its state history."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.servers import langgraph_server

ROOT = Path(__file__).resolve().parents[2]
DESIGN_NODES = {"retrieve", "judge_utility", "verify", "missing_info_query", "generate_sentence", "cite",
                "simplify_citations", "evidence_finder"}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with langgraph_server(ROOT, tmp_path_factory.mktemp("langgraph") / "server.log") as url:
        yield url


def test_served_graph_has_the_design_nodes(server):
    from langgraph_sdk import get_sync_client

    graph = get_sync_client(url=server).assistants.get_graph("verirag")
    assert DESIGN_NODES <= {node["id"] for node in graph["nodes"]}


def test_a_thread_runs_a_question_and_keeps_its_history(server, corpus_store):
    from langgraph_sdk import get_sync_client

    client = get_sync_client(url=server)
    thread = client.threads.create()
    context = {"top_k": 0, "writer": "answer", "critique": False, "max_answer_tokens": 24}  # one short call
    output = client.runs.wait(thread["thread_id"], "verirag",
                              input={"question": "What is the capital of France?"},
                              context=context)
    assert "Paris" in output["answer"]
    from verirag.cli import _context

    # the served graph runs with the CLI's defaults for every field the client did not send
    assert output["config"] == _context("local", None, None, **context).as_dict()
    assert output["usage"]["generate_answer"]["calls"] == 1
    history = client.threads.get_history(thread["thread_id"])
    steps = [state["next"] for state in reversed(history)]
    assert steps[:3] == [["__start__"], ["decide_retrieval"], ["generate_answer"]]
    assert history[0]["values"]["answer"] == output["answer"]
