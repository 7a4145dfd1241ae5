"""judge_utility: D chosen from D and the candidates by the model's utility judgments."""

from __future__ import annotations

from langgraph.runtime import Runtime

from tests.scripted import VTG_DOCUMENTS, a_state, prompt_kind, titles_in
from verirag import Context
from verirag.graph.node import as_node
from verirag.nodes.retrieval.judge_utility import judge_utility
from verirag.testing import last_user_text

JAPAN, TOKYO, OSAKA, KYOTO = (VTG_DOCUMENTS[t] for t in ("Japan", "Tokyo", "Osaka", "Kyoto"))
STATE = a_state("What is the capital of Japan?", selected=[JAPAN], candidates=[OSAKA, TOKYO, KYOTO])


def test_the_listwise_selection_becomes_d_in_pool_order(scripted):
    name, model = scripted(lambda messages, kwargs: "Selected Documents: 3 1")
    listwise = Context(model=name, top_k=2, utility_mode="listwise")
    update = as_node(judge_utility)(STATE, Runtime(context=listwise))
    assert update["selected"] == [JAPAN, TOKYO]  # numbers 3 and 1 of the prompt, D ahead of the window
    (messages, _), *_ = model.calls
    assert prompt_kind(messages) == "select" and titles_in(last_user_text(messages)) == [
        "Japan",
        "Osaka",
        "Tokyo",
        "Kyoto",
    ]
    entry = update["usage"]["judge_utility"]
    assert (entry["calls"], entry["fallbacks"]) == (1, 0)


def test_a_selection_without_a_valid_number_keeps_d_and_tops_it_up_in_retrieval_order(scripted):
    name, _ = scripted(lambda messages, kwargs: "Selected Documents: none of them")
    listwise = Context(model=name, top_k=2, utility_mode="listwise")
    update = as_node(judge_utility)(STATE, Runtime(context=listwise))
    assert update["selected"] == [JAPAN, OSAKA]
    entry = update["usage"]["judge_utility"]
    assert (entry["calls"], entry["fallbacks"]) == (1, 1)


def test_without_utility_judgments_d_and_the_new_candidates_alternate_and_nothing_is_asked(scripted):
    name, model = scripted(lambda messages, kwargs: "Selected Documents: 4")
    off = Runtime(context=Context(model=name, top_k=3, utility_mode="off"))
    first_round = a_state("What is the capital of Japan?", candidates=[OSAKA, TOKYO, KYOTO, JAPAN])
    assert as_node(judge_utility)(first_round, off)["selected"] == [OSAKA, TOKYO, KYOTO]  # plain top-k
    update = {**first_round, "selected": [OSAKA, KYOTO, JAPAN], "candidates": [TOKYO]}  # D full: an update
    assert as_node(judge_utility)(update, off)["selected"] == [OSAKA, TOKYO, KYOTO] and model.calls == []
