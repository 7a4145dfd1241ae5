"""LangGraph's local API server (what Studio talks to) serves verirag from the repository's
langgraph.json; a thread runs a question with the real local model and keeps its state history."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DESIGN_NODES = {"retrieve", "judge_utility", "verify", "missing_info_query", "generate_sentence", "cite",
                "simplify_citations", "evidence_finder"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    port = _free_port()
    log = tmp_path_factory.mktemp("langgraph") / "server.log"
    env = {**os.environ, "LANGGRAPH_CLI_NO_ANALYTICS": "1", "LANGSMITH_TRACING": "false"}
    langgraph = Path(sys.executable).with_name("langgraph")
    with log.open("w") as fh:
        proc = subprocess.Popen([str(langgraph), "dev", "--no-browser", "--no-reload", "--host", "127.0.0.1",
                                 "--port", str(port)], cwd=ROOT, env=env, stdout=fh, stderr=subprocess.STDOUT,
                                start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                with urllib.request.urlopen(f"{url}/ok", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                time.sleep(1)
            if proc.poll() is not None:
                pytest.fail(f"langgraph dev exited:\n{log.read_text()[-2000:]}")
        else:
            pytest.fail(f"langgraph dev did not answer on {url}:\n{log.read_text()[-2000:]}")
        yield url
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)


def test_served_graph_has_the_design_nodes(server):
    from langgraph_sdk import get_sync_client

    graph = get_sync_client(url=server).assistants.get_graph("verirag")
    assert DESIGN_NODES <= {node["id"] for node in graph["nodes"]}


def test_a_thread_runs_a_question_and_keeps_its_history(server, corpus_store):
    from langgraph_sdk import get_sync_client

    client = get_sync_client(url=server)
    thread = client.threads.create()
    context = {"top_k": 0, "writer": "answer", "critique": False, "max_answer_tokens": 24}  # one short call
    output = client.runs.wait(thread["thread_id"], "verirag", input={"question": "What is the capital of France?"},
                              context=context)
    assert "Paris" in output["answer"]
    assert output["usage"]["generate_answer"]["calls"] == 1
    history = client.threads.get_history(thread["thread_id"])
    steps = [state["next"] for state in reversed(history)]
    assert steps[:3] == [["__start__"], ["decide_retrieval"], ["generate_answer"]]
    assert history[0]["values"]["answer"] == output["answer"]
