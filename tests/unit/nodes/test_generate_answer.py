"""generate_answer: one cited answer over long-term memory (ALCE Vanilla), or the best of several (Rerank)."""

from __future__ import annotations

from langgraph.runtime import Runtime

from tests.scripted import S1, S2, VTG_DOCUMENTS, Q, a_state, prompt_kind, titles_in, vtg_context
from verirag.graph.node import as_node
from verirag.nodes.writing.generate_answer import generate_answer
from verirag.testing import judgment_reply, last_user_text

JAPAN, KYOTO = VTG_DOCUMENTS["Japan"], VTG_DOCUMENTS["Kyoto"]
STATE = a_state(Q, long_term_memory=[JAPAN, KYOTO])
REPLY = f"{S1[:-1]} [1]. {S2[:-1]} [2][5]."  # [5] numbers no document


def test_the_reply_becomes_unverified_sentences_citing_document_ids(scripted):
    name, model = scripted(lambda messages, kwargs: REPLY)
    update = as_node(generate_answer)(STATE, Runtime(context=vtg_context(name, writer="answer")))
    assert [(s["text"], s["citations"], s["verified_by"]) for s in update["sentences"]] == [
        (S1, [JAPAN["id"]], "none"),
        (S2, [KYOTO["id"]], "none"),
    ]
    assert update["raw_answer"] == REPLY
    (messages, _), *_ = model.calls
    assert prompt_kind(messages) == "answer" and titles_in(last_user_text(messages)) == ["Japan", "Kyoto"]
    entry = update["usage"]["generate_answer"]
    assert (entry["calls"], entry["fallbacks"]) == (1, 0)


def test_rerank_keeps_the_sample_whose_citations_support_it(scripted):
    def respond(messages, kwargs):
        if prompt_kind(messages) == "entails":  # supported only by the Japan document
            return judgment_reply(0.9 if titles_in(last_user_text(messages)) == ["Japan"] else 0.05)
        return f"{S1[:-1]} [2]." if kwargs["seed"] == 1 else f"{S1[:-1]} [1]."  # the first sample miscites

    name, model = scripted(respond)
    context = vtg_context(name, writer="answer", answer_samples=2)
    update = as_node(generate_answer)(STATE, Runtime(context=context))
    assert update["raw_answer"] == f"{S1[:-1]} [1]." and update["sentences"][0]["citations"] == [JAPAN["id"]]
    assert update["usage"]["generate_answer"]["calls"] == len(model.calls) > 2  # samples and judgments
