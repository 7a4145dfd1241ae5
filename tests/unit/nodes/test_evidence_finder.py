"""evidence_finder: VTG's evidence finder, diverse queries whose documents replace short-term memory."""

from __future__ import annotations

from langgraph.runtime import Runtime

from tests.scripted import S2, VTG_DOCUMENTS, Q, Writer, a_draft, a_state, prompt_kind, vtg_context
from verirag.graph.node import as_node
from verirag.nodes.writing.evidence_finder import evidence_finder

JAPAN, BANANA = VTG_DOCUMENTS["Japan"], VTG_DOCUMENTS["Banana"]
STATE = a_state(
    Q, draft=a_draft(S2, status="unsupported"), long_term_memory=[JAPAN], short_term_memory=[BANANA]
)


def searched(store, monkeypatch) -> list[str]:
    """The queries the store is asked, in order."""
    queries: list[str] = []
    search = store.search

    def recorded(query, n):
        queries.append(query)
        return search(query, n)

    monkeypatch.setattr(store, "search", recorded)
    return queries


def test_the_documents_of_the_generated_queries_replace_short_term_memory(vtg_store, scripted, monkeypatch):
    queries = searched(vtg_store, monkeypatch)
    name, model = scripted(
        Writer([], cite={}, needs={}, queries=("Mount Fuji volcano", "Kyoto thousand years"))
    )
    update = as_node(evidence_finder)(STATE, Runtime(context=vtg_context(name, evidence_docs=1)))
    assert queries == ["Mount Fuji volcano", "Kyoto thousand years"]
    assert [d["title"] for d in update["short_term_memory"]] == ["Fuji", "Kyoto"]  # Banana is gone
    assert update["trials"] == 1 and update["draft"] is None  # the sentence is generated again
    assert [prompt_kind(messages) for messages, _ in model.calls] == ["queries"]
    entry = update["usage"]["evidence_finder"]
    assert (entry["calls"], entry["fallbacks"]) == (1, 0)


def test_a_reply_without_a_query_falls_back_to_the_sentence(vtg_store, scripted, monkeypatch):
    queries = searched(vtg_store, monkeypatch)
    name, _ = scripted(lambda messages, kwargs: "\n\n")
    update = as_node(evidence_finder)(STATE, Runtime(context=vtg_context(name, evidence_docs=2)))
    assert queries == [S2] and update["usage"]["evidence_finder"]["fallbacks"] == 1
    assert JAPAN not in update["short_term_memory"]  # long-term memory is not searched into it again
    assert "Kyoto" in [d["title"] for d in update["short_term_memory"]]


def test_without_query_generation_the_sentence_is_searched_and_nothing_is_asked(
    vtg_store, scripted, monkeypatch
):
    queries = searched(vtg_store, monkeypatch)
    name, model = scripted(Writer([], cite={}, needs={}))
    update = as_node(evidence_finder)(STATE, Runtime(context=vtg_context(name, query_generation=False)))
    assert queries == [S2] and model.calls == [] and update["trials"] == 1
