"""keep_sentence: the draft appended to the answer; a verified one's citations join long-term memory."""

from __future__ import annotations

from langgraph.runtime import Runtime

from tests.scripted import S1, S2, VTG_DOCUMENTS, Q, a_draft, a_sentence, a_state, vtg_context
from verirag.graph.node import as_node
from verirag.nodes.writing.keep_sentence import keep_sentence

JAPAN, TOKYO, KYOTO, OSAKA = (VTG_DOCUMENTS[t] for t in ("Japan", "Tokyo", "Kyoto", "Osaka"))
QUOTE = {"doc": KYOTO["id"], "start": 0, "end": 20}


def test_a_verified_sentence_is_kept_and_its_citations_join_long_term_memory():
    events: list[dict] = []
    state = a_state(
        Q,
        sentences=[a_sentence(S1, [JAPAN["id"]])],
        draft=a_draft(
            S2, [KYOTO["id"]], verified_by="memory", status="simplified", trials_before=1, quotes=[QUOTE]
        ),
        long_term_memory=[JAPAN],
        short_term_memory=[KYOTO, TOKYO],
        trials=1,
    )
    update = as_node(keep_sentence)(
        state, Runtime(context=vtg_context("unused"), stream_writer=events.append)
    )
    first, kept = update["sentences"]
    assert first["text"] == S1 and (kept["text"], kept["citations"], kept["quotes"]) == (
        S2,
        [KYOTO["id"]],
        [QUOTE],
    )
    assert (
        kept["verified_by"] == "memory" and kept["generation"] == 2
    )  # its second generation, after one trial
    assert update["long_term_memory"] == [JAPAN, KYOTO] and update["cited_documents"] == {KYOTO["id"]: KYOTO}
    assert (update["trials"], update["draft"], update["best_trial"]) == (0, None, None)
    (event,) = events
    assert event["event"] == "sentence" and event["in_answer"] and list(event["documents"]) == [KYOTO["id"]]
    assert update["usage"]["keep_sentence"]["calls"] == 0


def test_an_unverified_sentence_adds_nothing_to_memory_and_keeps_an_earlier_trials_citation():
    events: list[dict] = []
    exhausted = a_draft(S2, [OSAKA["id"]], status="exhausted", support=0.3, quotes=[QUOTE])
    state = a_state(
        Q,
        draft=exhausted,
        best_trial={"draft": exhausted, "documents": [OSAKA]},  # Osaka left short-term memory since
        long_term_memory=[JAPAN],
        short_term_memory=[KYOTO],
    )
    update = as_node(keep_sentence)(
        state, Runtime(context=vtg_context("unused"), stream_writer=events.append)
    )
    (kept,) = update["sentences"]
    assert kept["citations"] == [OSAKA["id"]] and kept["verified_by"] == "none" and kept["quotes"] == []
    assert "long_term_memory" not in update and update["cited_documents"] == {OSAKA["id"]: OSAKA}
    assert events[0]["in_answer"] is False  # unverified="drop": not in the answer text
