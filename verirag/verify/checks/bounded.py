"""Check ``bounded``: a superlative its quote bounds to a place is not claimed without that bound.

"The countries with the largest economies are Germany, France, Italy, and Spain." is not in "Within the EU,
Germany, France, Italy and Spain are the four largest economies."
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from verirag.text import split_sentences
from verirag.verify.checks.key_terms import superlatives
from verirag.verify.claim import Claim
from verirag.verify.evidence import Evidence
from verirag.verify.lexicon import NAME, ORDINAL, content_words

# "the largest city in Japan", "the most populous of the Baltic states": the place right after what it ranks
_AFTER = re.compile(rf"^(?:\s+[\w'’-]+){{0,3}}?\s+(?:in|within|of|among)\s+(?:the\s+)?({NAME})")
# "Within the EU, … the four largest economies": a sentence that opens with its bound
_OPENING = re.compile(rf"^\s*(?:In|Within|Among)\s+(?:the\s+)?({NAME}),")
# "the largest landlocked country that does not border an inland sea": a clause that narrows what it ranks
_CLAUSE = re.compile(
    r"^(?:\s+[\w'’-]+){1,3}?\s+(?:that|which|who)\s+(?P<clause>(?:does|do|did|is|are|was|were|has|have)\s+not\b[^,;.]*)"
)
# bounds that bound nothing a reader would miss
_EVERYWHERE = frozenset({"world", "earth", "universe", "solar", "history"})


@dataclass(frozen=True)
class _Bound:
    """What bounds a superlative: a place ("Japan"), or a clause that narrows what it ranks."""

    text: str
    narrows: bool = False  # "does not border an inland sea"


def _bounds(
    sentence: str, word: str, plain: bool = False, ranks: set[str] | None = None
) -> list[_Bound | None]:
    """The bound of each time ``sentence`` uses the superlative ``word`` (None: unbounded).

    With ``plain``, only where no ordinal ranks it ("the largest", not "the second largest"); with ``ranks``,
    only where it ranks one of those words ("the largest landlocked country", not "the largest city").
    """
    out: list[_Bound | None] = []
    pattern = r"[-\s]+".join(re.escape(w) for w in word.split())
    opening = _OPENING.match(sentence)
    for found in re.finditer(rf"\b{pattern}\b", sentence):
        if plain and re.search(rf"\b(?:{ORDINAL})[-\s]+$", sentence[: found.start()], re.IGNORECASE):
            continue  # "the second largest", "the 18th-largest": another degree than the claim's
        rest = re.split(r"[,;:.()]", sentence[found.end() :], maxsplit=1)[0]
        if ranks and not content_words(" ".join(rest.split()[:3])) & ranks:
            continue  # ranks something else
        after = _AFTER.match(rest)
        narrowed = _CLAUSE.match(rest)
        opens = opening.group(1) if opening and opening.end() < found.start() else None
        place = after.group(1) if after else opens
        out.append(_Bound(narrowed["clause"], True) if narrowed else _Bound(place) if place else None)
    return out


def _kept(bound: _Bound, claim: str) -> bool:
    if bound.narrows:  # a clause that narrows ("does not border an inland sea"): kept if the claim negates
        return re.search(r"\b(?:not|n't|no)\b", claim) is not None
    words = [w for w in re.findall(r"[A-Z][\w'’-]*", bound.text) if w not in ("The", "Of")]
    if {w.lower() for w in words} & _EVERYWHERE:
        return True
    initials = "".join(w[0] for w in words)
    return any(re.search(rf"\b{re.escape(w)}", claim) for w in words) or (
        len(initials) > 1 and re.search(rf"\b{initials}\b", claim) is not None
    )


def unbounded(claim: str, sentences: Sequence[str]) -> list[str]:
    """The claim's superlatives that every quoted sentence using them bounds to a place the claim drops."""
    out = []
    for word, degree, ranks in superlatives(claim):
        plain = degree == "plain"
        if any(b is not None for b in _bounds(claim, word, plain)):
            continue  # the claim gives its own bound
        ranked = [b for s in sentences for b in _bounds(s, word, plain, ranks)]
        if ranked and all(b is not None and b.narrows and not _kept(b, claim) for b in ranked):
            out.append(word)  # "the largest landlocked country that does not …": ranked only with the clause
            continue
        bounds = [b for s in sentences for b in _bounds(s, word, plain)]
        if bounds and all(b is not None and not _kept(b, claim) for b in bounds):
            out.append(word)
    return out


def check(claim: Claim, evidence: Evidence) -> list[str]:
    """The claim's superlatives its quote gives only within a place the claim leaves out."""
    return unbounded(claim.text, [s for _, text in evidence.texts for s in split_sentences(text)])
