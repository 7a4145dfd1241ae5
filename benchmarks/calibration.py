"""Small statistics shared by the benchmarks that calibrate a judgment: a logistic map fitted by Newton's
method, ROC AUC and expected calibration error."""

from __future__ import annotations


def logit(p: float) -> float:
    import math

    p = min(max(p, 1e-6), 1 - 1e-6)
    return math.log(p / (1 - p))


def fit_logistic(rows: list[list[float]], labels: list[int], l2: float = 1e-3) -> list[float]:
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


def apply_logistic(weights: list[float], row: list[float]) -> float:
    import math

    z = weights[0] + sum(w * v for w, v in zip(weights[1:], row))
    return 1 / (1 + math.exp(-z))


def auc(positives: list[float], negatives: list[float]) -> float:
    """P(a supported pair scores above an unsupported one), ties counting half."""
    pairs = [(p > n) + 0.5 * (p == n) for p in positives for n in negatives]
    return sum(pairs) / len(pairs) if pairs else float("nan")


def ece(probabilities: list[float], labels: list[int], bins: int = 10) -> float:
    """Expected calibration error over equal-width probability bins."""
    total, error = len(labels), 0.0
    for b in range(bins):
        inside = [(p, y) for p, y in zip(probabilities, labels)
                  if b / bins <= p < (b + 1) / bins or (b == bins - 1 and p == 1.0)]
        if inside:
            error += len(inside) / total * abs(sum(p for p, _ in inside) / len(inside)
                                               - sum(y for _, y in inside) / len(inside))
    return error
