"""plan: a question of several parts split into sub-questions by rules (no model call)."""

from __future__ import annotations

import pytest
from langgraph.runtime import Runtime

from tests.scripted import a_state
from verirag import Context
from verirag.graph.node import as_node
from verirag.nodes.planning.plan import plan
from verirag.plans import MEMBER

TWO_HOPS = "What are the capitals of the countries that border Freedonia?"


def test_a_two_hop_question_is_planned_and_only_its_first_hop_waits_to_be_asked():
    update = as_node(plan)(a_state(TWO_HOPS), Runtime(context=Context()))
    none: dict = {"members": [], "member_questions": []}
    assert update["subquestions"] == [
        {"question": "Which countries border Freedonia?", "depends_on": None, "group": None, **none},
        {
            "question": f"What is the capital of {MEMBER}?",
            "depends_on": 0,
            "group": f"What are the capitals of {MEMBER}?",  # for members that outnumber the parts left
            **none,
        },
    ]
    assert update["waiting"] == [
        {
            "index": 0,
            "origin": 0,
            "question": "Which countries border Freedonia?",
            "depends_on": None,
            "member_questions": [],
            "members": [],
            "proposed": False,
        }
    ]
    assert update["usage"]["plan"]["calls"] == 0


def test_a_set_related_to_the_names_a_question_lists_is_asked_once_for_each_name():
    question = "When were the museums that hold Alba, Brix and Corda founded?"
    update = as_node(plan)(a_state(question), Runtime(context=Context()))
    asked = [f"What is the museum that holds {n}?" for n in ("Alba", "Brix", "Corda")]
    assert [(p["index"], p["origin"], p["question"], p["members"]) for p in update["waiting"]] == [
        (0, 0, asked[0], ["Alba"]),
        (1, 0, asked[1], ["Brix"]),
        (2, 0, asked[2], ["Corda"]),
    ]  # one part per name, each the related set's sub-question (0) asked of that name
    assert update["subquestions"][0]["question"] == "Which museums hold Alba, Brix and Corda?"
    assert update["subquestions"][1]["question"] == f"When was {MEMBER} founded?"
    assert update["subquestions"][1]["group"] == f"When were {MEMBER} founded?"


@pytest.mark.parametrize(
    "question, context",
    [
        ("What is the capital of Japan?", Context()),  # one part
        (TWO_HOPS, Context(planner=False)),
        (TWO_HOPS, Context(writer="answer")),  # the one-answer writer asks the question whole
    ],
)
def test_a_question_that_is_not_planned_goes_on_unchanged(question, context):
    update = as_node(plan)(a_state(question), Runtime(context=context))
    assert update["subquestions"] == [] and "waiting" not in update
