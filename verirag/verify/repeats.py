"""Step ``repeats``: a rewrite that restates the sentences already said is none (the draft fails as written).

Also what the writer's own check of a new sentence reads (``generate_sentence``).
"""

from __future__ import annotations

from collections.abc import Sequence

from verirag.verify.claim import Claim
from verirag.verify.lexicon import claim_words

REPEAT_OVERLAP = 0.8


def repeats(text: str, kept: Sequence[str], overlap: float = REPEAT_OVERLAP) -> bool:
    """True when every atom of the sentence (:attr:`Claim.atoms`) mostly repeats what was said.

    An atom repeats when its content words are mostly already said: "Berlin is the capital of Germany" (or
    "the capital city of Germany") after "The capital of Germany is Berlin" is a restatement; a compound
    sentence that adds one new fact is not.
    """
    said = set().union(*(claim_words(k) for k in kept)) if kept else set()

    def restated(atom: str) -> bool:
        own = claim_words(atom)
        return bool(own) and len(own & said) >= overlap * len(own)

    return all(restated(atom) for atom in Claim.of(text).atoms)
