"""Check ``fragment``: a claim copied from inside a sentence is not a fragment another word governs.

"One of the greatest novels of the 19th century" copied from "… that is considered one of the greatest …".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from verirag.verify.claim import Claim
from verirag.verify.evidence import Evidence

# a clause after one of these still states what it says ("…, and Paris is the capital of France")
_CLAUSE_OPENERS = frozenset(
    "and but while whereas yet so because since although though when after before".split()
)


def governed_copies(claim: str, documents: Sequence[tuple[str, str]]) -> list[str]:
    """The word that governs the claim where the documents hold it word for word only inside a sentence.

    "One of the greatest novels of the 19th century" copied from "… that is considered one of the greatest
    novels of the 19th century": a fragment a word of its sentence ("considered") governs says nothing on
    its own. Empty when any copy opens a sentence or follows punctuation, a clause opener, a name or a number.
    """
    body = " ".join(claim.split()).rstrip(".!?").strip()
    if len(body.split()) < 3:
        return []
    found = []
    for _, text in documents:
        flat = " ".join(text.split())
        for match in re.finditer(re.escape(body), flat, re.IGNORECASE):
            word = re.search(r"([\w'’-]+)$", flat[: match.start()].rstrip())
            if word is None or not word.group(1).islower() or word.group(1) in _CLAUSE_OPENERS:
                return []  # opens a clause, or goes on from a name ("Mount Fuji is …", "In 1990 …")
            found.append(word.group(1))
    return found[:1]


def check(claim: Claim, evidence: Evidence) -> list[str]:
    """The word that governs the claim where the quote holds it only inside a sentence."""
    return governed_copies(claim.text, evidence.texts)
