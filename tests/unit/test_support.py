"""The support decision (verirag.nodes.support) at its threshold, on hand-made pairs of each category of
the verifier benchmark, with a scripted judge; and its zero-token parts (guard, quotes)."""

from __future__ import annotations

import pytest

from verirag import Context
from verirag.calibration import EMBEDDED
from verirag.prompts import entailment
from verirag.stores import make_document
from verirag.testing import ScriptedChatModel, judgment_reply, last_user_text
from verirag.verify import pipeline as support
from verirag.verify import weighing
from verirag.verify.checks.key_terms import missing_terms
from verirag.verify.claim import Claim
from verirag.verify.evidence import select_quote
from verirag.verify.lexicon import key_terms
from verirag.verify.parts import parts
from verirag.verify.readings.listing import bare_list, listed_by_sentence

TOKYO = make_document(
    "Tokyo",
    "Tokyo is the capital and most populous city of Japan. "
    "It was founded as Edo in 1457. About 14 million people live in the city proper.",
)
OSAKA = make_document("Osaka", "Osaka is a city in the Kansai region of Japan. It is known for its food.")
KYOTO = make_document(
    "Kyoto", "Kyoto was the capital of Japan for more than a thousand years, until Tokyo became the capital."
)


def judge(p_yes: float):
    """A scripted entailment judge that answers every question with P(Yes) = ``p_yes``."""
    return ScriptedChatModel(respond=lambda messages, kwargs: judgment_reply(p_yes))


def listed_part(documents, sentence, ctx):
    """What the writing stage keeps of a failed list sentence, no model's help: (text, check, left out)."""
    check, _, fields = support.judge_draft(judge(0.02), documents, sentence, "q", ctx)
    return (fields["text"], check, fields["omitted"]) if "text" in fields else None


def decide_one(model, documents, sentence, **kw):
    """One decision; the slot check off unless asked (its own tests: tests/unit/test_slots.py)."""
    (check,) = support.decide(
        model, [(documents, sentence)], "Tell me about Tokyo.", Context(**{"slot_check": False, **kw})
    )
    return check


def score_at(probability: float, weighed: bool = False) -> float:
    """The judge's P(Yes) that the calibration (or, ``weighed``, the weighing with no finding) maps to
    ``probability`` (bisection: either map is monotone)."""

    def mapped(p: float) -> float:
        return weighing.weighed(EMBEDDED, (), p) if weighed else EMBEDDED.probability(p)

    low, high = 1e-6, 1 - 1e-6
    for _ in range(100):
        mid = (low + high) / 2
        low, high = (mid, high) if mapped(mid) < probability else (low, mid)
    return high


def test_supported_claims_pass_reworded_by_judgment_and_verbatim_without_a_call():
    model = judge(0.97)
    for claim in ("The capital of Japan is Tokyo.", "Tokyo was founded in 1457."):
        check = decide_one(model, [TOKYO], claim)
        assert check.passed and check.missing == [] and check.judgment is not None, claim
    # a sentence of the document copied word for word is its own quote: no question to ask
    silent = judge(0.0)
    check = decide_one(silent, [TOKYO], "It was  founded as Edo in 1457", slot_check=True)
    assert check.passed and check.judgment is None and silent.calls == []
    (quote,) = check.quotes
    assert TOKYO["text"][quote.start : quote.end] == "It was founded as Edo in 1457."
    # one word off is not a copy
    assert not decide_one(silent, [TOKYO], "It was founded as Edo around 1457.").passed


def test_a_copy_with_its_leading_pronoun_read_as_the_documents_subject_passes_without_a_call():
    silent = judge(0.0)
    for claim in ("Tokyo was founded as Edo in 1457.", "The Tokyo was founded as Edo in 1457."):
        check = decide_one(silent, [TOKYO], claim, slot_check=True)
        assert check.passed and check.judgment is None, claim
        (quote,) = check.quotes
        assert TOKYO["text"][quote.start : quote.end] == "It was founded as Edo in 1457."
    owner = make_document("Space Shuttle", "Its official program name was the Space Transportation System.")
    claim = "Space Shuttle's official program name was the Space Transportation System."
    assert decide_one(silent, [owner], claim).passed
    assert silent.calls == []
    # the pronoun is the document's subject, not another name's; and the rest must be the sentence's words
    for claim in ("Osaka was founded as Edo in 1457.", "Osaka is known for Osaka's food."):
        assert support.read_off([TOKYO, OSAKA], claim, None, Context()) is None, claim


def test_a_swapped_fact_is_rejected_by_the_guard_without_a_model_call():
    model = judge(0.99)  # a judge that would accept anything
    for claim in ("Tokyo was founded as Edo in 1475.", "About 41 million people live in Tokyo."):
        check = decide_one(model, [TOKYO], claim)
        assert not check.passed and check.missing and check.probability == 0.0, claim
    assert model.calls == []
    # a name the quote lacks: a veto in the chain; weighed with the judge's P(Yes) (weight 0) by default
    osaka = "Osaka is the capital and most populous city of Japan."
    check = decide_one(model, [TOKYO], osaka, checks_off=("weighing",))
    assert not check.passed and check.missing == ["osaka"] and model.calls == []
    check = decide_one(judge(0.1), [TOKYO], osaka)
    assert not check.passed and check.decided_by == "weighing" and check.missing == ["osaka"]


def test_a_description_before_a_relative_clause_must_be_in_the_quote_itself():
    ford = make_document(
        "Ford Motor Company",
        "The Ford Motor Company is an American automobile manufacturer. "
        "It was founded by Henry Ford and incorporated on June 16, 1903.",
    )
    model = judge(0.99)  # a judge that would accept anything
    described = (
        "Henry Ford was an American industrialist and business magnate who founded the Ford Motor Company."
    )
    check = decide_one(model, [ford], described)  # most of its words are quoted; its head's are not
    assert not check.passed and {"industrialist", "magnat"} <= set(check.missing) and model.calls == []
    assert decide_one(model, [ford], "Henry Ford, who founded the Ford Motor Company, was American.").passed


def test_an_unsupported_claim_fails_by_guard_or_by_judgment():
    claim = "Tokyo has been the capital of Japan since 1869."
    assert not decide_one(judge(0.99), [OSAKA], claim).passed  # the neighbour lacks Tokyo and 1869
    neighbour = decide_one(judge(0.05), [KYOTO], "Tokyo became the capital of Japan.")  # names all present
    assert neighbour.missing == [] and neighbour.judgment is not None and not neighbour.passed


def test_the_decision_passes_at_its_threshold_and_not_below():
    claim = "Tokyo is the capital of Japan."
    at = score_at(EMBEDDED.weighed_threshold, weighed=True)
    assert decide_one(judge(at), [TOKYO], claim).passed
    below = score_at(EMBEDDED.weighed_threshold - 0.01, weighed=True)
    assert not decide_one(judge(below), [TOKYO], claim).passed
    # the chain's: the calibrated P(Yes) at its threshold
    at = score_at(EMBEDDED.threshold)
    assert decide_one(judge(at), [TOKYO], claim, checks_off=("weighing",)).passed
    below = score_at(EMBEDDED.threshold - 0.01)
    assert not decide_one(judge(below), [TOKYO], claim, checks_off=("weighing",)).passed
    # the threshold is the Context's when set
    at = score_at(EMBEDDED.weighed_threshold, weighed=True)
    assert not decide_one(
        judge(at), [TOKYO], claim, support_threshold=EMBEDDED.weighed_threshold + 0.01
    ).passed


def test_the_judge_sees_the_verbatim_quote_and_the_quote_is_spans_of_the_document():
    model = judge(0.97)
    check = decide_one(model, [TOKYO, OSAKA], "Edo was founded in 1457.")
    ((messages, _),) = model.calls
    assert messages[0].text == entailment.SYSTEM
    prompt = last_user_text(messages)
    assert "It was founded as Edo in 1457." in prompt
    assert "most populous" not in prompt and "Kansai" not in prompt  # only the quoted sentence is shown
    (quote,) = check.quotes
    assert (quote.doc, TOKYO["text"][quote.start : quote.end]) == (
        TOKYO["id"],
        "It was founded as Edo in 1457.",
    )


def test_of_two_sentences_with_the_claims_words_the_quote_is_the_one_of_the_document_the_claim_names():
    # Osaka's sentence has every word of the claim, in another relation; Tokyo's states it
    osaka = make_document(
        "Osaka",
        "It is the capital of Osaka Prefecture and the third-most populous city in Japan, after Tokyo.",
    )
    model = judge(0.97)
    check = decide_one(model, [osaka, TOKYO], "The capital city of Japan is Tokyo.")
    assert [q.doc for q in check.quotes] == [TOKYO["id"]]
    ((messages, _),) = model.calls
    assert "Osaka Prefecture" not in last_user_text(messages)


def test_issup_decision_judges_whole_documents_at_one_half():
    model = ScriptedChatModel(respond=lambda m, k: judgment_reply(0.6, yes="Fully", no="No"))
    check = decide_one(model, [TOKYO], "Tokyo was founded in 1475.", support_decision="issup")
    assert check.passed and check.probability == pytest.approx(0.6) and check.quotes == ()
    assert "most populous" in last_user_text(model.calls[0][0])  # the whole document, no guard


def test_guard_terms_and_quotes():
    assert key_terms("In 1457 the Japanese city of Edo had 14,000 people.") == [
        "1457",
        "14000",
        "japanese",
        "edo",
    ]
    assert missing_terms("Japanese Edo had three thousand people in 1457.", TOKYO["text"]) == []
    assert missing_terms("Tokyo had 15 million people.", TOKYO["text"]) == ["15"]
    spans = select_quote("The capital of Japan is Tokyo, founded in 1457.", TOKYO["text"])
    assert [TOKYO["text"][s:e] for s, e in spans] == [
        "Tokyo is the capital and most populous city of Japan.",
        "It was founded as Edo in 1457.",
    ]


def test_an_answer_word_that_opens_a_yes_no_answer_claims_nothing():
    from verirag.verify.claim import Claim

    cricket = make_document("Cricket", "Cricket is played between two teams of eleven players each.")
    claim = Claim.of("Yes, cricket is played with eleven players per team.")
    assert claim.text == "Cricket is played with eleven players per team." and "yes" not in claim.terms
    from verirag.verify.parts import parts

    for part in parts([cricket], claim, Context()):
        assert not support.guarded([cricket], part, Context())[1]  # no guard fails on "yes"
    assert Claim.of("No, cricket is not played on ice.").terms[-1] == "not"  # the denial is the sentence's


LAHORE = make_document(
    "Lahore",
    "Lahore is the capital and largest city of the Pakistani province of "
    "Punjab. It is the second-largest city in Pakistan.",
)


def claim_judge(p_yes_by_claim: dict[str, float], default: float = 0.05):
    """A scripted entailment judge whose P(Yes) depends on the claim it is asked about."""

    def respond(messages, kwargs):
        prompt = last_user_text(messages)
        return judgment_reply(next((p for claim, p in p_yes_by_claim.items() if claim in prompt), default))

    return ScriptedChatModel(respond=respond)


def test_the_contrast_check_fails_a_claim_that_a_sibling_beats_and_keeps_one_that_beats_them_all():
    false, sibling = (
        "Lahore is the second-largest city in Punjab.",
        "Lahore is the second-largest city in Pakistan.",
    )
    model = claim_judge({false: 0.95, sibling: 0.99})  # the judge reads names more than the relation
    assert decide_one(model, [LAHORE], false).passed  # the judge alone: a false claim verified
    asked_before = len(model.calls)
    check = decide_one(model, [LAHORE], false, contrast_check=True)
    assert not check.passed and check.rival == sibling
    siblings = [last_user_text(m) for m, _ in model.calls[asked_before + 1 :]]
    assert len(siblings) == 4 and all(false not in s for s in siblings)  # Pakistani / Pakistan, both places
    # the same claim wins when its relation is the one the quote states
    kept = decide_one(claim_judge({sibling: 0.95, false: 0.2}), [LAHORE], sibling, contrast_check=True)
    assert kept.passed and kept.rival == ""


def test_the_contrast_check_costs_nothing_without_siblings_or_without_a_pass():
    model = judge(0.97)  # the quote (Tokyo's first sentence) states no other year and no other name
    assert decide_one(model, [TOKYO], "Tokyo is the capital of Japan.", contrast_check=True).passed
    assert len(model.calls) == 1
    failing = judge(0.05)
    assert not decide_one(
        failing, [LAHORE], "Lahore is the second-largest city in Punjab.", contrast_check=True
    ).passed
    assert len(failing.calls) == 1  # a claim that fails is not contrasted


def test_contrast_claims_swap_one_year_or_one_standalone_name_for_another_of_the_evidence():
    from verirag.verify.checks.contrast import contrast_claims

    assert contrast_claims("Oxford was founded in 1167.", "It grew from 1167. In 1209 some fled.") == [
        "Oxford was founded in 1209."
    ]
    assert contrast_claims(
        "Google was founded by Chad Hurley.",
        "YouTube is owned by Google. It was founded by Chad Hurley and Steve Chen.",
    ) == ["YouTube was founded by Chad Hurley."]  # "Chad Hurley", "Steve Chen": names of two words stay
    assert contrast_claims("Tokyo is the capital of Japan.", "Tokyo is the capital city of Japan.") == []
    assert len(contrast_claims("A in 1900 met B.", "1901 1902 1903 1904 1905 1906 1907", limit=6)) == 6


LUNG = make_document(
    "Lung cancer", "Lung cancer is a malignant tumor that originates in the tissues of the lungs."
)
BRONCHITIS = make_document(
    "Bronchitis",
    "Bronchitis is inflammation of the bronchi in the lungs. Symptoms "
    "include coughing up sputum, wheezing, shortness of breath, and chest pain.",
)


def test_the_subject_check_joins_only_documents_the_claim_names():
    joined = "Lung cancer is a malignant tumor whose symptoms include wheezing and chest pain."
    # a judge that reads the words: it accepts whenever the quote it is shown mentions wheezing
    model = ScriptedChatModel(
        respond=lambda messages, kwargs: judgment_reply(
            0.97 if "wheezing" in last_user_text(messages).split("Claim:")[0] else 0.03
        )
    )
    assert decide_one(model, [LUNG, BRONCHITIS], joined, subject_check=False).passed  # the join verified
    check = decide_one(model, [LUNG, BRONCHITIS], joined, subject_check=True)
    assert not check.passed and [q.doc for q in check.quotes] == [LUNG["id"]]  # Bronchitis not joined
    # a two-document claim that names both documents keeps both
    both = "Lung cancer is a malignant tumor, and bronchitis is inflammation of the bronchi."
    kept = decide_one(judge(0.97), [LUNG, BRONCHITIS], both, subject_check=True)
    assert kept.passed and {q.doc for q in kept.quotes} == {LUNG["id"], BRONCHITIS["id"]}


def test_a_comparison_a_quoted_rank_entails_passes_without_a_model_call():
    lahore = make_document(
        "Lahore", "It is the second-largest city in Pakistan, after Karachi, and 27th largest in the world."
    )
    perth = make_document(
        "Perth", "It is the fourth-most-populous city in Australia, with 2.3 million people."
    )
    silent = judge(0.0)  # would fail every claim it were asked about
    for documents, sentence in [
        ([lahore], "Karachi is larger than Lahore."),
        ([lahore], "Karachi is larger than Lahore in Pakistan."),
        ([perth], "Perth is not the most populous city in Australia."),
    ]:
        check = decide_one(silent, documents, sentence, slot_check=True)
        assert check.passed and check.judgment is None, sentence
        (quote,) = check.quotes
        assert documents[0]["text"][quote.start : quote.end].startswith("It is the"), sentence
    # the rank is read in whichever sentence states it, not only in the quote the words would choose
    kazan = make_document(
        "Kazan", "Kazan is the largest city of Tatarstan, Russia. Kazan is the fifth-largest city in Russia."
    )
    assert decide_one(silent, [kazan], "Kazan is not the largest city in Russia.").passed
    assert silent.calls == []
    # the other way round, another name, another comparative or another ranked phrase: no entailment
    for documents, sentence in [
        ([lahore], "Lahore is larger than Karachi."),
        ([lahore], "Islamabad is larger than Lahore."),
        ([lahore], "Karachi is smaller than Lahore."),
        ([lahore], "Karachi is larger than Lahore by area."),
        ([perth], "Perth is not the most populous city in Oceania."),
        ([perth], "Sydney is not the most populous city in Australia."),
    ]:
        assert not decide_one(silent, documents, sentence).passed, sentence


def test_a_one_of_a_kind_attribute_held_by_another_name_denies_it_without_a_model_call():
    kenya = make_document(
        "Kenya", "Kenya is a country in East Africa. Nairobi is the capital and largest city of Kenya."
    )
    egypt = make_document(
        "Egypt", "Cairo is the capital, largest city, and cultural centre, while Alexandria is a port."
    )
    nz = make_document(
        "New Zealand", "New Zealand's capital city is Wellington, and its most populous city is Auckland."
    )
    silent = judge(0.0)
    for documents, sentence, said in [
        ([kenya], "Mombasa is not the capital of Kenya.", "Nairobi is the capital"),
        ([kenya], "Mombasa is not the largest city of Kenya.", "Nairobi is the capital"),
        (
            [egypt],
            "Alexandria is not the capital of Egypt.",
            "Cairo is the capital",
        ),  # the article's own country
        ([nz], "Auckland is not the capital of New Zealand.", "New Zealand's capital city"),
    ]:
        check = decide_one(silent, documents, sentence, slot_check=True)
        assert check.passed and check.judgment is None, sentence
        (quote,) = check.quotes
        assert documents[0]["text"][quote.start : quote.end].startswith(said), sentence
    assert silent.calls == []
    # the holder itself, another owner, an attribute not stated, or one many can hold: no denial read off
    for documents, sentence in [
        ([kenya], "Nairobi is not the capital of Kenya."),
        ([kenya], "Mombasa is not the capital of Tanzania."),
        ([kenya], "Mombasa is not the oldest city of Kenya."),
        ([egypt], "Alexandria is not a city of Egypt."),
    ]:
        assert not decide_one(silent, documents, sentence).passed, sentence


def test_a_sentence_joining_two_documents_is_decided_statement_by_statement_each_on_its_own_quote():
    band = make_document("Led Zeppelin", "Led Zeppelin were an English rock band formed in London in 1968.")
    london = make_document("London", "London is the capital and largest city of England.")
    seen: list[str] = []

    def one_document_at_a_time(messages, kwargs):
        text = last_user_text(messages)
        seen.append(text)
        both = "rock band" in text and "largest city" in text
        false = "Paris" in text
        return judgment_reply(0.0 if both or false else 0.99)

    model = ScriptedChatModel(respond=one_document_at_a_time)
    sentence = "Led Zeppelin formed in London in 1968, and London is the capital of England."
    check = decide_one(model, [band, london], sentence)
    assert check.passed and [claim for claim, _ in check.atoms] == [
        "Led Zeppelin formed in London in 1968.",
        "London is the capital of England.",
    ]
    assert {q.doc for q in check.quotes} == {band["id"], london["id"]}
    assert not any("rock band" in t and "largest city" in t for t in seen)  # never judged as one
    # a false statement fails the sentence, and the true one is kept apart for the writer
    false = "Led Zeppelin formed in London in 1968, and London is the capital of Paris."
    check = decide_one(model, [band, london], false)
    assert not check.passed and [s.passed for _, s in check.atoms] == [True, False]
    # one document's statements are one claim, as before
    assert parts(
        [band, london], Claim.of("Led Zeppelin were an English rock band formed in London."), Context()
    ) == ["Led Zeppelin were an English rock band formed in London."]


def test_a_list_whose_members_one_sentence_gives_the_subject_by_its_relation_passes_without_a_call():
    namibia = make_document(
        "Namibia",
        "Namibia is a country in Southern Africa. It borders the Atlantic Ocean to the west, Zambia and "
        "Angola to the north, Botswana to the east, and South Africa to the south; in the northeast, "
        "Zimbabwe lies less than 200 metres away.",
    )
    silent = judge(0.0)
    check = decide_one(silent, [namibia], "Namibia borders Angola, Zambia, Botswana, and South Africa.")
    assert check.passed and check.judgment is None and silent.calls == []
    (quote,) = check.quotes
    assert namibia["text"][quote.start : quote.end].startswith("It borders the Atlantic Ocean")
    for sentence in (
        "Namibia borders Angola, Zambia, and Zimbabwe.",  # Zimbabwe is the subject of its own verb there
        "Namibia borders Angola, Zambia, and Mozambique.",  # not named
        "Namibia colonised Angola and Zambia.",  # not the relation the sentence states
        "The countries that border Namibia are Angola and Zambia.",  # stated as complete, and it is not
        "Namibia is a Botswana and South Africa.",  # no relation: any two names of the sentence would do
    ):
        assert not decide_one(silent, [namibia], sentence).passed, sentence


HUNGARY = make_document(
    "Hungary",
    "Hungary is a landlocked country in Central Europe. Spanning much of the Carpathian Basin, it is "
    "bordered by Slovakia to the north, Ukraine to the northeast, Romania to the east and southeast, Serbia "
    "to the south, Croatia and Slovenia to the southwest, the Danube River to the south, and Austria to the "
    "west.",
)


def test_a_complete_set_is_read_off_only_when_the_quoted_list_has_every_member_and_no_other():
    complete = (
        "The countries that border Hungary are Slovakia, Ukraine, Romania, Serbia, Croatia, Slovenia and "
        "Austria."
    )
    assert_read_off(
        HUNGARY,
        [
            complete,  # the river beside the countries is not one of them; "Spanning …, it" opens at Hungary
            "The countries bordering Hungary are Austria, Slovakia, Ukraine, Romania, Serbia, Croatia and "
            "Slovenia.",
            "Hungary borders Slovakia and Austria.",  # not stated as complete: any of them
        ],
        [
            complete.replace("Slovenia and ", ""),  # one left out
            complete.replace("Slovakia, ", ""),  # the quoted list's first one left out
            complete.replace("Slovenia", "Slovenia, Poland"),  # one the list lacks
            "The countries that border Hungary are Slovakia to the north and Austria to the east.",
        ],
    )


def test_a_list_whose_directions_are_wrong_is_kept_as_its_members_when_they_are_read_off():
    wrong = (
        "The countries that border Hungary are Slovakia to the north, Ukraine to the east, Romania to the "
        "south, Serbia to the south, Croatia and Slovenia to the southwest, and Austria to the west."
    )
    check = decide_one(judge(0.02), [HUNGARY], wrong)
    assert not check.passed
    part = listed_part([HUNGARY], wrong, Context())
    assert part is not None
    text, kept, left_out = part
    assert text == (
        "The countries that border Hungary are Slovakia, Ukraine, Romania, Serbia, Croatia and Slovenia, and "
        "Austria."
    )
    assert kept.passed and kept.quotes and left_out == []
    assert listed_part([HUNGARY], wrong, Context(support_decision="issup")) is None
    founder = "Saladin was the founder of the Ayyubid dynasty and the first sultan of both Egypt and Syria."
    assert bare_list(founder) is None  # only a member's direction is ever dropped


def test_a_list_sentence_that_fails_keeps_the_members_the_quoted_list_gives_and_names_the_others():
    wrong = (
        "The countries that border Hungary are Poland to the north, Ukraine to the east, Romania to the "
        "south, Serbia to the south, Croatia and Slovenia to the southwest, and Austria to the west."
    )
    text, kept, left_out = listed_part([HUNGARY], wrong, Context()) or ("", None, [])
    # a complete set is restated as the quoted one (Slovakia too), which is read back as complete
    assert text == (
        "The countries that border Hungary are Slovakia, Ukraine, Romania, Serbia, Croatia, Slovenia, and "
        "Austria."
    )
    assert kept is not None and kept.passed and kept.quotes[0].doc == HUNGARY["id"]
    assert left_out == ["The countries that border Hungary include Poland."]
    # where the quoted set cannot be read back (a landform named after the relation), the members given
    # are kept, and "are" becomes "include"
    basin = make_document(
        "Hungary", "Hungary lies in the Carpathian Basin and is bordered by Slovakia, Ukraine and Romania."
    )
    some = "The countries that border Hungary are Slovakia, Ukraine and Poland."
    text, _, left_out = listed_part([basin], some, Context()) or ("", None, [])
    assert text == "The countries that border Hungary include Slovakia and Ukraine."
    assert left_out == ["The countries that border Hungary include Poland."]
    parts = "Hungary is made up of Slovakia, Ukraine and Moldova."  # a whole's parts: none may be left out
    assert listed_part([HUNGARY], parts, Context()) is None
    none_given = "The countries that border Hungary are Poland, Moldova and Italy."
    assert listed_part([HUNGARY], none_given, Context()) is None


def assert_read_off(document, passing, failing):
    """Each of ``passing`` passes without a model call; none of ``failing`` is read off the document."""
    silent = judge(0.0)
    for sentence in passing:
        check = decide_one(silent, [document], sentence)
        assert check.passed and check.judgment is None, sentence
    assert silent.calls == []
    for sentence in failing:
        assert support.read_off([document], sentence, None, Context()) is None, sentence


def test_a_list_that_keeps_the_quotes_words_after_the_same_relation_is_read_off_and_a_negation_is_not():
    malawi = make_document(
        "Malawi",
        "Malawi is a landlocked country. It is bordered by Zambia to the west, Tanzania to the north and "
        "northeast, and Mozambique to the east, south, and southwest.",
    )
    copied = (
        "Malawi borders Zambia to the west, Tanzania to the north and northeast, and Mozambique to the east."
    )
    failing = (
        "Malawi borders Zambia to the east, Tanzania to the north and northeast.",  # not the quote's words
        "Malawi does not border Zambia and Tanzania.",  # a negation the quote lacks
    )
    assert_read_off(malawi, [copied], failing)
    for sentence in failing:
        assert not decide_one(judge(0.0), [malawi], sentence).passed, sentence


def test_a_wholes_parts_are_read_off_under_another_word_for_made_of_and_only_when_all_are_named():
    kingdom = make_document(
        "United Kingdom",
        "The United Kingdom is a country in Europe. It comprises England, Scotland, Wales and "
        "Northern Ireland, with a population of over 69 million in 2024.",
    )
    passing = (
        "The United Kingdom is composed of England, Scotland, Wales, and Northern Ireland.",
        "The United Kingdom is made up of England, Scotland, Wales and Northern Ireland.",
        "The United Kingdom includes England, Scotland, and Wales.",  # some parts: "includes"
    )
    failing = (
        "The United Kingdom is composed of England, Scotland, and Wales.",  # a part left out
        "The United Kingdom is made up of Scotland, Wales and Northern Ireland.",  # the first part left out
        "The United Kingdom consists of England, Scotland, Wales, Northern Ireland and Ireland.",  # one added
        "The United Kingdom borders England, Scotland, and Wales.",  # another relation
    )
    assert_read_off(kingdom, passing, failing)


def test_a_listing_gives_only_the_members_named_under_its_relation():
    film = [
        (
            "Seven Samurai",
            "Seven Samurai is a 1954 film directed by Akira Kurosawa from a screenplay co-written with "
            "Shinobu Hashimoto and Hideo Oguni.",
        )
    ]
    assert (
        listed_by_sentence("Seven Samurai was directed by Akira Kurosawa and Shinobu Hashimoto.", film)
        is None
    )
    borders = [
        ("Laos", "Laos is bordered by Myanmar and China to the northwest, Vietnam to the east, and Thailand.")
    ]
    assert listed_by_sentence("Laos is bordered by Myanmar, China, Vietnam and Thailand.", borders) == (
        0,
        (0, 90),
    )
