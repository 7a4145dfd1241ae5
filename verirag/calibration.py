"""Calibration belongs to a model: what its judge's replies are worth, per decision.

It holds the support decision's map from the judge's P(Yes) to P(supported), its pass threshold, the worth of
a bare "Yes" or "No", and the retrieval verification's map. Looked up by model string (saved by
``verirag calibrate``, registered with :func:`register`, or shipped for the embedded model); a model with none
gets a one-line warning and the identity map at 0.5.
"""

from __future__ import annotations

import json
import logging
import math
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from verirag.errors import VeriragError
from verirag.paths import verirag_home

log = logging.getLogger("verirag")


@dataclass(frozen=True)
class Calibration:
    """How one model's support judgments become P(supported), and where that passes."""

    weights: tuple[float, float] = (0.0, 1.0)  # P(supported) = sigmoid(a + b * logit P(Yes))
    threshold: float = 0.5  # pass at P(supported) >= threshold
    text_yes: float = 0.5  # P(supported) of a bare "Yes" (no log-probabilities): its measured precision
    text_no: float = 0.0  # ... of a bare "No"
    fitted_on: str = ""  # where it was fitted; "" = not calibrated
    answerable: tuple[float, float] = (0.0, 1.0)  # retrieval verification: P(answerable) from P(Yes)
    # the grounded decision's weights of its evidence (verirag.verify.weighing); () = the chain of vetoes
    weighing: tuple[tuple[str, float], ...] = ()
    weighed_threshold: float = 0.5  # ... and where the weighed P(supported) passes

    def probability(self, p_yes: float, from_text: bool = False) -> float:
        """P(supported) of a judgment with P(Yes) = ``p_yes`` (one-hot when read from the reply text)."""
        if from_text:
            return self.text_yes if p_yes >= 0.5 else self.text_no
        return _sigmoid_map(p_yes, self.weights)

    def answerable_probability(self, p_yes: float) -> float:
        """P(the documents answer the question) of a retrieval verification with P(Yes) = ``p_yes``."""
        return _sigmoid_map(p_yes, self.answerable)


def _sigmoid_map(p: float, weights: tuple[float, float]) -> float:
    a, b = weights
    return 1 / (1 + math.exp(-(a + b * logit(p))))


EMBEDDED = Calibration(  # `verirag calibrate --model local`
    (-3.9886, 2.1909),
    0.7109,
    0.5,
    0.0,
    "benchmarks/verifier_v2 calibration split (681 pairs), embedded Qwen2.5-Coder-1.5B-Instruct Q4_K_M",
    answerable=(-4.9659, 3.368),
    weighing=(("bias", -0.7241), ("logit", 0.9919), ("key_terms:name", -0.3609), ("key_terms:form", 0.0)),
    weighed_threshold=0.8159,  # the chain's threshold through the weights: no finding, the chain's verdict
)  # answerable: benchmarks/retrieval_verification calibration split; weighing: benchmarks/combine.py fit (v3
# dev and a sample of 80 v2 calibration pairs)
_registered: dict[str, Calibration] = {"local": EMBEDDED}
_warned: set[str] = set()


def register(model: str, calibration: Calibration | None) -> None:
    """Use ``calibration`` for ``model`` in this process (a saved file still wins); None forgets it."""
    if calibration is None:
        _registered.pop(model, None)
    else:
        _registered[model] = calibration


def path(model: str, home: Path | None = None) -> Path:
    """Where ``verirag calibrate`` saves the calibration of ``model``."""
    return (home or verirag_home()) / "calibration" / (re.sub(r"[^\w.@-]+", "_", model) + ".json")


def save(model: str, calibration: Calibration) -> Path:
    """Write the calibration of ``model`` under ``$VERIRAG_HOME`` and return its path."""
    target = path(model)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps({"model": model, **asdict(calibration)}, indent=1) + "\n", encoding="utf-8")
    return target


def for_model(model: str, warn: bool = True) -> Calibration:
    """The calibration of ``model``; warns once per process for a model that has none.

    That is the support decision's lookup; the retrieval verification's map is looked up without a warning.
    """
    saved = path(model)
    if saved.exists():
        try:
            fields = json.loads(saved.read_text(encoding="utf-8"))
            fields.pop("model", None)
            return Calibration(
                **{
                    **fields,
                    "weights": tuple(fields["weights"]),
                    "answerable": tuple(fields.get("answerable", (0.0, 1.0))),
                    "weighing": tuple((str(n), float(w)) for n, w in fields.get("weighing", ())),
                }
            )
        except (ValueError, TypeError, KeyError) as exc:
            raise VeriragError(
                f"calibration file {saved} is unreadable ({exc}): run `verirag calibrate "
                f"--model {model}` again or delete it"
            ) from exc
    if model in _registered:
        return _registered[model]
    if warn and model not in _warned:
        _warned.add(model)
        log.warning(
            "model '%s' has no calibration of its support judgments: verdicts use its raw P(Yes) "
            "at 0.5; run `verirag calibrate --model %s`",
            model,
            model,
        )
    return Calibration()


def carried_threshold(chain: Calibration, weighing: Sequence[tuple[str, float]]) -> float:
    """The weighed decision's threshold at which a claim without findings passes exactly as under ``chain``.

    That is the chain's calibrated threshold as a raw P(Yes), through the weights.
    """
    weights = dict(weighing)
    a, b = chain.weights
    raw_logit = (logit(chain.threshold) - a) / b
    return 1 / (1 + math.exp(-(weights.get("bias", 0.0) + weights.get("logit", 0.0) * raw_logit)))


# -- fitting, on a benchmark's calibration split ----------------------------------------------------
def logit(p: float) -> float:
    """log(p / (1 - p)), clipped away from 0 and 1."""
    p = min(max(p, 1e-6), 1 - 1e-6)
    return math.log(p / (1 - p))


def fit_logistic(rows: Sequence[Sequence[float]], labels: Sequence[int], l2: float = 1e-3) -> list[float]:
    """Weights (bias first) of a logistic regression fitted by Newton's method (a few features)."""
    import numpy as np

    x = np.hstack([np.ones((len(rows), 1)), np.asarray(rows, dtype=float)])
    y = np.asarray(labels, dtype=float)
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) + l2 * w
        hess = (x.T * (p * (1 - p))) @ x + l2 * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return [round(float(v), 4) for v in w]


def pass_rates(
    scores: Sequence[float], labels: Sequence[int], groups: Sequence[str], threshold: float
) -> dict[str, float]:
    """Pass rate (score >= threshold) per group, and the balanced accuracy over labels."""
    rates = {}
    for group in dict.fromkeys(groups):
        chosen = [s for s, g in zip(scores, groups, strict=True) if g == group]
        rates[group] = sum(s >= threshold for s in chosen) / len(chosen)
    positives = [s >= threshold for s, y in zip(scores, labels, strict=True) if y]
    negatives = [s < threshold for s, y in zip(scores, labels, strict=True) if not y]
    rates["balanced accuracy"] = (
        sum(positives) / max(1, len(positives)) + sum(negatives) / max(1, len(negatives))
    ) / 2
    return rates


def choose_threshold(
    scores: Sequence[float],
    labels: Sequence[int],
    groups: Sequence[str] | None = None,
    max_false_pass: float = 0.05,
) -> float:
    """The threshold of best balanced accuracy passing at most ``max_false_pass`` of each negative group.

    Trust first: any threshold when none does. The decision passes at >= t, and many cuts tie: the middle of
    the tied range is taken, farthest from changing any decision.
    """
    groups = list(groups) if groups is not None else ["supported" if y else "not" for y in labels]
    negative = {g for g, y in zip(groups, labels, strict=True) if not y}
    candidates = sorted(set(scores) | {0.5})

    def key(t: float) -> tuple[float, float]:
        rates = pass_rates(scores, labels, groups, t)
        return float(max(rates[g] for g in negative) <= max_false_pass), rates["balanced accuracy"]

    best = max(key(t) for t in candidates)
    tied = [t for t in candidates if key(t) == best]
    below = [t for t in candidates if t < tied[0]]
    return ((below[-1] if below else 0.0) + tied[-1]) / 2


def fit(
    p_yes: Sequence[float | None],
    from_text: Sequence[bool],
    labels: Sequence[int],
    groups: Sequence[str],
    fitted_on: str,
    held: Sequence[bool] | None = None,
) -> Calibration:
    """A calibration fitted from judged pairs.

    ``p_yes[i]`` is None when pair i never reached the judge; ``from_text[i]`` is set when the reply had no
    log-probabilities. ``held[i]`` is pair i's verdict from every other part of the decision (the guard, a
    read-off, the slot check) at threshold 0 (default: pairs the judge saw held, the others not). The map is
    P(supported) of a judged claim the rest of the decision holds, and the threshold is chosen for the
    decision as it runs: a pair the rest rejects never passes, one settled without the judge always does.
    """
    held = list(held) if held is not None else [p is not None for p in p_yes]
    scored = [  # P(supported) of a judged claim the rest of the decision holds
        (p, y)
        for p, t, y, h in zip(p_yes, from_text, labels, held, strict=True)
        if p is not None and not t and h
    ]
    weights = (0.0, 1.0)
    if len({y for _, y in scored}) == 2:
        a, b = fit_logistic([[logit(p)] for p, _ in scored], [y for _, y in scored])
        weights = (a, b)
    said = [
        (p >= 0.5, y)
        for p, t, y, h in zip(p_yes, from_text, labels, held, strict=True)
        if p is not None and t and h
    ]
    yes, no = [y for s, y in said if s], [y for s, y in said if not s]
    draft = Calibration(
        weights, 0.5, sum(yes) / len(yes) if yes else 0.5, sum(no) / len(no) if no else 0.0, fitted_on
    )
    scores = [
        float(h) if p is None else draft.probability(p, t) if h else 0.0
        for p, t, h in zip(p_yes, from_text, held, strict=True)
    ]
    return Calibration(
        weights,
        round(choose_threshold(scores, labels, groups), 4),
        round(draft.text_yes, 4),
        round(draft.text_no, 4),
        fitted_on,
    )
