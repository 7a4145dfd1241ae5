"""Rewrite ``verified_atoms``: a claim decided part by part, kept as the parts that passed.

"… include A, B and C." some of whose members failed is kept as "… include A and C." (with ``atomic_claims``,
or for a claim decided pair by pair); the parts left out go to ``omitted``. Held by its parts' decisions.
"""

from __future__ import annotations

from langchain_core.language_models.chat_models import BaseChatModel

from verirag.graph.context import Context
from verirag.verify.claim import recompose
from verirag.verify.verdict import Failed, Rewrite, Support


def propose(failed: Failed, model: BaseChatModel, ctx: Context) -> Rewrite | None:
    """The sentence rewritten from its verified parts, with their joint decision; None: no part passed."""
    sentence, check = failed.sentence, failed.check
    kept = [(atom, s) for atom, s in check.atoms if s.passed]
    if check.passed or not kept:
        return None
    joint = Support.joint(kept, "verified_atoms")
    left = tuple(a for a, s in check.atoms if not s.passed)
    return Rewrite(recompose(sentence, [a for a, _ in kept]), joint, left)
