"""``verirag calibrate``: the calibration of a model (:mod:`verirag.calibration`), fitted from its judgments.

The model's support judgments are made on the verifier benchmark's calibration split. Each is appended to a
records file beside the calibration as it is made, so an interrupted run resumes where it stopped.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from verirag import calibration
from verirag.errors import VeriragError
from verirag.graph.context import Context
from verirag.jsonl import append_record, read_records
from verirag.models import get_chat_model
from verirag.stores import make_document
from verirag.verify import decide

# the benchmark's pairs, in a source checkout (benchmarks/verifier_v2.py makes them)
DEFAULT_PAIRS = Path(__file__).resolve().parents[2] / "benchmarks" / "verifier_v2" / "pairs.jsonl"


def load_pairs(path: Path, limit: int | None = None) -> list[dict]:
    """The calibration split of a pairs file (one JSON object per line: claim, evidence, label, kind)."""
    if not path.is_file():
        raise VeriragError(
            f"no pairs file at {path}: give --pairs PATH (benchmarks/verifier_v2/pairs.jsonl "
            "of a source checkout)"
        )
    try:
        pairs = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        chosen = [p for p in pairs if p.get("split", "calibration") == "calibration"]
    except (ValueError, AttributeError) as exc:
        raise VeriragError(f"{path} is not a pairs file (one JSON object per line): {exc}") from exc
    lacking = next((k for p in chosen for k in ("id", "claim", "evidence", "label") if k not in p), None)
    if lacking:
        raise VeriragError(f"{path}: a pair has no '{lacking}' (needed: id, claim, evidence, label)")
    if not chosen:
        raise VeriragError(f"{path} has no calibration pairs")
    return chosen[: limit or None]


def calibrate(
    model: str, pairs: list[dict], progress: Callable[[], None] = lambda: None
) -> tuple[calibration.Calibration, Path]:
    """Judge every pair not yet judged for ``model``, fit, save.

    Each pair is decided as a run decides it, at threshold 0: the judge's raw P(Yes) is recorded with what the
    rest of the decision (guard, read-off, slot check) says, so the threshold is chosen for the decision the
    user gets.
    """
    records_path = calibration.path(model).with_suffix(".judgments.jsonl")
    records_path.parent.mkdir(parents=True, exist_ok=True)
    done = {r["id"]: r for r in read_records(records_path)}
    chat = get_chat_model(model)
    context = Context(model=model, support_threshold=0.0)
    for pair in pairs:
        if pair["id"] not in done:
            docs = [make_document(d["title"], d["text"]) for d in pair["evidence"]]
            (check,) = decide(chat, [(docs, pair["claim"])], f"Tell me about {docs[0]['title']}.", context)
            judged = check.judgment
            done[pair["id"]] = record = {
                "id": pair["id"],
                "p_yes": None if judged is None else round(judged.probabilities["Yes"], 6),
                "from_text": bool(judged and judged.from_text),
                "held": check.passed,
            }
            append_record(records_path, record)
        progress()
    # the support pairs say nothing of the retrieval verification: its map stays the model's own
    kept = calibration.for_model(model)  # what this command does not fit stays the model's own
    chain = fit_records(pairs, done)
    fitted = replace(
        chain,
        answerable=kept.answerable,
        weighing=kept.weighing,  # its pass threshold carried: a claim without findings passes as in the chain
        weighed_threshold=calibration.carried_threshold(chain, kept.weighing)
        if kept.weighing
        else chain.weighed_threshold,
    )
    return fitted, calibration.save(model, fitted)


def fit_records(pairs: list[dict], judged: dict[str, dict]) -> calibration.Calibration:
    """The calibration fitted from the pairs' judgment records (by pair id), as ``calibrate`` writes them."""
    records = [judged[p["id"]] for p in pairs]
    return calibration.fit(
        [r["p_yes"] for r in records],
        [r["from_text"] for r in records],
        [int(p["label"]) for p in pairs],
        [f"{p['label']}:{p.get('kind', '')}" for p in pairs],  # false passes are bounded per kind
        f"{len(pairs)} calibration pairs",
        [r.get("held", r["p_yes"] is not None) for r in records],  # records of before "held"
    )
