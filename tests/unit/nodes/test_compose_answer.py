"""compose_answer: a planned question's answer, only its parts' verified sentences, renumbered."""

from __future__ import annotations

from langgraph.runtime import Runtime

from tests.scripted import a_part, a_sentence, a_state
from verirag import Context, refusal
from verirag.graph.node import as_node
from verirag.nodes.planning.compose_answer import compose_answer
from verirag.plans import MEMBER
from verirag.stores import make_document

SYLVANIA = make_document("Sylvania", "Sylvania is a country in Europe. The capital of Sylvania is Vale.")
VALE_DOC = make_document("Vale", "Vale is a city on a river, the capital of Sylvania.")
FENWICK = make_document("Grand Fenwick", "Grand Fenwick is a tiny duchy in the Alps, known for its wine.")
VALE = "The capital of Sylvania is Vale."
INVENTED = "The capital of Grand Fenwick is Port Royal."


def test_only_verified_sentences_renumbered_over_the_answer_and_each_unverified_part_named():
    events: list[dict] = []
    parts = [
        a_part(2, "Where is Vale?", [a_sentence(VALE, [VALE_DOC["id"]])], [VALE_DOC]),  # said already
        a_part(
            1,
            "What is the capital of Grand Fenwick?",
            [a_sentence(INVENTED, [FENWICK["id"]], "none")],
            [FENWICK],
        ),
        a_part(0, "What is the capital of Sylvania?", [a_sentence(VALE, [SYLVANIA["id"]])], [SYLVANIA]),
    ]
    update = as_node(compose_answer)(
        a_state(parts=parts), Runtime(context=Context(), stream_writer=events.append)
    )
    gap = refusal.PART_MISSING.format(gap="what the capital of Grand Fenwick is")
    assert update["answer"] == f"The capital of Sylvania is Vale [1]. {gap}"
    # the answer's own documents first, then those of the sentences left out, in the order asked
    assert list(update["documents"]) == [SYLVANIA["id"], FENWICK["id"], VALE_DOC["id"]]
    assert [s["part"] for s in update["sentences"]] == [0, 1, 2]  # every part's sentence, in asked order
    assert [(p["index"], p["verified"], p["documents"]) for p in update["plan"]] == [
        (0, True, [SYLVANIA["id"]]),
        (1, False, [FENWICK["id"]]),
        (2, True, [VALE_DOC["id"]]),
    ]
    assert update["refusal"] == gap and events == [{"event": "refusal", "text": gap}]


def test_nothing_verified_is_the_plain_refusal_and_an_unstarted_second_hop_is_named():
    first = "Which countries border Freedonia?"
    unverified = a_part(0, first, [a_sentence("Freedonia borders nobody.", verified_by="none")])
    update = as_node(compose_answer)(a_state(parts=[unverified]), Runtime(context=Context()))
    assert update["answer"] == refusal.NOTHING_VERIFIED
    waited = [{"question": first, "depends_on": None}, {"question": f"Who rules {MEMBER}?", "depends_on": 0}]
    partly = a_part(0, first, [a_sentence("Freedonia is in Europe.")])  # verified, names no member
    update = as_node(compose_answer)(a_state(parts=[partly], subquestions=waited), Runtime(context=Context()))
    assert update["answer"] == f"Freedonia is in Europe. {refusal.PART_UNKNOWN}"


def test_the_sub_questions_over_the_parts_cap_are_named_as_not_asked():
    parts = [a_part(0, "What is the capital of Sylvania?", [a_sentence(VALE, [SYLVANIA["id"]])], [SYLVANIA])]
    state = a_state(parts=parts, unasked=["What is the capital of Grand Fenwick?"])
    update = as_node(compose_answer)(
        state, Runtime(context=Context(max_parts=1), stream_writer=lambda e: None)
    )
    note = refusal.OVER_CAP.format(n=1, gaps="what the capital of Grand Fenwick is")
    assert update["answer"] == f"The capital of Sylvania is Vale [1]. {note}" and update["refusal"] == note


def test_a_shared_part_names_each_member_no_verified_sentence_answers_and_shows_only_theirs():
    named_only = "Grand Fenwick is a tiny duchy in the Alps."  # verified, names the member, answers nothing
    elsewhere = "Freedonia is a small country in Europe."  # verified, but of no member asked about
    sentences = [
        a_sentence(VALE, [SYLVANIA["id"]]),
        a_sentence(elsewhere, [SYLVANIA["id"]]),
        a_sentence(named_only, [FENWICK["id"]]),
    ]
    group = a_part(
        1,
        "What are the capitals of Sylvania and Grand Fenwick?",
        sentences,
        [SYLVANIA, FENWICK],
        depends_on=0,
        members=["Sylvania", "Grand Fenwick"],
        member_questions=["What is the capital of Sylvania?", "What is the capital of Grand Fenwick?"],
    )
    state = a_state(parts=[group])
    update = as_node(compose_answer)(state, Runtime(context=Context(), stream_writer=lambda e: None))
    gap = refusal.PART_MISSING.format(gap="what the capital of Grand Fenwick is")
    assert update["answer"] == f"{VALE} [1]. {named_only} [2]. {gap}".replace(". [", " [")
    assert update["plan"][0]["members"] == ["Sylvania", "Grand Fenwick"]
    # one sentence answering the plural question for both members leaves nothing open
    both = "The capitals of Sylvania and Grand Fenwick are Vale and Fenwick Castle."
    answered = {**group, "sentences": [a_sentence(both, [SYLVANIA["id"]])]}
    update = as_node(compose_answer)(
        {**state, "parts": [answered]}, Runtime(context=Context(), stream_writer=lambda e: None)
    )
    assert update["refusal"] is None


def test_a_third_hop_started_from_a_later_second_hop_part_is_no_unanswered_part():
    # the plan's sub-question 1 (each country's capital) ran as parts 1 and 2; only part 2 verified, so the
    # mayor (sub-question 2) waited on part 2, not on a part numbered 1
    chain = [
        {"question": "Which countries border Freedonia?", "depends_on": None},
        {"question": f"What is the capital of {MEMBER}?", "depends_on": 0},
        {"question": f"Who is the mayor of {MEMBER}?", "depends_on": 1},
    ]
    parts = [
        a_part(
            0, "Which countries border Freedonia?", [a_sentence("Freedonia borders Sylvania and Ruritania.")]
        ),
        a_part(1, "What is the capital of Sylvania?", [a_sentence(VALE, verified_by="none")], origin=1),
        a_part(2, "What is the capital of Ruritania?", [a_sentence("Strelsau is its capital.")], origin=1),
        a_part(3, "Who is the mayor of Strelsau?", [a_sentence("Rudolf is mayor of Strelsau.")], origin=2),
    ]
    for p, source in zip(parts[1:], (0, 0, 2), strict=True):
        p["depends_on"] = source
    update = as_node(compose_answer)(a_state(parts=parts, subquestions=chain), Runtime(context=Context()))
    assert refusal.PART_UNKNOWN not in update["answer"]
    assert update["answer"].endswith("The documents do not say what the capital of Sylvania is.")


def test_a_sentence_another_part_said_in_nearly_its_words_is_said_once():
    said = "Lake Tam is the third-largest of the five lakes of Sylvania, covering 2,400 km2 of its north."
    again = (
        "Lake Tam is the third-largest of the five lake basins of Sylvania, covering 2,400 km2 of its north."
    )
    other = "Lake Orm is the third-largest of the five lakes of Sylvania, covering 2,400 km2 of its north."
    parts = [
        a_part(0, "Which are the five lakes of Sylvania?", [a_sentence(said, [SYLVANIA["id"]])], [SYLVANIA]),
        a_part(1, "What is the area of Lake Tam?", [a_sentence(again, [SYLVANIA["id"]])], [SYLVANIA]),
        a_part(2, "What is the area of Lake Orm?", [a_sentence(other, [SYLVANIA["id"]])], [SYLVANIA]),
    ]
    update = as_node(compose_answer)(a_state(parts=parts), Runtime(context=Context()))
    # the same fact once; another member's sentence in the same words is its own
    assert update["answer"] == f"{said[:-1]} [1]. {other[:-1]} [1]."


def test_a_sentence_its_part_says_again_with_more_beside_it_gives_way_to_the_fuller_one():
    short = "The capital of Sylvania is Vale."
    fuller = "The capital of Sylvania is Vale, a city on a river."
    other = "Sylvania is a country in Europe."
    parts = [
        a_part(
            0,
            "What is the capital of Sylvania?",
            [a_sentence(s, [SYLVANIA["id"]]) for s in (short, other, fuller)],
            [SYLVANIA],
        ),
    ]
    update = as_node(compose_answer)(a_state(parts=parts), Runtime(context=Context()))
    # said once, where it was first said, in the words that say more; a sentence saying something else stays
    assert update["answer"] == f"{fuller[:-1]} [1]. {other[:-1]} [1]."


def test_a_ranked_sets_members_are_named_with_their_rank_and_document_and_the_first_rank_none_states():
    ranked_set = "Which are the three largest duchies in Europe?"
    subquestions = [
        {"question": ranked_set, "depends_on": None},
        {"question": f"Where is {MEMBER}?", "depends_on": 0},
    ]
    ranked = [
        {"member": "Grand Fenwick", "rank": 2, "title": "Grand Fenwick", "quote": "…", "id": FENWICK["id"]},
        {"member": "Sylvania", "rank": 3, "title": "Sylvania", "quote": "…", "id": SYLVANIA["id"]},
    ]
    parts = [
        a_part(0, ranked_set, [a_sentence("They are three.", verified_by="none")]),
        a_part(
            1,
            "Where is Sylvania?",
            [a_sentence("Sylvania is a country in Europe.", [SYLVANIA["id"]])],
            [SYLVANIA],
            0,
            ["Sylvania"],
            origin=1,
        ),
    ]
    state = a_state(parts=parts, subquestions=subquestions, expanded=[1], ranked={"0": ranked})
    update = as_node(compose_answer)(state, Runtime(context=Context()))
    assert update["answer"].endswith(
        refusal.RANKED.format(
            ranks='Grand Fenwick (second, in "Grand Fenwick"); Sylvania (third, in "Sylvania")'
        )
        + " No document states which is the first."
    )
