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
    assert update["subquestions"] == [
        {"question": "Which countries border Freedonia?", "depends_on": None, "group": None},
        {
            "question": f"What is the capital of {MEMBER}?",
            "depends_on": 0,
            "group": f"What are the capitals of {MEMBER}?",  # for members that outnumber the parts left
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
