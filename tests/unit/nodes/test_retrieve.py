"""retrieve: the current query's candidates from the store, without the documents already selected."""

from __future__ import annotations

from langgraph.runtime import Runtime

from tests.scripted import a_state
from verirag import Context
from verirag.graph.node import as_node
from verirag.nodes.retrieval.retrieve import retrieve


def test_candidates_come_from_the_current_query_and_leave_out_the_selected(store):
    name, found = store
    oxford = found.search("Oxford university teaching", 1)[0]
    assert oxford["title"] == "Oxford"
    context = Context(store=name, candidates_per_query=2, utility_mode="listwise")
    state = a_state("What is the capital of Japan?", query="Oxford university teaching", iteration=1)

    first = as_node(retrieve)(state, Runtime(context=context))
    assert first["candidates"][0]["title"] == "Oxford"  # the query, not the question, was searched
    assert len(first["candidates"]) == 2 and first["iteration"] == 2

    again = as_node(retrieve)({**state, "selected": [oxford]}, Runtime(context=context))
    assert oxford["id"] not in [d["id"] for d in again["candidates"]]
    assert len(again["candidates"]) == 2  # still N candidates: one more searched for the one left out
    assert (again["usage"]["retrieve"]["runs"], again["usage"]["retrieve"]["calls"]) == (1, 0)


def test_without_utility_judgments_it_retrieves_top_k(store):
    name, _ = store
    context = Context(store=name, candidates_per_query=4, top_k=1, utility_mode="off")
    update = as_node(retrieve)(a_state("Madagascar capital"), Runtime(context=context))
    assert [d["title"] for d in update["candidates"]] == ["Madagascar"] and update["iteration"] == 1
