"""Check ``term_order``: no two names or numbers of the claim stand the other way round in the quote.

"Tallinn is 80 km north of Helsinki" where the document says "Helsinki is 80 km north of Tallinn".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from verirag.verify.claim import Claim
from verirag.verify.evidence import Evidence, sentence_spans
from verirag.verify.lexicon import NAME, NUMBER, with_subject

_TOKEN = re.compile(r"\w[\w'’.-]*\w|\w|[^\w\s]")
_LIST_LINKS = frozenset(", and or &".split())
_TERM = re.compile(rf"{NAME}|{NUMBER.pattern}")
_SYMMETRIC = re.compile(
    r"\b(?:borders?|bordered|bordering|married|marries|between|neighbou?rs?|shares?|sharing|versus|vs)\b",
    re.I,
)


def _flat(text: str) -> str:
    return " " + " ".join(w.lower() for w in _TOKEN.findall(text) if w.lower() != "the") + " "


def exchanged_terms(claim: str, documents: Sequence[tuple[str, str]]) -> list[str]:
    """Two names or numbers of the claim that a sentence of the documents states the other way round.

    "Tallinn is 80 km north of Helsinki" where the document says "Helsinki is 80 km north of Tallinn", "a
    film directed by Sam Spiegel and produced by David Lean" for "directed by David Lean and produced by Sam
    Spiegel", "206 bones at birth … 270 by adulthood" for "270 … 206"; a leading pronoun read as the
    document's title. Members of one list and a symmetric relation ("borders") are not an order.
    """
    claim = " ".join(claim.split()).rstrip(".")
    sentences = []
    for title, text in documents:
        sentences += [_flat(with_subject(title, text[start:end])) for start, end in sentence_spans(text)]
    if any(_flat(claim) in s for s in sentences):
        return []
    spans = [m.span() for m in _TERM.finditer(claim)]
    for i, (a1, a2) in enumerate(spans):
        for b1, b2 in spans[i + 1 :]:
            one, between, other = claim[a1:a2], claim[a2:b1], claim[b1:b2]
            listed = set(_TOKEN.findall(_TERM.sub(" ", between).lower())) <= _LIST_LINKS  # "A, C and B"
            if _flat(one) == _flat(other) or listed or _SYMMETRIC.search(between):
                continue
            swapped = _flat(claim[:a1] + other + between + one + claim[b2:])
            if any(swapped in s for s in sentences):
                return [one, other]
    return []


def check(claim: Claim, evidence: Evidence) -> list[str]:
    """Two terms of the claim a quoted sentence states in the other order."""
    return exchanged_terms(claim.text, evidence.texts)
