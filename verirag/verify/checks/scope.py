"""Check ``scope``: a number the quote gives of a wider scope is not claimed of the place itself.

"The population of Paris is 13.2 million" is not in "… a metropolitan population of 13.2 million".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from verirag.verify.claim import Claim
from verirag.verify.evidence import Evidence
from verirag.verify.lexicon import NUMBER, as_number

# a scope a number is given of, in the words just before it ("an urban population of", "the metro area has")
_AREA = (
    r"(?:(?i:metropolitan|metro|urban)\s+(?:[\w-]+\s+)?(?i:area|population|region|agglomeration|zone)"
    r"|(?i:agglomeration|conurbation)|Greater [A-Z])"
)
_SCOPE = re.compile(rf"\b{_AREA}")
# a claim that keeps some scope for its number
_SCOPED = re.compile(
    r"\b(?:metropolitan|metro|urban|agglomeration|conurbation|greater|wider|region|suburbs)\b", re.I
)
# or in the words just after it ("a population of 30,050,000 in the urban area")
_TRAIL = re.compile(
    rf"\s*(?:[\w%]+\s+){{0,2}}(?:in|of|for|across) (?:the|its|their) (?:[\w-]+\s+){{0,2}}?{_AREA}"
)
_BEFORE = 60  # characters before a number its scope is read in, within its clause
_CLAUSE_END = re.compile(r"[;,.:()]\s|\b(?:and|while|whereas|but)\b")


def unscoped_numbers(claim: str, documents: Sequence[tuple[str, str]]) -> list[str]:
    """The claim's numbers the ``(title, text)`` documents give only of a wider scope the claim drops."""
    if _SCOPED.search(claim):
        return []
    out = []
    for number in dict.fromkeys(as_number(n) for n in NUMBER.findall(claim)):
        scoped = [
            bool(_SCOPE.search(_lead(text, found.start())) or _TRAIL.match(text, found.end()))
            for _, text in documents
            for found in NUMBER.finditer(text)
            if as_number(found.group()) == number
        ]
        if scoped and all(scoped):
            out.append(number)
    return out


def _lead(text: str, start: int) -> str:
    """The words leading to the number at ``start``: its clause, after any number before it.

    A "with" phrase is its subject's ("The Greater X metropolitan area, with an estimated 2.76 million").
    """
    clauses = _CLAUSE_END.split(text[max(0, start - 2 * _BEFORE) : start])
    lead = NUMBER.split(clauses[-1][-_BEFORE:])[-1]
    if re.match(r"\s*with\b", lead, re.I) and len(clauses) > 1:
        lead = f"{NUMBER.split(clauses[-2])[-1]} {lead}"
    return lead


def check(claim: Claim, evidence: Evidence) -> list[str]:
    """The claim's numbers its quote gives only of a metropolitan, urban or greater area."""
    return unscoped_numbers(claim.text, evidence.texts)
