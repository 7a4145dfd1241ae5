"""generate_sentence: VTG's next sentence as the draft, or the end of the answer (no draft)."""

from __future__ import annotations

import pytest
from langgraph.runtime import Runtime

from tests.scripted import S1, S2, VTG_DOCUMENTS, Q, a_sentence, a_state, prompt_kind, titles_in, vtg_context
from verirag.graph.node import as_node
from verirag.nodes.writing.generate_sentence import generate_sentence
from verirag.prompts.generate_sentence import END
from verirag.testing import last_user_text

JAPAN, FUJI = VTG_DOCUMENTS["Japan"], VTG_DOCUMENTS["Fuji"]
STATE = a_state(Q, long_term_memory=[JAPAN], short_term_memory=[FUJI], trials=1)


def test_the_first_sentence_of_the_reply_becomes_the_draft(scripted):
    name, model = scripted(lambda messages, kwargs: f"{S1[:-1]} [1]. {S2}")
    update = as_node(generate_sentence)(STATE, Runtime(context=vtg_context(name)))
    draft = update["draft"]
    assert (draft["text"], draft["citations"], draft["status"]) == (S1, [], "drafted")
    assert draft["trials_before"] == 1  # the evidence-finder trials spent before it
    (messages, _), *_ = model.calls
    assert prompt_kind(messages) == "next sentence"
    assert titles_in(last_user_text(messages)) == ["Japan", "Fuji"]  # long- then short-term memory
    entry = update["usage"]["generate_sentence"]
    assert (entry["calls"], entry["fallbacks"]) == (1, 0)


@pytest.mark.parametrize(
    "reply",
    [
        f"According to the documents, {S1[0].lower()}{S1[1:]}",
        f"Based on the information provided in the documents, {S1}",
        f"As stated in the provided text, {S1}",
    ],
)
def test_a_reply_that_frames_its_fact_by_the_documents_is_drafted_as_the_fact(scripted, reply):
    name, _ = scripted(lambda messages, kwargs: reply)
    update = as_node(generate_sentence)(STATE, Runtime(context=vtg_context(name)))
    assert update["draft"]["text"] == S1  # the fact is checked and shown, not where the writer read it


@pytest.mark.parametrize("reply, fallbacks", [(END, 0), ("...", 1)])
def test_the_end_signal_or_a_reply_without_a_sentence_ends_the_answer(scripted, reply, fallbacks):
    name, _ = scripted(lambda messages, kwargs: reply)
    update = as_node(generate_sentence)(STATE, Runtime(context=vtg_context(name)))
    assert update["draft"] is None
    assert update["usage"]["generate_sentence"]["fallbacks"] == fallbacks  # the signal is no fallback


def test_at_the_cap_or_after_a_dropped_sentence_nothing_is_asked(scripted):
    name, model = scripted(lambda messages, kwargs: S2)
    capped = {**STATE, "sentences": [a_sentence(S1)]}
    assert (
        as_node(generate_sentence)(capped, Runtime(context=vtg_context(name, max_sentences=1)))["draft"]
        is None
    )
    dropped = {**STATE, "sentences": [a_sentence(S1, verified_by="none")]}
    assert as_node(generate_sentence)(dropped, Runtime(context=vtg_context(name)))["draft"] is None
    assert model.calls == []
    shown = as_node(generate_sentence)(dropped, Runtime(context=vtg_context(name, unverified="show")))
    assert shown["draft"]["text"] == S2  # with unverified="show" the answer goes on
