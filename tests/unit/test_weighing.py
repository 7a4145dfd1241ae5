"""The weighed decision: a guard finding the model's weights name is weighed with P(Yes), not a veto.

A model with weights (``Calibration.weighing``) passes a claim the model is sure of despite a weighed finding,
fails one it doubts, still vetoes a changed number (no weight) without asking, and weighs a rival fill; with
``weighing`` in ``checks_off`` (or a model without weights) every finding fails the claim as in the chain.
"""

from __future__ import annotations

import json

import pytest

from verirag import Context, calibration
from verirag.prompts import slot
from verirag.stores import make_document
from verirag.testing import ScriptedChatModel, judgment_reply
from verirag.verify import decide
from verirag.verify.verdict import Finding
from verirag.verify.weighing import features, score, vetoed

MODEL = "weighed-test"
WEIGHTS = (("bias", -2.0), ("logit", 1.0), ("coverage", -1.0), ("slots", -4.0))
FORD = make_document("Ford Motor Company", "Ford Motor Company was founded by Henry Ford in 1903.")
# most of its words are not in the quote: the coverage check finds them
WIDE = "Henry Ford, a famous industrialist, business magnate and pacifist, founded Ford Motor Company."


@pytest.fixture(autouse=True)
def weighed_model():
    calibration.register(
        MODEL, calibration.Calibration(weighing=WEIGHTS, weighed_threshold=0.5, fitted_on="test")
    )
    yield
    calibration.register(MODEL, None)


def judge(p_yes: float, fill: str = "") -> ScriptedChatModel:
    """A judge of fixed P(Yes); a reader that fills each blank with ``fill`` (the claim's own term if "")."""

    def respond(messages, kwargs):
        if messages[0].text == slot.SYSTEM:
            return fill or "Ford Motor Company"
        return judgment_reply(p_yes)

    return ScriptedChatModel(respond=respond)


def decided(model: ScriptedChatModel, claim: str, **context):
    (check,) = decide(model, [([FORD], claim)], "q", Context(model=MODEL, **context))
    return check


def test_a_weak_finding_is_outweighed_by_a_sure_judge_and_vetoes_with_weighing_off():
    sure = decided(judge(0.999), WIDE)
    assert sure.passed and sure.decided_by == "weighing"
    assert [f.check for f in sure.findings] == ["coverage"]
    # logistic score: -2 + logit(0.999) - 1 = 3.9 -> 0.98
    assert sure.probability == pytest.approx(0.98, abs=0.01)
    chain = decided(judge(0.999), WIDE, checks_off=("weighing",))
    assert not chain.passed and chain.decided_by == "coverage"


def test_a_weak_finding_fails_a_claim_the_judge_doubts():
    doubted = decided(judge(0.9), WIDE)  # -2 + 2.2 - 1 < 0
    assert not doubted.passed and doubted.decided_by == "weighing"


def test_a_changed_number_is_vetoed_without_asking_the_model():
    model = judge(0.999)
    check = decided(model, "Henry Ford founded Ford Motor Company in 1908.")
    assert not check.passed and check.decided_by == "key_terms" and check.missing == ["1908"]
    assert model.calls == []
    weights = dict(WEIGHTS)
    assert vetoed([Finding("key_terms", ("not",))], weights) and vetoed([Finding("attribute", ())], weights)
    assert not vetoed([Finding("coverage", ("magnate",))], weights)


def test_a_rival_fill_is_weighed_with_the_rest():
    claim = "Henry Ford founded Ford Motor Company."
    assert decided(judge(0.999), claim).passed
    rivalled = decided(judge(0.999, fill="General Motors"), claim)  # -2 + 6.9 - 4 = 0.9 -> passes, weighed
    assert rivalled.passed and rivalled.probability == pytest.approx(0.71, abs=0.01)
    assert not decided(judge(0.99, fill="General Motors"), claim).passed  # -2 + 4.6 - 4 < 0
    assert decided(judge(0.999, fill="General Motors"), claim, checks_off=("weighing",)).decided_by == "slots"
    calibration.register(MODEL, calibration.Calibration(weighing=WEIGHTS[:3], weighed_threshold=0.5))
    assert decided(judge(0.999, fill="General Motors"), claim).decided_by == "slots"  # no weight: a veto


def test_a_model_without_weights_decides_by_the_chain():
    (check,) = decide(judge(0.999), [([FORD], WIDE)], "q", Context(model="no-weights-test"))
    assert not check.passed and check.decided_by == "coverage"


def test_the_embedded_weighing_decides_a_claim_without_findings_as_the_chain_does():
    from verirag.calibration import EMBEDDED, logit

    a, b = EMBEDDED.weights
    raw = (logit(EMBEDDED.threshold) - a) / b  # the chain's threshold as the judge's logit P(Yes)
    weights = dict(EMBEDDED.weighing)
    assert score(weights, {"bias": 1.0, "logit": raw}) == pytest.approx(EMBEDDED.weighed_threshold, abs=1e-4)
    assert weights["key_terms:name"] < 0 and weights["key_terms:form"] == 0  # never evidence of support
    assert "list_members" not in weights and "slots" not in weights  # a swapped member, a rival fill: vetoes


def test_a_name_in_another_form_is_told_from_a_name_the_quote_lacks():
    celts = [Finding("key_terms", ("celts",))]
    assert "key_terms:form" in features(celts, 0.9, quote="Ancient Celtic beliefs.")
    assert "key_terms:name" in features(
        [Finding("key_terms", ("osaka",))], 0.9, quote="Tokyo is the capital."
    )


def test_the_key_terms_count_by_kind():
    found = [Finding("key_terms", ("1903", "not", "#2 largest", "Ford")), Finding("coverage", ("magnate",))]
    assert set(features(found, 0.5)) == {
        "bias",
        "logit",
        "key_terms:number",
        "key_terms:negation",
        "key_terms:superlative",
        "key_terms:name",
        "coverage",
    }


def test_a_saved_calibration_keeps_its_weights(tmp_path, monkeypatch):
    monkeypatch.setenv("VERIRAG_HOME", str(tmp_path))
    saved = calibration.save("saved-test", calibration.Calibration(weighing=WEIGHTS, weighed_threshold=0.4))
    assert json.loads(saved.read_text())["weighing"][0] == ["bias", -2.0]
    loaded = calibration.for_model("saved-test")
    assert loaded.weighing == WEIGHTS and loaded.weighed_threshold == 0.4
