"""critique_answer: Self-RAG's ISUSE of the whole answer, when asked for."""

from __future__ import annotations

import pytest
from langgraph.runtime import Runtime

from tests.scripted import S1, Q, a_sentence, a_state, prompt_kind, vtg_context
from verirag.graph.node import as_node
from verirag.nodes.writing.critique_answer import critique_answer
from verirag.testing import distribution_reply

STATE = a_state(Q, sentences=[a_sentence(S1)])


@pytest.mark.parametrize(
    "reply, critique, fallbacks",
    [
        (distribution_reply({"5": 0.5, "4": 0.5}), {"utility": 0.75, "rating": 4.5}, 0),
        ("Very useful!", {"utility": 0.0, "rating": 3.0}, 1),  # no rating read: the middle one, counted
    ],
)
def test_the_rating_distribution_becomes_the_critique(scripted, reply, critique, fallbacks):
    name, model = scripted(lambda messages, kwargs: reply)
    update = as_node(critique_answer)(STATE, Runtime(context=vtg_context(name, critique_answer=True)))
    assert update["critique"] == critique
    assert [prompt_kind(messages) for messages, _ in model.calls] == ["usefulness"]
    entry = update["usage"]["critique_answer"]
    assert (entry["calls"], entry["fallbacks"]) == (1, fallbacks)


def test_nothing_is_asked_unless_asked_for_and_the_answer_has_sentences(scripted):
    name, model = scripted(lambda messages, kwargs: "5")
    off = as_node(critique_answer)(STATE, Runtime(context=vtg_context(name)))
    dropped = a_state(Q, sentences=[a_sentence(S1, verified_by="none")])  # not in the answer text
    empty = as_node(critique_answer)(dropped, Runtime(context=vtg_context(name, critique_answer=True)))
    assert off["critique"] == empty["critique"] == {} and model.calls == []
