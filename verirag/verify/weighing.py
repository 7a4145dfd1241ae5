"""Step ``weighing``: the guard's findings, the slot reader's rival and the model's P(Yes), weighed as one.

A finding the model's weights name (``Calibration.weighing``, fitted on hand-labelled sentences by
``benchmarks/combine.py fit``) is evidence against the claim, one term of a logistic score with the model's
P(Yes) (and the slot reader's rival fill, where weighed); any other finding (a changed number, a flipped
negation, a term out of order ...) still vetoes. A model without weights, or a run with ``weighing`` in
``checks_off``, decides by the chain: any finding fails the claim.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Iterable, Mapping

from verirag.calibration import Calibration, logit
from verirag.verify.lexicon import NEGATION
from verirag.verify.verdict import Finding


def _other_form(term: str, quoted: set[str]) -> bool:
    """Whether the quote has the name in another form: a word sharing all but two of its letters.

    At least four letters are shared: "Celts" and "Celtic", "German" and "German-speaking".
    """
    return len(term) >= 4 and any(
        len(os.path.commonprefix([term, word])) >= max(4, min(len(term), len(word)) - 2) for word in quoted
    )


def _term_kind(term: str, quoted: set[str]) -> str:
    if term.startswith("#") or term.endswith("est"):  # "#2 largest": the second-largest
        return "superlative"
    if any(c.isdigit() for c in term):
        return "number"
    if term == NEGATION:
        return "negation"
    return "form" if _other_form(term, quoted) else "name"


def features(
    findings: Iterable[Finding], p_yes: float | None = None, rival: bool = False, quote: str = ""
) -> dict[str, float]:
    """A claim's features: ``logit`` P(Yes), ``slots`` for a rival fill, each check that found something.

    The key terms count by kind: ``key_terms:number``, ``:negation``, ``:superlative``, ``:name``, and
    ``:form`` for a name the ``quote`` states in another form.
    """
    x = {"bias": 1.0} | ({"slots": 1.0} if rival else {})
    if p_yes is not None:
        x["logit"] = logit(p_yes)
    quoted = {w.lower() for w in re.findall(r"[^\W\d_]+", quote)}
    for finding in findings:
        if finding.check == "key_terms":
            x |= {f"key_terms:{_term_kind(t, quoted)}": 1.0 for t in finding.terms}
        elif finding.check != "slots":
            x[finding.check] = 1.0
    return x


def vetoed(findings: Iterable[Finding], weights: Mapping[str, float], quote: str = "") -> bool:
    """Whether a finding (in its ``quote``) has no weight: it vetoes the claim, as in the chain."""
    return any(name not in weights for name in features(findings, quote=quote) if name != "bias")


def score(weights: Mapping[str, float], x: Mapping[str, float]) -> float:
    """P(supported): the logistic score of features ``x`` (a feature without a weight counts nothing)."""
    z = sum(weights.get(name, 0.0) * value for name, value in x.items())
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def weighed(
    calibration: Calibration, findings: Iterable[Finding], p_yes: float, rival: bool = False, quote: str = ""
) -> float:
    """P(supported) of a judged claim with these findings in its ``quote``, by the model's weights."""
    return score(dict(calibration.weighing), features(findings, p_yes, rival, quote))
