"""A set question's claim of one member, checked against documents before the member is asked about."""

from __future__ import annotations

import pytest

from verirag.plans.membership import claim


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("Which are the Baltic states?", "Estonia is one of the Baltic states."),
        ("Which are China's municipalities?", "Estonia is one of China's municipalities."),
        ("Who were the Romantic poets?", "Estonia was one of the Romantic poets."),
        ("What cities make up Keihanshin?", "Estonia is one of the cities that make up Keihanshin."),
        (
            "Which countries does the Niger River flow through?",
            "Estonia is one of the countries that the Niger River does flow through.",
        ),
        ("Who shared the 1903 Nobel Prize?", "Estonia shared the 1903 Nobel Prize."),
        ("The Orange River runs along which countries?", "The Orange River runs along Estonia."),
    ],
)
def test_a_set_question_states_its_member(question, said):
    assert claim(question, "Estonia") == said


@pytest.mark.parametrize(
    "question",
    [
        "What is the population of China?",  # one thing's attribute, no set
        "Who is the director of Psycho?",
        "Which country was Sibelius from?",
        "Which countries does the river flow through?",  # a helper with no named subject to move it after
    ],
)
def test_a_question_no_form_reads_gives_no_claim(question):
    assert claim(question, "Estonia") is None
