"""Check ``shared_role``: a role claimed as one holder's that the quote gives to several.

"Walt Disney was the creator of Mickey Mouse." over "… co-created in 1928 by Walt Disney and Ub Iwerks": *the*
creator is one holder, and the quote names two. "A creator", "one of the creators" or "a co-creator" claim no
more than the quote, and a quote naming one holder ("founded by Henry Ford") supports the claim.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from verirag.verify.claim import Claim
from verirag.verify.evidence import Evidence
from verirag.verify.lexicon import NAME

# each role by the stem of the verb a quote gives it with
_ROLES = {
    "founder": "found",
    "inventor": "invent",
    "creator": "creat",
    "discoverer": "discover",
    "author": "(?:writ|wrote|author)",
    "writer": "(?:writ|wrote)",
    "designer": "design",
    "composer": "compos",
    "director": "direct",
    "developer": "develop",
}
_CLAIMED = re.compile(
    rf"(?:\b(?:was|is) the|, the|^The) (?:sole |only |original )?(?P<role>{'|'.join(_ROLES)}) of\b"
)  # "X was the founder of Y", "The founder of Y is X"


def _shares(stem: str) -> re.Pattern[str]:
    """A quote that gives the role to several: "co-founded", "by A, B and C", "by A along with B"."""
    return re.compile(
        rf"\b(?i:co-?){stem}\w*"
        rf"|\b(?i:{stem})\w*\b(?:(?!\bby\b)[^.;]){{0,40}}? by {NAME}"
        rf"(?:(?:, {NAME})*,? and {NAME}|,? (?:along|together) with\b)"
    )


def shared_roles(claim: str, documents: Sequence[tuple[str, str]]) -> list[str]:
    """The role the claim gives one holder ("the founder") where the quote gives it to several."""
    claimed = _CLAIMED.search(claim)
    if not claimed:
        return []
    shares = _shares(_ROLES[claimed["role"]])
    return [f"the {claimed['role']}"] if any(shares.search(text) for _, text in documents) else []


def check(claim: Claim, evidence: Evidence) -> list[str]:
    """The role the claim gives one holder that its quote shares among several."""
    return shared_roles(claim.text, evidence.texts)
