"""Check ``coverage``: the quote holds most of the claim's words (and of each relative clause's head).

"Henry Ford was an American industrialist and business magnate" over "It was founded by Henry Ford" lacks
half of its words: the judge must not fill them in from what it knows.
"""

from __future__ import annotations

from verirag.verify.claim import Claim
from verirag.verify.evidence import Evidence
from verirag.verify.lexicon import content_words, same_root

COVERAGE = 0.6  # share of its words a claim's quote must hold (v2 calibration: no true claim below 0.67)


def uncovered_words(claim: str, evidence: str, share: float = COVERAGE) -> list[str]:
    """The claim's words that the evidence lacks, when they are more than ``1 - share`` of its words.

    Words are compared by stem root ("vocalist" / "vocal"). "Henry Ford was an American industrialist and
    business magnate" over "It was founded by Henry Ford" lacks half of its words: the judge must not fill
    them in from what it knows.
    """
    words = content_words(claim)
    said = content_words(evidence) | content_words(evidence.replace("-", " "))
    lacking = sorted(w for w in words if not any(same_root(w, s) for s in said))
    return lacking if words and len(lacking) > (1 - share) * len(words) else []


def check(claim: Claim, evidence: Evidence) -> list[str]:
    """The claim's words the quote lacks, of the whole claim, then of each head of a relative clause."""
    found = uncovered_words(claim.text, evidence.joined)
    return found + [w for head in claim.relative_heads for w in uncovered_words(head, evidence.joined)]
