"""Check ``member_kind``: a list of countries (states, cities …) names no sea, river or landform.

"The countries that border Vietnam are China, Laos, Cambodia, and the South China Sea".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from verirag.verify.claim import Claim
from verirag.verify.evidence import Evidence
from verirag.verify.lexicon import POLITY_KINDS, is_feature, names_in

_POLITIES = re.compile(rf"\b(?:{'|'.join(sorted(POLITY_KINDS))})\b[^,;]*? (?:are|include|includes|were)\b")


def misclassed_members(statements: Sequence[str]) -> list[str]:
    """The members of a list of countries (states, cities …) that are named as a sea, river or landform.

    "The countries that border Vietnam are China, Laos, Cambodia, and the South China Sea".
    """
    out = []
    for statement in statements:
        listed = _POLITIES.search(statement)
        if listed:
            tail = statement[listed.end() :]
            out += [name for name in names_in(tail) if is_feature(name)]
    return out


def check(claim: Claim, evidence: Evidence) -> list[str]:
    """The members of the claim's lists of places that are named as a sea, river or landform."""
    return misclassed_members(claim.statements)
