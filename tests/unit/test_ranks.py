"""plans.ranks: a ranking read from the question, and the sentence of a document that states its own rank."""

from __future__ import annotations

from dataclasses import replace

import pytest

from verirag.plans.ranks import Ranking, listed_ranks, query, ranked_before, ranking, states_rank
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


def test_the_kind_a_lead_says_its_subject_is_names_it_where_the_lead_does():
    west = Ranking(3, "most populous", "city", (), "in western China", "")
    xian = (
        "Xi'an is the capital of Shaanxi. A sub-provincial city on the Guanzhong plain, the city is the "
        "third-most populous city in Western China after Chongqing and Chengdu."
    )
    assert states_rank(west, 3, "Xi'an", xian)  # "A … city …, the city": the sentence says what it is
    assert [m for _, m, _ in ranked_before(west, "Xi'an", xian)] == ["Chongqing", "Chengdu"]
    nantes = "Nantes is a city in Loire-Atlantique. The city is the sixth largest city in the world."
    assert states_rank(CITIES, 6, "Nantes", nantes)  # the first sentence says it is a city
    # a lead whose subject is of another kind: "the city" is another one, its capital
    nigeria = (
        "Nigeria is a country in West Africa, and its largest city is Lagos. The city is the third largest "
        "city in the world."
    )
    assert states_rank(CITIES, 3, "Nigeria", nigeria) == ""


def test_a_size_ranks_by_size_where_the_question_measures_by_one_and_not_by_people():
    people = Ranking(5, "largest", "country", (), "in the world", "population")
    russia = "Russia is a country. It is the largest country in the world, spanning eleven time zones."
    assert states_rank(people, 1, "Russia", russia) == ""  # its area, no rank by population
    assert states_rank(replace(people, by="area"), 1, "Russia", russia)
    moons = Ranking(5, "largest", "moon", (), "of Jupiter", "diameter")
    assert states_rank(moons, 1, "Ganymede", "Ganymede is the largest moon of Jupiter.")


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


def test_a_ranking_asked_in_other_forms_is_read_as_the_same_ranking():
    turkey = Ranking(3, "largest", "city", (), "of Turkey", "")
    assert ranking("Which are the Turkeys 3 biggest cities?") == turkey  # an owner, its apostrophe lost
    assert ranking("Which are the Turkey's three biggest cities?") == replace(turkey, count=3)
    provinces = Ranking(3, "most populous", "province", (), "of China", "")
    assert ranking("Which three provinces of China have the largest populations?") == provinces
    assert ranking("Which are the three provinces of China with the biggest population?") == provinces
    assert ranking("Which are the top five most-populated countries?") == Ranking(
        5, "most populous", "country", (), "", ""
    )


ROMAN = Ranking(3, "", "emperor", ("Roman",), "", "")
MING = Ranking(3, "", "emperor", (), "of the Ming dynasty", "")
RASHIDUN = Ranking(3, "", "caliph", (), "of the Rashidun Caliphate", "")


def test_an_order_is_a_ranking_with_no_superlative_read_from_each_members_position():
    assert ranking("Which are the first three Roman emperors?") == ROMAN
    assert ranking("Which are the Ming dynasty's first three emperors?") == replace(
        MING, scope="of Ming dynasty"
    )
    assert ranking("Which are the first three emperors?") is None  # an order of nothing named
    assert query(ROMAN, 1) == "the first Roman emperor"  # its first rank said, and no "in the world"
    assert query(MING, 2) == "the second emperor of the Ming dynasty"
    # the member's time may follow its position; "founding" is the first; a realm's name before the noun
    assert states_rank(
        ROMAN, 2, "Tiberius", "Tiberius was the second Roman emperor from AD 14 until his death."
    )
    assert states_rank(ROMAN, 1, "Augustus", "Augustus was the founder of Rome and the first Roman emperor.")
    hongwu = "The Hongwu Emperor was the founding emperor of the Ming dynasty of China, reigning from 1368."
    assert states_rank(MING, 1, "Hongwu Emperor", hongwu)
    assert states_rank(RASHIDUN, 2, "Umar", "Umar was the second Rashidun caliph, ruling from 634.")
    abu_bakr = "Abu Bakr was a companion. He served as the first caliph of the Rashidun Caliphate."
    assert states_rank(RASHIDUN, 1, "Abu Bakr", abu_bakr)
    for title, text in (
        ("Adams", "Adams was the second vice emperor under Augustus."),  # another office
        ("Macrinus", "Macrinus was the first Roman emperor of the equestrian order."),  # another scope
        ("Gordian", "Gordian was the twenty-first Roman emperor."),  # a compound ordinal
        ("Philip", "Philip was the first Roman emperor to convert."),  # an order of something else
        ("Domitian", "Domitian was the third emperor of the Flavian dynasty."),
    ):
        assert not any(states_rank(ROMAN, rank, title, text) for rank in (1, 2, 3)), text
    assert not states_rank(MING, 3, "Yongle", "Yongle was the third emperor of the Ming dynasty to die.")


def test_a_peopled_place_is_largest_where_it_is_most_populous_and_by_population():
    turkey = Ranking(3, "largest", "city", (), "of Turkey", "")
    izmir = "İzmir is the third most populous city in Turkey, after Istanbul and Ankara."
    assert states_rank(turkey, 3, "İzmir", izmir)
    assert [n for _, n, _ in ranked_before(turkey, "İzmir", izmir)] == ["Istanbul", "Ankara"]
    assert states_rank(turkey, 2, "Ankara", "Ankara is Turkey's second-largest city by population.")
    # "and" before the rank is no ordinal ("second", "22nd"): the capital and largest city is the first
    assert states_rank(turkey, 1, "Istanbul", "Istanbul is the capital and most populous city of Turkey.")
    countries = Ranking(3, "largest", "country", (), "in Africa", "")  # a country's size is its area
    assert not states_rank(countries, 1, "Nigeria", "Nigeria is the most populous country in Africa.")


def test_a_rank_held_in_two_scopes_and_a_member_named_with_what_it_is_still_rank():
    caribbean = Ranking(3, "largest", "island", (), "of the Caribbean", "")
    jamaica = (
        "It is the third-largest island in the Greater Antilles and the Caribbean, after Cuba and the island"
        " of Hispaniola."
    )
    assert states_rank(caribbean, 3, "Jamaica", jamaica)
    assert [n for _, n, _ in ranked_before(caribbean, "Jamaica", jamaica)] == ["Cuba", "Hispaniola"]
    capital = "It is the third-largest island of the Caribbean, after Cuba and the capital of Haiti."
    assert ranked_before(caribbean, "Jamaica", capital) == []  # "the capital of Haiti" is no island


def test_a_modifier_asked_must_be_stated_and_a_past_rank_is_no_present_one():
    eu = ranking("Which three EU countries have the biggest populations?")
    assert eu is not None and eu.modifiers == ("EU",)
    assert not states_rank(eu, 1, "India", "India is the world's most populous country.")
    populous = Ranking(3, "most populous", "country", (), "in the world", "")
    soviet = "It was the world's third-most populous country, the largest by area."
    assert not states_rank(populous, 3, "Soviet Union", soviet)
    cities = Ranking(3, "most populous", "city", (), "in Oz", "")
    once = (
        "In 1960, Alba was the largest city in the country, and the second-most populous in Oz behind Brix."
    )
    assert not states_rank(cities, 2, "Alba", once)  # joined to a past rank: held then
    now = "Alba was founded in 1850 and is the largest city in the land, and the second-most populous in Oz."
    assert states_rank(cities, 2, "Alba", now)
    empires = Ranking(3, "largest", "empire", (), "in history", "")
    assert states_rank(empires, 1, "British Empire", "The British Empire was the largest empire in history.")


def test_a_ranking_asked_members_first_or_by_people_or_with_a_capital_is_read():
    africa = Ranking(4, "longest", "river", (), "in Africa", "")
    assert ranking("Which four rivers in Africa are the longest?") == africa
    assert ranking("Which rivers in Africa are the four longest?") == africa
    assert ranking("Which are the Longest four rivers in Africa?") == africa  # capitalised by the planner
    people = Ranking(2, "most populous", "state", ("German",), "", "")
    assert ranking("Which 2 German states have the most people?") == people
    assert ranking("Which two German states are home to the most inhabitants?") == people
    qin = Ranking(2, "", "emperor", (), "of Qin dynasty", "")
    assert ranking("Which are the Qin dynasty first 2 emperors?") == qin  # an owner with no "'s"
    assert ranking("Which are the first 3 Qing emperors in order?") == Ranking(
        3, "", "emperor", ("Qing",), "", ""
    )


def test_an_order_read_through_a_relative_clause_a_second_title_and_a_realm_after_the_noun():
    korea = Ranking(3, "", "president", (), "of South Korea", "")
    rhee = "Rhee was a South Korean politician who served as the first president of South Korea from 1948."
    assert states_rank(korea, 1, "Rhee", rhee)  # the subject's own relative clause
    son = "Kim was the son of a farmer who served as the first president of South Korea."
    assert not states_rank(korea, 1, "Kim", son)  # another's
    park = "Park was the second and longest-serving president of South Korea from 1962 to 1979."
    assert states_rank(korea, 2, "Park", park)
    qing = Ranking(3, "", "emperor", ("Qing",), "", "")
    assert states_rank(qing, 3, "Kangxi", "Kangxi was the third emperor of the Qing dynasty.")
    assert not states_rank(qing, 3, "Kangxi", "Kangxi was the third emperor of the Ming dynasty.")


def test_a_rank_with_no_noun_takes_the_noun_of_the_rank_before_it():
    europe = Ranking(3, "largest", "island", (), "of Europe", "")
    ireland = "Ireland is the second-largest island of the British Isles, the third-largest in Europe."
    assert states_rank(europe, 3, "Ireland", ireland)
    populous = Ranking(4, "most populous", "country", (), "in the world", "")
    maharashtra = (
        "Maharashtra is the third-most populous country subdivision in South Asia, and the fourth-most"
        " populous in the world."
    )
    assert not states_rank(populous, 4, "Maharashtra", maharashtra)  # a subdivision, not a country


def test_a_modifier_that_names_a_place_is_the_scope_where_the_sentence_names_the_place():
    central = Ranking(3, "most populous", "country", ("Central", "American"), "", "")
    nicaragua = "It is the third-most populous country in Central America after Guatemala and Honduras."
    assert states_rank(central, 3, "Nicaragua", nicaragua)
    assert [n for _, n, _ in ranked_before(central, "Nicaragua", nicaragua)] == ["Guatemala", "Honduras"]
    assert not states_rank(central, 3, "Chad", "It is the third-most populous country in Africa.")
    iraq = Ranking(3, "largest", "city", (), "of Iraq", "")  # "overall" ends a scope
    assert states_rank(iraq, 2, "Mosul", "It is the second largest city in Iraq overall after Baghdad.")


PRESIDENTS = Ranking(3, "", "president", (), "of the United States", "")


@pytest.mark.parametrize(
    ("ranked", "rank", "title", "text"),
    [
        # a rank in an apposition to another name: that one's rank, not the subject's
        (
            PRESIDENTS,
            2,
            "Abigail Adams",
            "Abigail Adams was the wife of John Adams, the second president of the United States.",
        ),
        # an order after its noun and scope goes on to another order: after, from, in some years
        (ROMAN, 1, "Galba", "Galba was the first Roman emperor after Nero."),
        (ROMAN, 1, "Severus", "Severus was the first Roman emperor from Africa."),
        (
            PRESIDENTS,
            1,
            "Kennedy",
            "Kennedy was the first president of the United States in 20 years to die.",
        ),
        (
            Ranking(2, "", "president", (), "of France", ""),
            1,
            "de Gaulle",
            "De Gaulle was the first president of France of the Fifth Republic.",
        ),
        # a realm's name before the noun places an order, not a superlative ("outside Italy")
        (
            Ranking(3, "largest", "city", (), "of the Roman Empire", ""),
            1,
            "Trier",
            "Trier is the largest Roman city.",
        ),
        # a peopled place's size asked by area, or the most populous asked and an area stated
        (
            Ranking(3, "largest", "city", (), "in the world", "area"),
            1,
            "Tokyo",
            "Tokyo is the most populous city in the world.",
        ),
        (
            Ranking(3, "most populous", "city", (), "in the United States", ""),
            2,
            "Juneau",
            "Juneau is the second-largest city in the United States by area.",
        ),
        # a demonym's place with more to its name: "American" is not "North America"
        (
            Ranking(3, "largest", "city", ("American",), "", ""),
            1,
            "Mexico City",
            "It is the largest city in North America.",
        ),
        (ROMAN, 1, "Otto I", "Otto I was the first emperor of the Holy Roman Empire."),
        # another's relative clause, or one with no "as"
        (
            Ranking(3, "", "president", (), "of South Korea", ""),
            1,
            "Kim",
            "Kim was an aide to a general who served as the first president of South Korea.",
        ),
        (
            Ranking(3, "", "president", (), "of South Korea", ""),
            1,
            "Kim",
            "Kim was a guard who served the first president of South Korea.",
        ),
        # a rank joined by "and" to an ordinal's, or to a share
        (
            Ranking(3, "largest", "city", (), "of Turkey", ""),
            1,
            "Ankara",
            "Ankara is the second largest and most populous city in Turkey after Istanbul.",
        ),
        (
            Ranking(3, "largest", "city", (), "of Turkey", ""),
            1,
            "Bursa",
            "Bursa is one of the oldest and largest cities in Turkey.",
        ),
    ],
)
def test_a_rank_held_by_another_or_in_another_order_or_measure_gives_no_member(ranked, rank, title, text):
    assert states_rank(ranked, rank, title, text) == ""


def test_ranks_listed_after_a_comma_and_joined_by_and_still_rank():
    canada = Ranking(3, "largest", "city", (), "of Canada", "")
    montreal = "Montreal is the largest city in the province of Quebec, the second-largest in Canada."
    assert states_rank(canada, 2, "Montreal", montreal)
    turkey = Ranking(3, "largest", "city", (), "of Turkey", "")
    assert states_rank(turkey, 1, "Bursa", "Bursa is the oldest and largest city in Turkey.")
    baltic = Ranking(3, "largest", "island", (), "of Europe", "")
    assert states_rank(
        baltic, 2, "Gotland", "Gotland is the second-largest island in the Baltic Sea and Europe."
    )


def test_a_question_of_another_measure_or_with_a_clause_is_no_ranking_of_people_or_a_wrong_one():
    assert ranking("Which are the five countries with the highest population density?") is None
    assert ranking("Which three countries did Napoleon invade that are the largest?") is None
    assert ranking("Which are the three least populated countries?") == Ranking(
        3, "least populous", "country", (), "", ""
    )
    assert ranking("Which are the Ming dynasty's first three emperors, in order?") == Ranking(
        3, "", "emperor", (), "of Ming dynasty", ""
    )


@pytest.mark.parametrize(
    ("text", "members"),
    [
        (
            "Ozma is Oz's capital and largest city, followed by Alba, Brix, and Corda.",
            ["Ozma", "Alba", "Brix", "Corda"],
        ),
        ("Its most populous city is Ozma, followed by Alba.", ["Ozma", "Alba"]),
        (
            "The capital, Ozma, is the largest Ozian city, followed by Alba and Brix.",
            ["Ozma", "Alba", "Brix"],
        ),
        ("Ozma is the largest city in the country, followed by Alba and Brix.", ["Ozma", "Alba", "Brix"]),
    ],
)
def test_a_ranking_the_scopes_own_lead_lists_whole_gives_each_rank_in_order(text, members):
    r = ranking("Which are the three largest cities of Oz?")
    assert r is not None
    assert [(rank, name) for rank, name, _ in listed_ranks(r, "Oz", text)] == list(enumerate(members, 1))


@pytest.mark.parametrize(
    ("title", "text"),
    [
        ("Oz", "Ozma was the largest city, followed by Alba and Brix."),  # a rank held once
        ("Oz", "Ozma is the second-largest city, followed by Alba and Brix."),  # not the first
        ("Oz", "Ozma is the largest port city, followed by Alba and Brix."),  # another ranking
        ("Oz", "Ozma is the largest city in the north, followed by Alba and Brix."),  # another scope
        ("Ozma", "Ozma is the largest city of Oz, followed by Alba and Brix."),  # not the scope's own lead
    ],
)
def test_a_listed_ranking_of_another_time_rank_kind_scope_or_lead_gives_none(title, text):
    r = ranking("Which are the three largest cities of Oz?")
    assert r is not None
    assert listed_ranks(r, title, text) == []
