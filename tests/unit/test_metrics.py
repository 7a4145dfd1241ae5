"""ALCE citation metrics against hand-computed cases, with a transparent keyword judge."""

import pytest

from tests.scripted import KeywordJudge
from verirag import refusal
from verirag.documents import Document
from verirag.eval.metrics import (
    answer_contained,
    citation_scores,
    em_recall,
    evidence_recall,
    f1,
    normalize_answer,
    trust_scores,
)

D: list[Document] = [
    {"title": "d1", "text": "Tokyo is the capital of Japan."},
    {"title": "d2", "text": "Bananas are yellow."},
    {"title": "d3", "text": "Japan has fourteen million people in Tokyo."},
    {"title": "d4", "text": "Kyoto temples."},
]


def score(answer, docs=D):
    return citation_scores(answer, docs, KeywordJudge())


def test_single_supported_citation():
    s = score("Tokyo is the capital of Japan [1].")
    assert (s.recall, s.precision, s.citations) == (1.0, 1.0, 1)


def test_uncited_sentence_scores_zero_recall_and_adds_no_citation():
    s = score("Tokyo is the capital of Japan [1]. Bananas are yellow.")
    assert (s.recall, s.precision, s.citations, s.sentences) == (0.5, 1.0, 1, 2)


def test_out_of_range_citation_zeroes_the_sentence():
    s = score("Tokyo is the capital of Japan [1][9].")
    assert (s.recall, s.precision, s.citations) == (0.0, 0.0, 0)


def test_only_the_first_three_citations_are_used():
    # the supporting document is cited fourth: it is cut, so the sentence is unsupported
    s = score("Kyoto temples [2][1][3][4].")
    assert (s.recall, s.precision, s.citations) == (0.0, 0.0, 3)
    s = score("Kyoto temples [4][2][1][3].")
    assert s.recall == 1.0 and s.citations == 3
    assert s.precision == pytest.approx(1 / 3)  # [2] and [1] are irrelevant: [4] alone entails


def test_redundant_citation_in_a_multi_citation_sentence():
    s = score("Tokyo is the capital of Japan [1][2].")
    assert (s.recall, s.relevant_citations, s.citations) == (1.0, 1, 2)
    assert s.precision == 0.5


def test_citations_needed_together_are_both_relevant():
    s = score("Tokyo, capital of Japan, has fourteen million people [1][3].")
    assert (s.recall, s.precision) == (1.0, 1.0)


def test_unsupported_multi_citation_sentence_scores_zero_for_each_citation():
    s = score("Kyoto temples are yellow [1][2].")
    assert (s.recall, s.precision, s.citations) == (0.0, 0.0, 2)


def test_empty_answer_scores_zero():
    s = score("")
    assert (s.recall, s.precision, s.sentences) == (0.0, 0.0, 0)
    assert s.f1 == 0.0


def test_precision_checks_are_skipped_for_single_citations():
    judge = KeywordJudge()
    citation_scores("Tokyo is the capital of Japan [1].", D, judge)
    assert len(judge.calls) == 1


def test_f1():
    assert f1(1.0, 0.5) == pytest.approx(2 / 3)
    assert f1(0.0, 0.0) == 0.0


def test_correctness_normalisation_and_em_recall():
    assert normalize_answer("The  Capital, Tokyo!") == "capital tokyo"
    assert answer_contained("It is in Cupertino, California [1].", "Cupertino, California")
    assert not answer_contained("It is in Cupertino.", "Cupertino, California")
    assert em_recall("Paris and Rome [1].", ["paris", "Rome", "Berlin"]) == pytest.approx(2 / 3)
    assert em_recall("anything", [""]) == 0.0
    assert em_recall("It was founded in the year [1][2].", ["12"]) == 0.0  # markers are not answers (ALCE)
    assert em_recall("It has 12 [1] members.", ["12 members"]) == 1.0


def test_evidence_recall():
    assert evidence_recall(["Japan", "Osaka"], ["japan"]) == 1.0
    assert evidence_recall(["Osaka"], ["Japan", "Tokyo"]) == 0.0
    assert evidence_recall(["Osaka"], []) is None


def test_model_judge_asks_the_joint_checks_of_all_sentences_at_once():
    import threading

    from verirag.models.entailment import ModelJudge
    from verirag.testing import ScriptedChatModel, judgment_reply, last_user_text

    joint = threading.Barrier(3, timeout=10)  # three cited sentences: their joint checks run together
    seen = []

    def respond(messages, kwargs):
        prompt = last_user_text(messages)
        seen.append(prompt)
        if len(seen) <= 3:
            joint.wait()  # BrokenBarrierError if the checks were asked one after another
        return judgment_reply(0.9)

    judge = ModelJudge(ScriptedChatModel(respond=respond), max_concurrency=3)
    answer = "Tokyo is the capital of Japan [1]. Paris is in France [2]. Rome is in Italy [2]."
    docs: list[Document] = [
        {"id": "a", "title": "d1", "text": "Tokyo."},
        {"id": "b", "title": "d2", "text": "Paris. Rome."},
    ]
    scores = citation_scores(answer, docs, judge)
    assert scores.recall == 1.0 and len(seen) == 3  # memoised: nothing asked twice


def test_trust_scores_count_verified_entailed_refusals_and_leaks():
    docs = {"d1": D[0], "d3": D[2]}
    sentences = [
        {"text": "Tokyo is the capital of Japan.", "citations": ["d1"], "verified_by": "citations"},
        # not in d1
        {"text": "Tokyo has fourteen million people.", "citations": ["d1"], "verified_by": "memory"},
        {"text": "Tokyo was founded in 1457.", "citations": ["d3"], "verified_by": "none"},
    ]
    answer = "Tokyo is the capital of Japan [1]. The documents do not say when Tokyo was founded."
    t = trust_scores(answer, sentences, docs, KeywordJudge(), unsupported_answers=["fourteen million"])
    assert (t["sentences"], t["verified"], t["verified_entailed"]) == (3, 2, 1)
    assert t["refuses"] and not t["only_refusal"] and t["unsupported_in_verified"]
    only = trust_scores("The documents do not answer this question.", [], docs, KeywordJudge(), ["1457"])
    assert only["refuses"] and only["only_refusal"] and not only["unsupported_in_verified"]
    # a refusal quoting the documents' closest passage is still only a refusal
    quoted = refusal.nearest((D[0], 'Edo, "the eastern capital", was founded in 1457. It grew.'))
    assert trust_scores(quoted, [], docs, KeywordJudge())["only_refusal"]
    assert not trust_scores(f"Tokyo is in Japan [1]. {quoted}", [], docs, KeywordJudge())["only_refusal"]


def test_refusal_sentences_are_not_scored_for_citations():
    s = score("Tokyo is the capital of Japan [1]. The documents do not say when it was founded.")
    assert (s.recall, s.sentences) == (1.0, 1)
