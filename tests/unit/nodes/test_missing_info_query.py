"""missing_info_query: LLatrieval's next query, what D lacks (the question when the reply names nothing)."""

from __future__ import annotations

from langgraph.runtime import Runtime

from tests.scripted import VTG_DOCUMENTS, a_state, prompt_kind, titles_in
from verirag import Context
from verirag.graph.node import as_node
from verirag.nodes.retrieval.missing_info_query import missing_info_query
from verirag.testing import last_user_text

STATE = a_state("Who painted it?", selected=[VTG_DOCUMENTS["Banana"]])


def test_the_named_passage_is_the_next_query(scripted):
    name, model = scripted(lambda messages, kwargs: 'Passage: "The painting is by Hokusai."')
    update = as_node(missing_info_query)(STATE, Runtime(context=Context(model=name)))
    assert update["query"] == "The painting is by Hokusai."
    (messages, kwargs), *_ = model.calls
    assert prompt_kind(messages) == "missing" and titles_in(last_user_text(messages)) == ["Banana"]
    entry = update["usage"]["missing_info_query"]
    assert (entry["calls"], entry["fallbacks"]) == (1, 0)


def test_an_unusable_reply_falls_back_to_the_question(scripted):
    name, model = scripted(lambda messages, kwargs: "")  # an empty reply: nothing usable
    context = Context(model=name, query_style="question")
    update = as_node(missing_info_query)(STATE, Runtime(context=context))
    assert update["query"] == "Who painted it?"
    assert prompt_kind(model.calls[0][0]) == "missing question"
    assert update["usage"]["missing_info_query"]["fallbacks"] == 1 and len(model.calls) == 1
