"""plans.ranks: a ranking read from the question, and the sentence of a document that states its own rank."""

from __future__ import annotations

import pytest

from verirag.plans.ranks import Ranking, query, ranked_before, ranking, states_rank
from verirag.verify.lexicon import title_subject

ISLANDS = Ranking(4, "largest", "island", (), "in the world", "")
AFRICA = Ranking(3, "largest", "country", (), "in Africa", "area")
CITIES = Ranking(3, "largest", "city", (), "in the world", "")
RIVERS = Ranking(3, "longest", "river", (), "in Africa", "")


def test_a_ranking_question_gives_its_count_superlative_noun_scope_and_measure():
    assert (
        ranking("Which are the four biggest islands in the world?") == ISLANDS
    )  # "biggest" as leads write it
    assert ranking("Which are the three largest countries in Africa by area?") == AFRICA
    assert ranking("Which are the top 5 most populous cities in India?") == Ranking(
        5, "most populous", "city", (), "in India", ""
    )
    # the count after the superlative; a noun that is one or many ("species")
    assert ranking("Which are the biggest two deer species?") == Ranking(
        2, "largest", "species", ("deer",), "", ""
    )
    for plain in (
        "Which are the G7 countries?",
        "Which are the largest islands?",
        "Which is the largest island?",
    ):
        assert ranking(plain) is None  # no count of ranks: not a ranking to read one rank at a time
    assert query(ISLANDS, 1) == "the largest island in the world"
    assert query(AFRICA, 3) == "the third largest country in Africa by area"


@pytest.mark.parametrize(
    ("rank", "title", "text"),
    [
        (
            1,
            "Greenland",
            "Greenland is a territory of Denmark. It is the world's largest island and lies north.",
        ),
        (2, "New Guinea", "New Guinea is the world's second-largest island, with an area of 785,753 km2."),
        (3, "Borneo", "Borneo is the third-largest island in the world, with an area of 748,168 km2."),
        (
            4,
            "Madagascar",
            "Lying off Africa, it is the world's fourth-largest island, the second-largest island country.",
        ),
    ],
)
def test_a_document_that_states_its_own_rank_in_the_scope_gives_the_member(rank, title, text):
    assert states_rank(ISLANDS, rank, title, text)
    assert not states_rank(ISLANDS, rank + 1, title, text)  # its own rank only


@pytest.mark.parametrize(
    ("ranked", "rank", "title", "text"),
    [
        # another ranking than the one asked: a modifier, another noun after the head, another measure
        (
            ISLANDS,
            2,
            "Alexander Island",
            "Alexander Island is the second-largest uninhabited island in the world.",
        ),
        (ISLANDS, 1, "Puncak Jaya", "Puncak Jaya is the largest mountain island of an atoll on Earth."),
        (AFRICA, 1, "Nigeria", "Nigeria is the largest country in Africa by population."),
        # another scope: a region, or a scope only later in the sentence
        (AFRICA, 2, "Ghana", "Ghana is the second-largest country in West Africa."),
        (
            ISLANDS,
            1,
            "Honshu",
            "Honshu is the largest island of Japan, and the seventh-largest in the world.",
        ),
        # not a first rank: a share, a count, a compound ordinal
        (ISLANDS, 1, "Java", "Java is one of the largest islands in the world."),
        (ISLANDS, 1, "Nepal", "Nepal has eight of the world's ten largest islands."),
        (ISLANDS, 1, "Agra", "Agra is the twenty-third largest island in the world."),
        # another subject ranked, or the rank denied
        (
            ISLANDS,
            2,
            "Karakoram",
            "The Karakoram holds isles, the largest of which is K2, the second-largest island in the world.",
        ),
        (ISLANDS, 1, "Atlantis", "Atlantis is not the largest island in the world."),
        (
            RIVERS,
            2,
            "Lake Mweru",
            "Lake Mweru is a lake on the longest arm of Africa's second-longest river.",
        ),
        # a ranking within something the scope does not end: a time, a condition, a part of the place
        (CITIES, 1, "London", "London grew fast, becoming the world's largest city at the time."),
        (CITIES, 1, "Baku", "Baku is the largest city in the world below sea level."),
        (AFRICA, 2, "Kano", "Kano is the second-largest country in Africa's western interior."),
        (
            CITIES,
            2,
            "Vizag",
            "Vizag is the second largest city on the east coast of the world after Chennai.",
        ),
        (CITIES, 1, "Moscow", "Moscow is among the world's largest cities."),
    ],
)
def test_a_sentence_that_ranks_something_else_or_elsewhere_gives_no_member(ranked, rank, title, text):
    assert states_rank(ranked, rank, title, text) == ""


def test_the_member_is_the_title_less_its_disambiguation():
    assert title_subject("Titan (moon)") == "Titan" and title_subject("Borneo") == "Borneo"


MEDITERRANEAN = Ranking(3, "largest", "island", (), "of Mediterranean", "")
EUROPE = Ranking(3, "longest", "river", (), "of Europe", "")


def test_a_lower_rank_names_the_members_ranked_before_it():
    crete = (
        "Crete is the largest island of Greece, the 89th largest island in the world, and the fifth largest"
        " island in the Mediterranean Sea, after Sicily, Sardinia, Cyprus, and Corsica."
    )
    assert [(rank, name) for rank, name, _ in ranked_before(MEDITERRANEAN, "Crete", crete)] == [
        (1, "Sicily"),
        (2, "Sardinia"),
        (3, "Cyprus"),
        (4, "Corsica"),
    ]  # every rank before the subject's own; the caller keeps those it asks for
    dnieper = "It is the fourth-longest river in Europe, after the Volga, Danube, and Ural rivers."
    assert [name for _, name, _ in ranked_before(EUROPE, "Dnieper", dnieper)] == [
        "the Volga River",
        "Danube River",
        "Ural River",
    ]  # the ranked noun after the list belongs to each name
    titan = "It is the second-largest moon in the Solar System after Jupiter's Ganymede."
    moons = Ranking(2, "largest", "moon", (), "in the Solar System", "")
    assert [name for _, name, _ in ranked_before(moons, "Titan (moon)", titan)] == [
        "Ganymede"
    ]  # not its owner
    k2 = "K2 is the second-highest mountain on Earth, after Mount Everest at 8,849 metres."
    assert ranked_before(Ranking(2, "highest", "mountain", (), "", ""), "K2", k2)[0][:2] == (
        1,
        "Mount Everest",
    )


@pytest.mark.parametrize(
    ("ranked", "title", "text"),
    [
        # the list names fewer ranks than come before the subject's own
        (
            EUROPE,
            "Carpathians",
            "The Carpathians are the third-longest river in Europe after the Urals at 2,500 km and the Alps.",
        ),
        (EUROPE, "Prut", "The Prut is the third-longest river in Europe, after the Volga."),
        # another scope, or the subject's own first rank
        (EUROPE, "Oka", "The Oka is the second-longest river in Russia, after the Volga."),
        (EUROPE, "Volga", "The Volga is the longest river in Europe, after none."),
        # the list belongs to another clause than the rank's
        (
            EUROPE,
            "Kama",
            "The Kama is the second-longest river in Europe, and the largest in Russia after the Volga.",
        ),
        # the list runs on into words that are no end of it
        (
            EUROPE,
            "Kama",
            "The Kama is the second-longest river in Europe after the Volga basin rivers today.",
        ),
    ],
)
def test_a_list_that_does_not_name_every_rank_before_in_the_scope_names_none(ranked, title, text):
    assert ranked_before(ranked, title, text) == []


def test_a_scope_written_out_with_what_it_is_and_a_rank_held_with_another_still_rank():
    sicily = (
        "With 4.7 million people, it is both the largest and most populous island in the Mediterranean Sea."
    )
    assert states_rank(MEDITERRANEAN, 1, "Sicily", sicily)
    assert not states_rank(
        MEDITERRANEAN, 1, "Sicily", "It is the largest island in the Mediterranean Sea's eastern half."
    )
