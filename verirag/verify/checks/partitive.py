"""Check ``partitive``: a name the quote states only as a part ("most of Kazakhstan") keeps its part.

The rewrite ``restored_part`` puts the part back (:func:`restore_partitives`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from verirag.verify.claim import Claim
from verirag.verify.evidence import Evidence
from verirag.verify.lexicon import NAME

# a part of what a name names: "most of Kazakhstan", "parts of Mexico", "the northern part of Chad"
_PARTITIVE = re.compile(
    r"\b(?P<part>(?:the (?:[a-z]+ern )?)?(?:most|much|some|parts?|portions?|half) of(?: the)?) $",
    re.IGNORECASE,
)


def _partitives(claim: str, documents: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """Each name of the claim the documents state only as a part, with the part ("most of", "Kazakhstan")."""
    out = []
    texts = [" ".join(text.split()) for _, text in documents]
    for name in dict.fromkeys(m.group().rstrip(".") for m in re.finditer(NAME, claim)):
        parts = []
        for text in texts:
            for match in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text):
                part = _PARTITIVE.search(text[: match.start()])
                parts.append(part.group("part").lower() if part else "")
        claimed = _PARTITIVE.search(claim[: claim.find(name)])
        if parts and all(parts) and not claimed:
            out.append((parts[0], name))
    return out


def dropped_partitives(claim: str, documents: Sequence[tuple[str, str]]) -> list[str]:
    """The claim's names that the documents state only as a part ("most of Kazakhstan"), the part dropped.

    "Kyrgyzstan, Tajikistan and Kazakhstan make up Central Asia" where the document says "consisting of
    Kyrgyzstan, Tajikistan and most of Kazakhstan": reported as "most of Kazakhstan". A name the documents
    also state whole, or that the claim itself qualifies the same way, is not.
    """
    return [f"{part} {name}" for part, name in _partitives(claim, documents)]


def restore_partitives(claim: str, documents: Sequence[tuple[str, str]]) -> str | None:
    """The claim with each part it dropped put back ("… and most of Kazakhstan …"); None when none was."""
    fixed = claim
    for part, name in _partitives(claim, documents):
        bare = re.compile(rf"(?<![\w-])(?:the )?{re.escape(name)}(?![\w-])")
        fixed = bare.sub(f"{part} {name}".replace("\\", r"\\"), fixed, count=1)
    return fixed if fixed != claim else None


def check(claim: Claim, evidence: Evidence) -> list[str]:
    """The claim's names the quote states only as a part, each with its part."""
    return dropped_partitives(claim.text, evidence.texts)
