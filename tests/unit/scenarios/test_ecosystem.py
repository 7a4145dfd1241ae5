"""Streaming, checkpoint/resume and sub-graph use, with a scripted model."""

from __future__ import annotations

import sqlite3

import pytest
from langgraph.checkpoint.sqlite import SqliteSaver
from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

from tests.scripted import S1, S2, VTG_DOCS, Q, Writer, interrupted_then_resumed, run_main
from tests.scripted import vtg_context as ctx
from verirag import Context
from verirag.api import run
from verirag.errors import InvalidQuestionError, VeriragError
from verirag.graph.systems import SYSTEMS
from verirag.workflow import graph


def test_the_custom_stream_carries_kept_sentences_only(vtg_store, scripted):
    script = Writer([S1, S2], cite={S1: ["Japan"], S2: ["Kyoto"]}, needs={S1: ["Japan"], S2: ["Kyoto"]})
    name, _ = scripted(script)
    events = []
    out, _ = run(
        "capital of Japan Kyoto",
        ctx(name, top_k=3),
        on_event=lambda mode, chunk: events.append((mode, chunk)),
    )
    custom = [chunk for mode, chunk in events if mode == "custom"]
    assert [c["sentence"]["text"] for c in custom] == [S1, S2]
    assert all(c["event"] == "sentence" for c in custom)
    # the cited documents as the output contract shows them, so a client can show the sources live
    assert custom[1]["documents"] == {
        out["sentences"][1]["citations"][0]: {
            "title": "Kyoto",
            "text": VTG_DOCS["Kyoto"],
            "source": "",
            "page": None,
        }
    }
    updates = [next(iter(chunk)) for mode, chunk in events if mode == "updates"]
    assert updates[:3] == ["start", "plan", "decide_retrieval"] and updates[-1] == "finalize"
    assert 0 < out["usage"]["first_verified_seconds"] <= out["usage"]["wall_seconds"]
    assert "verify_citations" in updates  # the stage is visible, its verdict is not in the custom stream


def test_an_interrupted_run_resumes_without_recomputing_kept_sentences(vtg_store, scripted, tmp_path):
    connection = sqlite3.connect(tmp_path / "checkpoints.sqlite", check_same_thread=False)
    interrupted_then_resumed(SqliteSaver(connection), scripted)


class AgentState(TypedDict, total=False):
    question: str
    answer: str
    documents: dict
    report: str


def test_a_question_refused_at_the_start_leaves_its_thread_free_and_a_thread_keeps_its_question(
    vtg_store, scripted, tmp_path
):
    connection = sqlite3.connect(tmp_path / "checkpoints.sqlite", check_same_thread=False)
    saver = SqliteSaver(connection)
    name, _ = scripted(Writer([S1], cite={S1: ["Japan"]}, needs={S1: ["Japan"]}))
    with pytest.raises(InvalidQuestionError):
        run("   ", ctx(name), thread_id="t", checkpointer=saver)
    out, _ = run(f"  {Q}", ctx(name), thread_id="t", checkpointer=saver)  # the thread was not taken
    assert out["question"] == Q and out["answer"] == "Tokyo is the capital of Japan [1]."
    again, _ = run(Q, ctx(name), thread_id="t", checkpointer=saver)  # the finished run, as saved
    assert again["answer"] == out["answer"]
    with pytest.raises(VeriragError, match="belongs to another question"):
        run("What is the capital of Kyoto?", ctx(name), thread_id="t", checkpointer=saver)


def test_verirag_drops_into_a_parent_graph_as_a_node(vtg_store, scripted):
    script = Writer([S1], cite={S1: ["Japan"]}, needs={S1: ["Japan"]})
    name, _ = scripted(script)

    def write_report(state: AgentState) -> dict:
        sources = "; ".join(f"[{n}] {d['title']}" for n, d in enumerate(state["documents"].values(), 1))
        return {"report": f"{state['answer']}\nSources: {sources}"}

    parent = StateGraph(AgentState, context_schema=Context)
    parent.add_node("research", graph)
    parent.add_node("write_report", write_report)
    parent.add_edge(START, "research")
    parent.add_edge("research", "write_report")
    parent.add_edge("write_report", END)
    result = parent.compile().invoke({"question": Q}, context=ctx(name))
    assert result["report"] == "Tokyo is the capital of Japan [1].\nSources: [1] Japan"


def test_cli_shows_sentences_live_and_resumes_a_thread(vtg_store, scripted, monkeypatch, capsys, tmp_path):

    monkeypatch.setenv("VERIRAG_HOME", str(tmp_path))
    script = Writer([S1], cite={S1: ["Japan"]}, needs={S1: ["Japan"]})
    name, model = scripted(script)
    args = [
        "ask",
        Q,
        "--model",
        name,
        "--store",
        "vtg",
        "--top-k",
        "2",
        "--thread",
        "demo",
        "--system",
        "vtg",
    ]
    code, out, _ = run_main(monkeypatch, capsys, *args)
    assert code == 0
    assert out.count("Tokyo is the capital of Japan [1].") == 1  # printed live, not again at the end
    assert "[1] Japan — Japan is an island country" in out
    calls = len(model.calls)
    code, out, _ = run_main(monkeypatch, capsys, *args)
    assert code == 0 and len(model.calls) == calls  # the finished thread is read back, not recomputed
    assert (tmp_path / "checkpoints.sqlite").exists()


def test_one_default_context_for_the_cli_ask_and_the_served_graph():
    from verirag.cli import _context
    from verirag.graph.context import PRESETS

    assert _context("local") == Context() == Context.preset("local")  # the CLI and ask() use the defaults
    paper = Context.preset("paper")
    assert (
        paper.candidates_per_query,
        paper.window,
        paper.utility_samples,
        paper.max_retrieval_iterations,
    ) == (50, 20, 5, 4)
    assert set(PRESETS["paper"]) <= set(Context().as_dict())


def test_a_parent_graph_without_verirag_context_runs_it_with_the_cli_defaults(vtg_store, scripted):
    from dataclasses import dataclass

    from verirag.cli import _context

    script = Writer([S1], cite={S1: ["Japan"]}, needs={S1: ["Japan"]})
    name, _ = scripted(script)

    @dataclass
    class AgentContext:  # the parent's own context: verirag reads the fields it shares with Context
        model: str
        store: str
        user: str = "someone"
        retrieval_threshold: float = 0.0  # the "vtg" system's switches
        utility_mode: str = "off"
        verify_mode: str = "off"

    parent = StateGraph(AgentState, context_schema=AgentContext)
    parent.add_node("research", graph)
    parent.add_edge(START, "research")
    parent.add_edge("research", END)
    result = parent.compile().invoke({"question": Q}, context=AgentContext(model=name, store="vtg"))
    assert result["answer"] == "Tokyo is the capital of Japan [1]."
    sub = graph.invoke({"question": Q}, context={"model": name, "store": "vtg", **SYSTEMS["vtg"]})
    assert sub["config"] == _context("local", "vtg", None, model=name, store="vtg").as_dict()
    # and with no context at all, every node still gets the defaults (the model is then the local one)
    from verirag.graph.node import context_of

    assert context_of(None) == Context() and context_of({"top_k": 2, "unknown": 1}) == Context(top_k=2)


def test_the_default_model_and_chroma_server_come_from_the_environment(monkeypatch):
    from verirag.cli import _context

    monkeypatch.setenv("VERIRAG_MODEL", "openai-compatible:qwen@http://127.0.0.1:9/v1")
    monkeypatch.setenv("VERIRAG_CHROMA_URL", "http://127.0.0.1:8000")
    for context in (Context(), _context("local")):
        assert (context.model, context.chroma_url) == (
            "openai-compatible:qwen@http://127.0.0.1:9/v1",
            "http://127.0.0.1:8000",
        )
    monkeypatch.delenv("VERIRAG_MODEL")
    assert Context().model == "local"
