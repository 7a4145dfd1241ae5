"""Atomic claims by rules (verirag.verify.claim), and the grounded decision with ``atomic_claims``: each atom
judged against its own quote, the sentence passing only when every atom does."""

from __future__ import annotations

from verirag import Context
from verirag.stores import make_document
from verirag.testing import ScriptedChatModel, judgment_reply, last_user_text
from verirag.verify import pipeline as support
from verirag.verify.claim import atoms


def test_clauses_predicates_and_list_members_become_standalone_atoms():
    assert atoms("Tokyo is the capital of Japan and was founded as Edo in 1457.") == [
        "Tokyo is the capital of Japan.",
        "Tokyo was founded as Edo in 1457.",
    ]
    assert atoms("Tokyo is the capital of Japan; it was founded as Edo in 1457.") == [
        "Tokyo is the capital of Japan.",
        "Tokyo was founded as Edo in 1457.",
    ]
    assert atoms("Paris is the capital of France, and Berlin is the capital of Germany.") == [
        "Paris is the capital of France.",
        "Berlin is the capital of Germany.",
    ]
    assert atoms("Austria borders Germany, the Czech Republic, Slovakia and Hungary.") == [
        "Austria borders Germany.",
        "Austria borders the Czech Republic.",
        "Austria borders Slovakia.",
        "Austria borders Hungary.",
    ]


def test_a_claim_no_rule_splits_is_its_own_single_atom():
    for claim in (
        "The Mona Lisa was painted by Leonardo da Vinci.",
        "Lahore is the second-largest city in Pakistan, after Karachi.",
        "Mount Everest lies between Nepal and China.",
    ):  # two names: a relation, not a list
        assert atoms(claim) == [claim]


TOKYO = make_document(
    "Tokyo", "Tokyo is the capital and most populous city of Japan. It was founded as Edo in 1457."
)
KYOTO = make_document(
    "Kyoto", "Kyoto was the capital of Japan for more than a thousand years. It was founded in 794."
)


def test_with_atomic_claims_one_false_part_fails_the_sentence_and_each_atom_has_its_decision():
    claim = "Tokyo is the capital of Japan and was the capital for more than a thousand years."
    false = "Tokyo was the capital for more than a thousand years."
    # the judge accepts the compound as a whole and each true part, but not the false one on its own quote
    model = ScriptedChatModel(
        respond=lambda m, k: judgment_reply(0.02 if f"Claim: {false}" in last_user_text(m) else 0.97)
    )
    (whole,) = support.decide(
        model, [([TOKYO, KYOTO], claim)], "q", Context(slot_check=False, subject_check=False)
    )
    assert whole.passed and whole.atoms == ()  # without atoms (or the subject check): one claim, passed
    (check,) = support.decide(
        model, [([TOKYO, KYOTO], claim)], "q", Context(atomic_claims=True, slot_check=False)
    )
    assert not check.passed
    assert [(a, s.passed) for a, s in check.atoms] == [
        ("Tokyo is the capital of Japan.", True),
        (false, False),
    ]
    assert check.probability == min(s.probability for _, s in check.atoms)
    # all atoms true: the sentence passes with the quotes of both
    fine = "Tokyo is the capital of Japan and was founded as Edo in 1457."
    (kept,) = support.decide(model, [([TOKYO], fine)], "q", Context(atomic_claims=True, slot_check=False))
    assert kept.passed and len(kept.atoms) == 2 and len(kept.quotes) == 2


def test_a_trailing_with_phrase_is_a_claim_about_the_subject():
    assert atoms("Moscow is the largest city in Russia, with a population of over 140 million.") == [
        "Moscow is the largest city in Russia.",
        "Moscow has a population of over 140 million.",
    ]
    # "with" + a name, or no subject found: nothing split
    assert atoms("Tokyo is a city, with the Skytree.") == ["Tokyo is a city, with the Skytree."]


def test_a_trailing_which_or_who_clause_is_a_claim_about_the_name_before_it():
    lahore = "The largest city of Pakistan is Lahore, which is the capital of the province of Punjab."
    assert atoms(lahore) == [
        "The largest city of Pakistan is Lahore.",
        "Lahore is the capital of the province of Punjab.",
    ]
    assert atoms("The Mona Lisa was painted by Leonardo da Vinci, who was an Italian polymath.") == [
        "The Mona Lisa was painted by Leonardo da Vinci.",
        "Leonardo da Vinci was an Italian polymath.",
    ]
    assert atoms("It was founded by John Smith, which surprised many.") == [
        "It was founded by John Smith, which surprised many."
    ]  # no verb of a claim: one atom


def test_a_clause_opening_with_the_and_a_name_is_its_own_atom():
    claim = "The nebula formed the planets, and the Sun is the star at the centre of the Solar System."
    assert atoms(claim) == [
        "The nebula formed the planets.",
        "The Sun is the star at the centre of the Solar System.",
    ]


def test_a_list_of_values_paired_with_a_list_of_names_is_one_claim_per_pair_even_by_default():
    paired = "The capitals of Denmark, Poland, and the Czech Republic are Copenhagen, Warsaw, and Prague."
    assert atoms(paired) == [
        "The capital of Denmark is Copenhagen.",
        "The capital of Poland is Warsaw.",
        "The capital of the Czech Republic is Prague.",
    ]
    assert atoms("The capitals of Austria and Switzerland were Vienna and Bern, respectively.") == [
        "The capital of Austria was Vienna.",
        "The capital of Switzerland was Bern.",
    ]
    for whole in (
        "The capitals of Denmark and Poland are Copenhagen.",  # not one value per name: no pairs
        "The capital cities of Trinidad and Tobago and Jamaica are Port of Spain and Kingston.",
        "The founders of Apple were Steve Jobs and Steve Wozniak.",  # one name, two values
    ):
        assert atoms(whole) == [whole]
    # a clause whose new subject is "the <noun> of <Name>" is its own atom, capitalised
    assert atoms("The capital of Denmark is Copenhagen, and the capital of Poland is Warsaw.") == [
        "The capital of Denmark is Copenhagen.",
        "The capital of Poland is Warsaw.",
    ]
    denmark = make_document("Copenhagen", "Copenhagen is the capital and most populous city of Denmark.")
    poland = make_document("Warsaw", "Warsaw, the largest city of Poland, is its capital.")
    model = ScriptedChatModel(
        respond=lambda m, k: judgment_reply(
            0.02 if "Warsaw." in last_user_text(m).split("Claim:")[-1] else 0.97
        )
    )
    (check,) = support.decide(
        model,
        [([denmark, poland], "The capitals of Denmark and Poland are Copenhagen and Warsaw.")],
        "q",
        Context(slot_check=False),
    )
    # without atomic_claims each pair is decided on its own quote: one false pair fails the sentence
    assert [(a, s.passed) for a, s in check.atoms] == [
        ("The capital of Denmark is Copenhagen.", True),
        ("The capital of Poland is Warsaw.", False),
    ]
    assert not check.passed
    # and so when one document states both pairs
    both = make_document("Capitals", "Copenhagen is the capital of Denmark. Warsaw is the capital of Poland.")
    (one,) = support.decide(
        model,
        [([both], "The capitals of Denmark and Poland are Copenhagen and Warsaw.")],
        "q",
        Context(slot_check=False),
    )
    assert [a for a, _ in one.atoms] == [
        "The capital of Denmark is Copenhagen.",
        "The capital of Poland is Warsaw.",
    ]
