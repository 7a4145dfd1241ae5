"""next_parts: after a wave, each sub-question that waited asked once per member the answer verified."""

from __future__ import annotations

from langgraph.runtime import Runtime

from tests.scripted import a_part, a_sentence, a_state
from verirag import Context
from verirag.graph.node import as_node
from verirag.nodes.planning.next_parts import next_parts
from verirag.plans import MEMBER

FIRST = "Which countries border Freedonia?"
SUBQUESTIONS = [
    {"question": FIRST, "depends_on": None},
    {"question": f"What is the capital of {MEMBER}?", "depends_on": 0},
]
BORDERS = "Freedonia borders Sylvania and Grand Fenwick."


def test_the_waiting_sub_question_is_asked_for_each_member_the_verified_answer_names():
    state = a_state(subquestions=SUBQUESTIONS, parts=[a_part(0, FIRST, [a_sentence(BORDERS)])])
    update = as_node(next_parts)(state, Runtime(context=Context()))
    assert update["waiting"] == [
        {"index": 1, "depends_on": 0, "question": "What is the capital of Sylvania?", "member": "Sylvania"},
        {
            "index": 2,
            "depends_on": 0,
            "question": "What is the capital of Grand Fenwick?",
            "member": "Grand Fenwick",
        },
    ]
    assert update["expanded"] == [1]
    capped = as_node(next_parts)(state, Runtime(context=Context(max_parts=2)))
    assert [p["member"] for p in capped["waiting"]] == ["Sylvania"]  # max_parts in all
    assert capped["unasked"] == ["What is the capital of Grand Fenwick?"]  # kept, so the answer names it
    again = as_node(next_parts)({**state, "expanded": [1]}, Runtime(context=Context()))
    assert again["waiting"] == []  # already asked


def test_an_answer_that_verified_nothing_names_no_member():
    unverified = a_part(0, FIRST, [a_sentence(BORDERS, verified_by="none")])
    update = as_node(next_parts)(
        a_state(subquestions=SUBQUESTIONS, parts=[unverified]), Runtime(context=Context())
    )
    assert update["waiting"] == [] and update["expanded"] == [1]
