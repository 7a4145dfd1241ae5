"""grounded_refusal: the sentence that ends the answer, naming what its verified sentences leave out."""

from __future__ import annotations

import pytest
from langgraph.runtime import Runtime

from tests.scripted import S1, a_state, prompt_kind, vtg_context
from tests.scripted import a_sentence as kept
from verirag import refusal
from verirag.documents import make_document
from verirag.graph.node import as_node
from verirag.nodes.writing.grounded_refusal import grounded_refusal

QUESTION = "What is the capital of Japan and what is its population?"
DROPPED = "Tokyo has about 14 million inhabitants."


def test_nothing_verified_is_the_plain_refusal_without_a_call(scripted):
    events: list[dict] = []
    name, model = scripted(lambda messages, kwargs: "NONE")
    state = a_state(QUESTION, sentences=[kept(DROPPED, verified_by="none")])
    update = as_node(grounded_refusal)(state, Runtime(context=vtg_context(name), stream_writer=events.append))
    assert update["refusal"] == refusal.NOTHING_VERIFIED and model.calls == []
    assert events == [{"event": "refusal", "text": refusal.NOTHING_VERIFIED}]
    complete = a_state(QUESTION, sentences=[kept(S1)], retrieval_verified=True)
    assert as_node(grounded_refusal)(complete, Runtime(context=vtg_context(name)))["refusal"] is None
    assert model.calls == []  # nothing dropped and the documents judged sufficient: nothing to name


@pytest.mark.parametrize(
    "reply, said, fallbacks",
    [
        ("The population of Japan.", refusal.PART_MISSING.format(gap="the population of Japan"), 0),
        ("NONE", None, 0),  # the verified answer leaves nothing open
        ("The weather in Paris.", refusal.PART_UNKNOWN, 1),  # words from neither: unusable
    ],
)
def test_what_the_verified_answer_leaves_open_is_named_when_the_gap_checks_out(
    scripted, reply, said, fallbacks
):
    name, model = scripted(lambda messages, kwargs: reply)
    state = a_state(QUESTION, sentences=[kept(S1), kept(DROPPED, verified_by="none")])
    update = as_node(grounded_refusal)(state, Runtime(context=vtg_context(name)))
    assert update["refusal"] == said
    assert [prompt_kind(messages) for messages, _ in model.calls] == ["gap"]
    entry = update["usage"]["grounded_refusal"]
    assert (entry["calls"], entry["fallbacks"]) == (1, fallbacks)


def test_the_one_answer_writer_gets_no_refusal(scripted):
    name, model = scripted(lambda messages, kwargs: "NONE")
    state = a_state(QUESTION, sentences=[kept(DROPPED, verified_by="none")])
    update = as_node(grounded_refusal)(state, Runtime(context=vtg_context(name, writer="answer")))
    assert update["refusal"] is None and model.calls == []


def test_nothing_verified_quotes_the_closest_sentence_of_the_documents_unless_switched_off(scripted):
    name, model = scripted(lambda messages, kwargs: "NONE")
    tokyo = make_document(
        "Tokyo", "Tokyo is the capital of Japan. Its special wards have 9.7 million inhabitants."
    )
    state = a_state(QUESTION, sentences=[kept(DROPPED, verified_by="none")], short_term_memory=[tokyo])
    update = as_node(grounded_refusal)(state, Runtime(context=vtg_context(name)))
    assert (
        update["refusal"] == refusal.nearest((tokyo, "Tokyo is the capital of Japan.")) and model.calls == []
    )
    off = as_node(grounded_refusal)(state, Runtime(context=vtg_context(name, closest_passage=False)))
    assert off["refusal"] == refusal.NOTHING_VERIFIED
    # refused before a sentence was written: the plain refusal, then the passage
    unwritten = as_node(grounded_refusal)({**state, "sentences": []}, Runtime(context=vtg_context(name)))
    assert unwritten["refusal"] == refusal.nearest((tokyo, "Tokyo is the capital of Japan."), written=False)
    assert unwritten["refusal"].startswith(refusal.NOTHING_VERIFIED)
