"""Calibration belongs to a model (verirag.calibration): looked up by model string, fitted by
``verirag calibrate`` on the benchmark's calibration split, a warning for a model with none, and a bare
"Yes" from a backend without log-probabilities worth its measured precision, never certainty; the
retrieval verification's map is the model's too."""

from __future__ import annotations

import json
import logging
from dataclasses import replace

import pytest
from langchain_core.messages import AIMessage

from tests.scripted import run_main
from verirag import Context, calibration
from verirag.models import get_chat_model
from verirag.stores import make_document
from verirag.verify import decide

TOKYO = make_document("Tokyo", "Tokyo is the capital and most populous city of Japan.")
CLAIM = "Tokyo is the capital of Japan."


def test_a_bare_yes_counts_its_measured_precision_never_certainty(scripted):
    name, _ = scripted(lambda messages, kwargs: AIMessage("Yes"))  # no log-probabilities
    (check,) = decide(get_chat_model(name), [([TOKYO], CLAIM)], "q", Context(model=name))
    assert check.probability == 0.5 and not check.passed  # unmeasured: 0.5, below the embedded 0.7109
    calibration.register(name, replace(calibration.EMBEDDED, text_yes=0.93))
    (check,) = decide(get_chat_model(name), [([TOKYO], CLAIM)], "q", Context(model=name))
    assert check.probability == 0.93 and check.passed
    assert calibration.Calibration().probability(1.0, from_text=True) == 0.5


def test_a_model_without_calibration_warns_once_naming_the_command(caplog):
    with caplog.at_level(logging.WARNING, logger="verirag"):
        first = calibration.for_model("openai:never-calibrated")
        calibration.for_model("openai:never-calibrated")
    warnings = [r.getMessage() for r in caplog.records]
    assert len(warnings) == 1 and "verirag calibrate --model openai:never-calibrated" in warnings[0]
    assert "\n" not in warnings[0]
    assert first == calibration.Calibration() and first.probability(0.7) == 0.7  # the raw P(Yes) at 0.5
    assert calibration.for_model("local") == calibration.EMBEDDED


def test_the_fit_maps_p_yes_to_p_supported_and_bounds_each_negative_kind():
    p_yes = [0.99, 0.95, 0.9, 0.85, 0.6, 0.3, 0.2, 0.92, None, None]
    labels = [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    kinds = ["pos"] * 4 + ["swap", "swap", "swap", "scope", "guard", "guard"]
    fitted = calibration.fit(p_yes, [False] * 10, labels, kinds, "ten pairs")
    scores = [0.0 if p is None else fitted.probability(p) for p in p_yes]
    assert fitted.weights[1] > 0  # P(supported) grows with P(Yes)
    # the one "scope" negative at 0.92 can only be kept out by losing the 0.9 and 0.85 positives: a
    # threshold that keeps every negative kind at most 5 % exists, and it is chosen
    assert all(s < fitted.threshold for s, y in zip(scores, labels, strict=True) if not y)
    assert sum(s >= fitted.threshold for s, y in zip(scores, labels, strict=True) if y) == 2
    text = calibration.fit([1.0, 1.0, 1.0, 0.0], [True] * 4, [1, 1, 0, 0], ["p", "p", "n", "n"], "text")
    assert text.text_yes == round(2 / 3, 4) and text.text_no == 0.0


def test_the_threshold_is_chosen_for_the_decision_as_it_runs_slot_check_and_read_offs_included():
    # a "swap" negative the judge likes (0.97) but the slot check rejects, and a true claim read off its quote
    p_yes = [0.99, 0.95, 0.9, 0.85, None, 0.6, 0.3, 0.97, None]
    labels = [1, 1, 1, 1, 1, 0, 0, 0, 0]
    kinds = ["pos"] * 5 + ["swap"] * 3 + ["guard"]
    held = [True] * 5 + [True, True, False, False]
    judge_only = calibration.fit(p_yes, [False] * 9, labels, kinds, "judge only")
    as_run = calibration.fit(p_yes, [False] * 9, labels, kinds, "as run", held)
    assert judge_only.probability(0.95) < judge_only.threshold  # kept 0.97 out by losing true claims
    assert as_run.probability(0.85) >= as_run.threshold > as_run.probability(0.6)  # the slot check did


def test_verirag_calibrate_fits_saves_resumes_and_the_model_then_uses_it(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("VERIRAG_HOME", str(tmp_path))
    text = "Tokyo is the capital and most populous city of Japan. Osaka is a city in the Kansai region."
    rows = []
    for i, (claim, label) in enumerate(
        [
            ("Tokyo is the capital and most populous city of Japan.", 1),
            ("Osaka is a city in the Kansai region.", 1),
            ("Osaka is the capital of Japan.", 0),
            ("Tokyo is a city in the Kansai region.", 0),
        ]
        * 3
    ):
        rows.append(
            {
                "id": f"p{i}",
                "split": "calibration",
                "kind": "verbatim" if label else "moved",
                "label": label,
                "claim": claim,
                "evidence": [{"title": "Tokyo", "text": text}],
            }
        )
    rows.append({**rows[0], "id": "held-out", "split": "test"})
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    spec = "import:tests.fakes:verbatim_reader"
    code, out, err = run_main(monkeypatch, capsys, "calibrate", "--model", spec, "--pairs", str(pairs))
    assert code == 0, err
    saved = calibration.path(spec)
    assert saved.is_file() and str(saved) in out.replace("\n", "")
    fitted = calibration.for_model(spec)
    assert fitted.probability(0.95) >= fitted.threshold > fitted.probability(0.3)
    records = saved.with_suffix(".judgments.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(records) == 12  # the test split is not judged
    held = {r["id"]: (r["p_yes"], r["held"]) for r in map(json.loads, records)}
    assert all(held[r["id"]] == (None, True) for r in rows[:12] if r["label"])  # read off, no judge asked
    assert not any(held[r["id"]][1] for r in rows[:12] if not r["label"])
    from tests.fakes import verbatim_reader

    calls = len(verbatim_reader.calls)
    code, _, err = run_main(monkeypatch, capsys, "calibrate", "--model", spec, "--pairs", str(pairs))
    assert code == 0, err
    assert len(verbatim_reader.calls) == calls  # resumed: every pair already judged


def test_the_retrieval_map_and_the_weighing_are_the_models_and_survive_a_refit(tmp_path, monkeypatch, capsys):
    from verirag.nodes.retrieval.verify_retrieval import answerable

    assert answerable(0.5, "local") == calibration.EMBEDDED.answerable_probability(0.5) < 0.01  # its map
    assert answerable(0.9, "openai:never-calibrated") == pytest.approx(0.9)  # no map: its own P(Yes)
    # `verirag calibrate` fits the support map on support pairs; the answerability map stays the model's
    monkeypatch.setenv("VERIRAG_HOME", str(tmp_path))
    spec = "import:tests.fakes:verbatim_reader"
    weighing = (("bias", -0.5), ("logit", 1.0), ("key_terms:name", -0.3))
    calibration.register(
        spec,
        replace(calibration.Calibration(), answerable=(-1.0, 2.0), weighing=weighing, weighed_threshold=0.8),
    )
    rows = [
        {
            "id": f"p{i}",
            "split": "calibration",
            "kind": "k",
            "label": i % 2,
            "claim": CLAIM if i % 2 else "Osaka is the capital of Japan.",
            "evidence": [{"title": "Tokyo", "text": TOKYO["text"]}],
        }
        for i in range(6)
    ]
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    code, _, err = run_main(monkeypatch, capsys, "calibrate", "--model", spec, "--pairs", str(pairs))
    calibration.register(spec, None)
    assert code == 0, err
    saved = calibration.for_model(spec)  # read back from the saved file
    assert saved.answerable == (-1.0, 2.0)
    assert saved.weighing == weighing  # fitted elsewhere: kept, its threshold carried to the refitted chain
    assert saved.weighed_threshold == calibration.carried_threshold(saved, weighing) != 0.8


def test_the_weighed_threshold_is_the_chains_threshold_carried_through_the_weights():
    embedded = calibration.EMBEDDED
    assert calibration.carried_threshold(embedded, embedded.weighing) == pytest.approx(
        embedded.weighed_threshold, abs=1e-4
    )


def test_calibrate_with_a_bad_pairs_file_is_one_line_and_exit_1(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("VERIRAG_HOME", str(tmp_path))
    for content in ("not json\n", json.dumps({"id": "x", "claim": "c"}) + "\n"):
        bad = tmp_path / "bad.jsonl"
        bad.write_text(content, encoding="utf-8")
        code, _, err = run_main(monkeypatch, capsys, "calibrate", "--model", "local", "--pairs", str(bad))
        assert code == 1 and err.startswith("error: ") and len(err.strip().splitlines()) == 1, err
    code, _, err = run_main(
        monkeypatch, capsys, "calibrate", "--model", "local", "--pairs", str(tmp_path / "missing.jsonl")
    )
    assert code == 1 and "--pairs" in err and len(err.strip().splitlines()) == 1


def test_the_embedded_calibration_is_what_verirag_calibrate_fits_from_its_committed_judgments():
    from verirag.eval.calibrate import DEFAULT_PAIRS, fit_records, load_pairs
    from verirag.jsonl import read_records

    judged = {r["id"]: r for r in read_records(DEFAULT_PAIRS.with_name("calibration_local.jsonl"))}
    fitted = fit_records(load_pairs(DEFAULT_PAIRS), judged)
    embedded = calibration.EMBEDDED
    assert (fitted.weights, fitted.threshold, fitted.text_yes) == (
        embedded.weights,
        embedded.threshold,
        embedded.text_yes,
    )
