"""The real embedded model, as the verifier of the graph, rejects the false sentences that it once verified
(docs/history.md: Lahore, Moscow's population, lung cancer symptoms; Central Asia with "most of"
dropped) against the very documents they were verified with, and still verifies a true sentence of them;
a true sentence in other words than its quote's is kept in the quote's words, the same words for a false one
are not.

The documents are in a store; the writer is scripted to write the sentence and cite every document
(what the real model did then); every judgment (support, evidence search, slot questions) is the real
model's, through :func:`verirag.api.run` under the default Context.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.scripted import line_after, prompt_kind, titles_in
from verirag import Context, calibration
from verirag.api import run
from verirag.documents import Document
from verirag.graph.systems import SYSTEMS
from verirag.models import get_chat_model, register_model, unregister_model
from verirag.prompts import generate_sentence
from verirag.stores import HybridStore, make_document, register_store, unregister_store
from verirag.testing import HashEmbedder, ScriptedChatModel, last_user_text

WRITTEN = Path(__file__).resolve().parents[2] / "benchmarks" / "verifier_v2" / "model_written.jsonl"
CASES = [  # (false sentence as verirag verified it, a true sentence of the same documents)
    (
        "Lahore is the capital and largest city of Pakistan.",
        "Lahore is the capital and largest city of the province.",
    ),
    (
        "Lahore is the capital and largest city of Pakistan, with a population of over 14 million.",
        "Lahore is the second-largest city in Pakistan, after Karachi.",
    ),
    (
        "Moscow is the largest city in Russia, with a population of over 140 million.",
        "Moscow is the capital and largest city of Russia.",
    ),
    (
        "Symptoms of lung cancer include coughing up sputum, wheezing, shortness of breath, and chest pain.",
        "Lung cancer is a malignant tumor that originates in the tissues of the lungs.",
    ),
    # verified on single_hop_dev (docs/bench/single_hop_rest/verified_by_hand.jsonl, in git history at
    # commit 95012bf), from the same paragraph
    (
        "The largest city of Pakistan is Lahore, which is the capital and largest city of the Pakistani "
        "province of Punjab.",
        "Lahore is the capital and largest city of the Pakistani province of Punjab.",
    ),
]
SAME_DOCUMENTS = {CASES[4][0]: CASES[1][0]}  # a false sentence -> the labelled one whose documents it had


def _documents(sentence: str) -> list[Document]:
    """The documents the false sentence was verified with (the hand-labelled model-written pairs)."""
    sentence = SAME_DOCUMENTS.get(sentence, sentence)
    for line in WRITTEN.read_text(encoding="utf-8").splitlines():
        pair = json.loads(line)
        if pair["claim"] == sentence and pair["label"] == 0:
            return [make_document(d["title"], d["text"]) for d in pair["evidence"]]
    raise AssertionError(f"not a hand-labelled false sentence: {sentence}")


def _answer_with(sentence: str, documents: list[Document], tmp_path: Path, name: str) -> dict:
    """verirag's default run over ``documents``, the writer scripted to write and cite ``sentence``."""
    real = get_chat_model("local")

    def respond(messages, kwargs):
        kind, prompt = prompt_kind(messages), last_user_text(messages)
        if kind == "next sentence":
            return generate_sentence.END if sentence in prompt.split("Answer so far:")[-1] else sentence
        if kind == "cite":
            markers = "".join(f"[{n}]" for n in range(1, len(titles_in(prompt)) + 1))
            return line_after(prompt, "Sentence: ") + markers
        return real.invoke(messages, **kwargs)  # every judgment, query and question: the real model

    store = HybridStore(tmp_path / name, embedder=HashEmbedder())
    store.add(documents)
    register_store(name, store)
    register_model(name, ScriptedChatModel(respond=respond))
    calibration.register(name, calibration.EMBEDDED)  # its judgments are the embedded model's
    try:
        context = Context(**{**SYSTEMS["vtg"], "model": name, "store": name, "top_k": len(documents)})
        result, _ = run("Tell me about " + documents[0]["title"] + ".", context)
    finally:
        unregister_model(name)
        unregister_store(name)
        calibration.register(name, None)
    return result


@pytest.mark.parametrize(
    ("false", "true"), CASES, ids=["lahore-punjab", "lahore", "moscow", "lung-cancer", "lahore-which"]
)
def test_the_embedded_verifier_rejects_the_false_sentence_and_keeps_a_true_one(false, true, tmp_path):
    documents = _documents(false)
    rejected = _answer_with(false, documents, tmp_path, "false")
    assert rejected["sentences"] and all(s["verified_by"] == "none" for s in rejected["sentences"]), rejected[
        "sentences"
    ]
    assert false not in rejected["answer"]
    kept = _answer_with(true, documents, tmp_path, "true")
    assert [s["verified_by"] for s in kept["sentences"]] in (["citations"], ["memory"]), kept["sentences"]


def test_the_checker_with_the_real_model_holds_the_true_sentence_and_not_the_relation_changed_one():
    from verirag import check

    documents = _documents(CASES[0][0])
    markers = "".join(f"[{n}]" for n in range(1, len(documents) + 1))
    answer = f"{CASES[0][1][:-1]} {markers}. {CASES[0][0][:-1]} {markers}."
    result = check(answer, [{"title": d["title"], "text": d["text"]} for d in documents])
    assert [s["verdict"] for s in result["sentences"]] == ["supported", "unsupported"]
    assert result["verified_answer"].startswith(CASES[0][1][:-1]) and not result["supported"]


CENTRAL_ASIA = make_document(
    "Central Asia",
    "Central Asia is a region of Asia consisting of Kyrgyzstan, Tajikistan, Turkmenistan, Uzbekistan, and "
    "most of Kazakhstan. The countries as a group are also colloquially referred to as the '-stans' as all "
    "have names ending with the Persian suffix '-stan' in both respective native languages and most other "
    "languages. Together, the five Central Asian countries have a total population of around 76 million.",
)


def test_a_sentence_that_drops_most_of_is_never_verified_as_written_and_is_kept_with_the_part_put_back(
    tmp_path,
):
    # verified on the multi-answer set at 25bb6e7 (docs/bench/multi_25bb6e7/verified_by_hand.jsonl, in git
    # history at commit 95012bf), false
    false = "Kyrgyzstan, Tajikistan, Turkmenistan, Uzbekistan, and Kazakhstan make up Central Asia."
    result = _answer_with(false, [CENTRAL_ASIA], tmp_path, "central-asia")
    assert false not in result["answer"]
    (sentence,) = result["sentences"]
    assert sentence["text"] == false.replace("and Kazakhstan", "and most of Kazakhstan")
    assert sentence["verified_by"] in ("citations", "memory"), sentence


GONE_WITH_THE_WIND = make_document(
    "Gone with the Wind (film)",
    "Gone with the Wind is a 1939 American epic historical romance film adapted from the 1936 novel by "
    "Margaret Mitchell. It was produced by David O. Selznick of Selznick International Pictures and directed "
    "by Victor Fleming. Set in the American South during the Civil War and Reconstruction, the film tells "
    "the story of Scarlett O'Hara, the strong-willed daughter of a Georgia plantation owner, following her "
    "romantic pursuit of Ashley Wilkes, who is married to his cousin Melanie Hamilton, and her subsequent "
    "marriage to Rhett Butler.",
)


def test_a_producer_written_as_the_director_is_kept_as_the_quote_names_the_director(tmp_path):
    # written on single_hop_dev at 7e6d226 (docs/bench/single_hop_7e6d226/results.jsonl, in git history at
    # commit 95012bf), false
    false = "The director of Gone with the Wind was David O. Selznick of Selznick International Pictures."
    result = _answer_with(false, [GONE_WITH_THE_WIND], tmp_path, "gone-with-the-wind")
    assert "Selznick" not in result["answer"], result["sentences"]
    verified = [s["text"] for s in result["sentences"] if s["verified_by"] in ("citations", "memory")]
    assert verified == ["The director of Gone with the Wind was Victor Fleming."], result["sentences"]


LED_ZEPPELIN = make_document(
    "Led Zeppelin",
    "Led Zeppelin were an English rock band formed in London in 1968. The band comprised vocalist Robert "
    "Plant, guitarist Jimmy Page, bass-guitarist and keyboardist John Paul Jones and drummer John Bonham. "
    "Their combination of a heavy electric-guitar sound with elements of blues and folk music popularised "
    "album-oriented rock and stadium rock and established them as the progenitor of hard rock and heavy "
    "metal. They are amongst the best-selling music artists of all time, with an estimated 200 to 300\u00a0"
    "million records sold worldwide.",
)


def test_a_lead_vocalist_is_kept_as_the_vocalist_its_quote_names_and_a_lead_guitarist_is_not(tmp_path):
    # written on single_hop_dev at 9c4a9ea (docs/bench/single_hop_9c4a9ea/results.jsonl, in git history at
    # commit 95012bf), true, refused then
    true = "The lead vocalist of Led Zeppelin is Robert Plant."
    result = _answer_with(true, [LED_ZEPPELIN], tmp_path, "led-zeppelin")
    verified = [s["text"] for s in result["sentences"] if s["verified_by"] in ("citations", "memory")]
    assert verified == ["Robert Plant is the vocalist of Led Zeppelin."], result["sentences"]
    # the same relation words given to the wrong member: the quote fills the sentence's own blank otherwise
    false = "The lead guitarist of Led Zeppelin is Robert Plant."
    result = _answer_with(false, [LED_ZEPPELIN], tmp_path, "led-zeppelin-guitarist")
    assert all(s["verified_by"] == "none" for s in result["sentences"]), result["sentences"]
    assert "Robert Plant" not in result["answer"] or "closest passage" in result["answer"], result["answer"]
