"""The planning rules (verirag/plans/): which questions have several parts and which sub-questions they
split into, the members a verified answer names, a question as a clause of the refusal. No model call."""

from __future__ import annotations

import pytest

from verirag.plans import (
    MEMBER,
    SubQuestion,
    from_reply,
    groups,
    hops,
    indirect,
    members,
    plan,
    valid,
    verified_members,
)
from verirag.plans.phrases import plain_verb


@pytest.mark.parametrize(
    "question, parts",
    [
        (
            'Who wrote "Alpha Tale", "Beta Song" and "Gamma Poem"?',
            ["Who wrote Alpha Tale?", "Who wrote Beta Song?", "Who wrote Gamma Poem?"],
        ),
        (  # a title between commas may hold words in lower case after its first
            "Who composed Alba, La nave, La sera and The Magic Lamp?",
            [
                "Who composed Alba?",
                "Who composed La nave?",
                "Who composed La sera?",
                "Who composed The Magic Lamp?",
            ],
        ),
        (  # common nouns listed as the subject after the auxiliary, made to agree; plurals kept plural
            "what are rum, gin, mead and whisky made from?",
            [
                "What is rum made from?",
                "What is gin made from?",
                "What is mead made from?",
                "What is whisky made from?",
            ],
        ),
        (
            "Why are cats, dogs and horses kept?",
            ["Why are cats kept?", "Why are dogs kept?", "Why are horses kept?"],
        ),
        (  # "respectively" pairs answers with members: each part asks of one member, without it
            "Who founded Alba, Brix and Cora respectively?",
            ["Who founded Alba?", "Who founded Brix?", "Who founded Cora?"],
        ),
        (
            "Who founded Alba, the Brix Company and the Song dynasty?",
            ["Who founded Alba?", "Who founded the Brix Company?", "Who founded the Song dynasty?"],
        ),
        (
            "Of which countries are Harare, Tashkent and Stockholm the capitals?",
            [
                "Of which country is Harare the capital?",
                "Of which country is Tashkent the capital?",
                "Of which country is Stockholm the capital?",
            ],
        ),
        ('Where are "Alba", "Brix" and "Corda"?', ["Where is Alba?", "Where is Brix?", "Where is Corda?"]),
        (  # a head the members share, each one's own
            "When did the Alban, Brixian and Cordan wars end?",
            ["When did the Alban war end?", "When did the Brixian war end?", "When did the Cordan war end?"],
        ),
        (
            "How deep are the Alba, Brix and Corda lakes?",
            ["How deep is the Alba lake?", "How deep is the Brix lake?", "How deep is the Corda lake?"],
        ),
        (
            "What are the official languages of Canada, Belgium and Switzerland?",
            [
                "What are the official languages of Canada?",
                "What are the official languages of Belgium?",
                "What are the official languages of Switzerland?",
            ],
        ),
        (  # a list introduced as such: the member stands in for "each of the following <noun>:"
            "Identify the longest river in each of the following regions: Alba, Brix, and Corda as of 1990.",
            [
                "Identify the longest river in Alba as of 1990.",
                "Identify the longest river in Brix as of 1990.",
                "Identify the longest river in Corda as of 1990.",
            ],
        ),
        (  # the enumeration is the subject: the verb after it is asked of each member, agreeing with one
            "When were Alba, Brix and Corda founded?",
            ["When was Alba founded?", "When was Brix founded?", "When was Corda founded?"],
        ),
        (  # an attribute written as an acronym is no member, and "North and South" share one name
            "What is the GDP of Alba, North and South Brix, and the Corda?",
            [
                "What is the GDP of Alba?",
                "What is the GDP of North Brix?",
                "What is the GDP of South Brix?",
                "What is the GDP of the Corda?",
            ],
        ),
        (
            "How many employees do Alba, Brix and Corda Holdings have?",
            [
                "How many employees does Alba have?",
                "How many employees does Brix have?",
                "How many employees does Corda Holdings have?",
            ],
        ),
    ],
)
def test_an_enumeration_is_asked_once_per_member(question, parts):
    assert plan(question) == [SubQuestion(p) for p in parts]


@pytest.mark.parametrize(
    "question, first, then, group",
    [
        (
            "What are the capitals of the countries that border Freedonia?",
            "Which countries border Freedonia?",
            f"What is the capital of {MEMBER}?",
            f"What are the capitals of {MEMBER}?",
        ),
        (
            "Who are the lead vocalists for the five bands with the most album sales in rock history?",
            "Which are the five bands with the most album sales in rock history?",
            f"Who is the lead vocalist of {MEMBER}?",
            f"Who are the lead vocalists of {MEMBER}?",
        ),
        (
            "What are the capital cities of the seven largest islands in the world?",
            "Which are the seven largest islands in the world?",
            f"What is the capital city of {MEMBER}?",
            f"What are the capital cities of {MEMBER}?",
        ),
        (
            "Who were the founders of the companies that make up the Dow?",
            "Which companies make up the Dow?",
            f"Who was the founder of {MEMBER}?",  # in the question's tense
            f"Who were the founders of {MEMBER}?",
        ),
        (  # a category plural: its members are what the phrase after "of" says
            "What are the anthems of the countries of the Andean Community?",
            "Which are the countries of the Andean Community?",
            f"What is the anthem of {MEMBER}?",
            f"What are the anthems of {MEMBER}?",
        ),
        (  # a plural after a count or ranking, even a capitalised one
            "What are the depths of the five Great Lakes?",
            "Which are the five Great Lakes?",
            f"What is the depth of {MEMBER}?",
            f"What are the depths of {MEMBER}?",
        ),
        (  # a participle inside the ranking does not end the phrase
            "What were the mayors of the 3 most populated Nordic cities, in 1990?",
            "Which are the 3 most populated Nordic cities, in 1990?",
            f"What was the mayor of {MEMBER}?",
            f"What were the mayors of {MEMBER}?",
        ),
    ],
)
def test_an_attribute_of_a_described_set_is_two_hops(question, first, then, group):
    assert plan(question) == [SubQuestion(first), SubQuestion(then, depends_on=0, group=group)]
    assert plan(question, max_hops=1) == [SubQuestion(question)]  # no second hop allowed: one part


def test_an_attribute_of_an_attribute_of_a_described_set_is_three_hops():
    question = "Who are the mayors of the capitals of the five largest countries by area?"
    assert plan(question) == [
        SubQuestion("Which are the five largest countries by area?"),
        SubQuestion(f"What is the capital of {MEMBER}?", 0, f"What are the capitals of {MEMBER}?"),
        SubQuestion(f"Who is the mayor of {MEMBER}?", 1, f"Who are the mayors of {MEMBER}?"),
    ]
    assert hops(plan(question)) == 3
    assert plan(question, max_hops=2) == [  # two hops allowed: the capitals asked for as one set
        SubQuestion("Which are the capitals of the five largest countries by area?"),
        SubQuestion(f"Who is the mayor of {MEMBER}?", 0, f"Who are the mayors of {MEMBER}?"),
    ]


@pytest.mark.parametrize(
    "question, parts",
    [
        (  # "is" before a counted set, the attribute's qualifiers kept with it
            "What was the population in 1950 of the five largest cities in Freedonia?",
            [
                "Which are the five largest cities in Freedonia?",
                f"What was the population in 1950 of {MEMBER}?",
            ],
        ),
        (
            "What is the land area (in square miles) of the top five countries by population?",
            [
                "Which are the top five countries by population?",
                f"What is the land area (in square miles) of {MEMBER}?",
            ],
        ),
        (
            "What is the largest city in each of the Nordic countries?",
            ["Which are the Nordic countries?", f"What is the largest city in {MEMBER}?"],
        ),
        (  # two attributes: one part each
            "What are the capitals and populations of the five largest countries by area?",
            [
                "Which are the five largest countries by area?",
                f"What is the capital of {MEMBER}?",
                f"What is the population of {MEMBER}?",
            ],
        ),
        (  # a set asked for, then something of each member
            "What are the five largest countries by population and what are their capitals?",
            ["Which are the five largest countries by population?", f"What is the capital of {MEMBER}?"],
        ),
        (
            "List the five most spoken languages and their countries of origin.",
            ["Which are the five most spoken languages?", f"What is the country of origin of {MEMBER}?"],
        ),
        (
            "Who are the top 5 oil producers and what is the GDP of each?",
            ["Which are the top 5 oil producers?", f"What is the GDP of {MEMBER}?"],
        ),
        (
            "What are the top 5 brands of 2020, and when were they founded?",
            ["Which are the top 5 brands of 2020?", f"When was {MEMBER} founded?"],
        ),
        (
            "What are the 5 largest cities and what country are they in?",
            ["Which are the 5 largest cities?", f"What country is {MEMBER} in?"],
        ),
        (  # a unit of measure is the attribute's, not the set's
            "What are the heights of the three tallest towers of Freedonia in meters?",
            [
                "Which are the three tallest towers of Freedonia?",
                f"What is the height of {MEMBER} in meters?",
            ],
        ),
        (
            "What is the area of the four largest lakes of Sylvania in thousand square kilometers?",
            [
                "Which are the four largest lakes of Sylvania?",
                f"What is the area of {MEMBER} in thousand square kilometers?",
            ],
        ),
        (  # a place or a year after the set is the set's own
            "What are the capitals of the five largest countries in Europe?",
            ["Which are the five largest countries in Europe?", f"What is the capital of {MEMBER}?"],
        ),
        (
            "What were the populations of the three largest cities of Freedonia in 1990?",
            [
                "Which are the three largest cities of Freedonia in 1990?",
                f"What was the population of {MEMBER}?",
            ],
        ),
        # what is asked of "they", "them", "their ..." or "these <noun>", asked of one member
        (
            "What are the 5 largest cities of Freedonia and what time zones are they in?",
            ["Which are the 5 largest cities of Freedonia?", f"What time zone is {MEMBER} in?"],
        ),
        (
            "Name the three tallest towers of Sylvania and the cities they stand in.",
            ["Which are the three tallest towers of Sylvania?", f"What are the cities {MEMBER} stands in?"],
        ),
        (
            "Identify the four largest lakes of Sylvania and the largest river they each drain into.",
            [
                "Which are the four largest lakes of Sylvania?",
                f"What is the largest river {MEMBER} drains into?",
            ],
        ),
        (
            "What are the four largest lakes of Sylvania and where are their outflows?",
            ["Which are the four largest lakes of Sylvania?", f"Where is the outflow of {MEMBER}?"],
        ),
        (
            "What are the four largest lakes of Sylvania and which rivers flow into them?",
            ["Which are the four largest lakes of Sylvania?", f"Which rivers flow into {MEMBER}?"],
        ),
        (
            "Who are the top 5 scorers of the Freedonia league and how many titles did each of them win?",
            ["Which are the top 5 scorers of the Freedonia league?", f"How many titles did {MEMBER} win?"],
        ),
        (
            "What are the three largest provinces of Freedonia and what are the capitals of these provinces?",
            ["Which are the three largest provinces of Freedonia?", f"What is the capital of {MEMBER}?"],
        ),
        (
            "Who were the first five kings of Freedonia and who was each of their spouses?",
            ["Which are the first five kings of Freedonia?", f"Who was the spouse of {MEMBER}?"],
        ),
        (  # the set asked for again in a second sentence
            "Find the three longest rivers of Oz. What are these rivers and what is their length in km?",
            ["Which are the three longest rivers of Oz?", f"What is the length in km of {MEMBER}?"],
        ),
        (  # "and" inside a quoted title: no set ends there
            'Who are the main cast members in "Ice and Fire" and where were they born?',
            ['Which are the main cast members in "Ice and Fire"?', f"Where was {MEMBER} born?"],
        ),
        (  # an order to give an attribute of a set
            "Identify the capital cities of the five largest provinces of Freedonia.",
            ["Which are the five largest provinces of Freedonia?", f"What is the capital city of {MEMBER}?"],
        ),
        (  # one value made of the members' (an average, a total): each member is asked its own
            "What is the average population of the four largest cities of Oz?",
            ["Which are the four largest cities of Oz?", f"What is the population of {MEMBER}?"],
        ),
        (
            "What was the combined revenue in dollars of the three largest banks of Oz?",
            ["Which are the three largest banks of Oz?", f"What was the revenue in dollars of {MEMBER}?"],
        ),
        (  # an average with its qualifiers may be each member's own
            "What is the average temperature in January of the three largest cities of Oz?",
            [
                "Which are the three largest cities of Oz?",
                f"What is the average temperature in January of {MEMBER}?",
            ],
        ),
    ],
)
def test_an_attribute_asked_of_each_member_of_a_set_as_people_phrase_it(question, parts):
    assert [(p.question, p.depends_on) for p in plan(question)] == [
        (q, None if i == 0 else 0) for i, q in enumerate(parts)
    ]


@pytest.mark.parametrize(
    "question, parts",
    [
        (  # the set is the subject of the verb after "did" / "were" / "do": the verb asked of each member
            "Where did the five tallest players of Freedonia grow up?",
            ["Which are the five tallest players of Freedonia?", f"Where did {MEMBER} grow up?"],
        ),
        (
            "In what years were the three largest banks of Oz by market cap founded?",
            ["Which are the three largest banks of Oz by market cap?", f"In what year was {MEMBER} founded?"],
        ),
        (
            "How many children do the four richest people in Freedonia have?",
            ["Which are the four richest people in Freedonia?", f"How many children does {MEMBER} have?"],
        ),
        (
            "What colleges did the current Freedonia Court justices attend?",
            ["Which are the current Freedonia Court justices?", f"What college did {MEMBER} attend?"],
        ),
        (
            "Where was each founding member of the Freedonia Quartet born?",
            ["Which are the founding members of the Freedonia Quartet?", f"Where was {MEMBER} born?"],
        ),
        (  # "has each of the" a group by its name, or by how many it holds: the participle asked of each
            "How many titles has each of the Freedonia Beatles won?",
            ["Which are the Freedonia Beatles?", f"How many titles has {MEMBER} won?"],
        ),
        (
            "How many Grand Slam singles titles has each of the Big Three of Oz tennis won?",
            [
                "Which are the Big Three of Oz tennis?",
                f"How many Grand Slam singles titles has {MEMBER} won?",
            ],
        ),
        (  # "each" at the question's end: the question asked of one member
            "How many pages are there in each Freedonia almanac?",
            ["Which are the Freedonia almanacs?", f"How many pages are there in {MEMBER}?"],
        ),
        (
            "What is the currency of each of the five largest countries of Oz?",
            ["Which are the five largest countries of Oz?", f"What is the currency of {MEMBER}?"],
        ),
        (
            "What genre is each of the top five best-selling games of Oz?",
            ["Which are the top five best-selling games of Oz?", f"What genre is {MEMBER}?"],
        ),
        (  # "each", "each <noun>", "each <noun>'s" in a clause after the set
            "What are the five highest mountains of Oz, and what is the height of each mountain?",
            ["Which are the five highest mountains of Oz?", f"What is the height of {MEMBER}?"],
        ),
        (
            "Identify the five largest moons of Freedonia and the planet each orbits.",
            ["Which are the five largest moons of Freedonia?", f"What is the planet {MEMBER} orbits?"],
        ),
        (
            "Who were the medalists at the Freedonia Games and what is each person's height?",
            ["Which are the medalists at the Freedonia Games?", f"What is {MEMBER}'s height?"],
        ),
        (  # members that pass a test: the test asked of each one
            "Of the last five champions of Freedonia, how many were born in Oz?",
            ["Which are the last five champions of Freedonia?", f"Was {MEMBER} born in Oz?"],
        ),
        (
            "Which of the top five games of Oz does not feature combat?",
            ["Which are the top five games of Oz?", f"Does {MEMBER} not feature combat?"],
        ),
        (  # an attribute with "of" inside it; a hyphenated word is no phrase's end
            "Identify the cost of construction of the five tallest towers of Oz.",
            ["Which are the five tallest towers of Oz?", f"What is the cost of construction of {MEMBER}?"],
        ),
        (
            "What are the founding years of the free-to-air stations in Freedonia?",
            ["Which are the free-to-air stations in Freedonia?", f"What is the founding year of {MEMBER}?"],
        ),
        (  # "people" is a plural after a ranking
            "Who are the top 5 richest people of Oz and when were they born?",
            ["Which are the top 5 richest people of Oz?", f"When was {MEMBER} born?"],
        ),
        (  # an order to find a set, then a question about "they" or a test of "them"
            "Find the ten best players of Oz. How many awards have they each won?",
            ["Which are the ten best players of Oz?", f"How many awards has {MEMBER} won?"],
        ),
        (
            "Find the top 10 best selling films of Oz. Which of them are made by Acme?",
            ["Which are the top 10 best selling films of Oz?", f"Is {MEMBER} made by Acme?"],
        ),
        (  # "Which <plural> are the …", "from which …", "name their …"
            "Which countries are the founding members of the Oz League, and when are their national days?",
            ["Which are the founding members of the Oz League?", f"When is the national day of {MEMBER}?"],
        ),
        (
            "Who are the top 2 artists of Oz and in which countries did they pursue their studies?",
            [
                "Which are the top 2 artists of Oz?",
                f"In which countries did {MEMBER} pursue their studies?",
            ],
        ),
        (
            "Identify the four countries that have won the most Oz Cups and name their current captains.",
            [
                "Which are the four countries that have won the most Oz Cups?",
                f"What is the current captain of {MEMBER}?",
            ],
        ),
        (  # a naming attribute beside another is left out; the name of something else is no naming
            "What are the names and launch dates of the first five Oz missions?",
            ["Which are the first five Oz missions?", f"What is the launch date of {MEMBER}?"],
        ),
        (
            "Which are the top 4 countries of Oz and what is the name of the president of those countries?",
            ["Which are the top 4 countries of Oz?", f"What is the name of the president of {MEMBER}?"],
        ),
        (  # members picked by what they did, then a clause about them
            "Which players have scored more than 180 goals in the Oz League and where were they born?",
            ["Which players have scored more than 180 goals in the Oz League?", f"Where was {MEMBER} born?"],
        ),
        (
            "Which countries have won the Oz Cup since 2000 and who were their captains at that time?",
            [
                "Which countries have won the Oz Cup since 2000?",
                f"Who was the captain of {MEMBER} at that time?",
            ],
        ),
        (  # "is" before a named set: of each member; a unit in trillions
            "What is the GDP of the G9 countries in trillion USD?",
            ["Which are the G9 countries?", f"What is the GDP of {MEMBER} in trillion USD?"],
        ),
        (  # typed without a question mark; an acronym in the attribute
            "Who are the current CEOs of the 5 largest companies in Oz by revenue",
            ["Which are the 5 largest companies in Oz by revenue?", f"Who is the current CEO of {MEMBER}?"],
        ),
        (  # "alive" after the head; "each in minutes"
            "Who are the top 5 oldest people alive in Oz and what are their ages?",
            ["Which are the top 5 oldest people alive in Oz?", f"What is the age of {MEMBER}?"],
        ),
        (
            "What are the 5 longest films of Oz, and what is the running time of each in minutes?",
            ["Which are the 5 longest films of Oz?", f"What is the running time of {MEMBER} in minutes?"],
        ),
    ],
)
def test_a_set_that_does_or_undergoes_something_or_is_asked_of_each_is_split(question, parts):
    assert [(p.question, p.depends_on) for p in plan(question)] == [
        (q, None if i == 0 else 0) for i, q in enumerate(parts)
    ]


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        (  # a verb before a ranked set that ends the question
            "Which architects designed the five tallest towers in Oz?",
            ["Which are the five tallest towers in Oz?", f"Which architects designed {MEMBER}?"],
        ),
        (  # an attribute no shape reads, and a count after a preposition, with no "the"
            "Name the head chefs of top 3 busiest restaurants of Oz.",
            ["Which are the top 3 busiest restaurants of Oz?", f"What is the head chef of {MEMBER}?"],
        ),
        (  # the year that picks the set dates what is asked of each member
            "How many museums are there in the five largest cities of Oz in 2019?",
            [
                "Which are the five largest cities of Oz in 2019?",
                f"How many museums are there in {MEMBER} in 2019?",
            ],
        ),
        (  # an attribute with an apostrophe; the set's date after a comma
            "What are the current Mayors' names of the 5 most populous cities in Oz, as of 2015?",
            [
                "Which are the 5 most populous cities in Oz, as of 2015?",
                f"What is the current Mayors' name of {MEMBER} as of 2015?",
            ],
        ),
        (  # a sentence that says how to answer is no part of the plan
            "What are the capitals of the five largest countries of Oz? Exclude disputed territories.",
            ["Which are the five largest countries of Oz?", f"What is the capital of {MEMBER}?"],
        ),
        (  # a time that opens the question dates its first clause
            "Between 2001 and 2005, which clubs won the Oz Cup and where are they based?",
            ["Which clubs won the Oz Cup between 2001 and 2005?", f"Where is {MEMBER} based?"],
        ),
        (  # "who" asks for people; "who were their …" keeps its "who" and its time
            "Who won the Oz Prize from 2010 to 2015, and who were their teachers at that time?",
            ["Who won the Oz Prize from 2010 to 2015?", f"Who was the teacher of {MEMBER} at that time?"],
        ),
        (  # the ranking's own measure says "their"
            "What are the capitals of the five largest countries of Oz by their area?",
            [
                "Which are the five largest countries of Oz by their area?",
                f"What is the capital of {MEMBER}?",
            ],
        ),
        (  # a name with a modifier is an attribute; "series" after a count is plural
            "What are the scientific names of the top 3 most watched series of Oz?",
            ["Which are the top 3 most watched series of Oz?", f"What is the scientific name of {MEMBER}?"],
        ),
        (  # the members of a named thing are a set ("the early settlers of Freedonia" are a population)
            "In what cities were the cast members of Oz Story born?",
            ["Which are the cast members of Oz Story?", f"In what city was {MEMBER} born?"],
        ),
        (  # which of a named thing's members pass a test
            "Which members of the band Alba are still alive?",
            ["Which are the members of the band Alba?", f"Is {MEMBER} still alive?"],
        ),
        (
            "What are the genres of the six best selling manga?",
            ["Which are the six best selling manga?", f"What is the genre of {MEMBER}?"],
        ),
        (  # "between 1950 and 1960" ends the set's noun phrase
            "Identify the painters born between 1950 and 1960 and the cities where they were born.",
            [
                "Which are the painters born between 1950 and 1960?",
                f"What are the cities where {MEMBER} was born?",
            ],
        ),
    ],
)
def test_a_ranked_set_at_the_end_or_a_set_with_a_time_or_an_instruction_is_split(question, parts):
    assert [(p.question, p.depends_on) for p in plan(question)] == [
        (q, None if i == 0 else 0) for i, q in enumerate(parts)
    ]


@pytest.mark.parametrize(
    "question",
    [
        "What is the alma mater of the directors of the first two films of Oz?",
        # an attribute no shape reads
        "What is the Alma Mater of the directors of the first two films of Oz?",
    ],
)
def test_a_set_an_attribute_names_before_a_ranked_set_is_asked_as_its_own_hop(question):
    alma_mater = question.split("the ")[1].removesuffix(" of ")
    assert [(p.question, p.depends_on) for p in plan(question)] == [
        ("Which are the first two films of Oz?", None),
        (f"What is the director of {MEMBER}?", 0),
        (f"What is the {alma_mater} of {MEMBER}?", 1),
    ]


@pytest.mark.parametrize(
    "question",
    [
        "Who from the five richest people of Oz are not married?",  # a verb inside what would be the set
        # a colon's list
        "What were the dates of three events of Oz: the fall of Alba, the rise of Brix, and the end of Cor?",
        "Who were the first three kings of Oz?",  # only asks for the set
        "Which cities are the three largest cities of Oz?",  # the noun asks for the members themselves
        "What countries are the members of the Oz League?",  # no count: the members asked for
        "Which countries of Europe are landlocked?",  # a kind's members: no named thing they belong to
        "Which teams won the Oz Cup in the last 4 seasons?",  # a set of times dates the question
        "How many of the five largest banks of Oz offer loans?",  # a test of each member, no frame
    ],
)
def test_a_ranked_set_inside_a_clause_or_asked_for_itself_is_one_part(question):
    assert plan(question) == [SubQuestion(question)]


def test_a_set_that_is_the_subject_and_an_attribute_of_a_ranked_set_is_three_hops():
    assert [
        (p.question, p.depends_on)
        for p in plan("What universities did the CEOs of the three largest companies in Oz attend?")
    ] == [
        ("Which are the three largest companies in Oz?", None),
        (f"What is the CEO of {MEMBER}?", 0),
        (f"What university did {MEMBER} attend?", 1),
    ]


@pytest.mark.parametrize(
    "question",
    [
        "Where do the giant pandas live?",  # a kind, no count, ranking or name: one part
        "Where did the early settlers of Freedonia come from?",
        "Which languages do the people of Freedonia speak?",  # a population
        "Where did the 2010 Freedonia Cup finals take place?",  # a dated event, one
        "When were the 1992 Summer Games held?",  # a year is no count
        "What are the names for the electric force described by Coulomb's law?",  # "the names" is asked
        "Of the countries of Oz, which are the five most populous?",  # a ranking, not a test
        "Which of the provinces of Oz have monarchies and who are their monarchs?",  # a second question
        # "each <noun>" alone names a set told before, not a set of its own
        "What were the last five missions to Oz, the countries that sent them, and the aims of each mission?",
    ],
)
def test_a_kind_a_population_or_one_event_as_the_subject_is_one_part(question):
    assert plan(question) == [SubQuestion(question)]


@pytest.mark.parametrize(
    "question",
    [
        "What is the diet of the giant pandas?",  # "is" before a set with no count: a kind, one part
        "What is the role of the white blood cells?",
        "What are the official languages of Canada and what is its capital?",  # "its": not the set's
        "What are the main exports of Chittagong and what is its population?",
    ],
)
def test_an_attribute_of_a_kind_or_of_the_thing_named_is_one_part(question):
    assert plan(question) == [SubQuestion(question)]


@pytest.mark.parametrize(
    "question",
    [
        "What is the capital of Japan?",
        "Which countries border Malawi?",
        "Who founded Marks and Spencer?",
        "Who painted the Mona Lisa and when?",
        'Who wrote "Hamlet"?',
        # a choice among named members asks for one of them, not something of each
        "Which of Alba, Brix and Corda has the most inhabitants?",
        "Which is the largest of Alba, Brix and Corda?",
    ],
)
def test_a_question_of_one_part_is_not_split(question):
    assert plan(question) == [SubQuestion(question)]


@pytest.mark.parametrize(
    "question",
    [
        # "the" before a name is no set: the plural attributes of one named thing are one part
        "What are the official languages of the Philippines?",
        "Who were the members of the Rolling Stones?",
        "What are the highest peaks of the Andes?",
        "Who were the founders of the Hanseatic League?",
        "What were the causes of the Hundred Years' War?",
        "What are the common names of the Atlantic puffin?",
        "what are the nicknames for the Windy City?",
        "What were the names for the particle predicted by Higgs?",  # a singular thing, then a participle
        "What are the symptoms for the common cold?",
    ],
)
def test_the_plural_attributes_of_one_named_thing_are_one_part(question):
    assert plan(question) == [SubQuestion(question)]


@pytest.mark.parametrize(
    "question",
    [
        "What are the names of the moons of Neptune?",
        "What were the other names for the ships that sailed with Magellan?",
        "What are the common names of the three largest cats?",
    ],
)
def test_a_naming_attribute_of_a_described_set_is_one_part(question):
    # the set is described, but its members' names are the first part's answer: a second hop restates them
    assert plan(question) == [SubQuestion(question)]


TWO_HOPS = "What are the capitals of the countries that border Freedonia?"


@pytest.mark.parametrize(
    "question, parts",
    [
        (  # a single named thing asked for as a set: the wrong kind of entity for members to come from
            "Who were the leaders of the Donner Party?",
            [
                SubQuestion("Which are the Donner Party?"),
                SubQuestion(f"Who was the leader of {MEMBER}?", depends_on=0),
            ],
        ),
        (
            "What are the birthplaces of the Wright brothers?",
            [
                SubQuestion("Which are the Wright sisters?"),  # an entity the question does not name
                SubQuestion(f"What is the birthplace of {MEMBER}?", depends_on=0),
            ],
        ),
        (
            TWO_HOPS,
            [
                SubQuestion("Which countries border Freedonia?"),
                SubQuestion("What is the capital of Sylvania?"),
            ],
        ),
        (  # a naming attribute restates the member
            "What are the names of the moons of Neptune?",
            [
                SubQuestion("Which are the moons of Neptune?"),
                SubQuestion(f"What is the name of {MEMBER}?", depends_on=0),
            ],
        ),
        (
            "What are the moons of Neptune called?",
            [
                SubQuestion("Which are the moons of Neptune?"),
                SubQuestion(f"What is {MEMBER} called?", depends_on=0),
            ],
        ),
        (  # a member taken from a part that waits itself, or from no part
            TWO_HOPS,
            [
                SubQuestion(f"What is the capital of {MEMBER}?", depends_on=1),
                SubQuestion("Which countries border Freedonia?"),
            ],
        ),
        (
            TWO_HOPS,
            [
                SubQuestion("Which countries border Freedonia?"),
                SubQuestion(f"What is the capital of {MEMBER}?"),
            ],
        ),
        (  # a part asked alone that points back with "it" and names nothing
            "Oz was ruled from a city that is now a country. Which countries border it, and what is"
            " the capital of each?",
            [
                SubQuestion("Which countries border it?"),
                SubQuestion(f"What is the capital of {MEMBER}?", depends_on=0),
            ],
        ),
    ],
)
def test_a_plan_about_an_unnamed_or_wrong_entity_or_a_restated_name_is_not_valid(question, parts):
    assert not valid(question, parts)


def test_a_model_plan_in_the_questions_words_is_read_and_validated():
    question = "Find the four outer planets in the solar system. What is the mean density of each?"
    reply = (
        '{"parts": [{"question": "What are the four outer planets in the solar system?", '
        '"uses_answer_of": null}, {"question": "What is the mean density of {member}?", '
        '"uses_answer_of": 0}]}'
    )
    assert from_reply(reply, question) == [
        SubQuestion("What are the four outer planets in the solar system?"),
        SubQuestion(f"What is the mean density of {MEMBER}?", depends_on=0),
    ]
    whole = [SubQuestion(question)]
    assert from_reply("not a plan", question) == whole
    assert from_reply(reply.replace("mean density", "population"), question) == whole  # not its words
    assert from_reply(reply.replace('"uses_answer_of": 0', '"uses_answer_of": 5'), question) == whole


def test_a_count_in_digits_may_be_asked_in_words_and_no_other_count():
    question = "How many countries recognize each of the 5 most spoken languages as an official language?"
    reply = (
        '{"parts": [{"question": "Which are the five most spoken languages?", "uses_answer_of": null}, '
        '{"question": "How many countries recognize {member} as an official language?", '
        '"uses_answer_of": 0}]}'
    )
    assert from_reply(reply, question) == [
        SubQuestion("Which are the five most spoken languages?"),
        SubQuestion(f"How many countries recognize {MEMBER} as an official language?", depends_on=0),
    ]
    assert len(from_reply(reply.replace("five", "six"), question)) == 1  # a count the question does not say
    assert len(from_reply(reply.replace("five", "5"), question.replace(" 5 ", " five "))) == 2


def test_a_model_plan_counted_from_one_or_with_a_relative_clause_is_read():
    question = "What are the top five countries leading in wind power, and what is the capital of each?"
    reply = (
        '{"parts": [{"question": "What are the top five countries leading in wind power?", '
        '"uses_answer_of": null}, {"question": "What is the capital of {member}?", "uses_answer_of": 1}]}'
    )
    assert from_reply(reply, question) == [  # "countries leading in ...": a plural head, then a participle
        SubQuestion("What are the top five countries leading in wind power?"),
        SubQuestion(f"What is the capital of {MEMBER}?", depends_on=0),  # part 1 waited for itself
    ]
    seas = "Name the five oceans and the largest sea they each connect with."
    relative = (
        '{"parts": [{"question": "What are the five oceans?", "uses_answer_of": null}, '
        '{"question": "What is the largest sea that connects with {member}?", "uses_answer_of": 0}]}'
    )
    assert len(from_reply(relative, seas)) == 2  # "that" is a word of the frame, as "which" is


def test_a_waiting_part_that_only_asks_again_what_its_source_asked_is_not_valid():
    question = "Who are the founders of the top 5 banks of Oz?"
    again = [SubQuestion(question), SubQuestion(f"Who are the founders of {MEMBER}?", depends_on=0)]
    assert not valid(question, again)
    assert valid(
        question,
        [
            SubQuestion("Which are the top 5 banks of Oz?"),
            SubQuestion(f"Who are the founders of {MEMBER}?", 0),
        ],
    )


def test_a_model_plan_that_says_they_or_asks_who_for_the_set_is_asked_of_one_member():
    question = "Who are the top five scorers of Oz, and where were they born?"
    reply = (
        '{"parts": [{"question": "Who are the top five scorers of Oz?", "uses_answer_of": null}, '
        '{"question": "Where were they born?", "uses_answer_of": 0}]}'
    )
    assert from_reply(reply, question) == [
        SubQuestion("Who are the top five scorers of Oz?"),
        SubQuestion(f"Where was {MEMBER} born?", depends_on=0),
    ]
    one = reply.replace("Who are the top five scorers", "Who is the top scorer")
    assert from_reply(one, question.replace("Who are the top five scorers", "Who is the top scorer")) == [
        SubQuestion(question.replace("Who are the top five scorers", "Who is the top scorer"))
    ]  # "Who is …" asks for one
    empty = reply.replace("Where were they born?", "?")
    assert from_reply(empty, question) == [SubQuestion(question)]  # a part with no words: run whole


def test_a_model_plan_that_says_he_or_where_a_member_is_located_is_asked_of_one_member():
    question = "Who founded Egypt's second-largest city, and whom did he succeed on the throne?"
    reply = (
        '{"parts": [{"question": "Who founded Egypt\'s second-largest city?", "uses_answer_of": null}, '
        '{"question": "Who did he succeed on the throne?", "uses_answer_of": 0}]}'
    )
    assert from_reply(reply, question) == [
        SubQuestion("Who founded Egypt's second-largest city?"),
        SubQuestion(f"Who did {MEMBER} succeed on the throne?", depends_on=0),
    ]
    question = "Name Canada's three largest metropolitan areas and the province each one is in."
    reply = (
        '{"parts": [{"question": "What are Canada\'s three largest metropolitan areas?", "uses_answer_of": '
        'null}, {"question": "What is the province in which {member} is located?", "uses_answer_of": 0}]}'
    )  # "located" and "in" name no entity the question does not
    assert len(from_reply(reply, question)) == 2
    moved = reply.replace("the province", "the population")  # an attribute the question does not ask
    assert from_reply(moved, question) == [SubQuestion(question)]


def test_a_later_clause_opening_with_a_preposition_or_saying_he_of_one_person_is_a_step():
    assert plan("What are the National Parks in Oz, and in which months do they get the most rain?") == [
        SubQuestion("What are the National Parks in Oz?"),
        SubQuestion(f"In which months does {MEMBER} get the most rain?", depends_on=0),
    ]
    assert plan("Who founded Egypt's second-largest city, and whom did he succeed on the throne?") == [
        SubQuestion("Who founded Egypt's second-largest city?"),
        SubQuestion(f"Whom did {MEMBER} succeed on the throne?", depends_on=0),
    ]
    each = "Who were the two longest-ruling emperors? What was each one emperor of, and when did he rule?"
    assert [p.question for p in plan(each)][1:] == [
        f"What was {MEMBER} emperor of?",
        f"When did {MEMBER} rule?",
    ]


def test_a_later_clause_naming_the_answer_again_by_its_kind_is_a_hop():
    assert plan("Which river is the Oz Dam on, and where does that river rise?") == [
        SubQuestion("Which river is the Oz Dam on?"),
        SubQuestion(f"Where does {MEMBER} rise?", depends_on=0),
    ]
    # "it" of one thing asked one thing more stays one question
    assert len(plan("Which river flows through Oz, and how long is it?")) == 1


def test_a_clause_after_a_list_of_things_made_is_asked_of_each_maker():
    assert plan("Who discovered the oz, the ev and the ix, and what nationality was each discoverer?") == [
        SubQuestion("Who discovered the oz, the ev and the ix?"),
        SubQuestion(f"What nationality was {MEMBER}?", depends_on=0),
    ]


def test_a_model_plan_may_chain_three_hops_within_max_hops():
    question = "Who are the mayors of the capitals of the countries that border Lake Victoria?"
    chain = (
        '{"parts": [{"question": "Which countries border Lake Victoria?", "uses_answer_of": null}, '
        '{"question": "What is the capital of {member}?", "uses_answer_of": 0}, '
        '{"question": "Who is the mayor of {member}?", "uses_answer_of": 1}]}'
    )
    assert from_reply(chain, question) == [
        SubQuestion("Which countries border Lake Victoria?"),
        SubQuestion(f"What is the capital of {MEMBER}?", depends_on=0),
        SubQuestion(f"Who is the mayor of {MEMBER}?", depends_on=1),
    ]
    assert from_reply(chain, question, max_hops=2) == [SubQuestion(question)]
    one_thing = chain.replace("Which countries border", "Which country borders")
    assert from_reply(one_thing, question) == [SubQuestion(question)]  # its first part asks for no set


def test_the_plans_of_the_rules_are_valid():
    for question in (
        TWO_HOPS,
        "Who are the lead vocalists for the five bands with the most album sales in rock history?",
        "Of which countries are Harare, Tashkent and Stockholm the capitals?",
        'Where are "Alba", "Brix" and "Corda"?',
    ):
        parts = plan(question)
        assert len(parts) >= 2 and valid(question, parts)


def test_more_members_than_the_cap_are_not_split():
    question = "Who founded Alba, Brix, Corda, Delta and Echo?"
    assert len(plan(question, max_parts=5)) == 5 and plan(question, max_parts=4) == [SubQuestion(question)]


def test_members_are_grouped_in_order_as_evenly_as_the_parts_and_group_size_allow():
    nine = list("ABCDEFGHI")
    assert groups(nine, 5, 3) == [["A", "B"], ["C", "D"], ["E", "F"], ["G", "H"], ["I"]]
    assert groups(nine[:3], 5, 3) == [["A"], ["B"], ["C"]]  # room for one part each
    assert groups(nine, 2, 3) == [["A", "B", "C"], ["D", "E", "F"]]  # G, H, I over parts * size
    assert groups(nine, 0, 3) == [] and groups(nine, 3, 1) == [["A"], ["B"], ["C"]]


def test_the_members_of_an_answer_are_its_names_the_question_does_not_hold():
    answer = (
        "The Republic of Freedonia borders Sylvania to the east, Grand Fenwick and Ruritania to the west."
    )
    assert members(answer, "Which countries border Freedonia?", 5) == [
        "Sylvania",
        "Grand Fenwick",
        "Ruritania",
    ]
    assert members(answer, "Which countries border Freedonia?", 2) == ["Sylvania", "Grand Fenwick"]
    # a name written with "the" keeps it, so the questions and refusals about it read as English
    with_the = "Freedonia borders the Duchy of Grand Fenwick and the Netherlands. The Netherlands is flat."
    assert members(with_the, "Which countries border Freedonia?", 5) == [
        "the Duchy of Grand Fenwick",
        "the Netherlands",
    ]
    # a possessive is its name: one the question holds is no member ("on the earth": "Earth's surface")
    surface = "The Tam Sea covers 2% of Earth's surface, beside Sylvania's coast."
    assert members(surface, "Which are the seas on the earth?", 5) == ["Tam Sea", "Sylvania"]
    # another name of the one before is no member of its own
    alias = "Vale, also known as Old Vale, and Brixton (formerly Brix) are the largest cities of Sylvania."
    assert members(alias, "Which are the two largest cities of Sylvania?", 5) == ["Vale", "Brixton"]


def test_the_names_that_say_where_or_whose_a_member_is_are_no_members():
    # a sentence about one member: the names of its predicate's place or owner say where it is
    one = "Vale is the capital city of Brixton Province and the third-largest city in Sylvania."
    assert members(one, "Which are the two biggest cities of Freedonia?", 5) == ["Vale"]
    appositive = "Vale is the largest city of Tam Nadu, the southern state of Sylvania."
    assert members(appositive, "Which are the three largest cities of Tam Nadu?", 5) == ["Vale"]
    # a sentence about the set: where it ruled is no member of it
    the_set = "The first three Gale kings ruled wide lands in Sylvania."
    assert members(the_set, "Who were the first three Gale kings?", 5) == []
    # not a frame: a place the question asks about with its verb, after several, ahead of, by
    assert members(
        "The Tam flows through Vale, Brix and Oron.", "Which cities does the Tam flow through?", 5
    ) == [
        "Vale",
        "Brix",
        "Oron",
    ]
    several = "The basin lies in the countries of Sylvania and Ruritania."
    assert members(several, "Which countries is the basin in?", 5) == ["Sylvania", "Ruritania"]
    after = "Vale is the largest city of Tam Nadu, followed by Brix and Oron."
    assert members(after, "Which are the three largest cities of Tam Nadu?", 5) == ["Vale", "Brix", "Oron"]
    # a thing the question does not ask a kind of: where it was held stays the answer
    held = "The games were held in Vale."
    assert members(held, "Which city hosted the first games?", 5) == ["Vale"]


def test_a_members_name_keeps_its_particles_initials_and_abbreviations():
    hadith = "One of the collections is Sahih Muslim, and the other is Sahih al-Bukhari."
    assert members(hadith, "Which are the two hadith collections?", 5) == ["Sahih Muslim", "Sahih al-Bukhari"]
    initials = "Lyndon B. Johnson and Theodore Roosevelt Jr. served as presidents."
    assert members(initials, "Which presidents served?", 5) == ["Lyndon B. Johnson", "Theodore Roosevelt Jr"]


def test_the_members_of_an_answer_end_with_its_first_sentence_that_lists_two_or_more():
    answer = (
        "Freedonia borders Sylvania, Ruritania and Grand Fenwick. The Atlas Mountains stretch through "
        "Sylvania and Freedonia to the Atlantic Ocean."
    )
    assert members(answer, "Which countries border Freedonia?", 9) == [
        "Sylvania",
        "Ruritania",
        "Grand Fenwick",
    ]
    one_at_a_time = "Freedonia borders Sylvania. It also borders Ruritania."  # no list yet: read on
    assert members(one_at_a_time, "Which countries border Freedonia?", 9) == ["Sylvania", "Ruritania"]


def test_a_question_as_a_clause_of_the_refusal():
    assert indirect("What is the capital of Grand Fenwick?") == "what the capital of Grand Fenwick is"
    assert indirect("Who wrote Beta Song?") == "who wrote Beta Song"
    assert (
        indirect("Identify the longest river in Alba as of 1990.") == "the longest river in Alba as of 1990"
    )
    # a test of one member, as a planned part asks it
    assert indirect("Has Alba Brix won the Oz Cup?") == "whether Alba Brix has won the Oz Cup"
    assert indirect("Does The Oz Saga not feature combat?") == "whether The Oz Saga does not feature combat"


def test_a_sea_or_landform_beside_the_countries_asked_for_is_no_member():
    answer = "Freedonia is bordered by Sylvania to the north, the Black Sea to the west and Genovia."
    assert members(answer, "Which countries border Freedonia?", 9) == ["Sylvania", "Genovia"]
    assert members(answer, "Which seas border Freedonia?", 9) == ["Sylvania", "the Black Sea", "Genovia"]


def test_the_models_own_list_is_read_as_names_opening_with_a_capital_or_common_nouns_alone():
    from verirag.plans import proposed

    question = "Which are the countries of the G7?"
    assert proposed("Canada, France, Germany and Italy.", question, 10) == [
        "Canada",
        "France",
        "Germany",
        "Italy",
    ]
    assert proposed("1. the Netherlands\n2) Belgium\n- Luxembourg", question, 2) == [
        "the Netherlands",
        "Belgium",
    ]
    # "and" joins the last two, not the words of a title before a comma
    novels = "Which are Oz's two greatest novels?"
    assert proposed("War and Peace, Anna Karenina", novels, 10) == ["War and Peace", "Anna Karenina"]
    assert proposed("1. War and Peace\n2. Anna Karenina", novels, 10) == ["War and Peace", "Anna Karenina"]
    assert proposed("Alba and Brix", novels, 10) == ["Alba", "Brix"]
    # a list of common nouns in lower case only: its words ("Which are the SI base units?")
    units = "Which are the seven SI base units?"
    assert proposed("metre, kilogram, second and mole", units, 10) == ["metre", "kilogram", "second", "mole"]
    assert proposed("we think metre, kilogram", units, 10) == []  # a sentence is no list of common nouns
    # no name, the question's own words, a sentence, or a repeat: none
    assert proposed("unknown", question, 10) == []
    assert proposed(
        "The G7 countries, Canada, Canada, I do not know these countries well enough", question, 10
    ) == ["Canada"]


def test_a_question_typed_in_lower_case_is_planned_as_written_with_a_capital():
    for typed in (
        "what are the four largest lakes in Africa and how deep is each one?",
        "which countries border Peru, and what are their capitals?",
    ):
        capital = typed[0].upper() + typed[1:]
        assert len(plan(typed)) == 2
        assert [(p.question, p.depends_on) for p in plan(typed)] == [
            (p.question, p.depends_on) for p in plan(capital)
        ]


@pytest.mark.parametrize(
    ("question", "then"),
    [
        ("Which of the Baltic states has the largest area?", "What is the area of {member}?"),
        ("Which of the Nordic countries is the most populous?", "How populous is {member}?"),
        ("Which one of the gas giants has the most moons?", "How many moons does {member} have?"),
        ("Which of the Balkan countries is the smallest by area?", "What is the area of {member}?"),
        ("Which of the Benelux countries is the biggest?", "How big is {member}?"),
        ("Which of the inner planets is the heaviest planet?", "How heavy is {member}?"),
        ("Which of the five largest lakes of Oz is the deepest?", "How deep is {member}?"),
    ],
)
def test_a_comparison_of_a_sets_members_asks_each_member_what_it_compares(question, then):
    first, each = plan(question)
    assert first.depends_on is None and first.question.startswith("Which are the ")
    assert (each.question, each.depends_on) == (then, 0)


def test_a_comparison_of_a_kind_or_of_nothing_asked_is_one_part():
    for question in (
        "Which of the Great Lakes is the largest?",  # a name, not a described set
        "Which of the Nordic countries has the best?",  # nothing compared
        "Which of the Nordic countries has the most populous city in Europe?",  # a clause of its own
    ):
        assert len(plan(question)) == 1


def test_a_test_of_the_members_of_a_named_owners_set_is_split():
    assert [(p.question, p.depends_on) for p in plan("Which of Saturn's major moons have atmospheres?")] == [
        ("Which are Saturn's major moons?", None),
        ("Does {member} have atmospheres?", 0),
    ]


def test_all_the_members_of_a_described_set_are_the_set():
    assert [
        (p.question, p.depends_on) for p in plan("What are the capitals of all the countries of Oceania?")
    ] == [
        ("Which are the countries of Oceania?", None),
        ("What is the capital of {member}?", 0),
    ]


def test_an_exception_that_opens_the_question_qualifies_its_set_and_nothing_else():
    question = "Besides the Sun, what are the three nearest stars, and how far away is each?"
    assert [(p.question, p.depends_on) for p in plan(question)] == [
        ("Which are the three nearest stars, besides the Sun?", None),
        ("How far away is {member}?", 0),
    ]
    assert (
        len(plan("Apart from Paris, what are the largest cities in France?")) == 1
    )  # no set part to carry it


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        (
            "Which three Alban kings reigned the longest, and when did each of them reign?",
            [("Which three Alban kings reigned the longest?", None), ("When did {member} reign?", 0)],
        ),
        (
            "Which two players have won the most Oz Cups, and how many has each won?",
            [("Which two players have won the most Oz Cups?", None), ("How many has {member} won?", 0)],
        ),
        (
            "Name the three largest cities of Oz and tell me how many people live in each.",
            [("Which are the three largest cities of Oz?", None), ("How many people live in {member}?", 0)],
        ),
    ],
)
def test_a_counted_set_chosen_by_what_it_did_or_an_order_to_tell_is_split(question, parts):
    assert [(p.question, p.depends_on) for p in plan(question)] == parts


def test_members_written_in_lower_case_are_read_where_the_answer_names_none_with_a_capital():
    question = "Which elements did Marie Curie discover?"
    assert members("Marie Curie discovered radium and polonium.", question, 6) == ["radium", "polonium"]
    gases = "The noble gases are helium, neon, argon and krypton. They are inert."
    assert members(gases, "What are the noble gases?", 6) == ["helium", "neon", "argon", "krypton"]
    # a capitalised name is a member and a list of the question's own words is none
    assert members("Pakistan borders India, Iran and China.", "Which countries border Pakistan?", 6) == [
        "India",
        "Iran",
        "China",
    ]
    assert members("Comets are icy and rocky.", "Which comets are icy and rocky?", 6) == []


def test_the_members_of_a_sentence_that_lists_the_set_asked_for_are_its_list_in_any_case():
    colours = (
        "The three additive primary colours in the RGB (additive) colour model are red, green, and blue."
    )
    assert members(colours, "Which are the three additive primary colours?", 9) == ["red", "green", "blue"]
    minerals = (
        "The two commonest minerals in Oz's crust are the plagioclase (Na-Ca) feldspars and alkali feldspars."
    )
    question = "Which are the two commonest minerals in Oz's crust?"
    assert members(minerals, question, 9) == ["plagioclase feldspars", "alkali feldspars"]
    # the list first, a name the sentence places the set in is none, and a quantifier is no part of a member
    planets = "Jupiter, Saturn and most of Uranus are the giant planets of the Solar System."
    assert members(planets, "Which are the giant planets?", 9) == ["Jupiter", "Saturn", "Uranus"]
    sisters = "The Brontë sisters were Charlotte, Emily, and Anne, who wrote as Currer, Ellis and Acton Bell."
    assert members(sisters, "Which are the Brontë sisters?", 9) == ["Charlotte", "Emily", "Anne"]
    # a list of the question's own words, or a sentence about another set, is read as before
    assert members("Comets are icy and rocky.", "Which comets are icy and rocky?", 6) == []
    other = "The largest moons are Ganymede, Titan and Callisto, beside Freedonia."
    assert members(other, "Which countries border Freedonia?", 9) == ["Ganymede", "Titan", "Callisto"]


def test_members_listed_after_a_colon_are_each_asked_what_the_choice_compares_or_tests():
    assert [p.question for p in plan("Which is the largest: Lake Alba, Lake Brix or Lake Corda?")] == [
        "How large is Lake Alba?",
        "How large is Lake Brix?",
        "How large is Lake Corda?",
    ]
    assert [p.question for p in plan("Which of these games are played on ice: hockey, polo or curling?")] == [
        "Is hockey played on ice?",
        "Is polo played on ice?",
        "Is curling played on ice?",
    ]
    # a superlative without "the", and a main verb that tests or compares the members
    assert [p.question for p in plan("Which is heaviest: a wolf, a lynx or a bison?")] == [
        "How heavy is a wolf?",
        "How heavy is a lynx?",
        "How heavy is a bison?",
    ]
    assert [
        p.question for p in plan("Which of these faiths originated in Oz: Alism, Brixism or Cordism?")
    ] == [
        "Did Alism originate in Oz?",
        "Did Brixism originate in Oz?",
        "Did Cordism originate in Oz?",
    ]
    assert [p.question for p in plan("Which of these lakes covers the most area: Alba, Brix or Corda?")] == [
        "How much area does Alba cover?",
        "How much area does Brix cover?",
        "How much area does Corda cover?",
    ]
    for whole in (
        "Which of these lived the longest time ago: Alba, Brix or Corda?",  # no measure to ask of each
        "Which is the capital: Alba, Brix or Corda?",  # one of them named, nothing asked of each
        "Who were the kings in The Oz Saga: The Beginning, which actors played them, and who directed it?",
    ):
        assert len(plan(whole)) == 1


@pytest.mark.parametrize(
    ("question", "then"),
    [
        (
            "Oz is split into three provinces. Name them and tell me how large each one is.",
            "How large is {member}?",
        ),
        (
            "Oz is split into three provinces. List them, and give the capital of each.",
            "What is the capital of {member}?",
        ),
        (
            "Oz is split into three provinces — name them and say when each one was founded.",
            "When was {member} founded?",
        ),
    ],
)
def test_an_order_to_name_the_members_again_is_the_set_and_the_rest_is_asked_of_each(question, then):
    first, *rest = plan(question)
    assert (first.question, first.depends_on) == (
        "Which are the three provinces that Oz is split into?",
        None,
    )
    assert [(p.question, p.depends_on) for p in rest] == [(then, 0)]


def test_a_later_clause_that_says_it_of_each_member_is_a_part_of_its_own():
    parts = plan("Oz had two dynasties named Ozma. When did each one rule, and who founded it?")
    assert [(p.question, p.depends_on) for p in parts] == [
        ("Which are the two dynasties named Ozma that Oz had?", None),
        ("When did {member} rule?", 0),
        ("Who founded {member}?", 0),
    ]


def test_a_listed_name_joined_by_a_dash_is_one_member_and_lies_is_lie():
    canals = plan("When were the Oz Canal, the Brix Canal and the Alba Sea–Quell Canal completed?")
    assert [p.question for p in canals] == [
        "When was the Oz Canal completed?",
        "When was the Brix Canal completed?",
        "When was the Alba Sea–Quell Canal completed?",
    ]
    assert plain_verb("lies") == "lie" and plain_verb("dies") == "die" and plain_verb("carries") == "carry"


@pytest.mark.parametrize(
    ("question", "then", "after"),
    [
        (
            "Oz's three largest ports: which river is each one on, and where does that river rise?",
            "Which river is {member} on?",
            "Where does {member} rise?",
        ),
        (
            "Oz was ruled by three empires. Who founded each one, and in what year did that founder die?",
            "Who founded {member}?",
            "In what year did {member} die?",
        ),
        (
            "Oz is split into three provinces. What is the largest city in each of them, and how many people "
            "live there?",
            "What is the largest city in {member}?",
            "How many people live in {member}?",
        ),
    ],
)
def test_a_clause_about_the_answer_of_the_clause_before_waits_for_that_part(question, then, after):
    assert [(p.question, p.depends_on) for p in plan(question)][1:] == [(then, 0), (after, 1)]


def test_a_question_after_a_dash_that_follows_a_clause_naming_the_set_is_asked_of_each():
    parts = plan("Oz had two medieval empires — over what years did each one exist?")
    assert [(p.question, p.depends_on) for p in parts] == [
        ("Which are the two medieval empires that Oz had?", None),
        ("Over what years did {member} exist?", 0),
    ]


def test_an_order_to_name_the_members_and_nothing_else_is_one_part():
    assert [p.question for p in plan("Oz is split into three provinces. Name them.")] == [
        "Oz is split into three provinces. Name them."
    ]


@pytest.mark.parametrize(
    ("question", "then"),
    [
        ("Name the three largest lakes of Oz and tell me how deep each one is.", "How deep is {member}?"),
        ("List the five tallest towers of Oz and what year each was built.", "What year was {member} built?"),
        (
            "Name the three longest rivers of Oz and which sea each one flows into.",
            "Which sea does {member} flow into?",
        ),
        (
            "Tell me Oz's two largest cities and where in the country each one is.",
            "Where in the country is {member}?",
        ),
        (
            "List Oz's three largest cities and say which part of the country each is in.",
            "Which part of the country is {member} in?",
        ),
        (
            "Tell me the two largest bears of Oz and what colour each one's fur is.",
            "What colour is {member}'s fur?",
        ),
    ],
)
def test_a_clause_in_an_indirect_questions_order_is_asked_as_a_question(question, then):
    assert [(p.question, p.depends_on) for p in plan(question)][1] == (then, 0)


def test_a_groups_name_in_quotation_marks_after_each_of_the_is_its_name():
    assert plan("When did each of the 'Big Five' Oz extinctions happen?") == [
        SubQuestion("Which are the Big Five Oz extinctions?"),
        SubQuestion(f"When did {MEMBER} happen?", depends_on=0),
    ]
    whole = "What period did each of the 'Three Bs' of Oz music belong to?"  # no rule splits it: as written
    assert plan(whole) == [SubQuestion(whole)]


def test_a_colon_list_tested_for_a_kind_asks_each_member_whether_it_is_one():
    assert [p.question for p in plan("Which of these animals are mammals: dolphins, bats or sharks?")] == [
        "Are dolphins mammals?",
        "Are bats mammals?",
        "Are sharks mammals?",
    ]
    assert [p.question for p in plan("Which of these are planets: Pluto, Mars or Ceres?")] == [
        "Is Pluto a planet?",
        "Is Mars a planet?",
        "Is Ceres a planet?",
    ]


def test_a_verified_sentence_naming_two_of_a_quoted_list_names_the_whole_list():
    text = "Lake Oz is deep. It is shared among four countries—Alba, Brix, Corda, and Dela—with Alba first."
    start = text.index("It is shared")

    def part(sentence: str) -> dict:
        quote = {"doc": "d", "start": start, "end": len(text)}
        said = {"text": sentence, "verified_by": "citations", "quotes": [quote]}
        return {
            "index": 0,
            "question": "Which countries share Lake Oz?",
            "documents": {"d": {"text": text}},
            "sentences": [said],
        }

    assert list(verified_members([part("Alba and Brix share Lake Oz.")])) == ["Alba", "Brix", "Corda", "Dela"]
    assert list(verified_members([part("Alba shares Lake Oz.")])) == ["Alba"]  # one member: no list read


@pytest.mark.parametrize(
    "question, first, then",
    [
        (  # a set related to the names listed, then the verb said of each of its members
            "When were the space agencies of Alba, Brix, Corda and Delta founded?",
            "Which are the space agencies of Alba, Brix, Corda and Delta?",
            f"When was {MEMBER} founded?",
        ),
        (
            "How many feature films did the directors of Alba, Brix and The Corda Tale make?",
            "Which are the directors of Alba, Brix and The Corda Tale?",
            f"How many feature films did {MEMBER} make?",
        ),
        (
            "In what year was each of the bands fronted by Ann Alba, Bo Brix and Cy Corda formed?",
            "Which are the bands fronted by Ann Alba, Bo Brix and Cy Corda?",
            f"In what year was {MEMBER} formed?",
        ),
        (
            "Which rivers do the capitals of Alba, Brix, Corda and Delta stand on?",
            "Which are the capitals of Alba, Brix, Corda and Delta?",
            f"Which river does {MEMBER} stand on?",
        ),
        (  # a question word asked of each member of the related set
            "What nationality were the composers of Alba, The Brix Suite and Corda?",
            "Which are the composers of Alba, The Brix Suite and Corda?",
            f"What nationality was {MEMBER}?",
        ),
        (  # an attribute of each member of the related set
            "Who are the wives of the presidents of Alba, Brix and Corda?",
            "Which are the presidents of Alba, Brix and Corda?",
            f"Who is the wife of {MEMBER}?",
        ),
        (  # an owner's ranking, asked as the ranking of what is in it; "Tell me" is an order
            "Tell me Freedonia's three biggest cities by population and how many people live in each.",
            "Which are the three biggest cities of Freedonia by population?",
            f"How many people live in {MEMBER}?",
        ),
        (
            "What are the world's three longest rivers and how long is each?",
            "Which are the three longest rivers of the world?",
            f"How long is {MEMBER}?",
        ),
        (  # a measure asked of a ranked set
            "How tall are the three highest mountains in Freedonia?",
            "Which are the three highest mountains in Freedonia?",
            f"How tall is {MEMBER}?",
        ),
        (  # the one a superlative picks from an owner's set (typed in lower case)
            "which is the smallest of freedonia's four main islands?",
            "Which are the four main islands of Freedonia?",
            f"How small is {MEMBER}?",
        ),
        (  # a relative clause with its preposition, and "Into which …" for each
            "Into which sea does each of the rivers that flow through Alba, Brix, Corda and Delta empty?",
            "Which rivers flow through Alba, Brix, Corda and Delta?",
            f"Into which sea does {MEMBER} empty?",
        ),
        (  # a relative clause without "that"
            "How many people live in each of the countries the Alba Mountains run through?",
            "Which countries the Alba Mountains run through?",
            f"How many people live in {MEMBER}?",
        ),
    ],
)
def test_a_set_named_through_a_relation_or_an_owner_is_asked_for_then_each_member(question, first, then):
    parts = plan(question)
    assert [(p.question, p.depends_on) for p in parts] == [(first, None), (then, 0)]


def test_a_related_set_asks_each_name_its_own_question():
    (first, _) = plan("When were the museums that hold Alba, Brix and The Corda Tale founded?")
    assert first.members == ("Alba", "Brix", "The Corda Tale")
    assert first.member_questions[2] == "What is the museum that holds The Corda Tale?"
    (first, _) = plan("Into which seas do the rivers that flow through Alba, Brix and Corda empty?")
    assert first.member_questions[0] == "What is the river that flows through Alba?"


@pytest.mark.parametrize(
    "question, parts",
    [
        (  # "their" an owner, the verb and the attribute made to agree with one
            "Alba, Brix and Corda: what are their capitals?",
            ["What is Alba's capital?", "What is Brix's capital?", "What is Corda's capital?"],
        ),
        (
            "Alba, Brix and Corda - when were they founded?",
            ["When was Alba founded?", "When was Brix founded?", "When was Corda founded?"],
        ),
        (  # "each of these <kind>" stands for one member, what follows the kind kept
            "Ra, Oz and Ix: what was each of these Brix deities the god of?",
            ["What was Ra the god of?", "What was Oz the god of?", "What was Ix the god of?"],
        ),
        (
            "Alba, Brix and Corda: in which language was each composed?",
            [
                "In which language was Alba composed?",
                "In which language was Brix composed?",
                "In which language was Corda composed?",
            ],
        ),
        (  # a plural's own verb keeps the plural: a city may have several rivers
            "Which rivers flow through Alba, Brix and Corda?",
            [
                "Which rivers flow through Alba?",
                "Which rivers flow through Brix?",
                "Which rivers flow through Corda?",
            ],
        ),
        (  # a listed name may end in its kind within the list
            "Who founded the Alba Empire, Oz's Brix dynasty and Ev's Corda dynasty?",
            [
                "Who founded the Alba Empire?",
                "Who founded Oz's Brix dynasty?",
                "Who founded Ev's Corda dynasty?",
            ],
        ),
    ],
)
def test_a_question_about_a_list_that_opens_it_is_asked_of_each_member(question, parts):
    assert [p.question for p in plan(question)] == parts


def test_a_name_opening_with_an_accented_capital_is_one_member():
    question = "Bob Alba, Édith Brix, Łukasz Corda and Fela Dela are each associated with which genre?"
    assert [p.question for p in plan(question)] == [
        "Bob Alba is associated with which genre?",
        "Édith Brix is associated with which genre?",
        "Łukasz Corda is associated with which genre?",
        "Fela Dela is associated with which genre?",
    ]


def test_a_choice_among_a_list_that_opens_the_question_asks_each_member_the_measure():
    assert [p.question for p in plan("Alba, Brix and Corda: which of them is the largest?")] == [
        f"How large is {m}?" for m in ("Alba", "Brix", "Corda")
    ]


@pytest.mark.parametrize(
    "question",
    [
        "How big are giant pandas?",  # of a kind
        "How far are the planets from the Sun?",  # no ranking, no name
        "When were Alba, Brix and Corda founded?",  # the names themselves: an enumeration
    ],
)
def test_no_relation_or_measure_of_a_kind_makes_a_related_set(question):
    parts = plan(question)
    assert not any(p.members for p in parts) and not any(p.question.startswith("Which are") for p in parts)


def test_a_member_may_share_a_common_word_with_the_question_but_not_a_name():
    answer = "The Alban Space Agency was founded in 1975. Corda Cosmos is the agency of Brix."
    question = "Which are the space agencies of Alba and Brix?"
    assert members(answer, question, 5) == ["Alban Space Agency", "Corda Cosmos"]
    assert members("The Republic of Brix borders Alba.", "Which countries border Brix?", 5) == ["Alba"]
    assert members("Within the Union, Alba leads.", "Which countries lead?", 5) == ["the Union", "Alba"]


@pytest.mark.parametrize(
    "question, then",
    [
        (  # "him" is the one name the set is said of
            "Who were the first three kings after Alba, and how was each of them related to him?",
            f"How was {MEMBER} related to Alba?",
        ),
        (  # after an auxiliary, "each" and then a verb ("marry"), not a noun
            "Who were the wives of King Brix and when did each marry him?",
            f"When did {MEMBER} marry King Brix?",
        ),
        (  # "each country": a noun, then its verb
            "What are the countries of the Corda Union and what currency does each country use?",
            f"What currency does {MEMBER} use?",
        ),
    ],
)
def test_the_part_asked_of_each_member_names_what_the_pronoun_stands_for(question, then):
    assert plan(question)[1].question == then


@pytest.mark.parametrize(
    "question, sentence, member",
    [
        (  # a word for where a thing is from is no name; one name for a question asking for one
            "Who is the director of The Corda Tale?",
            "The Corda Tale is a 1957 Swedish film directed by Ann Alba, with music by Bo Brix.",
            "Ann Alba",
        ),
        (  # a question for one of a kind: the name the answer gives that kind, not the first
            "Which dynasty did the Ozian king Ozma belong to?",
            "Ozma, a ruler of the Emerald Empire, belonged to the Gale dynasty.",
            "the Gale dynasty",
        ),
        (  # a name with "and" before its acronym is whole
            "What is the space agency of Brix?",
            "The Corda Aeronautics and Space Administration (CASA) is an agency of the Brix government.",
            "Corda Aeronautics and Space Administration",
        ),
    ],
)
def test_a_part_asking_for_one_thing_names_one_member(question, sentence, member):
    said = {"text": sentence, "verified_by": "citations", "quotes": []}
    part = {"index": 3, "question": question, "documents": {}, "sentences": [said]}
    assert verified_members([part]) == {member: 3}


@pytest.mark.parametrize(
    "question",
    ["Which two straits make up the Ozian Straits?", "which three lakes feed the Corda?"],
)
def test_a_question_counting_more_than_one_names_every_member(question):
    said = {"text": "The Alba and the Brix form it, with the Dela.", "verified_by": "citations", "quotes": []}
    part = {"index": 0, "question": question, "documents": {}, "sentences": [said]}
    assert list(verified_members([part])) == ["Alba", "the Brix", "the Dela"]


def test_a_title_with_and_between_commas_is_one_member():
    question = "When were Alba, War and Brix, Corda and Pride and Delta first published?"
    assert [p.question for p in plan(question)] == [
        "When was Alba first published?",
        "When was War and Brix first published?",
        "When was Corda first published?",
        "When was Pride and Delta first published?",
    ]
    paired = plan("What is the GDP of North and South Alba, Brix and Corda?")
    assert [p.question for p in paired][:2] == [
        "What is the GDP of North Alba?",
        "What is the GDP of South Alba?",
    ]


@pytest.mark.parametrize(
    ("verb", "plain"),
    [
        ("covers", "cover"),
        ("originated", "originate"),
        ("lived", "live"),
        ("played", "play"),
        ("visited", "visit"),
        ("carried", "carry"),
        ("stopped", "stop"),
        ("called", "call"),
        ("divided", "divide"),
        ("released", "release"),
        ("solved", "solve"),
    ],
)
def test_a_verbs_plain_form_is_read_from_its_s_or_ed(verb, plain):
    assert plain_verb(verb) == plain


@pytest.mark.parametrize(
    ("question", "first", "then"),
    [
        # a yes-no question of each member after the set
        (
            "Which two rivers are the longest in Oz, and is each one navigable?",
            "Which two rivers are the longest in Oz?",
            f"Is {MEMBER} navigable?",
        ),
        # "whom" opens the clause
        (
            "What are the three largest lakes of Oz, and whom does each regard as its patron?",
            "Which are the three largest lakes of Oz?",
            f"Whom does {MEMBER} regard as its patron?",
        ),
        # an order to say whether each member is something
        (
            "List the moons of Oz and say whether each is a rock or an ice world.",
            "Which are the moons of Oz?",
            f"Is {MEMBER} a rock or an ice world?",
        ),
        # "their <things> <done>": each member's own things
        (
            "Who are the three richest bankers of Oz, and how much have their banks lent abroad?",
            "Which are the three richest bankers of Oz?",
            f"How much have {MEMBER}'s banks lent abroad?",
        ),
        # typed as one word: "whats"
        (
            "whats the height of the two tallest towers in oz",
            "Which are the two tallest towers in oz?",
            f"What is the height of {MEMBER}?",
        ),
        # "each of the <Name>s": a set by name
        (
            "How far from Oz is each of the Emerald Isles?",
            "Which are the Emerald Isles?",
            f"How far from Oz is {MEMBER}?",
        ),
        # the question's noun asks what each member of a counted set is
        (
            "What nationalities were the two founders whose 1901 charter made Oz a city?",
            "Which are the two founders whose 1901 charter made Oz a city?",
            f"What nationality was {MEMBER}?",
        ),
        # ... with its preposition left at the members' end
        (
            "What countries are the top five players from, as ranked by the Oz League?",
            "Which are the top five players, as ranked by the Oz League?",
            f"What country is {MEMBER} from?",
        ),
        # "does each" and a verb the parse reads as one, not "each <noun>"
        (
            "What are the three main canals of Oz, and in which direction does each carry water?",
            "Which are the three main canals of Oz?",
            f"In which direction does {MEMBER} carry water?",
        ),
    ],
)
def test_a_set_then_a_clause_people_write_about_each_member_is_two_hops(question, first, then):
    assert [(p.question, p.depends_on) for p in plan(question)] == [(first, None), (then, 0)]


def test_a_verb_after_each_of_these_stays_with_each_listed_member():
    question = "What instrument did each of these players use: Ann Lee, Bo Tan and Cy Oz?"
    assert [p.question for p in plan(question)] == [
        f"What instrument did {name} use?" for name in ("Ann Lee", "Bo Tan", "Cy Oz")
    ]


@pytest.mark.parametrize(
    ("question", "first", "then"),
    [
        # the set named first, then a colon, a dash or a comma and the question of each member
        (
            "Oz's three largest lakes: into which river does each of them drain?",
            "Which are the three largest lakes of Oz?",
            f"Into which river does {MEMBER} drain?",
        ),
        (
            "Oz's two oldest poems - where is each of them set?",
            "Which are the two oldest poems of Oz?",
            f"Where is {MEMBER} set?",
        ),
        (
            "For the first three kings of Oz, give the years each one sat on the throne.",
            "Which are the first three kings of Oz?",
            f"What are the years {MEMBER} sat on the throne?",
        ),
        # a comma and "and" after a set typed with no question word
        (
            "ozs 3 biggest cities, and what river is each on",
            "Which are the Ozs 3 biggest cities?",
            f"What river is {MEMBER} on?",
        ),
        # a preposition before "which"/"what" opens the clause
        (
            "Who were the first two mayors of Oz and during which years did they serve, respectively?",
            "Which are the first two mayors of Oz?",
            f"During which years did {MEMBER} serve?",
        ),
        # "each of <Owner>'s …"
        (
            "How many books is each of Oz's two epics divided into?",
            "Which are the two epics of Oz?",
            f"How many books is {MEMBER} divided into?",
        ),
        # an indirect question after the member, its verb before it
        (
            "Tell me the two largest moons of Oz and how far each one is from Oz.",
            "Which are the two largest moons of Oz?",
            f"How far is {MEMBER} from Oz?",
        ),
    ],
)
def test_a_set_named_before_its_question_or_a_clause_opened_by_a_preposition_is_two_hops(
    question, first, then
):
    assert [(p.question, p.depends_on) for p in plan(question)] == [(first, None), (then, 0)]


def test_a_question_or_an_order_before_a_comma_and_is_not_a_set_named_by_itself():
    question = "Which two kings of Oz reigned longest, and how old was each at his death?"
    assert plan(question)[0].question == "Which two kings of Oz reigned longest?"
    assert plan("Show me the planets of Oz, and what are their masses?")[0].question == (
        "Which are the planets of Oz?"
    )


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        # a plain verb after a plural noun, members after a colon: a test of each
        (
            "Which of these poets belong to the Oz school: Ann Lee, Bo Tan and Cy Oz?",
            [f"Does {m} belong to the Oz school?" for m in ("Ann Lee", "Bo Tan", "Cy Oz")],
        ),
        # a member of six words
        (
            "Which is the oldest: the Tower, the Great Wall of Oz or the Great Pyramid of Old Oz?",
            [
                f"How old is {m}?"
                for m in ("the Tower", "the Great Wall of Oz", "the Great Pyramid of Old Oz")
            ],
        ),
        # "Which countries do": made to agree with one member
        (
            "Which countries do jip, jap and jup come from?",
            [f"Which country does {m} come from?" for m in ("jip", "jap", "jup")],
        ),
        # a noun after "Which", a noun after the superlative, a comparative by a measure
        (
            "Which river is the longest: the Oz, the Ev or the Ix?",
            [f"How long is the river {m}?" for m in ("Oz", "Ev", "Ix")],  # the kind goes with each
        ),
        (
            "Which national park is the biggest: Oz, Ev or the Ix?",
            [f"How big is the national park {m}?" for m in ("Oz", "Ev", "Ix")],  # a kind of two words
        ),
        (
            "Which is the most populous city: Oz, Ev or Ix?",
            [f"How populous is {m}?" for m in ("Oz", "Ev", "Ix")],
        ),
        (
            "Which is bigger by area: Oz, Ev or Ix?",
            [f"What is the area of {m}?" for m in ("Oz", "Ev", "Ix")],
        ),
        # an adverb's superlative after the verb or a participle: how much of it each has
        (
            "Which of these stars looks brightest in the night sky: Oz, Ev or Ix?",
            [f"How bright does {m} look in the night sky?" for m in ("Oz", "Ev", "Ix")],
        ),
        (
            "Which of these lakes lies highest above sea level — Oz, Ev or Ix?",
            [f"How high does {m} lie above sea level?" for m in ("Oz", "Ev", "Ix")],
        ),
        # how long each did: a verb before "the longest" or "for longer", a set's name in capitals
        (
            "Which of these Ozian dynasties ruled the longest: the Ev, the Ix or the Ux?",
            [f"How long did {m} rule?" for m in ("the Ev", "the Ix", "the Ux")],
        ),
        (
            "Who held power for longer: Oz in Ev or Ix in Ux?",
            [f"How long did {m} hold power?" for m in ("Oz in Ev", "Ix in Ux")],
        ),
        (
            "Which was made earliest: Oz, Ev or Ix?",
            [f"When was {m} made?" for m in ("Oz", "Ev", "Ix")],  # an order asks when
        ),
        # the choice after the list: "Of A, B and C, which …"
        (
            "Of Oz, the Ev of Ux and Ix, which is the oldest?",
            [f"How old is {m}?" for m in ("Oz", "the Ev of Ux", "Ix")],
        ),
        # a participle alone tests each; a set's name in capitals after "these"
        (
            "Which of these Oz birds are domesticated: the ev, the ix and the ux?",
            [f"Is {m} domesticated?" for m in ("the ev", "the ix", "the ux")],
        ),
        # a list that opens the question as its subject, "each" beside its verb
        (
            "Oz Ra, Ev Lo and Ix Tu are each associated with which genre?",
            [f"{m} is associated with which genre?" for m in ("Oz Ra", "Ev Lo", "Ix Tu")],
        ),
        # "each" after the listed subjects: each member's own set, its plural kept
        (
            "Which rivers do Oz, Ev and Ix each border?",
            [f"Which rivers does {m} border?" for m in ("Oz", "Ev", "Ix")],
        ),
        # what each "has" the most of, or the highest of: a count, or the measure itself
        (
            "Which has the most native speakers: Oz, Ev or Ix?",
            [f"How many native speakers does {m} have?" for m in ("Oz", "Ev", "Ix")],
        ),
        (
            "Which has the highest population: Oz, Ev or Ix?",
            [f"What is the population of {m}?" for m in ("Oz", "Ev", "Ix")],
        ),
    ],
)
def test_members_listed_are_each_asked_in_agreement(question, parts):
    assert [p.question for p in plan(question)] == parts


@pytest.mark.parametrize(
    ("question", "first", "then"),
    [
        # "each of <owner>'s <set>" anywhere in the question
        (
            "How many people live in each of Oz's special regions?",
            "Which are Oz's special regions?",
            "How many people live in {member}?",
        ),
        # "each <noun> who …": the clause describes the set; the verb it swallowed in a misparse is put back
        (
            "What year did each actor who played a main role in Oz start acting?",
            "Which actors played a main role in Oz?",
            "What year did {member} start acting?",
        ),
        # "each <noun>" after a sentence that asks for the set
        (
            "List the last albums of Oz. What date was each album originally released on?",
            "Which are the last albums of Oz?",
            "What date was {member} originally released on?",
        ),
        # "each" after a statement that counts the set: the statement asked
        (
            "Lake Oz is shared by three countries. What is the capital of each?",
            "Which are the three countries by which Lake Oz is shared?",
            "What is the capital of {member}?",
        ),
        (
            "Ozland has two official languages - what share of people speaks each one?",
            "Which are the two official languages that Ozland has?",
            "What share of people speaks {member}?",
        ),
        # "each of them" after a question that asks for the set
        (
            "Who were the Trinity of Oz music, and when did each of them live?",
            "Who were the Trinity of Oz music?",
            "When did {member} live?",
        ),
        (
            "What particles make up an oz-atom, and what charge does each carry?",
            "What particles make up an oz-atom?",
            "What charge does {member} carry?",
        ),
        # a ranked set, or one a clause describes, as the subject asked about; its verb made singular
        (
            "How tall are the players who won the Oz Cup?",
            "Which players won the Oz Cup?",
            "How tall is {member}?",
        ),
        # a counted set an owner has, after the attribute asked of each
        (
            "Who were the mothers of Oz's two sons?",
            "Which are the two sons of Oz?",
            "Who was the mother of {member}?",
        ),
        # ... and asked with "did": the plain verb after it stays plain
        (
            "What did Oz's two sons do for a living?",
            "Which are the two sons of Oz?",
            "What did {member} do for a living?",
        ),
        # a hyphenated plural is the set asked for
        (
            "Which two city-states led the Oz war, and in what region was each one?",
            "Which two city-states led the Oz war?",
            "In what region was {member}?",
        ),
        # a statement whose counted set follows a preposition, asked with "do"
        (
            "Lake Oz sits on the border of two countries. Which is the largest city in each of them?",
            "Which are the two countries that Lake Oz sits on the border of?",
            "Which is the largest city in {member}?",
        ),
        (
            "There are two kinds of oz-cell. How many cells does each one produce?",
            "Which are the two kinds of oz-cell?",
            "How many cells does {member} produce?",
        ),
        # a passive's agent with an adjective; a set an owner's count names, as the subject asked about
        (
            "The Oz Sea is fed by two main rivers. Which mountains does each of them come from?",
            "Which are the two main rivers by which The Oz Sea is fed?",
            "Which mountains does {member} come from?",
        ),
        (
            "When were Oz's two oldest universities founded?",
            "Which are the two oldest universities of Oz?",
            "When was {member} founded?",
        ),
        # "Earth's" stays Earth: the set part keeps the question's words
        (
            "How much area does each of Earth's two ice sheets cover?",
            "Which are the two ice sheets of Earth?",
            "How much area does {member} cover?",
        ),
        (
            "When were the ships that sailed to Oz built?",
            "Which ships sailed to Oz?",
            "When was {member} built?",
        ),
        (
            "Where were the actors who played the Tin Man born?",
            "Which actors played the Tin Man?",
            "Where was {member} born?",
        ),
    ],
)
def test_a_set_the_parse_finds_is_asked_then_each_member(question, first, then):
    assert [(p.question, p.depends_on) for p in plan(question)] == [(first, None), (then, 0)]


@pytest.mark.parametrize(
    "question",
    [
        "What do the stripes of the flag of Oz represent?",  # neither ranked nor described by a clause
        "Who are the five richest people in Oz?",  # the set itself is asked
        "In Oz ball, how many points is each goal worth?",  # "each goal": no set named before it
        "At what age did each female judge join the High Court of Oz?",  # no clause describes the set
        "How old were the astronauts who landed on Oz when they landed?",  # "they" left in the member's part
        "How many hearts does an octopus have, and what does each one do?",  # the set is not asked for
        # "each of them" points past the counted "units" to "scientists", which no count or article names
        "The units of oz are named after scientists - what nationality was each of them?",
        "What were the causes of Oz's wars?",  # a set an owner has, neither counted nor ranked
    ],
)
def test_a_question_the_parse_finds_no_set_in_is_one_part(question):
    assert plan(question) == [SubQuestion(question)]


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        (  # noun phrases with their articles, up to where an adverb opens the clause
            "How many keys does a piano, a grand organ and a toy harp usually have?",
            [
                "How many keys does a piano usually have?",
                "How many keys does a grand organ usually have?",
                "How many keys does a toy harp usually have?",
            ],
        ),
        (  # up to a participle of phrases.PARTICIPLES ("built")
            "Were the pyramids, the aqueducts and the cathedrals built by slaves?",
            [
                "Were the pyramids built by slaves?",
                "Were the aqueducts built by slaves?",
                "Were the cathedrals built by slaves?",
            ],
        ),
        (  # plural phrases with no article: the last one's plural is its own, not a head they share
            "Are grey wolves, sea otters and pine martens found in Norway?",
            [
                "Are grey wolves found in Norway?",
                "Are sea otters found in Norway?",
                "Are pine martens found in Norway?",
            ],
        ),
        (  # two members "each" marks as several, typed in lower case
            "how many plays did alba and brix each write",
            ["How many plays did alba write?", "How many plays did brix write?"],
        ),
        (  # a name with a number, names with "the"; "each" said of the list is one member's verb
            "In what year did Probe 7, the Corda space station and the Dela Sky Telescope each launch?",
            [
                "In what year did Probe 7 launch?",
                "In what year did the Corda space station launch?",
                "In what year did the Dela Sky Telescope launch?",
            ],
        ),
        (  # the members of an attribute's "of" up to the end
            "Tell me the melting points of tin, lead, zinc and iron.",
            [
                "Tell me the melting points of tin.",
                "Tell me the melting points of lead.",
                "Tell me the melting points of zinc.",
                "Tell me the melting points of iron.",
            ],
        ),
    ],
)
def test_common_noun_phrases_listed_as_the_subject_or_owner_are_each_asked(question, parts):
    assert [p.question for p in plan(question)] == parts


@pytest.mark.parametrize(
    "question",
    [
        "What are salt and pepper used for?",  # two with no "each" may be one thing
        "Does a piano, a grand organ and a toy harp need tuning?",  # no clause marked after the list
        "What are the effects of tin, lead and zinc on the body?",  # the list does not end the question
        "When was the bread, butter and jam sandwich invented?",  # a list naming one thing, a verb in "-ed"
    ],
)
def test_a_list_of_common_nouns_without_a_marked_end_is_one_part(question):
    assert [p.question for p in plan(question)] == [question]


def test_each_after_a_listed_subject_is_dropped_from_the_members_question():
    assert [p.question for p in plan("When were Alba, Brix and Corda each founded?")] == [
        "When was Alba founded?",
        "When was Brix founded?",
        "When was Corda founded?",
    ]


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        (  # a counted set whose head has a modifier; "roughly" before the question of each
            "Which two bird orders hold the most species, and roughly how many species are in each?",
            [
                ("Which two bird orders hold the most species?", None),
                ("Roughly how many species are in {member}?", 0),
            ],
        ),
        (  # a modified head with no count, before its auxiliary
            "Which bird orders are named after Oz, and what is each one's size?",
            [("Which bird orders are named after Oz?", None), ("What is {member}'s size?", 0)],
        ),
        (  # an irregular plural
            "Which two plant genera hold the most species, and where is each found?",
            [("Which two plant genera hold the most species?", None), ("Where is {member} found?", 0)],
        ),
        (  # an order to say what is asked
            "Name the two heaviest metals of Oz and say what colour each one is.",
            [("Which are the two heaviest metals of Oz?", None), ("What colour is {member}?", 0)],
        ),
    ],
)
def test_a_counted_set_with_a_modified_head_or_an_order_to_say_is_split(question, parts):
    assert [(p.question, p.depends_on) for p in plan(question)] == parts


def test_a_counted_set_with_a_modified_head_is_a_set_a_part_may_wait_for():
    question = "Which two bird orders hold the most species, and what is the size of each?"
    first = SubQuestion("Which two bird orders hold the most species?")
    then = SubQuestion("What is the size of {member}?", depends_on=0)
    assert valid(question, [first, then])
    one = "Which city hosts the Oz Games, and what is the size of each?"
    assert not valid(one, [SubQuestion("Which city hosts the Oz Games?"), then])


def test_an_owners_possessive_in_the_subject_is_no_verbs_subject():
    question = "What does each of Alba's two most famous paintings depict?"
    assert [(p.question, p.depends_on) for p in plan(question)] == [
        ("Which are the two most famous paintings of Alba?", None),
        ("What does {member} depict?", 0),
    ]


def test_a_counted_set_asked_with_is_as_people_type_it_is_split():
    question = "whats the three tallest towers of Oz and is each one open to visitors"
    assert [(p.question, p.depends_on) for p in plan(question)] == [
        ("Which are the three tallest towers of Oz?", None),
        ("Is {member} open to visitors?", 0),
    ]


def test_a_relative_clause_without_that_after_a_counted_set_is_the_sets():
    question = "Tell me the three fruits the island exports most of, and where each one is grown."
    assert [(p.question, p.depends_on) for p in plan(question)] == [
        ("Which are the three fruits the island exports most of?", None),
        ("Where is {member} grown?", 0),
    ]


def test_a_list_that_opens_the_question_without_and_or_in_lower_case_is_asked_of_each_member():
    assert [p.question for p in plan("alba, brix and corda - what year did each one open")] == [
        "What year did Alba open?",
        "What year did brix open?",
        "What year did corda open?",
    ]
    assert [p.question for p in plan("Alba, Brix, Corda: what sport is each of them known for?")] == [
        "What sport is Alba known for?",
        "What sport is Brix known for?",
        "What sport is Corda known for?",
    ]


@pytest.mark.parametrize(
    "question", ["Alba, Brix and Corda: which is largest?", "tin, lead, zinc - which melts first?"]
)
def test_a_question_of_a_whole_opening_list_is_one_part(question):
    assert [p.question for p in plan(question)] == [question]


@pytest.mark.parametrize(
    "reply",
    [
        "I'm sorry, but I can't list the three biggest cities of Oz.",
        "Sorry, Oz Records does not say.",
        "I cannot answer that, Alba and Brix are unknown to me.",
    ],
)
def test_a_reply_that_declines_to_list_names_no_member(reply):
    from verirag.plans import proposed

    assert proposed(reply, "Which are the three biggest cities of Oz?", 6) == []


@pytest.mark.parametrize(
    ("question", "first", "then"),
    [
        # a set a clause names before "each of them": a participle's phrase is no head, a passive's object
        # is asked with its subject and verb
        (
            "Oz had two kings called Ozma. When did each of them reign?",
            "Which are the two kings called Ozma that Oz had?",
            "When did {member} reign?",
        ),
        (
            "Ozium is named after two chemists. What nationality was each of them?",
            "Which are the two chemists that Ozium is named after?",
            "What nationality was {member}?",
        ),
        (
            "Ozlings are split into two main groups. Which species is the largest in each group?",
            "Which are the two main groups that Ozlings are split into?",
            "Which species is the largest in {member}?",
        ),
        # "each of those <noun>": the set the clause before names by that noun
        (
            "The Oz Turtles are named after four painters - where was each of those painters born?",
            "Which are the four painters that The Oz Turtles are named after?",
            "Where was {member} born?",
        ),
        # an adjective after the set's head is the question's predicate, not the set's
        (
            "Where is each of the three living tapir species native to?",
            "Which are the three living tapir species?",
            "Where is {member} native to?",
        ),
        # a set named, then asked for again ("who were they", "which are they")
        (
            "Oz's first two kings: who were they, and from what year did each of them rule?",
            "Which are the first two kings of Oz?",
            "From what year did {member} rule?",
        ),
        (  # asked again before a clause no rule of the set splits: the plan's other routes read it too
            "Oz's first two kings: who were they, and from when to when did each serve?",
            "Who were Oz's first two kings?",
            "From when to when did {member} serve?",
        ),
        (  # a set named, then an order to give what each has
            "Oz's three longest rivers: give me the length of each.",
            "Which are the three longest rivers of Oz?",
            "What is the length of {member}?",
        ),
        (
            "Only two metals are liquid in Oz - which are they, and what are their atomic numbers?",
            "Which two metals are liquid in Oz?",
            "What is the atomic number of {member}?",
        ),
        # a field that opens the question qualifies the set
        (
            "In women's oz ball, who are the three most decorated players, and what is each one's tally?",
            "Which are the three most decorated players, in women's oz ball?",
            "What is {member}'s tally?",
        ),
        # a related set framed by a hyphenated participle holds two names
        (
            "In which cities were the bands co-founded by Ann Alba and Bo Brix formed?",
            "Which are the bands co-founded by Ann Alba and Bo Brix?",
            "In which city was {member} formed?",
        ),
    ],
)
def test_a_set_named_apart_from_its_question_is_asked_then_each_member(question, first, then):
    assert [(p.question, p.depends_on) for p in plan(question)] == [(first, None), (then, 0)]


@pytest.mark.parametrize(
    "question",
    [
        # "each of these <noun>" that is not the last plural the clause before names
        "What are the host cities of the Oz Games for the years 2000, 2004 and 2008, and what's the motto "
        "for each of these Oz Games?",
        # "each of their <noun>": an attribute of each member, a chain no part asks
        "Borneo is shared by three countries - how much area does each of their capital cities cover?",
    ],
)
def test_each_of_a_noun_that_is_not_the_set_named_before_is_one_part(question):
    assert plan(question) == [SubQuestion(question)]


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        # titles holding "of" and "the" before a colon, then an order to name something of each
        (
            "Alba of the North, The Brix Saga, Corda: name the author of each.",
            [
                "Who is the author of Alba of the North?",
                "Who is the author of The Brix Saga?",
                "Who is the author of Corda?",
            ],
        ),
        # an order among members: when each came out, was founded
        (
            "Which film came out first: Alba, Brix or Corda?",
            ["When did Alba come out?", "When did Brix come out?", "When did Corda come out?"],
        ),
        (
            "Which was founded first: Alba, Brix or Corda?",
            ["When was Alba founded?", "When was Brix founded?", "When was Corda founded?"],
        ),
        # an order by a verb and its object: when each did it
        (
            "Of Alba, Brix and Corda, who won the Oz Prize first?",
            [
                "When did Alba win the Oz Prize?",
                "When did Brix win the Oz Prize?",
                "When did Corda win the Oz Prize?",
            ],
        ),
        (  # passive, with its object
            "Of Alba, Brix and Corda, who was awarded the Oz Prize first?",
            [
                "When was Alba awarded the Oz Prize?",
                "When was Brix awarded the Oz Prize?",
                "When was Corda awarded the Oz Prize?",
            ],
        ),
        # a test by a capitalised adjective: whether each is it
        (
            "Alba, Brix and Corda - which of them were Ozish?",
            ["Was Alba Ozish?", "Was Brix Ozish?", "Was Corda Ozish?"],
        ),
        # a superlative of distance: how near each is, not whether each is nearest
        (
            "Of Alba, Brix and Corda, which star is nearest to us?",
            [f"How near is the star {m} to us?" for m in ("Alba", "Brix", "Corda")],
        ),
    ],
)
def test_members_listed_are_each_asked_the_measure_a_choice_or_an_order_compares(question, parts):
    assert [(p.question, p.depends_on) for p in plan(question)] == [(p, None) for p in parts]


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        # a set named in quotes is counted by its quoted head
        (
            "Oz has had four 'core leaders'. Who were they, and over which years did each one lead?",
            [
                ("Which are the four 'core leaders' that Oz had?", None),
                ("Over which years did {member} lead?", 0),
            ],
        ),
        # "each <named group's noun>" after "of": the group, then the question of each
        (
            "How did the reign of each Oz-Ev emperor come to an end?",
            [("Which are the Oz-Ev emperors?", None), ("How did the reign of {member} come to an end?", 0)],
        ),
        # an order to list a set "with the <attribute> of each"
        (
            "List the Oz metals with the atomic number of each.",
            [("Which are the Oz metals?", None), ("What is the atomic number of {member}?", 0)],
        ),
        # several clauses about each member: a part per clause ("its", "it" stand for the member)
        (
            "Which are the three largest cities of Oz, and what is the size of each and who is its mayor?",
            [
                ("Which are the three largest cities of Oz?", None),
                ("What is the size of {member}?", 0),
                ("Who is the mayor of {member}?", 0),
            ],
        ),
        (
            "Oz's two largest lakes - how deep is each, and which river drains it?",
            [
                ("Which are the two largest lakes of Oz?", None),
                ("How deep is {member}?", 0),
                ("Which river drains {member}?", 0),
            ],
        ),
        # a set asked for, then an order to give something of each, one clause written in a clause's order
        (
            "Which countries make up the Oz Cone? Give me the capital of each and how big each country is.",
            [
                ("Which countries make up the Oz Cone?", None),
                ("What is the capital of {member}?", 0),
                ("How big is {member}?", 0),
            ],
        ),
        # members listed after a colon that "each of these <noun>" stands for
        (
            "What is each of these scientists best known for: Ann Alba, Bo Brix and Cy Corda?",
            [(f"What is {m} best known for?", None) for m in ("Ann Alba", "Bo Brix", "Cy Corda")],
        ),
        # titles holding "a", then two clauses asked of each, within the parts allowed
        (
            "Alba Saga, To Kill a Brix, Corda: who wrote each one, and what year did it come out?",
            [
                (q.format(m), None)
                for m in ("Alba Saga", "To Kill a Brix", "Corda")
                for q in ("Who wrote {}?", "What year did {} come out?")
            ],
        ),
        # who made each of the works a lower-case question lists
        (
            "who created alba, brix, corda and dax",
            [(f"Who created {m}?", None) for m in ("alba", "brix", "corda", "dax")],
        ),
        # a choice's kind goes with members named without it; a dash may open the list
        (
            "Which university is the oldest - Alba, Brix or Corda?",
            [(f"How old is the university {m}?", None) for m in ("Alba", "Brix", "Corda")],
        ),
    ],
)
def test_clauses_orders_and_kinds_people_write_are_asked_of_each_member(question, parts):
    assert [(p.question, p.depends_on) for p in plan(question)] == parts


@pytest.mark.parametrize(
    "question",
    [
        "List the countries with the largest populations.",  # one set ranked by what its members have
        "What key is each of these symphonies in: Alba's First, his Fifth and his Ninth, and Brix's Jupiter?",
        "What branch were the nominees of each party affiliated with in the Oz election?",  # a verb ends it
    ],
)
def test_a_ranking_by_what_members_have_or_each_in_a_choice_is_one_part(question):
    assert plan(question) == [SubQuestion(question)]


def test_clauses_asked_of_more_members_than_parts_allow_are_asked_together():
    parts = plan("Alba, Brix, Corda and Dax: who wrote each one, and what year did it come out?")
    assert [p.question for p in parts] == [
        f"Who wrote {m}, and what year did it come out?" for m in ("Alba", "Brix", "Corda", "Dax")
    ]


@pytest.mark.parametrize(
    ("question", "first", "then"),
    [
        (
            "The Ozlings: what instrument did each play?",
            "Which are the Ozlings?",
            "What instrument did {member} play?",
        ),
        (
            "Which two Oz kings reigned the longest, and from when to when did each rule?",
            "Which two Oz kings reigned the longest?",
            "From when to when did {member} rule?",
        ),
    ],
)
def test_the_verb_after_each_that_a_parse_read_as_its_noun_stays_in_the_members_part(question, first, then):
    assert [(p.question, p.depends_on) for p in plan(question)] == [(first, None), (then, 0)]


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        # a set a statement names, asked for again with its noun ("which cities are they")
        (
            "Oz has two capitals — which cities are they, and which courts sit in each?",
            [("Which are the two capitals that Oz has?", None), ("Which courts sit in {member}?", 0)],
        ),
        # typed with no mark between a counted ranking and its question
        (
            "ozs two biggest cities how many people live in each",
            [("Which are the Ozs two biggest cities?", None), ("How many people live in {member}?", 0)],
        ),
        # a comparative after a comma; an order "which of them" asks after the list; "which ones have a …"
        (
            "Which is taller, the Alba Tower or the Brix Tower?",
            [("How tall is the Alba Tower?", None), ("How tall is the Brix Tower?", None)],
        ),
        (
            "Alba, Brix and Corda — which of them was discovered first?",
            [(f"When was {m} discovered?", None) for m in ("Alba", "Brix", "Corda")],
        ),
        (
            "Of Alba, Brix and Corda, which ones have a sea coast?",
            [(f"Does {m} have a sea coast?", None) for m in ("Alba", "Brix", "Corda")],
        ),
        # a lower-case list after "do", its plain verb then a place
        (
            "where do oz dragons, koalas and giant pandas live in the wild",
            [(f"Where do {m} live in the wild?", None) for m in ("oz dragons", "koalas", "giant pandas")],
        ),
        # a statement of the listed members, then a question of each one ("he" is the member)
        (
            "Alba, Brix and Corda were all kings. Which country did each one rule, and where did he die?",
            [
                (q.format(m), None)
                for m in ("Alba", "Brix", "Corda")
                for q in ("Which country did {} rule?", "Where did {} die?")
            ],
        ),
    ],
)
def test_sets_and_choices_written_around_their_question_are_asked_of_each_member(question, parts):
    assert [(p.question, p.depends_on) for p in plan(question)] == parts


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        # a statement names the set, the next sentence asks it again and asks of each
        (
            "Ruritania is split into four provinces. Which are they, and what is the capital of each?",
            [
                ("Which are the four provinces that Ruritania is split into?", None),
                ("What is the capital of {member}?", 0),
            ],
        ),
        (
            "Oz has two official languages. What are they called, and how many people speak each?",
            [
                ("Which are the two official languages that Oz has?", None),
                ("How many people speak {member}?", 0),
            ],
        ),
        # a question for the set, then an order to tell of each, its later clause about "he"
        (
            "Who were the three longest-serving chancellors of Oz? Tell me which number chancellor each one "
            "was and how long he served.",
            [
                ("Who were the three longest-serving chancellors of Oz?", None),
                ("Which number chancellor was {member}?", 0),
                ("How long did {member} serve?", 0),
            ],
        ),
        # a question word left in its clause's place, typed in lower case with no mark, then "and how …"
        (
            "oz split into which provinces and how big is each one",
            [("Oz split into which provinces?", None), ("How big is {member}?", 0)],
        ),
        # an order to find the set, then a question of "their" attribute
        (
            "Find the three largest lakes of Oz. What are their depths?",
            [("Which are the three largest lakes of Oz?", None), ("What is the depth of {member}?", 0)],
        ),
        # one thing asked first, the rest planned as a question about it: a chain of three
        (
            "Which family did the Ozian king Ozma belong to? List its first four kings and the years each of "
            "them ruled.",
            [
                ("Which family did the Ozian king Ozma belong to?", None),
                ("Which are the first four kings of {member}?", 0),
                ("What are the years {member} ruled?", 1),
            ],
        ),
        (
            "Which country is home to Oz's longest river, which countries border it, and what is the capital "
            "of each of those neighbours?",
            [
                ("Which country is home to Oz's longest river?", None),
                ("Which countries border {member}?", 0),
                ("What is the capital of {member}?", 1),
            ],
        ),
        # the rest a question in steps of its own: "it" twice, a chain of three
        (
            "What is the capital of Oz? Which river flows through it, and which towns lie on it?",
            [
                ("What is the capital of Oz?", None),
                ("Which river flows through {member}?", 0),
                ("Which towns lie on {member}?", 1),
            ],
        ),
        (
            "The tallest tower in Oz is in which city? Name that city's three largest parks and say how big "
            "each of them is.",
            [
                ("The tallest tower in Oz is in which city?", None),
                ("Which are the three largest parks of {member}?", 0),
                ("How big is {member}?", 1),
            ],
        ),
        # "it" points, not the "that" of a relative clause ("the countries that border it")
        (
            "Which country has Oz's highest capital? Name the countries that border it and how many people"
            " live in each.",
            [
                ("Which country has Oz's highest capital?", None),
                ("Which countries border {member}?", 0),
                ("How many people live in {member}?", 1),
            ],
        ),
    ],
)
def test_a_question_asked_in_steps_is_its_first_step_then_the_rest_of_its_answer(question, parts):
    assert [(p.question, p.depends_on) for p in plan(question)] == parts


@pytest.mark.parametrize(
    "question",
    [
        # a later clause that does not point back asks something else
        "Who has the most Oz Prizes ever, who is second, and how many prizes does each have?",
        # "among these": a comparison of the members, not a question of each
        "What are the venues of the Oz Games? Among these venues, in what year was the earliest one opened?",
        # one thing, then "he": no set to ask of, and no chain the rules read
        "Who is the top scorer of Oz, and where was he born?",
        # a statement of one thing, then a question about it: one question
        "Oz Records was founded in 1990. Who founded it?",
        # one thing, then one more thing asked of it: one document answers both, one question
        "What is the capital city of Oz and when did it become the capital?",
        # a sentence after the clause of each member: an instruction the clause cannot carry
        "Who are the five tallest kings of Oz and what are their birth dates? If a king was crowned twice, "
        "count him once.",
    ],
)
def test_a_later_step_that_does_not_ask_of_the_first_ones_answer_is_no_step(question):
    assert plan(question) == [SubQuestion(question)]


def test_a_step_for_one_thing_may_be_waited_for_only_where_later_words_point_to_it():
    first = SubQuestion("Which family did Ozma belong to?")
    then = SubQuestion("Which are the first four kings of {member}?", depends_on=0)
    assert valid("Which family did Ozma belong to? List its first four kings.", [first, then])
    assert not valid("Which family did Ozma belong to? List the first four kings of each.", [first, then])
    # in other words than the question's, a question for one thing is still no set
    assert not valid("Which family did Ozma the Great belong to? List its first four kings.", [first, then])


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        # a clause after "and" that opens with a preposition and a question word
        (
            "Who were the two longest-ruling kings of Oz? What was each one king of, and over which years "
            "did he rule?",
            [
                ("Who were the two longest-ruling kings of Oz?", None),
                ("What was {member} king of?", 0),
                ("Over which years did {member} rule?", 0),
            ],
        ),
        # "each <noun>'s <attribute>", and "who" with a hyphenated verb asks for people
        (
            "Who co-wrote the Oz Book? Give me each writer's nationality and what else they were known for.",
            [
                ("Who co-wrote the Oz Book?", None),
                ("What is the nationality of {member}?", 0),
                ("What else was {member} known for?", 0),
            ],
        ),
        # a set's head ends before "within"
        (
            "What are the two groups within the order Ozonata, and how does each hold its wings at rest?",
            [
                ("Which are the two groups within the order Ozonata?", None),
                ("How does {member} hold its wings at rest?", 0),
            ],
        ),
        # a question in a clause's order, its verb in the past: "how far each one flowed"
        (
            "List the two longest rivers of Oz and how far each one flowed before it was dammed.",
            [
                ("Which are the two longest rivers of Oz?", None),
                ("How far did {member} flow before it was dammed?", 0),
            ],
        ),
    ],
)
def test_a_clause_of_each_member_reads_its_question_word_order_and_owner(question, parts):
    assert [(p.question, p.depends_on) for p in plan(question)] == parts


@pytest.mark.parametrize(
    ("question", "first", "then"),
    [
        # what follows the object stays with the set a statement names
        (
            "Oz regards three rivers as sacred. Which are they, and how long is each?",
            "Which are the three rivers that Oz regards as sacred?",
            "How long is {member}?",
        ),
        # a tag asking the reader to agree is no part of the set
        (
            "oz has 2 main rivers right? how long is each of them",
            "Which are the 2 main rivers that Oz has?",
            "How long is {member}?",
        ),
        # an order to give "each one's" attribute
        (
            "Name the two biggest Oz-speaking countries and give me each one's capital.",
            "Which are the two biggest Oz-speaking countries?",
            "What is the capital of {member}?",
        ),
        # one thing that each of several has names a set
        (
            "Alba and Brix each have a national river. Which are they, and how long is each?",
            "Which are the national rivers that Alba and Brix each have?",
            "How long is {member}?",
        ),
        # "their <noun>" as the subject of a verb after "did" is the member's
        (
            "Alba and Brix have each had a woman king. Who were they, and how did each of their lives end?",
            "Which are the woman kings that Alba and Brix have each had?",
            "How did {member}'s life end?",
        ),
        # an irregular past asked with "did" takes its plain form
        (
            "List the two longest-reigning kings of Oz and how long each one sat on the throne.",
            "Which are the two longest-reigning kings of Oz?",
            "How long did {member} sit on the throne?",
        ),
    ],
)
def test_a_set_named_by_a_statement_keeps_its_words_and_each_clause_reads_as_a_question(
    question, first, then
):
    assert [(p.question, p.depends_on) for p in plan(question)] == [(first, None), (then, 0)]
