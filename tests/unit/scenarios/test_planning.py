"""Questions with several parts: the graph answering each part through the whole pipeline, driven by a
scripted model that answers each part's question on its own (the planning rules: tests/unit/test_plans.py)."""

from __future__ import annotations

import json
import time

import pytest

from tests.conftest import _registered_store
from tests.scripted import (
    JUDGMENTS,
    fill_reply,
    judged_sentence,
    line_after,
    prompt_kind,
    run_main,
    support_reply,
    titles_in,
)
from tests.scripted import vtg_context as ctx
from verirag import refusal
from verirag.api import run
from verirag.prompts import generate_sentence
from verirag.stores import make_document, unregister_store

NATIONS = {
    "Freedonia": "Freedonia is a small country in Europe. Freedonia borders Sylvania and Grand Fenwick.",
    "Sylvania": "Sylvania is a country in Europe. The capital of Sylvania is Vale.",
    "Grand Fenwick": "Grand Fenwick is a tiny duchy in the Alps, known for its wine.",
    "Vale": "Vale is a city on a river, the capital of Sylvania.",
    "Banana": "A banana is an edible fruit.",
}
TWO_HOPS = "What are the capitals of the countries that border Freedonia?"
FIRST = "Freedonia borders Sylvania and Grand Fenwick."
VALE = "The capital of Sylvania is Vale."
INVENTED = "The capital of Grand Fenwick is Port Royal."


@pytest.fixture
def nations(tmp_path):
    yield _registered_store(
        tmp_path / "nations", "nations", [make_document(t, x) for t, x in NATIONS.items()]
    )
    unregister_store("nations")


class PartWriter:
    """Writes one sentence per question (``answers[question]``), cites by title, and judges a sentence
    supported exactly when the documents shown include every title in ``needs[sentence]``."""

    def __init__(self, answers, cite, needs, proposal="unknown"):
        self.answers, self.cite_titles, self.needs, self.proposal = answers, cite, needs, proposal
        self.questions: list[str] = []
        self.proposals: list[str] = []  # the sets whose members it was asked to name itself

    def __call__(self, messages, kwargs):
        kind, prompt = prompt_kind(messages), "\n".join(m.text for m in messages[1:])
        titles = titles_in(prompt)
        if kind == "next sentence":
            question = line_after(prompt, "Question: ")
            self.questions.append(question)
            first = line_after(prompt, "Answer so far: ") == "(nothing yet)"
            return self.answers.get(question, generate_sentence.END) if first else generate_sentence.END
        if kind == "cite":
            sentence = line_after(prompt, "Sentence: ")
            wanted = self.cite_titles.get(sentence, [])
            return sentence + "".join(f"[{titles.index(t) + 1}]" for t in wanted if t in titles)
        if kind in JUDGMENTS:
            ok = set(self.needs.get(judged_sentence(messages), {"<never>"})) <= set(titles)
            return support_reply(messages, 0.99 if ok else 0.02)
        if kind == "fill":
            return fill_reply(
                line_after(prompt, "Sentence: "),
                list(self.needs),
                lambda s: set(self.needs.get(s, {"<never>"})) <= set(titles),
            )
        if kind == "queries":
            return "Grand Fenwick capital\nFenwick duchy"
        if kind == "members":
            self.proposals.append(line_after(prompt, "Question: "))
            return self.proposal
        raise AssertionError(f"unexpected prompt {kind}")


def two_hop_writer(first=FIRST, proposal="unknown"):
    return PartWriter(
        answers={
            "Which countries border Freedonia?": first,
            "What is the capital of Sylvania?": VALE,
            "What is the capital of Grand Fenwick?": INVENTED,
        },
        cite={FIRST: ["Freedonia"], VALE: ["Sylvania"], INVENTED: ["Grand Fenwick"]},
        needs={FIRST: ["Freedonia"], VALE: ["Sylvania"]},
        proposal=proposal,
    )


def test_a_second_hop_asks_each_member_the_first_part_verified(nations, scripted):
    script = two_hop_writer()
    name, _ = scripted(script)
    events: list = []
    out, _ = run(TWO_HOPS, ctx(name, store="nations"), on_event=lambda *event: events.append(event))
    assert set(script.questions) == {
        "Which countries border Freedonia?",
        "What is the capital of Sylvania?",
        "What is the capital of Grand Fenwick?",
    }
    # only verified sentences, renumbered over the whole answer; the unverified part named, never guessed
    assert out["answer"] == (
        "Freedonia borders Sylvania and Grand Fenwick [1]. "
        "The capital of Sylvania is Vale [2]. "
        "The documents do not say what the capital of Grand Fenwick is."
    )
    assert [d["title"] for d in out["documents"].values()][:2] == ["Freedonia", "Sylvania"]
    assert [(p["question"], p["depends_on"], p["members"], p["verified"]) for p in out["plan"]] == [
        ("Which countries border Freedonia?", None, [], True),
        ("What is the capital of Sylvania?", 0, ["Sylvania"], True),
        ("What is the capital of Grand Fenwick?", 0, ["Grand Fenwick"], False),
    ]
    assert [s["part"] for s in out["sentences"] if s["verified_by"] != "none"] == [0, 1]
    streamed = [c for m, c in events if m == "custom" and c.get("event") == "sentence"]
    assert sorted(c["part"] for c in streamed) == [0, 1, 2]  # each part's sentences as they were kept
    steps = [next(iter(c)) for m, c in events if m == "updates"]
    assert steps == [
        "start",
        "plan",
        "answer_part",
        "propose_members",
        "next_parts",
        "answer_part",
        "answer_part",
        "propose_members",
        "next_parts",
        "compose_answer",
    ]
    assert out["usage"]["per_node"]["generate_sentence"]["calls"] >= 3  # the parts' ledgers, merged


def test_a_test_of_each_member_is_asked_of_each_and_an_unsettled_one_named(nations, scripted):
    in_europe, fenwick = "Sylvania is a country in Europe.", "Grand Fenwick is in Europe."
    script = PartWriter(
        answers={
            "Which countries border Freedonia?": FIRST,
            "Is Sylvania in Europe?": in_europe,
            "Is Grand Fenwick in Europe?": fenwick,
        },
        cite={FIRST: ["Freedonia"], in_europe: ["Sylvania"], fenwick: ["Grand Fenwick"]},
        needs={FIRST: ["Freedonia"], in_europe: ["Sylvania"]},  # the Alps are not said to be in Europe
    )
    name, _ = scripted(script)
    out, _ = run("Of the countries that border Freedonia, which are in Europe?", ctx(name, store="nations"))
    assert [(p["question"], p["depends_on"]) for p in out["plan"]] == [
        ("Which countries border Freedonia?", None),
        ("Is Sylvania in Europe?", 0),
        ("Is Grand Fenwick in Europe?", 0),
    ]
    assert out["answer"] == (
        "Freedonia borders Sylvania and Grand Fenwick [1]. Sylvania is a country in Europe [2]. "
        "The documents do not say whether Grand Fenwick is in Europe."
    )


THREE_HOPS = "Who are the mayors of the capitals of the countries that border Freedonia?"
MAYOR = "The mayor of Vale is Ida Brandt."


@pytest.fixture
def chain_nations(tmp_path):
    documents = {**NATIONS, "Ida Brandt": "Ida Brandt is a politician. The mayor of Vale is Ida Brandt."}
    yield _registered_store(tmp_path / "chain", "chain", [make_document(t, x) for t, x in documents.items()])
    unregister_store("chain")


def test_a_third_hop_asks_after_each_name_the_second_hop_verified(chain_nations, scripted):
    script = two_hop_writer()
    script.answers["Who is the mayor of Vale?"] = MAYOR
    script.cite_titles[MAYOR] = ["Ida Brandt"]
    script.needs[MAYOR] = ["Ida Brandt"]
    name, _ = scripted(script)
    events: list = []
    out, _ = run(THREE_HOPS, ctx(name, store="chain"), on_event=lambda *event: events.append(event))
    assert out["answer"] == (
        "Freedonia borders Sylvania and Grand Fenwick [1]. The capital of Sylvania is Vale [2]. "
        "The mayor of Vale is Ida Brandt [3]. The documents do not say what the capital of Grand Fenwick is."
    )
    assert [(p["question"], p["depends_on"], p["members"]) for p in out["plan"]] == [
        ("Which countries border Freedonia?", None, []),
        ("What is the capital of Sylvania?", 0, ["Sylvania"]),
        ("What is the capital of Grand Fenwick?", 0, ["Grand Fenwick"]),
        ("Who is the mayor of Vale?", 1, ["Vale"]),  # Grand Fenwick's capital was not verified: no mayor
    ]
    steps = [next(iter(c)) for m, c in events if m == "updates"]
    assert steps.count("next_parts") == 3 and steps[-1] == "compose_answer"


def test_members_that_outnumber_the_parts_left_are_asked_together_and_each_unanswered_one_named(
    nations, scripted
):
    script = two_hop_writer()
    script.answers["What are the capitals of Sylvania and Grand Fenwick?"] = VALE
    name, _ = scripted(script)
    out, _ = run(TWO_HOPS, ctx(name, store="nations", max_parts=2))
    assert set(script.questions) == {
        "Which countries border Freedonia?",
        "What are the capitals of Sylvania and Grand Fenwick?",  # one part for both: room for one
    }
    assert [(p["question"], p["members"], p["verified"]) for p in out["plan"]][1:] == [
        ("What are the capitals of Sylvania and Grand Fenwick?", ["Sylvania", "Grand Fenwick"], True),
    ]
    assert out["answer"] == (  # not "over the cap": asked, and what no verified sentence answers named
        "Freedonia borders Sylvania and Grand Fenwick [1]. "
        "The capital of Sylvania is Vale [2]. "
        "The documents do not say what the capital of Grand Fenwick is."
    )


def test_independent_parts_are_asked_in_one_wave(nations, scripted):
    question = 'Who wrote "Alpha Tale", "Beta Song" and "Gamma Poem"?'
    script = PartWriter(answers={}, cite={}, needs={})
    name, _ = scripted(script)
    events: list = []
    out, _ = run(question, ctx(name, store="nations"), on_event=lambda *event: events.append(event))
    assert sorted(script.questions) == [
        "Who wrote Alpha Tale?",
        "Who wrote Beta Song?",
        "Who wrote Gamma Poem?",
    ]
    steps = [next(iter(c)) for m, c in events if m == "updates"]
    assert steps == ["start", "plan"] + ["answer_part"] * 3 + [
        "propose_members",
        "next_parts",
        "compose_answer",
    ]
    assert out["answer"] == refusal.NOTHING_VERIFIED and len(out["plan"]) == 3


@pytest.mark.parametrize("propose", [True, False])
def test_a_first_part_that_verifies_nothing_starts_no_second_hop_without_members_named(
    nations, scripted, propose
):
    # a draft naming no member, then the model: "unknown" (a draft naming members gives them instead)
    script = two_hop_writer(first="Freedonia borders several countries.")
    name, _ = scripted(script)
    out, _ = run(TWO_HOPS, ctx(name, store="nations", propose_members=propose))
    assert script.questions.count("Which countries border Freedonia?") >= 1
    assert script.proposals == (["Which countries border Freedonia?"] if propose else [])
    assert not any(q.startswith("What is the capital") for q in script.questions)
    assert out["answer"] == refusal.NOTHING_VERIFIED and [p["verified"] for p in out["plan"]] == [False]


def test_members_the_model_names_are_asked_only_where_a_document_places_them_in_the_set(nations, scripted):
    script = two_hop_writer(
        first="Freedonia borders several countries.", proposal="Sylvania, Grand Fenwick, Ruritania"
    )
    script.needs["Sylvania is one of the countries that border Freedonia."] = ["Freedonia"]
    name, _ = scripted(script)
    out, _ = run(TWO_HOPS, ctx(name, store="nations", propose_members=True))
    assert script.proposals == ["Which countries border Freedonia?"]  # asked once, of the set's own part
    # only Sylvania's claim holds against a document: the other names are not asked about
    assert "What is the capital of Sylvania?" in script.questions
    assert not any("Fenwick" in q or "Ruritania" in q for q in script.questions)
    assert out["answer"] == (
        "Sylvania is one of the countries that border Freedonia [1]. "
        "The capital of Sylvania is Vale [2]. "
        "No document lists them together; the members asked are those the model named that a document "
        "places in the set."
    )
    assert [(p["members"], p["proposed"], p["verified"]) for p in out["plan"]] == [
        ([], False, False),
        ([], True, True),
        (["Sylvania"], False, True),
    ]
    assert out["usage"]["per_node"]["propose_members"]["calls"] >= 2  # the list, then the claims judged


ISLES = {
    "Atlantis": "Atlantis is the world's largest island, with an area of 900 km2.",
    "Lemuria": "Lemuria is an island in the Indian Ocean. It is the second-largest island in the world.",
    "Mu": "Mu is the third-largest uninhabited island in the world.",  # another ranking: no member
    "Thule": "Thule is a cold island in the north, one of the largest islands in the world.",
}
RANKED_SET = "Which are the three biggest islands in the world?"


def test_a_ranking_no_document_lists_asks_the_members_whose_documents_state_their_rank(tmp_path, scripted):
    _registered_store(tmp_path / "isles", "isles", [make_document(t, x) for t, x in ISLES.items()])
    try:
        atlantis, lemuria = ISLES["Atlantis"], "Lemuria is the second-largest island in the world."
        script = PartWriter(
            answers={
                RANKED_SET: "The three biggest islands are Avalon, Thule and Mu.",
                "How large is Atlantis?": atlantis,
                "How large is Lemuria?": lemuria,
            },
            cite={atlantis: ["Atlantis"], lemuria: ["Lemuria"]},
            needs={atlantis: ["Atlantis"], lemuria: ["Lemuria"]},
            proposal="Avalon, Thule, Mu",
        )
        name, _ = scripted(script)
        question = "What are the three biggest islands in the world and how large is each one?"
        out, _ = run(question, ctx(name, store="isles", top_k=4))
    finally:
        unregister_store("isles")
    assert script.proposals == []  # the documents ranked two: the model's own list is not asked for
    assert {"How large is Atlantis?", "How large is Lemuria?"} <= set(script.questions)
    assert not any(
        q.startswith("How large is") and q not in ("How large is Atlantis?", "How large is Lemuria?")
        for q in script.questions
    )
    assert [(p["members"], p["proposed"], p["verified"]) for p in out["plan"]] == [
        ([], False, False),
        (["Atlantis"], False, True),
        (["Lemuria"], False, True),
    ]
    assert out["answer"].endswith(
        "No document lists them together; the members asked are those a document ranks: "
        'Atlantis (first, in "Atlantis"); Lemuria (second, in "Lemuria"). '
        "No document states which is the third."
    )


def test_a_question_of_one_part_runs_the_graph_unchanged(nations, scripted):
    script = two_hop_writer()
    name, model = scripted(script)
    events: list = []
    out, _ = run(
        "Which countries border Freedonia?",
        ctx(name, store="nations"),
        on_event=lambda *event: events.append(event),
    )
    steps = [next(iter(c)) for m, c in events if m == "updates"]
    assert steps[:3] == ["start", "plan", "decide_retrieval"] and steps[-1] == "finalize"
    assert out["plan"] == [] and out["usage"]["per_node"]["plan"]["calls"] == 0
    assert out["answer"] == "Freedonia borders Sylvania and Grand Fenwick [1]."


def test_without_the_planner_the_question_is_asked_whole(nations, scripted):
    script = two_hop_writer()
    name, _ = scripted(script)
    out, _ = run(TWO_HOPS, ctx(name, store="nations", planner=False))
    assert set(script.questions) == {TWO_HOPS} and out["plan"] == []


def test_the_command_line_shows_the_plan_and_turns_the_planner_off(nations, scripted, monkeypatch, capsys):
    name, _ = scripted(two_hop_writer())
    ask = ["ask", TWO_HOPS, "--json", "--model", name, "--store", "nations", "--system", "vtg"]
    code, out, _ = run_main(monkeypatch, capsys, *ask)
    plan = json.loads(out)["plan"]
    assert code == 0 and [p["members"] for p in plan] == [[], ["Sylvania"], ["Grand Fenwick"]]
    code, out, _ = run_main(monkeypatch, capsys, *ask, "--set", "planner=false")
    assert code == 0 and json.loads(out)["plan"] == []


def test_each_part_writes_at_most_part_sentences_and_parts_run_max_concurrency_at_once(nations, scripted):
    question = 'Who wrote "Alpha Tale", "Beta Song" and "Gamma Poem"?'
    active, most = [0], [0]

    class Wordy(PartWriter):
        delay = 0.0

        def __call__(self, messages, kwargs):
            active[0] += 1
            most[0] = max(most[0], active[0])
            try:
                time.sleep(self.delay)
                if prompt_kind(messages) == "next sentence":  # never ends by itself
                    return f"A sentence about {line_after(messages[-1].text, 'Question: ')}"
                return super().__call__(messages, kwargs)
            finally:
                active[0] -= 1

    script = Wordy(answers={}, cite={}, needs={})
    script.delay = 0.0
    name, _ = scripted(script)
    out, _ = run(question, ctx(name, store="nations", max_sentences=3, part_sentences=1, unverified="show"))
    assert sorted(len([s for s in out["sentences"] if s["part"] == i]) for i in range(3)) == [1, 1, 1]
    assert most[0] == 1  # max_concurrency = 1: one part's call at a time

    script.delay = 0.02  # long enough for the parts' calls to overlap when they may
    most[0] = 0
    run(question, ctx(name, store="nations", part_sentences=1, max_trials=0, max_concurrency=3))
    assert most[0] >= 2  # the parts of a wave at once (Send), up to max_concurrency


UNSPLIT = "Which capitals do the countries that border Freedonia have?"  # no rule splits this phrasing
MODEL_PLAN = {
    "parts": [
        {"question": "Which countries border Freedonia?", "uses_answer_of": None},
        {"question": "What is the capital of {member}?", "uses_answer_of": 0},
    ]
}


class Planner:
    """The two-hop writer, and a planner that replies ``plan`` (JSON) and keeps what it was asked with."""

    def __init__(self, plan):
        self.writer, self.plan, self.asked = two_hop_writer(), plan, []

    def __call__(self, messages, kwargs):
        from verirag.prompts import plan as plan_prompt

        if messages[0].text == plan_prompt.SYSTEM:
            self.asked.append((messages[-1].text.removeprefix("Question: "), kwargs.get("response_format")))
            return json.dumps(self.plan)
        return self.writer(messages, kwargs)


def test_the_model_plans_a_question_no_rule_splits_under_the_plans_schema(nations, scripted):
    from verirag.prompts import plan as plan_prompt

    script = Planner(MODEL_PLAN)
    name, _ = scripted(script)
    out, _ = run(UNSPLIT, ctx(name, store="nations", plan_by="model"))
    assert script.asked == [(UNSPLIT, plan_prompt.RESPONSE_FORMAT)]
    assert set(script.writer.questions) == {
        "Which countries border Freedonia?",
        "What is the capital of Sylvania?",
        "What is the capital of Grand Fenwick?",
    }
    assert [p["members"] for p in out["plan"]] == [[], ["Sylvania"], ["Grand Fenwick"]]
    assert out["usage"]["per_node"]["plan"]["calls"] == 1


def test_a_model_plan_about_an_entity_the_question_does_not_name_runs_the_question_whole(nations, scripted):
    wrong = {"parts": [{"question": "What is the capital of Paris?", "uses_answer_of": None}] * 2}
    script = Planner(wrong)
    name, _ = scripted(script)
    out, _ = run(UNSPLIT, ctx(name, store="nations", plan_by="model"))
    assert len(script.asked) == 1 and set(script.writer.questions) == {UNSPLIT} and out["plan"] == []


def test_hybrid_planning_asks_the_model_only_where_the_rules_do_not_split(nations, scripted):
    script = Planner(MODEL_PLAN)
    name, _ = scripted(script)
    ruled, _ = run(TWO_HOPS, ctx(name, store="nations", plan_by="hybrid"))
    assert script.asked == [] and ruled["usage"]["per_node"]["plan"]["calls"] == 0
    modelled, _ = run(UNSPLIT, ctx(name, store="nations", plan_by="hybrid"))
    assert len(script.asked) == 1 and [p["members"] for p in modelled["plan"]] == [
        [],
        ["Sylvania"],
        ["Grand Fenwick"],
    ]


def test_a_question_asked_in_steps_asks_the_later_step_of_the_one_thing_the_first_verified(nations, scripted):
    border = FIRST
    script = PartWriter(
        answers={"Which country has Vale as its capital?": VALE, "Which countries border Sylvania?": border},
        cite={VALE: ["Sylvania"], border: ["Freedonia"]},
        needs={VALE: ["Sylvania"], border: ["Freedonia"]},
    )
    name, _ = scripted(script)
    out, _ = run(
        "Which country has Vale as its capital? Which countries border it?", ctx(name, store="nations")
    )
    assert [(p["question"], p["depends_on"], p["members"]) for p in out["plan"]] == [
        ("Which country has Vale as its capital?", None, []),
        ("Which countries border Sylvania?", 0, ["Sylvania"]),  # one thing: the one name its answer gives
    ]
    assert out["answer"] == f"The capital of Sylvania is Vale [1]. {FIRST[:-1]} [2]."
