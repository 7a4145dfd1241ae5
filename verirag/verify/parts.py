"""Step ``parts``: a claim decided part by part, each on its own quote; it holds when every part does.

With ``atomic_claims``, its atoms; a list of values paired with a list of names, each pair; otherwise a claim
joining documents, each of its statements on the one document it is quoted from ("Led Zeppelin formed in
London, and London is the capital of England").
"""

from __future__ import annotations

from collections.abc import Sequence

from verirag.documents import Document
from verirag.graph.context import Context
from verirag.verify.claim import Claim, as_sentence
from verirag.verify.evidence import named_quotes, quotes_for


def parts(documents: Sequence[Document], claim: Claim, ctx: Context) -> list[str]:
    """The claims ``claim`` is decided by, each on its own quote (itself alone: decided whole)."""
    if ctx.atomic_claims:
        return list(claim.atoms)
    if claim.pairs:
        return [as_sentence(p) for p in claim.pairs]
    if len(claim.statements) < 2:
        return [claim.text]
    sources = [
        {q.doc for q in named_quotes(documents, quotes_for(documents, p), p)} for p in claim.statements
    ]
    joined = all(len(s) == 1 for s in sources) and len(set().union(*sources)) > 1
    return [as_sentence(p) for p in claim.statements] if joined else [claim.text]
