"""next_parts: after a wave, each sub-question that waited asked once per member the answer verified."""

from __future__ import annotations

from langgraph.runtime import Runtime

from tests.scripted import a_part, a_sentence, a_state
from verirag import Context
from verirag.graph.node import as_node
from verirag.nodes.planning.next_parts import next_parts
from verirag.plans import MEMBER

FIRST = "Which countries border Freedonia?"
SUBQUESTIONS: list[dict[str, object]] = [
    {"question": FIRST, "depends_on": None},
    {"question": f"What is the capital of {MEMBER}?", "depends_on": 0},
]
BORDERS = "Freedonia borders Sylvania and Grand Fenwick."


def test_the_waiting_sub_question_is_asked_for_each_member_the_verified_answer_names():
    state = a_state(subquestions=SUBQUESTIONS, parts=[a_part(0, FIRST, [a_sentence(BORDERS)])])
    update = as_node(next_parts)(state, Runtime(context=Context()))
    assert update["waiting"] == [
        {
            "index": 1,
            "origin": 1,
            "depends_on": 0,
            "question": "What is the capital of Sylvania?",
            "members": ["Sylvania"],
            "member_questions": ["What is the capital of Sylvania?"],
            "proposed": False,
        },
        {
            "index": 2,
            "origin": 1,
            "depends_on": 0,
            "question": "What is the capital of Grand Fenwick?",
            "members": ["Grand Fenwick"],
            "member_questions": ["What is the capital of Grand Fenwick?"],
            "proposed": False,
        },
    ]
    assert update["expanded"] == [1]
    capped = as_node(next_parts)(state, Runtime(context=Context(max_parts=2)))
    assert [p["members"] for p in capped["waiting"]] == [["Sylvania"]]  # max_parts in all, with no group
    assert capped["unasked"] == ["What is the capital of Grand Fenwick?"]  # kept, so the answer names it
    again = as_node(next_parts)({**state, "expanded": [1]}, Runtime(context=Context()))
    assert again["waiting"] == []  # already asked


MANY = "Freedonia borders Sylvania, Grand Fenwick, Latveria, Ruritania and Genovia."


def test_members_that_outnumber_the_parts_left_share_them_asked_in_the_plural():
    grouped = [
        {**SUBQUESTIONS[0], "group": None},
        {**SUBQUESTIONS[1], "group": f"What are the capitals of {MEMBER}?"},
    ]
    state = a_state(subquestions=grouped, parts=[a_part(0, FIRST, [a_sentence(MANY)])])
    update = as_node(next_parts)(state, Runtime(context=Context(max_parts=4)))
    assert [(p["question"], p["members"]) for p in update["waiting"]] == [
        ("What are the capitals of Sylvania and Grand Fenwick?", ["Sylvania", "Grand Fenwick"]),
        ("What are the capitals of Latveria and Ruritania?", ["Latveria", "Ruritania"]),
        ("What is the capital of Genovia?", ["Genovia"]),
    ]
    assert update["unasked"] == [] and [p["index"] for p in update["waiting"]] == [1, 2, 3]
    # at most max_sentences (and top_k) members to a part; the members over even that are named as unasked
    tight = as_node(next_parts)(state, Runtime(context=Context(max_parts=2, max_sentences=2)))
    assert [p["members"] for p in tight["waiting"]] == [["Sylvania", "Grand Fenwick"]]
    assert tight["unasked"] == [f"What is the capital of {m}?" for m in ("Latveria", "Ruritania", "Genovia")]


def test_an_answer_that_verified_nothing_names_no_member():
    unverified = a_part(0, FIRST, [a_sentence(BORDERS, verified_by="none")])
    update = as_node(next_parts)(
        a_state(subquestions=SUBQUESTIONS, parts=[unverified]), Runtime(context=Context())
    )
    assert update["waiting"] == [] and update["expanded"] == [1]


CHAIN: list[dict[str, object]] = [
    {"question": FIRST, "depends_on": None, "group": None},
    {"question": f"What is the capital of {MEMBER}?", "depends_on": 0, "group": None},
    {"question": f"Who is the mayor of {MEMBER}?", "depends_on": 1, "group": None},
]


def a_capital(index: int, country: str, sentence: str):
    """A second-hop part of CHAIN (its sub-question 1) about ``country``, answered by ``sentence``."""
    question = f"What is the capital of {country}?"
    return a_part(index, question, [a_sentence(sentence)], depends_on=0, members=[country], origin=1)


def test_a_third_hop_is_asked_for_the_name_each_second_hop_part_gave():
    first = a_part(0, FIRST, [a_sentence(BORDERS)])
    state = a_state(subquestions=CHAIN, parts=[first])
    second = as_node(next_parts)(state, Runtime(context=Context()))
    assert [(p["question"], p["origin"]) for p in second["waiting"]] == [
        ("What is the capital of Sylvania?", 1),
        ("What is the capital of Grand Fenwick?", 1),
    ]
    assert second["expanded"] == [1]  # the third hop waits until the second is answered
    answered = [
        first,
        a_capital(1, "Sylvania", "The capital of Sylvania is Kronstadt."),
        a_capital(2, "Grand Fenwick", "Its capital is Dulcinea."),
    ]
    third = as_node(next_parts)({**state, "parts": answered, "expanded": [1]}, Runtime(context=Context()))
    assert [(p["question"], p["depends_on"], p["origin"]) for p in third["waiting"]] == [
        ("Who is the mayor of Kronstadt?", 1, 2),
        ("Who is the mayor of Dulcinea?", 2, 2),
    ]
    assert [p["index"] for p in third["waiting"]] == [3, 4] and third["expanded"] == [1, 2]


def test_a_second_hop_leaves_room_under_max_parts_for_the_third():
    grouped = [{**CHAIN[0]}, {**CHAIN[1], "group": f"What are the capitals of {MEMBER}?"}, {**CHAIN[2]}]
    state = a_state(subquestions=grouped, parts=[a_part(0, FIRST, [a_sentence(MANY)])])
    update = as_node(next_parts)(state, Runtime(context=Context(max_parts=5)))
    # four parts left: two for the capitals (five members in the plural), two kept for the mayors
    assert [p["members"] for p in update["waiting"]] == [
        ["Sylvania", "Grand Fenwick", "Latveria"],
        ["Ruritania", "Genovia"],
    ]
    assert update["unasked"] == []
