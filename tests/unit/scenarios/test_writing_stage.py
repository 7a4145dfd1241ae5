"""VTG's writing stage (Algorithm 1) and Self-RAG's critique, driven by a scripted model.

The scripted support judge grades a sentence "Fully" supported exactly when the documents it is shown
include every title in ``needs[sentence]``; everything else is "No".
"""

from __future__ import annotations

import pytest

from tests.scripted import (
    S1,
    VTG_DOCS,
    VTG_DOCUMENTS,
    Q,
    Writer,
    asks_for_the_first_sentence,
    judged_sentence,
    line_after,
    nothing_verified,
    p_yes_for,
    prompt_kind,
    support_reply,
    titles_in,
)
from tests.scripted import vtg_context as ctx
from verirag import Context, refusal
from verirag.api import run
from verirag.calibration import EMBEDDED
from verirag.graph.systems import SYSTEMS
from verirag.plans import answers
from verirag.prompts import generate_sentence
from verirag.stores import make_document
from verirag.testing import distribution_reply, judgment_reply, last_user_text
from verirag.verify import weighing
from verirag.verify.repeats import repeats


def test_tier_one_pass_keeps_the_sentence_with_its_citations(vtg_store, scripted):
    script = Writer([S1], cite={S1: ["Japan"]}, needs={S1: ["Japan"]})
    name, _ = scripted(script)
    out, state = run(Q, ctx(name))
    (sentence,) = out["sentences"]
    assert sentence["verified_by"] == "citations"
    assert (sentence["decided_by"], sentence["found"]) == ("entailment", [])  # the contract says why
    assert sentence["support"] == pytest.approx(weighing.weighed(EMBEDDED, (), 0.97), abs=1e-4)
    assert [out["documents"][c]["title"] for c in sentence["citations"]] == ["Japan"]
    assert out["answer"] == "Tokyo is the capital of Japan [1]."
    # tier 1 judged the claim against a two-sentence quote of the Japan document; one more check found
    # the second sentence enough on its own: the quote is minimal, and it is the document's own words
    assert len(script.support_calls) == 2 and "verify_memory" not in state["usage"]
    (quote,) = sentence["quotes"]
    document = out["documents"][quote["doc"]]
    assert document["text"][quote["start"] : quote["end"]] == "Tokyo is its capital."


def test_tier_one_fail_tier_two_pass_simplifies_over_the_whole_memory(vtg_store, scripted):
    script = Writer([S1], cite={S1: ["Tokyo"]}, needs={S1: ["Japan"]})
    name, _ = scripted(script)
    out, state = run(Q, ctx(name, support_decision="issup"))
    assert {"Japan", "Tokyo"} <= set(script.memories[0])
    (sentence,) = out["sentences"]
    assert sentence["verified_by"] == "memory"
    # simplified from every memory document down to the one that is needed
    assert [out["documents"][c]["title"] for c in sentence["citations"]] == ["Japan"]
    memory_sizes = [len(t) for t, _ in script.support_calls]
    assert memory_sizes[0] == 1  # tier 1: the cited Tokyo document only
    assert memory_sizes[1] == len(state["long_term_memory"])  # tier 2: all of memory


def test_under_the_default_decision_tier_two_cites_the_memory_documents_its_quote_comes_from(
    vtg_store, scripted
):
    people = "Tokyo has about 14 million inhabitants."
    script = Writer([people], cite={people: ["Osaka"]}, needs={people: ["Tokyo"]})
    name, _ = scripted(script)
    out, _ = run(Q, ctx(name, top_k=6))  # the default decision: grounded
    (sentence,) = out["sentences"]
    assert sentence["verified_by"] == "memory"
    assert [out["documents"][c]["title"] for c in sentence["citations"]] == ["Tokyo"]
    (quote,) = sentence["quotes"]
    assert out["documents"][quote["doc"]]["text"][quote["start"] : quote["end"]].startswith("Tokyo is")
    # tier 1 asked nothing (Osaka lacks "Tokyo" and "14": the guard), tier 2 judged the Tokyo quote
    assert [titles for titles, _ in script.support_calls][0] == ["Tokyo"]


def test_both_tiers_fail_then_evidence_finder_then_pass(vtg_store, scripted):
    fuji = "Mount Fuji is a volcano near Tokyo."
    script = Writer([fuji, fuji], cite={fuji: ["Fuji"]}, needs={fuji: ["Fuji"]})
    name, _ = scripted(script)
    out, state = run("Which mountains are in the capital of Japan? Tokyo", ctx(name, top_k=1))
    assert "Fuji" not in script.memories[0]  # not in memory at first
    assert script.query_calls == 1
    assert "Fuji" in script.memories[1]  # the regenerated sentence saw the new short-term memory
    (sentence,) = out["sentences"]
    assert sentence["verified_by"] == "citations"
    assert "Fuji" in [d["title"] for d in state["long_term_memory"]]  # verified citation joined D_L


def test_short_term_memory_is_replaced_not_appended(vtg_store, scripted):
    claim = "Bananas grow on Mount Fuji."
    script = Writer([claim] * 3, cite={}, needs={}, queries=("Fuji", "Osaka"))
    queries = iter([("Fuji", "Osaka"), ("Kyoto", "Banana")])

    def respond(messages, kwargs):
        if prompt_kind(messages) == "queries":
            script.query_calls += 1
            return "\n".join(next(queries))
        return script(messages, kwargs)

    name, _ = scripted(respond)
    run(Q, ctx(name, top_k=1, max_trials=2))
    first_memory, second_memory, third_memory = script.memories[:3]
    long_term = first_memory
    assert set(second_memory) - set(long_term) == {"Fuji", "Osaka"}
    assert set(third_memory) - set(long_term) == {"Kyoto", "Banana"}  # Fuji and Osaka are gone


def test_vtg_keeps_an_exhausted_sentence_marked_in_the_text_and_moves_on(vtg_store, scripted):
    bad, good = "Tokyo has a population of one billion.", S1
    script = Writer([bad, bad, bad, good], cite={bad: ["Tokyo"], good: ["Japan"]}, needs={good: ["Japan"]})
    name, _ = scripted(script)
    out, state = run(Q, ctx(name, max_trials=2, unverified="show"))
    assert script.query_calls == 2  # T = 2 evidence-finder trials, then it gives up
    first, second = out["sentences"]
    assert first["text"] == bad and first["verified_by"] == "none"
    assert second["text"] == good and second["verified_by"] == "citations"
    assert out["answer"].startswith(bad.rstrip(".")) and out["refusal"] is None


def _graded(grades, script):
    """``script`` (a Writer) with a support judge that gives each sentence text a fixed probability of
    support."""

    def respond(messages, kwargs):
        if (judged := judged_sentence(messages)) is not None:
            return support_reply(messages, grades[judged])
        return script(messages, kwargs)

    return respond


def test_an_exhausted_sentence_keeps_its_best_supported_trial_and_the_answer_says_what_is_missing(
    vtg_store, scripted
):
    first, best, last = (
        "Tokyo has 90 million people.",
        "Tokyo has 40 million people.",
        "Tokyo has 70 million people.",
    )
    respond = _graded(
        {S1: 0.95, first: 0.2, best: 0.4, last: 0.1},
        Writer(
            [S1, first, best, last],
            cite={s: ["Tokyo"] for s in (first, best, last)} | {S1: ["Japan"]},
            needs={S1: ["Japan"]},
            queries=("Tokyo population",),
        ),
    )

    def gap(messages, kwargs):
        if prompt_kind(messages) == "gap":
            return "how many people live in Tokyo"
        return respond(messages, kwargs)

    name, _ = scripted(gap)
    out, state = run(
        "What is the capital of Japan and how many people live there?",
        ctx(name, max_trials=2, support_decision="issup"),
    )
    kept, dropped = out["sentences"]
    assert kept["verified_by"] == "citations" and dropped["verified_by"] == "none"
    # the second of its three trials had the best support: that one is kept (VTG would keep the last)
    assert (dropped["text"], dropped["generation"], dropped["support"]) == (best, 2, pytest.approx(0.4))
    assert [out["documents"][c]["title"] for c in dropped["citations"]] == ["Tokyo"]
    # the unverified sentence is left out of the text, which ends by naming what the documents do not say
    assert out["refusal"] == "The documents do not say how many people live in Tokyo."
    assert out["answer"] == (
        "Tokyo is the capital of Japan [1]. The documents do not say how many people live in Tokyo."
    )
    assert list(out["documents"])[0] == kept["citations"][0]  # [1] is the answer's source; Tokyo's follows


@pytest.mark.parametrize(
    ("named", "refusal_text"),
    [
        ("the capital of Japan", None),  # what the verified answer already says: no gap
        ("the capital of Peru", refusal.PART_UNKNOWN),  # words from neither question nor answer: unusable
    ],
)
def test_a_named_gap_is_checked_against_the_question_and_the_verified_answer(
    vtg_store, scripted, named, refusal_text
):
    trials = ("Tokyo has 90 million people.", "Tokyo has 40 million people.", "Tokyo has 70 million people.")
    respond = _graded(
        {S1: 0.95} | dict.fromkeys(trials, 0.2),
        Writer(
            [S1, *trials],
            cite=dict.fromkeys(trials, ["Tokyo"]) | {S1: ["Japan"]},
            needs={S1: ["Japan"]},
            queries=("Tokyo population",),
        ),
    )

    def gap(messages, kwargs):
        return named if prompt_kind(messages) == "gap" else respond(messages, kwargs)

    name, _ = scripted(gap)
    out, _ = run(
        "What is the capital of Japan and how many people live there?",
        ctx(name, max_trials=2, support_decision="issup"),
    )
    assert [s["verified_by"] for s in out["sentences"]] == ["citations", "none"]
    assert out["refusal"] == refusal_text
    ending = f" {refusal_text}" if refusal_text else ""
    assert out["answer"] == "Tokyo is the capital of Japan [1]." + ending


def test_nothing_verified_is_a_plain_refusal_and_writing_stops_there(vtg_store, scripted):
    bad = "Tokyo is the capital of East Asia."
    # by default the refusal quotes the documents' sentence closest to the failed draft, verbatim
    quoted = refusal.nearest((VTG_DOCUMENTS["Japan"], "Japan is an island country in East Asia."))
    for closest, said in [(False, refusal.NOTHING_VERIFIED), (True, quoted)]:
        script = Writer([bad, bad, S1], cite={bad: ["Japan"], S1: ["Japan"]}, needs={S1: ["Japan"]})
        name, _ = scripted(script)
        out, _ = run(Q, ctx(name, max_trials=1, closest_passage=closest))
        assert [s["text"] for s in out["sentences"]] == [bad]  # S1 is never written: the answer ended
        assert out["answer"] == out["refusal"] == said


def test_documents_found_insufficient_by_llatrieval_spend_no_evidence_finder_trial(vtg_store, scripted):
    from verirag.nodes.retrieval.verify_retrieval import FLOOR, PASS

    bad = "Tokyo is the capital of East Asia."
    script = Writer([bad, bad], cite={bad: ["Japan"]}, needs={})

    def respond(messages, kwargs):
        if prompt_kind(messages) == "enough?":  # fails at every iteration, but not hopelessly
            return judgment_reply(p_yes_for((FLOOR + PASS) / 2))
        if prompt_kind(messages) == "missing":
            return "Tokyo cheese"
        return script(messages, kwargs)

    name, _ = scripted(respond)
    out, state = run(Q, ctx(name, verify_mode="classify", max_trials=2, max_retrieval_iterations=2))
    assert state["retrieval_verified"] is False and not state["refuse_early"]
    assert script.generated == [bad]  # the writer was asked once...
    assert script.query_calls == 0 and "evidence_finder" not in out["usage"]["per_node"]  # ...and not again
    assert nothing_verified(out["answer"])


def test_documents_hopeless_at_the_cap_are_refused_without_writing(vtg_store, scripted):
    from verirag.nodes.retrieval.verify_retrieval import FLOOR

    script = Writer([S1], cite={S1: ["Japan"]}, needs={S1: ["Japan"]})

    def respond(messages, kwargs):
        if prompt_kind(messages) == "enough?":
            return judgment_reply(p_yes_for(FLOOR / 2))
        if prompt_kind(messages) == "missing":
            return "Tokyo"
        if prompt_kind(messages) == "gap":
            return "NONE"
        return script(messages, kwargs)

    name, _ = scripted(respond)
    out, state = run(Q, ctx(name, verify_mode="classify", max_retrieval_iterations=2))
    assert state["refuse_early"] and script.generated == [] and out["sentences"] == []
    assert out["answer"] == out["refusal"] and nothing_verified(out["answer"])
    # the same hopeless documents with the floor at 0 (never refuse early): the writer is asked
    out, state = run(Q, ctx(name, verify_mode="classify", max_retrieval_iterations=2, refusal_floor=0.0))
    assert not state["refuse_early"] and script.generated == [S1]


def test_end_signal_and_sentence_cap(vtg_store, scripted):
    script = Writer([], cite={}, needs={})
    name, _ = scripted(script)
    out, _ = run(Q, ctx(name))
    assert out["sentences"] == [] and nothing_verified(out["answer"])
    many = [
        "Japan is an island country.",
        "Japan is in East Asia.",
        "Tokyo is its capital.",
        "Japan is a country of islands in Asia.",
    ]
    script = Writer(many, cite={s: ["Japan"] for s in many}, needs={s: ["Japan"] for s in many})
    name, _ = scripted(script)
    out, _ = run(Q, ctx(name, max_sentences=2))
    assert [s["text"] for s in out["sentences"]] == many[:2]


@pytest.mark.parametrize(("decision", "needed"), [("grounded", ["Tokyo"]), ("issup", ["Japan", "Tokyo"])])
@pytest.mark.parametrize("concurrency", [1, 4])
def test_simplifier_removes_exactly_the_redundant_citations(
    vtg_store, scripted, concurrency, decision, needed
):
    both = "Tokyo, the capital of Japan, has 14 million inhabitants."
    script = Writer([both], cite={both: ["Banana", "Japan", "Tokyo"]}, needs={both: needed})
    name, _ = scripted(script)
    out, _ = run(both, ctx(name, support_decision=decision, top_k=6, max_concurrency=concurrency))
    (sentence,) = out["sentences"]
    assert sentence["verified_by"] == "citations"
    # grounded: the judge sees the quote, all from the Tokyo document, so Japan and Banana are redundant
    assert sorted(out["documents"][c]["title"] for c in sentence["citations"]) == needed


@pytest.mark.parametrize("needs", [["Japan"], ["Japan", "Tokyo"], ["Kyoto", "Fuji", "Osaka"]])
def test_concurrent_simplifier_matches_sequential_greedy_and_asks_the_first_round_at_once(
    vtg_store, scripted, needs
):
    import threading

    sentence = "Japan has several famous cities and mountains."
    results = {}
    for concurrency in (1, 4):
        script = Writer([sentence], cite={sentence: ["Banana"]}, needs={sentence: needs})
        first_round = threading.Barrier(6, timeout=10)  # all six leave-one-out sets of the memory at once

        def respond(messages, kwargs, script=script, barrier=first_round, concurrency=concurrency):
            prompt = last_user_text(messages)
            if concurrency > 1 and prompt_kind(messages) == "support" and len(titles_in(prompt)) == 5:
                barrier.wait()  # raises BrokenBarrierError unless the six checks run concurrently
            return script(messages, kwargs)

        name, _ = scripted(respond)
        out, _ = run(
            Q,
            ctx(
                name,
                top_k=6,
                max_concurrency=concurrency if concurrency == 1 else 6,
                support_decision="issup",
            ),
        )
        (kept,) = out["sentences"]
        assert kept["verified_by"] == "memory"  # tier 2 over the six documents, then simplified
        results[concurrency] = sorted(out["documents"][c]["title"] for c in kept["citations"])
    assert results[1] == results[4] == sorted(needs)


def test_long_term_memory_grows_only_with_verified_citations(vtg_store, scripted):
    fuji, osaka = "Mount Fuji is a volcano near Tokyo.", "Osaka is the capital of Japan."
    script = Writer(
        [osaka, osaka, fuji],
        cite={osaka: ["Osaka"], fuji: ["Fuji"]},
        needs={fuji: ["Fuji"]},
        queries=("Osaka Kansai city", "Mount Fuji volcano"),
    )
    name, _ = scripted(script)
    out, state = run(Q, ctx(name, top_k=1, max_trials=1, evidence_docs=2, unverified="show"))
    assert "Osaka" in script.memories[1] and "Fuji" in script.memories[1]  # both found by the evidence finder
    assert [(s["text"], s["verified_by"]) for s in out["sentences"]] == [(osaka, "none"), (fuji, "citations")]
    long_term = [d["title"] for d in state["long_term_memory"]]
    assert long_term == script.memories[0] + ["Fuji"]  # the verified citation joined; Osaka's did not


def test_final_numbers_point_to_the_right_documents(vtg_store, scripted):
    s1, s2 = "Kyoto was the capital of Japan.", S1
    script = Writer([s1, s2], cite={s1: ["Kyoto"], s2: ["Japan"]}, needs={s1: ["Kyoto"], s2: ["Japan"]})
    name, _ = scripted(script)
    out, _ = run("capital of Japan Kyoto", ctx(name, top_k=3))
    assert out["answer"] == "Kyoto was the capital of Japan [1]. Tokyo is the capital of Japan [2]."
    assert [d["title"] for d in out["documents"].values()] == ["Kyoto", "Japan"]
    for n, sentence in enumerate(out["sentences"], 1):
        assert list(out["documents"]).index(sentence["citations"][0]) + 1 == n


def test_ablation_without_verifier_keeps_cited_sentences_unchecked(vtg_store, scripted):
    script = Writer([S1], cite={S1: ["Banana"]}, needs={S1: ["Japan"]})
    name, _ = scripted(script)
    out, _ = run(Q, ctx(name, **SYSTEMS["verirag-no-verifier"]))
    (sentence,) = out["sentences"]
    assert sentence["verified_by"] == "none" and script.support_calls == []


def test_cite_keeps_each_document_once_and_at_most_max_citations(vtg_store, scripted):
    shown, script = [], Writer([S1], cite={}, needs={})

    def respond(messages, kwargs):
        if prompt_kind(messages) == "cite":  # repeats, a fourth document, a number outside the memory
            shown.extend(titles_in(last_user_text(messages)))
            return S1 + " [2][2][1][2, 3][1][4][99]"
        return script(messages, kwargs)

    name, _ = scripted(respond)
    out, _ = run(Q, ctx(name, top_k=4, **SYSTEMS["verirag-no-verifier"]))  # kept as cited
    (sentence,) = out["sentences"]
    assert len(shown) == 4  # four documents were offered
    assert [out["documents"][c]["title"] for c in sentence["citations"]] == [shown[1], shown[0], shown[2]]


def test_the_citer_gets_the_sentence_as_its_reply_prefill_and_reads_markers_from_a_continuation(
    vtg_store, scripted
):
    prefills, script = [], Writer([S1], cite={}, needs={})

    def respond(messages, kwargs):
        if prompt_kind(messages) == "cite":  # the model continues the sentence it was given
            prefills.append((messages[-1].type, messages[-1].text))
            shown = titles_in(last_user_text(messages))
            return f". [{shown.index('Japan') + 1}]"
        return script(messages, kwargs)

    name, _ = scripted(respond)
    out, _ = run(Q, ctx(name, top_k=4, **SYSTEMS["verirag-no-verifier"]))
    assert prefills == [("ai", S1.rstrip("."))]  # the sentence, less its full stop, already written
    (sentence,) = out["sentences"]
    assert sentence["text"] == S1
    assert [out["documents"][c]["title"] for c in sentence["citations"]] == ["Japan"]


def test_ablation_without_simplifier_keeps_the_whole_set(vtg_store, scripted):
    both = "Tokyo, the capital of Japan, has 14 million inhabitants."
    script = Writer([both], cite={both: ["Banana", "Japan", "Tokyo"]}, needs={both: ["Japan", "Tokyo"]})
    name, _ = scripted(script)
    out, _ = run(both, ctx(name, support_decision="issup", top_k=6, **SYSTEMS["verirag-no-simplifier"]))
    (sentence,) = out["sentences"]
    assert sorted(out["documents"][c]["title"] for c in sentence["citations"]) == ["Banana", "Japan", "Tokyo"]


def test_ablation_without_query_generation_searches_with_the_sentence(vtg_store, scripted):
    fuji = "Mount Fuji is a volcano near Tokyo."
    script = Writer([fuji, fuji], cite={fuji: ["Fuji"]}, needs={fuji: ["Fuji"]})
    name, _ = scripted(script)
    out, _ = run(
        "Which mountains are in the capital of Japan? Tokyo", ctx(name, top_k=1, **SYSTEMS["verirag-no-qg"])
    )
    assert script.query_calls == 0
    assert "Fuji" in script.memories[1]  # the sentence itself found the Fuji document
    assert out["sentences"][0]["verified_by"] == "citations"


def test_critique_reports_isuse_utility(vtg_store, scripted):
    script = Writer([S1], cite={S1: ["Japan"]}, needs={S1: ["Japan"]})
    name, _ = scripted(script)
    out, _ = run(Q, ctx(name, critique_answer=True))
    assert out["critique"] == {"utility": pytest.approx(0.75), "rating": pytest.approx(4.5)}
    script = Writer([S1], cite={S1: ["Japan"]}, needs={S1: ["Japan"]})
    name, model = scripted(script)
    out, _ = run(Q, ctx(name))  # not asked for (the default): no call, no critique
    assert out["critique"] == {} and out["usage"]["per_node"]["critique_answer"]["calls"] == 0
    assert not any(prompt_kind(m) == "usefulness" for m, _ in model.calls)


def test_a_restated_sentence_ends_the_answer(vtg_store, scripted):
    restated = "Japan's capital is Tokyo."
    script = Writer([S1, restated, "Never reached."], cite={S1: ["Japan"]}, needs={S1: ["Japan"]})
    name, _ = scripted(script)
    out, _ = run(Q, ctx(name))
    assert [s["text"] for s in out["sentences"]] == [S1]
    assert script.generated == [S1, restated]


@pytest.mark.parametrize("end_when_answered", [True, False])
def test_with_end_when_answered_a_verified_sentence_that_answers_the_question_ends_the_answer(
    vtg_store, scripted, end_when_answered
):
    intro, more = "Japan is an island country in East Asia.", "Tokyo has about 14 million inhabitants."
    sources = {intro: ["Japan"], S1: ["Japan"], more: ["Tokyo"]}
    script = Writer([intro, S1, more], cite=sources, needs=sources)
    name, _ = scripted(script)
    out, _ = run(Q, ctx(name, end_when_answered=end_when_answered))
    said = [s["text"] for s in out["sentences"]]
    # the introduction does not answer "What is the capital of Japan?", so the answer goes on either way
    assert said == ([intro, S1] if end_when_answered else [intro, S1, more])
    assert all(s["verified_by"] != "none" for s in out["sentences"])


@pytest.mark.parametrize(
    "sentence, question, expected",
    [
        ("Henry Ford was the founder of the Ford Motor Company.", "Who founded Ford Motor Company?", True),
        ("Henry Ford was an American industrialist.", "Who founded Ford Motor Company?", False),
        ("Dallas is located in the U.S. state of Texas.", "What state is Dallas located?", True),
        ("The Great Wall of China was built across northern China.", "When was the Great Wall built?", False),
        ("The Great Wall of China was built in the 7th century BC.", "When was the Great Wall built?", True),
        (
            "Lahore is the largest city of the Pakistani Punjab.",
            "What is the largest city of Pakistan?",
            False,
        ),
        ("Georgia borders Russia, Turkey and Armenia.", "Which countries border Georgia?", False),
        ("Tokyo is the capital city of Japan.", "What is the capital of Japan?", True),
        ("Suharto was the second president of Indonesia.", "Who is the president of Indonesia?", False),
        ("Sukarno was the first president of Indonesia.", "Who was the first president of Indonesia?", True),
    ],
)
def test_a_sentence_answers_a_question_when_it_states_its_words_and_an_answer_term(
    sentence, question, expected
):
    assert answers(sentence, question) is expected


def test_a_reply_that_echoes_the_writers_instructions_ends_the_answer_without_a_check(vtg_store, scripted):
    echo = (
        "One complete sentence that states facts about the subject of the question (not about the "
        "documents), without citation markers, it must add new information that answers the question."
    )
    script = Writer([S1, echo, "Never reached."], cite={S1: ["Japan"]}, needs={S1: ["Japan"]})
    name, _ = scripted(script)
    out, _ = run(Q, ctx(name))
    assert [s["text"] for s in out["sentences"]] == [S1]
    assert script.generated == [S1, echo] and all(judged != echo for _, judged in script.support_calls)


def test_a_compound_sentence_that_adds_one_new_fact_is_not_a_restatement():
    kept = [
        "Tokyo is the capital and most populous city of Japan, an island country in East Asia in the "
        "Pacific Ocean."
    ]
    added = kept[0].rstrip(".") + ", and Tokyo was founded as Edo."  # 85 % of its words already said
    assert not repeats(added, kept)
    assert repeats("Japan's capital and most populous city is Tokyo.", kept)
    assert repeats("Ankara is the capital city of Turkey.", ["The capital of Turkey is Ankara."])
    assert not repeats("Ankara is the largest city of Turkey.", ["The capital of Turkey is Ankara."])
    assert repeats(kept[0].rstrip(".") + ", and Japan is an island country.", kept)  # every atom said


LIST = "Japan has Tokyo, Osaka, and Banana."


def test_with_atomic_claims_a_list_keeps_its_verified_members_and_the_refusal_names_the_rest(
    vtg_store, scripted
):
    members = {f"Japan has {m}.": [m] for m in ("Tokyo", "Osaka")}  # Banana: never
    script = Writer([LIST], cite={LIST: ["Tokyo", "Osaka", "Banana"]}, needs=members)
    name, _ = scripted(script)
    out, _ = run(Q, ctx(name, top_k=6, atomic_claims=True))
    (sentence,) = out["sentences"]
    assert sentence["text"] == "Japan has Tokyo and Osaka."
    assert sentence["verified_by"] == "citations"
    assert sentence["omitted"] == ["Japan has Banana."]
    assert [(a["text"], a["verified"]) for a in sentence["atoms"]] == [
        ("Japan has Tokyo.", True),
        ("Japan has Osaka.", True),
        ("Japan has Banana.", False),
    ]
    assert all(a["quotes"] for a in sentence["atoms"] if a["verified"])
    assert out["refusal"] == "The documents do not say that Japan has Banana."
    assert out["answer"].endswith(out["refusal"]) and "Banana" not in out["answer"].split(".")[0]
    # without atomic claims the list is one claim: it fails, and nothing of it is kept in the answer
    plain, _ = run(
        Q,
        ctx(
            scripted(Writer([LIST], cite={LIST: ["Tokyo", "Osaka", "Banana"]}, needs=members))[0],
            top_k=6,
            max_trials=0,
        ),
    )
    assert [s["verified_by"] for s in plain["sentences"]] == ["none"] and "atoms" not in plain["sentences"][0]


# -- Self-RAG segment beam --------------------------------------------------------------------------

BEAM = {  # source document -> (candidate, P(Relevant), ISSUP grades, ISUSE rating distribution)
    "Japan": ("Japan is an island country in East Asia.", 0.2, {"Fully": 1.0}, {"1": 1.0}),
    "Tokyo": ("Tokyo has about 14 million inhabitants.", 0.9, {"Partially": 1.0}, {"5": 1.0}),
}


def beam_responder(beam, calls):
    by_sentence = {text: (rel, grades, rating) for text, rel, grades, rating in beam.values()}

    def respond(messages, kwargs):
        kind, prompt = prompt_kind(messages), last_user_text(messages)
        titles = titles_in(prompt)
        calls.append(kind)
        if kind == "next sentence":
            assert len(titles) == 1  # each candidate is generated from one document, as in Self-RAG
            return beam[titles[0]][0] if titles[0] in beam else generate_sentence.END
        if kind == "relevance":
            p = beam[titles[0]][1]
            return distribution_reply({"Relevant": p, "Irrelevant": 1 - p})
        if kind == "support":
            return distribution_reply(by_sentence[line_after(prompt, "Sentence: ")][1])
        if kind == "usefulness":
            return distribution_reply(by_sentence[line_after(prompt, "Answer: ")][2])
        raise AssertionError(f"unexpected prompt {kind}")

    return respond


def beam_pick(beam, **kw):
    from verirag.beam import best_segment
    from verirag.testing import ScriptedChatModel

    calls: list[str] = []
    model = ScriptedChatModel(respond=beam_responder(beam, calls))
    docs = [make_document(t, VTG_DOCS[t]) for t in ("Japan", "Tokyo", "Osaka")]
    context = Context(**{"beam_width": 2, "support_decision": "issup", **kw})  # the paper's ISSUP
    best, replies, _ = best_segment(model, docs, Q, "", lambda text: True, context)
    return best, calls


def test_beam_keeps_the_highest_weighted_score():
    best, calls = beam_pick(BEAM)
    # Japan: 0.2 + 1.0·1.0 + 0.5·(−1) = 0.7; Tokyo: 0.9 + 0.5 + 0.5·(+1) = 1.9
    assert best.text == BEAM["Tokyo"][0] and best.score == pytest.approx(1.9, abs=1e-6)
    assert calls.count("next sentence") == 2  # B candidates, not one per document
    # the weights steer it: on support alone the fully supported candidate wins
    best, _ = beam_pick(BEAM, w_rel=0.0, w_use=0.0)
    assert best.text == BEAM["Japan"][0] and best.score == pytest.approx(1.0, abs=1e-6)


def test_beam_hard_constraint_drops_candidates_judged_not_supported():
    beam = {**BEAM, "Tokyo": (BEAM["Tokyo"][0], 0.9, {"No": 0.6, "Fully": 0.4}, {"5": 1.0})}
    soft, _ = beam_pick(beam)
    assert soft.text == beam["Tokyo"][0]  # 0.9 + 0.4 + 0.5 = 1.8 beats 0.7
    hard, _ = beam_pick(beam, hard_constraint=True)
    assert hard.text == beam["Japan"][0]
    only_unsupported = {"Tokyo": beam["Tokyo"]}
    assert beam_pick(only_unsupported, hard_constraint=True)[0] is None  # nothing supported: the answer ends


def test_beam_in_the_graph_keeps_the_winner_with_its_score(vtg_store, scripted):
    calls: list[str] = []
    respond = beam_responder(BEAM, calls)

    def with_citations(messages, kwargs):
        prompt = last_user_text(messages)
        kind = prompt_kind(messages)
        if kind == "next sentence" and not asks_for_the_first_sentence(messages):
            return generate_sentence.END
        if kind == "cite":
            return line_after(prompt, "Sentence: ") + f"[{titles_in(prompt).index('Tokyo') + 1}]"
        return respond(messages, kwargs)

    name, _ = scripted(with_citations)
    out, _ = run(Q, ctx(name, beam_width=2, top_k=3, support_decision="issup"))
    (sentence,) = out["sentences"]
    assert sentence["text"] == BEAM["Tokyo"][0] and sentence["score"] == pytest.approx(1.9, abs=1e-6)
    assert sentence["verified_by"] == "citations"


def test_tier_two_is_not_asked_when_the_memory_is_the_cited_set(vtg_store, scripted):
    bad = "Tokyo is an island country in East Asia."  # no lexical check reads it: the judge is asked
    script = Writer([bad], cite={bad: ["Japan"]}, needs={})
    name, _ = scripted(script)
    out, state = run(Q, ctx(name, top_k=1, max_trials=0))
    assert [d["title"] for d in state["long_term_memory"]] == ["Japan"]  # the memory: the one cited document
    assert len(script.support_calls) == 1  # tier 1 only
    assert out["usage"]["per_node"]["verify_memory"]["calls"] == 0


def test_the_quotes_have_their_own_ledger_entry(vtg_store, scripted):
    script = Writer([S1], cite={S1: ["Japan"]}, needs={S1: ["Japan"]})
    name, model = scripted(script)
    out, _ = run(Q, ctx(name))
    per_node, total = out["usage"]["per_node"], out["usage"]["total"]
    assert per_node["simplify_citations.quotes"]["calls"] == 1  # the one sentence-level check
    assert per_node["simplify_citations"]["calls"] == 0  # one citation: nothing to simplify above it
    assert total["calls"] == sum(c["calls"] for c in per_node.values()) == len(model.calls)
    assert total["seconds"] == pytest.approx(
        sum(c["seconds"] for n, c in per_node.items() if "." not in n), abs=1e-3
    )


@pytest.mark.parametrize(
    "switches", [{}, {"contrast_check": True}, {"atomic_claims": True}, {"support_decision": "issup"}]
)
def test_the_ledger_counts_every_call_the_support_decision_makes(vtg_store, scripted, switches):
    fuji = "Mount Fuji is a volcano near Tokyo, and Tokyo is the capital of Japan."
    script = Writer(
        [fuji],
        cite={fuji: ["Fuji", "Tokyo"]},
        needs={
            fuji: ["Fuji", "Tokyo"],
            "Mount Fuji is a volcano near Tokyo.": ["Fuji"],
            "Tokyo is the capital of Japan.": ["Tokyo"],
        },
    )
    name, model = scripted(script)
    out, _ = run(fuji, ctx(name, **switches))
    kinds = [prompt_kind(m) for m, _ in model.calls]
    if not switches:
        assert "fill" in kinds  # the quote names Tokyo beside Japan: the slot check asked its blanks
    assert out["usage"]["total"]["calls"] == len(model.calls)


def test_with_the_contrast_check_a_sentence_whose_sibling_is_judged_as_well_supported_is_not_verified(
    vtg_store, scripted
):
    claim, sibling = "Fuji is the highest mountain in Japan.", "Tokyo is the highest mountain in Japan."

    def run_with(contrast_check):
        # the judge supports the claim from the Fuji document, and (wrongly) the sibling just as much
        script = Writer([claim], cite={claim: ["Fuji"]}, needs={claim: ["Fuji"], sibling: ["Fuji"]})
        name, _ = scripted(script)
        out, _ = run(claim, ctx(name, contrast_check=contrast_check, max_trials=1))
        return out, [judged for _, judged in script.support_calls]

    out, judged = run_with(False)
    assert out["sentences"][0]["verified_by"] == "citations" and sibling not in judged
    out, judged = run_with(True)
    assert sibling in judged  # Tokyo is the other standalone name of the quote
    # not verified: an evidence-finder trial, then nothing left to say, so the documents do not answer
    assert not any(s["verified_by"] in ("citations", "memory") for s in out["sentences"])
    assert claim not in out["answer"] and out["refusal"]


HUNGARY_BORDERS = (
    "Spanning much of the Carpathian Basin, Hungary is bordered by Slovakia to the north, Ukraine to the "
    "northeast, Romania to the east, and Austria to the west. Poland lies beyond Slovakia."
)


def _list_answered(tmp_path, scripted, wrong: str) -> tuple[dict, Writer]:
    """``wrong``, cited to the Hungary document and never supported by the judge, through the graph."""
    from tests.conftest import _registered_store
    from verirag.stores import unregister_store

    documents = [make_document("Hungary", HUNGARY_BORDERS), make_document("Banana", VTG_DOCS["Banana"])]
    _registered_store(tmp_path / "borders", "borders", documents)
    try:
        script = Writer([wrong], cite={wrong: ["Hungary"]}, needs={})
        name, _ = scripted(script)
        out, _ = run("Which countries border Hungary?", ctx(name, store="borders"))
    finally:
        unregister_store("borders")
    return out, script


def test_a_list_sentence_whose_directions_fail_is_kept_as_the_members_its_document_lists(tmp_path, scripted):
    wrong = (
        "Hungary is bordered by Slovakia to the north, Ukraine to the east, Romania to the south, and "
        "Austria."
    )
    out, script = _list_answered(tmp_path, scripted, wrong)
    (sentence,) = out["sentences"]
    assert sentence["text"] == "Hungary is bordered by Slovakia, Ukraine, Romania, and Austria."
    assert sentence["verified_by"] == "citations" and sentence["quotes"] and not out["refusal"]
    assert [judged for _, judged in script.support_calls] == [wrong]  # the members: read off, no call


def test_a_list_sentence_with_a_member_its_document_does_not_list_keeps_the_others_and_names_it(
    tmp_path, scripted
):
    out, _ = _list_answered(
        tmp_path, scripted, "The countries that border Hungary are Slovakia, Ukraine, Poland and Austria."
    )
    (sentence,) = out["sentences"]
    # the complete set the claim states, restated as the quoted one: Romania too, and not Poland
    assert (
        sentence["text"] == "The countries that border Hungary are Slovakia, Ukraine, Romania, and Austria."
    )
    assert sentence["verified_by"] == "citations" and sentence["quotes"]
    assert sentence["omitted"] == ["The countries that border Hungary include Poland."]
    assert "the countries that border Hungary include Poland" in out["refusal"]


def test_a_sentence_that_drops_a_part_of_a_name_is_kept_with_the_part_put_back(tmp_path, scripted):
    from tests.conftest import _registered_store
    from verirag.stores import unregister_store

    region = make_document(
        "Central Asia",
        "Central Asia is a region of Asia consisting of Kyrgyzstan, Tajikistan, Turkmenistan, Uzbekistan, "
        "and most of Kazakhstan.",
    )
    whole = "Kyrgyzstan, Tajikistan, Turkmenistan, Uzbekistan, and Kazakhstan make up Central Asia."
    fixed = whole.replace("and Kazakhstan", "and most of Kazakhstan")
    # a cited document that names Kazakhstan whole, away from the quote: the part is read in the quote
    kyrgyzstan = make_document("Kyrgyzstan", "Kyrgyzstan is bordered by Kazakhstan to the north.")
    documents = [region, kyrgyzstan, make_document("Banana", VTG_DOCS["Banana"])]
    _registered_store(tmp_path / "asia", "asia", documents)
    try:  # the judge would pass both: the guard rejects the first without asking
        cited = ["Central Asia", "Kyrgyzstan"]
        script = Writer([whole], cite={whole: cited}, needs={whole: cited[:1], fixed: cited[:1]})
        name, _ = scripted(script)
        out, _ = run(
            "Which countries make up Central Asia?", ctx(name, store="asia", slot_check=False, top_k=3)
        )
    finally:
        unregister_store("asia")
    (sentence,) = out["sentences"]
    assert sentence["text"] == fixed and sentence["verified_by"] == "citations" and sentence["quotes"]
    judged = {sentence for _, sentence in script.support_calls}
    assert judged == {fixed}  # the whole one failed at the guard, without a call


def test_a_sentence_its_quote_fills_with_another_term_is_kept_as_the_quote_fills_it(tmp_path, scripted):
    from tests.conftest import _registered_store
    from verirag.stores import unregister_store

    title = "Gone with the Wind (film)"
    film = make_document(
        title,
        "Gone with the Wind is a 1939 American epic historical romance film. It was produced by David O. "
        "Selznick of Selznick International Pictures and directed by Victor Fleming.",
    )
    wrong = "The director of Gone with the Wind was David O. Selznick."
    right = "The director of Gone with the Wind was Victor Fleming."

    class Reader(Writer):  # the judge passes both; the reader fills the blank as the quote does
        def __call__(self, messages, kwargs):
            if prompt_kind(messages) == "fill":
                return "Victor Fleming"
            return super().__call__(messages, kwargs)

    _registered_store(tmp_path / "films", "films", [film, make_document("Banana", VTG_DOCS["Banana"])])
    try:
        # written twice: the second time its reading restates the first sentence, and is not kept
        script = Reader([wrong, wrong], cite={wrong: [title]}, needs={wrong: [title], right: [title]})
        name, _ = scripted(script)
        out, _ = run("Tell me about Gone with the Wind.", ctx(name, store="films", end_when_answered=False))
    finally:
        unregister_store("films")
    (sentence,) = out["sentences"]
    assert sentence["text"] == right and sentence["verified_by"] == "citations" and sentence["quotes"]
    judged = [judged for _, judged in script.support_calls]
    assert judged[:2] == [wrong, right] and judged.count(wrong) > 1 and not out["refusal"]
