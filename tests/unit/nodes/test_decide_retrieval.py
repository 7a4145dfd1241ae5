"""decide_retrieval: Self-RAG's Retrieve reflection, one Yes/No judgment against δ."""

from __future__ import annotations

import pytest
from langgraph.runtime import Runtime

from tests.scripted import a_state, prompt_kind
from verirag import Context
from verirag.graph.node import as_node
from verirag.nodes.retrieval.decide_retrieval import decide_retrieval
from verirag.testing import judgment_reply


@pytest.mark.parametrize("p_yes, retrieves", [(0.9, True), (0.1, False)])
def test_retrieval_is_decided_by_p_yes_against_delta(scripted, p_yes, retrieves):
    name, model = scripted(lambda messages, kwargs: judgment_reply(p_yes))
    state = a_state("What is the capital of Japan?")
    update = as_node(decide_retrieval)(state, Runtime(context=Context(model=name, retrieval_threshold=0.2)))
    assert update["use_retrieval"] is retrieves
    assert update["retrieve_probability"] == pytest.approx(p_yes)
    assert set(update) == {"retrieve_probability", "use_retrieval", "usage"}  # start set the rest
    assert [prompt_kind(messages) for messages, _ in model.calls] == ["retrieve?"]
    entry = update["usage"]["decide_retrieval"]
    assert (entry["runs"], entry["calls"], entry["fallbacks"]) == (1, 1, 0)


def test_an_unreadable_judgment_falls_back_to_retrieving_and_is_counted(scripted):
    name, _ = scripted(lambda messages, kwargs: "Perhaps.")  # neither Yes nor No, no log-probabilities
    update = as_node(decide_retrieval)(a_state("Q?"), Runtime(context=Context(model=name)))
    assert update["use_retrieval"] is True and update["retrieve_probability"] == 1.0
    entry = update["usage"]["decide_retrieval"]
    assert (entry["calls"], entry["fallbacks"], entry["from_text"]) == (1, 1, 1)


def test_closed_book_asks_nothing(scripted):
    name, model = scripted(lambda messages, kwargs: judgment_reply(0.9))
    update = as_node(decide_retrieval)(a_state("Q?"), Runtime(context=Context(model=name, top_k=0)))
    assert update["use_retrieval"] is False and update["retrieve_probability"] is None
    assert model.calls == [] and update["usage"]["decide_retrieval"]["calls"] == 0
