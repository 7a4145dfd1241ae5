"""Check ``bounded``: a superlative its quote bounds to a place is not claimed without that bound.

"The countries with the largest economies are Germany, France, Italy, and Spain." is not in "Within the EU,
Germany, France, Italy and Spain are the four largest economies."
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from verirag.text import split_sentences
from verirag.verify.checks.key_terms import superlatives
from verirag.verify.claim import Claim
from verirag.verify.evidence import Evidence
from verirag.verify.lexicon import NAME

# "the largest city in Japan", "the most populous of the Baltic states": the place right after what it ranks
_AFTER = re.compile(rf"^(?:\s+[\w'’-]+){{0,3}}?\s+(?:in|within|of|among)\s+(?:the\s+)?({NAME})")
# "Within the EU, … the four largest economies": a sentence that opens with its bound
_OPENING = re.compile(rf"^\s*(?:In|Within|Among)\s+(?:the\s+)?({NAME}),")
# bounds that bound nothing a reader would miss
_EVERYWHERE = frozenset({"world", "earth", "universe", "solar", "history"})


def _bounds(sentence: str, word: str) -> list[str | None]:
    """The bound of each time ``sentence`` uses the superlative ``word`` (None: unbounded)."""
    out: list[str | None] = []
    pattern = r"[-\s]+".join(re.escape(w) for w in word.split())
    opening = _OPENING.match(sentence)
    for found in re.finditer(rf"\b{pattern}\b", sentence):
        after = _AFTER.match(re.split(r"[,;:.()]", sentence[found.end() :], maxsplit=1)[0])
        opens = opening.group(1) if opening and opening.end() < found.start() else None
        out.append(after.group(1) if after else opens)
    return out


def _kept(bound: str, claim: str) -> bool:
    words = [w for w in re.findall(r"[A-Z][\w'’-]*", bound) if w not in ("The", "Of")]
    if {w.lower() for w in words} & _EVERYWHERE:
        return True
    initials = "".join(w[0] for w in words)
    return any(re.search(rf"\b{re.escape(w)}", claim) for w in words) or (
        len(initials) > 1 and re.search(rf"\b{initials}\b", claim) is not None
    )


def unbounded(claim: str, sentences: Sequence[str]) -> list[str]:
    """The claim's superlatives that every quoted sentence using them bounds to a place the claim drops."""
    out = []
    for word, _, _ in superlatives(claim):
        if any(b is not None for b in _bounds(claim, word)):
            continue  # the claim gives its own bound
        bounds = [b for s in sentences for b in _bounds(s, word)]
        if bounds and all(b is not None and not _kept(b, claim) for b in bounds):
            out.append(word)
    return out


def check(claim: Claim, evidence: Evidence) -> list[str]:
    """The claim's superlatives its quote gives only within a place the claim leaves out."""
    return unbounded(claim.text, [s for _, text in evidence.texts for s in split_sentences(text)])
