"""finalize: the output contract, documents renumbered [1]..[n] in order of first citation."""

from __future__ import annotations

from langgraph.runtime import Runtime

from tests.scripted import S1, S2, VTG_DOCUMENTS, Q, a_sentence, a_state, vtg_context
from verirag import refusal
from verirag.graph.node import as_node
from verirag.nodes.writing.finalize import finalize

JAPAN, KYOTO, TOKYO, BANANA = (VTG_DOCUMENTS[t] for t in ("Japan", "Kyoto", "Tokyo", "Banana"))
DROPPED = "A banana is the capital of Japan."


def test_documents_are_numbered_in_order_of_first_citation():
    state = a_state(
        Q,
        sentences=[a_sentence(S2, [KYOTO["id"]]), a_sentence(S1, [JAPAN["id"], KYOTO["id"]])],
        long_term_memory=[JAPAN, KYOTO, TOKYO],
    )
    context = vtg_context("unused")
    update = as_node(finalize)(state, Runtime(context=context))
    assert update["answer"] == "Kyoto was the capital of Japan for a thousand years [1]. " + (
        "Tokyo is the capital of Japan [2][1]."
    )
    assert list(update["documents"]) == [KYOTO["id"], JAPAN["id"]]  # Tokyo was not cited
    assert (
        update["documents"][KYOTO["id"]]["title"] == "Kyoto" and "id" not in update["documents"][KYOTO["id"]]
    )
    assert update["config"] == context.as_dict() and update["refusal"] is None and update["critique"] == {}


def test_a_dropped_sentence_stays_out_of_the_text_and_its_document_follows_the_answers_own():
    state = a_state(
        Q,
        sentences=[a_sentence(S1, [JAPAN["id"]]), a_sentence(DROPPED, [BANANA["id"]], verified_by="none")],
        cited_documents={BANANA["id"]: BANANA},  # cited by a kept sentence, in no memory any more
        long_term_memory=[JAPAN],
        refusal=refusal.NOTHING_VERIFIED,
    )
    update = as_node(finalize)(state, Runtime(context=vtg_context("unused")))
    assert update["answer"] == f"Tokyo is the capital of Japan [1]. {refusal.NOTHING_VERIFIED}"
    assert list(update["documents"]) == [JAPAN["id"], BANANA["id"]]
    shown = as_node(finalize)(state, Runtime(context=vtg_context("unused", unverified="show")))
    assert shown["answer"].startswith(
        "Tokyo is the capital of Japan [1]. A banana is the capital of Japan [2]."
    )
