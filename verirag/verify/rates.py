"""How often the default support decision is wrong, per model, measured on hand-labelled sentences.

``verirag check`` prints it beside its verdicts: a gate is judged by the true sentences it flags as much as
by the false ones it catches. The figures are ``benchmarks/verifier_v3.py report``'s on the sealed half.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rates:
    """Shares of hand-labelled sentences the default decision failed: true (flagged) and false (caught)."""

    true_flagged: float
    false_caught: float
    true: int  # true sentences measured
    false: int  # false sentences measured
    measured_on: str


MEASURED: dict[str, Rates] = {
    "local": Rates(0.322, 0.953, 143, 107, "verifier benchmark v3, sealed half, 2026-11-27"),
}


def rates_for(model: str) -> Rates | None:
    """The default decision's measured rates with ``model`` as judge, or None where none were measured."""
    return MEASURED.get(model)


def describe(model: str, default_decision: bool) -> str:
    """One line for ``verirag check``: how far its verdicts can be trusted, or that it was not measured."""
    rates = rates_for(model)
    if rates is None or not default_decision:
        setting = f"model {model}" if rates is None else "these settings"
        return f"No measured false-flag rate for {setting}: benchmarks/verifier_v3.py measures one."
    return (
        f"On {rates.true + rates.false} hand-labelled sentences it was never tuned on ({rates.measured_on}), "
        f"this decision flagged {rates.true_flagged:.0%} of the true ones and caught "
        f"{rates.false_caught:.0%} of the false ones."
    )
