"""LangGraph's local API server (what Studio and the SDK talk to) serving verirag from the repository's
langgraph.json, used through ``langgraph_sdk`` as a client uses it: a run streamed through retrieval and
the writing stage, the graph drawing, and the README's own SDK example, run as written.

The served graph runs with the scripted VTG model of tests/fakes.py (``VERIRAG_MODEL``) over a
HashEmbedder store in a temporary VERIRAG_HOME, so the module takes seconds."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fakes import JAPAN_QUESTION, WEB_DOCS, WEB_SCRIPTS
from tests.scripted import nothing_verified
from tests.servers import langgraph_server
from verirag import refusal
from verirag.stores import HybridStore
from verirag.testing import HashEmbedder
from verirag.workflow import NODES
from verirag.workflow import graph as local_graph

ROOT = Path(__file__).resolve().parents[2]
MODEL = "import:tests.fakes:web_writer"
CONTEXT = {"max_sentences": 3, "max_trials": 1, "end_when_answered": False}  # written on past its answer


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    home = tmp_path_factory.mktemp("home")
    HybridStore(home / "store", embedder=HashEmbedder()).add(WEB_DOCS)  # the default store of that home
    return home


@pytest.fixture(scope="module")
def server(home):
    env = {
        "VERIRAG_HOME": str(home),
        "VERIRAG_MODEL": MODEL,
        "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p),
    }
    with langgraph_server(ROOT, home / "server.log", env=env) as url:
        yield url


def client(url: str):
    from langgraph_sdk import get_sync_client

    return get_sync_client(url=url)


def test_the_graph_drawing_shows_every_node_and_edge(server):
    served = client(server).assistants.get_graph("verirag")
    local = local_graph.get_graph()
    assert (
        {node["id"] for node in served["nodes"]}
        == {node.__name__ for node in NODES}
        | {
            "start",
            "plan",
            "answer_part",
            "propose_members",
            "next_parts",
            "compose_answer",
            "__start__",
            "__end__",
        }
        == set(local.nodes)
    )
    assert {(e["source"], e["target"]) for e in served["edges"]} == {
        (e.source, e.target) for e in local.edges
    }


def test_a_streamed_run_sends_each_kept_sentence_with_its_verdict_and_ends_in_the_cli_contract(server, home):
    sdk = client(server)
    thread = sdk.threads.create()
    parts = [
        (part.event, part.data)
        for part in sdk.runs.stream(
            thread["thread_id"],
            "verirag",
            input={"question": JAPAN_QUESTION},
            context=CONTEXT,
            stream_mode=["custom", "updates"],
        )
    ]
    assert not [data for event, data in parts if event == "error"]
    events = [(event, data) for event, data in parts if event in ("custom", "updates")]
    updates = [next(iter(data)) for event, data in events if event == "updates"]
    assert {
        "decide_retrieval",
        "retrieve",
        "judge_utility",
        "verify_retrieval",
        "generate_sentence",
        "cite",
        "verify_citations",
        "simplify_citations",
        "keep_sentence",
        "evidence_finder",
        "grounded_refusal",
        "finalize",
    } <= set(updates)

    kept = [
        (i, data["sentence"])
        for i, (event, data) in enumerate(events)
        if event == "custom" and data["event"] == "sentence"
    ]
    script = WEB_SCRIPTS[JAPAN_QUESTION]
    assert [(s["text"], s["verified_by"]) for _, s in kept] == [
        (script[0][0], "citations"),
        (script[1][0], "citations"),
        (script[2][0], "none"),
    ]
    # each arrives from keep_sentence as that node finishes, while the graph is still writing
    assert all(events[i + 1][0] == "updates" and "keep_sentence" in events[i + 1][1] for i, _ in kept)

    final = sdk.threads.get_state(thread["thread_id"])
    assert final["next"] == []
    served = final["values"]
    # the same question through `verirag ask --json` (same model, store and context) gives the same
    # output contract: the served graph and the CLI are one graph with one default context
    settings = [arg for key, value in CONTEXT.items() for arg in ("--set", f"{key}={value}")]
    proc = subprocess.run(
        [sys.executable, "-m", "verirag.cli", "ask", JAPAN_QUESTION, "--json", "--model", MODEL, *settings],
        cwd=ROOT,
        env={**os.environ, "VERIRAG_HOME": str(home), "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    cli = json.loads(proc.stdout)
    for key in ("question", "answer", "sentences", "documents", "refusal", "critique", "config"):
        assert served[key] == cli[key], key
    assert {node: c["calls"] for node, c in served["usage"].items()} == {
        node: c["calls"] for node, c in cli["usage"]["per_node"].items()
    }
    assert [(s["text"], s["verified_by"]) for _, s in kept] == [
        (s["text"], s["verified_by"]) for s in cli["sentences"]
    ]
    # the unverified third sentence ends the answer with a refusal, on the stream too (the scripted gap,
    # "how many people live in Tokyo", is not part of the question: the general refusal)
    refusals = [data for event, data in events if event == "custom" and data["event"] == "refusal"]
    assert refusals == [{"event": "refusal", "text": served["refusal"]}]
    assert served["refusal"] == refusal.PART_UNKNOWN


def test_the_checker_is_served_beside_the_graph_and_streams_each_verdict(server):
    sdk = client(server)
    thread = sdk.threads.create()
    held, _ = WEB_SCRIPTS[JAPAN_QUESTION][0]
    invented, _ = WEB_SCRIPTS[JAPAN_QUESTION][2]
    documents = [{"title": d["title"], "text": d["text"]} for d in WEB_DOCS]
    parts = [
        (part.event, part.data)
        for part in sdk.runs.stream(
            thread["thread_id"],
            "verirag-check",
            input={"answer": f"{held[:-1]} [1]. {invented[:-1]} [1].", "documents": documents},
            stream_mode=["custom", "values"],
        )
    ]
    assert not [data for event, data in parts if event == "error"]
    verdicts = [data for event, data in parts if event == "custom" and data["event"] == "verdict"]
    assert sorted((v["text"], v["verdict"]) for v in verdicts) == [
        (invented, "unsupported"),
        (held, "supported"),
    ]
    final = sdk.threads.get_state(thread["thread_id"])["values"]
    assert final["supported"] is False
    assert final["verified_answer"] == f"{held[:-1]} [1]. The documents do not say that {invented[:-1]}."


def readme_sdk_example() -> str:
    """The python block of README.md's "LangGraph Studio" section."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## LangGraph Studio\n", 1)[1].split("\n## ", 1)[0]
    (code,) = re.findall(r"```python\n(.*?)```", section, re.S)
    return code


def test_the_readme_sdk_example_runs_as_written(server):
    code = readme_sdk_example()
    assert "http://127.0.0.1:2024" in code
    namespace: dict = {}
    exec(compile(code.replace("http://127.0.0.1:2024", server), "README.md", "exec"), namespace)
    thread = namespace["thread"]
    state = client(server).threads.get_state(thread["thread_id"])
    assert state["next"] == [] and state["values"]["config"]["max_sentences"] == 2
    # the scripted model knows nothing about the README's question: the documents do not answer it
    assert nothing_verified(state["values"]["answer"])
    history = client(server).threads.get_history(thread["thread_id"], limit=1000)
    assert [s["next"] for s in history[-2:]] == [["start"], ["__start__"]]  # from the start
