"""cite: VTG's citation generator, the memory documents the reply's markers name."""

from __future__ import annotations

from langgraph.runtime import Runtime

from tests.scripted import S1, VTG_DOCUMENTS, Q, a_draft, a_state, prompt_kind, titles_in, vtg_context
from verirag.graph.node import as_node
from verirag.nodes.writing.cite import cite
from verirag.testing import last_user_text

JAPAN, TOKYO = VTG_DOCUMENTS["Japan"], VTG_DOCUMENTS["Tokyo"]
STATE = a_state(Q, draft=a_draft(S1), long_term_memory=[JAPAN], short_term_memory=[TOKYO])


def test_the_markers_become_the_ids_of_the_memory_documents_they_number(scripted):
    name, model = scripted(lambda messages, kwargs: f"{S1[:-1]} [2][7].")  # [7] is outside the memory
    update = as_node(cite)(STATE, Runtime(context=vtg_context(name)))
    assert update["draft"]["citations"] == [TOKYO["id"]] and update["draft"]["status"] == "cited"
    assert update["draft"]["text"] == S1
    (messages, _), *_ = model.calls
    assert prompt_kind(messages) == "cite" and titles_in(last_user_text(messages)) == ["Japan", "Tokyo"]
    entry = update["usage"]["cite"]
    assert (entry["calls"], entry["fallbacks"]) == (1, 0)


def test_a_reply_without_a_usable_marker_leaves_the_sentence_uncited_and_is_counted(scripted):
    name, _ = scripted(lambda messages, kwargs: S1)
    update = as_node(cite)(STATE, Runtime(context=vtg_context(name)))
    assert update["draft"]["citations"] == [] and update["usage"]["cite"]["fallbacks"] == 1


def test_without_the_verifier_the_cited_draft_is_unchecked(scripted):
    name, _ = scripted(lambda messages, kwargs: f"{S1[:-1]} [1].")
    update = as_node(cite)(STATE, Runtime(context=vtg_context(name, verifier=False)))
    assert update["draft"]["citations"] == [JAPAN["id"]] and update["draft"]["status"] == "unchecked"
