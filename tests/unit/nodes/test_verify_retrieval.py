"""verify_retrieval: LLatrieval's verification of D, and at a final one the long-term memory."""

from __future__ import annotations

import pytest
from langgraph.runtime import Runtime

from tests.scripted import VTG_DOCUMENTS, a_state, p_yes_for, prompt_kind
from verirag import Context
from verirag.graph.node import as_node
from verirag.nodes.retrieval.verify_retrieval import verify_retrieval
from verirag.testing import judgment_reply

JAPAN, BANANA = VTG_DOCUMENTS["Japan"], VTG_DOCUMENTS["Banana"]
Q = "What is the capital of Japan?"


def context(name, **kw):
    return Context(model=name, max_retrieval_iterations=2, **kw)


def test_a_passing_d_becomes_long_term_memory(scripted):
    name, model = scripted(lambda messages, kwargs: judgment_reply(p_yes_for(0.9)))
    state = a_state(Q, query="Tokyo", selected=[JAPAN], iteration=1)
    update = as_node(verify_retrieval)(state, Runtime(context=context(name)))
    (record,) = update["verifications"]
    assert record["passed"] and record["final"] and record["score"] == pytest.approx(0.9, abs=1e-3)
    assert (record["iteration"], record["query"], record["selected"]) == (1, "Tokyo", [JAPAN])
    assert update["long_term_memory"] == [JAPAN] and update["retrieval_verified"] is True
    assert update["refuse_early"] is False
    assert [prompt_kind(messages) for messages, _ in model.calls] == ["enough?"]
    entry = update["usage"]["verify_retrieval"]
    assert (entry["calls"], entry["fallbacks"]) == (1, 0)


def test_a_failing_d_loops_before_the_cap_and_at_the_cap_keeps_the_best_d(scripted):
    name, _ = scripted(lambda messages, kwargs: judgment_reply(p_yes_for(0.3)))
    state = a_state(Q, selected=[BANANA], iteration=1)
    looping = as_node(verify_retrieval)(state, Runtime(context=context(name)))
    assert not looping["verifications"][0]["final"] and "long_term_memory" not in looping

    earlier = {**looping["verifications"][0], "score": 0.5, "selected": [JAPAN]}
    at_cap = as_node(verify_retrieval)(
        {**state, "iteration": 2, "verifications": [earlier]}, Runtime(context=context(name))
    )
    assert at_cap["verifications"][0]["final"] and not at_cap["verifications"][0]["passed"]
    assert at_cap["long_term_memory"] == [JAPAN]  # the best-scored D of the loop, not the last
    assert at_cap["retrieval_verified"] is False and at_cap["refuse_early"] is False


def test_a_hopeless_d_at_the_cap_is_refused_early(scripted):
    name, _ = scripted(lambda messages, kwargs: judgment_reply(p_yes_for(0.01)))
    state = a_state(Q, selected=[BANANA], iteration=2)
    update = as_node(verify_retrieval)(state, Runtime(context=context(name)))
    assert update["refuse_early"] is True and update["long_term_memory"] == [BANANA]


def test_an_unreadable_score_fails_the_verification_and_is_counted(scripted):
    name, _ = scripted(lambda messages, kwargs: "I cannot say.")
    state = a_state(Q, selected=[JAPAN], iteration=1)
    update = as_node(verify_retrieval)(state, Runtime(context=context(name, verify_mode="score")))
    (record,) = update["verifications"]
    assert (record["score"], record["passed"], record["final"]) == (0.0, False, False)
    entry = update["usage"]["verify_retrieval"]
    assert (entry["calls"], entry["fallbacks"]) == (1, 1)
