"""verify_memory: tier 2 of VTG's verifier, the draft against the whole memory after tier 1 failed."""

from __future__ import annotations

from langgraph.runtime import Runtime

from tests.scripted import S1, VTG_DOCUMENTS, Q, Writer, a_draft, a_state, vtg_context
from verirag.graph.node import as_node
from verirag.nodes.writing.verify_memory import verify_memory

JAPAN, TOKYO, OSAKA, BANANA = (VTG_DOCUMENTS[t] for t in ("Japan", "Tokyo", "Osaka", "Banana"))
FAILED = a_draft(S1, [JAPAN["id"]], status="unsupported", support=0.1)  # rejected by tier 1
STATE = a_state(Q, draft=FAILED, long_term_memory=[JAPAN], short_term_memory=[TOKYO, BANANA])


def test_a_memory_that_supports_it_verifies_it_citing_the_documents_quoted(scripted):
    name, model = scripted(Writer([], cite={}, needs={S1: ["Tokyo"]}))
    update = as_node(verify_memory)(STATE, Runtime(context=vtg_context(name)))
    draft = update["draft"]
    assert (draft["status"], draft["verified_by"]) == ("supported", "memory")
    assert draft["citations"] == [TOKYO["id"]]  # the quoted document, not the whole memory
    assert {q["doc"] for q in draft["quotes"]} == {TOKYO["id"]} and draft["support"] > 0.5
    assert "best_trial" not in update
    entry = update["usage"]["verify_memory"]
    assert entry["calls"] == len(model.calls) >= 1 and entry["fallbacks"] == 0


def test_a_failed_trial_is_remembered_and_with_no_trial_left_the_best_one_is_kept(scripted):
    name, _ = scripted(Writer([], cite={}, needs={S1: ["Osaka"]}))  # nothing in memory supports it
    first = as_node(verify_memory)(STATE, Runtime(context=vtg_context(name, max_trials=2)))
    assert (first["draft"]["status"], first["draft"]["verified_by"]) == ("unsupported", "none")
    best = first["best_trial"]
    assert best["draft"]["text"] == S1 and best["documents"] == [JAPAN] and best["draft"]["support"] >= 0.1

    worse = a_draft("Osaka is the capital of Japan.", [OSAKA["id"]], status="unsupported", support=0.0)
    spent = {**STATE, "draft": worse, "trials": 2, "best_trial": best, "short_term_memory": [OSAKA]}
    last = as_node(verify_memory)(spent, Runtime(context=vtg_context(name, max_trials=2)))
    assert last["draft"]["status"] == "exhausted" and last["draft"]["text"] == S1  # the best trial
    assert last["best_trial"] == best


def test_documents_judged_insufficient_leave_no_trial_and_the_cited_set_is_not_asked_again(scripted):
    name, model = scripted(Writer([], cite={}, needs={S1: ["Osaka"]}))
    only_cited = {**STATE, "short_term_memory": [], "retrieval_verified": False}
    update = as_node(verify_memory)(only_cited, Runtime(context=vtg_context(name)))
    assert update["draft"]["status"] == "exhausted" and update["draft"]["support"] == 0.1
    assert model.calls == [] and update["usage"]["verify_memory"]["calls"] == 0
