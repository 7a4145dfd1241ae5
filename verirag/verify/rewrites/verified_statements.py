"""Rewrite ``verified_statements``: a claim of several statements, kept as the statements that hold alone.

"Dhyan Chand came from India, and he won three Olympic gold medals." whose quote does not name India is
kept as "Dhyan Chand won three Olympic gold medals." when that holds; each statement is decided on its own
quote, and those that fail go to ``omitted``. What a trailing relative clause or "with" phrase says is kept
only beside its own clause ("… is Córdoba, which has …" is not kept as what Córdoba has), a statement that
says "it" or "its" only beside the claim's first ("Yangon is its capital city."), and only a statement that
names a thing the question names, or one a statement kept names ("… is Titan, and Titan has …"): a claim
about another thing is not made an answer by cutting it. A claim holding a list is left to
``listed_members``.
"""

from __future__ import annotations

import re

from langchain_core.language_models.chat_models import BaseChatModel

from verirag.graph.context import Context
from verirag.verify.claim import Claim, as_sentence, statement_groups
from verirag.verify.lexicon import STOP, content_words, opening_name, plain, with_subject, word_found
from verirag.verify.verdict import Failed, Rewrite

_NAME_WORD = re.compile(r"(?<![\w'’-])[A-Z][\w'’-]*")
_REFERS = re.compile(r"\b(?:it|its|he|him|his|she|her|they|them|their)\b", re.IGNORECASE)


def propose(failed: Failed, model: BaseChatModel, ctx: Context) -> Rewrite | None:
    """The claim's statements, a leading pronoun read as the name the claim opens with, each to be decided.

    Each part's ``heads`` are the statements it is kept only beside: its clause's own, the claim's first for
    one saying "it", the kept statement naming what it is about. None when the claim is one statement, holds a
    list, was decided part by part already (``verified_atoms``), or names nothing asked.
    """
    claim = Claim.of(failed.sentence)
    if failed.check.atoms or len(claim.statements) < 2 or len(claim.atoms) > len(claim.statements):
        return None
    subject = opening_name(failed.sentence)
    groups = [
        [as_sentence(with_subject(subject, s) if subject else s) for s in group]
        for group in statement_groups(failed.sentence)
    ]
    asked = content_words(failed.question)
    parts: list[str] = []
    heads: dict[str, tuple[str, ...]] = {}
    for group in groups:
        for statement in group:
            named = _names(statement)
            direct = any(word_found(n, asked) for n in named)
            by = None if direct else next((p for p in parts if named & _names(p)), None)
            if statement in heads or not (direct or by):
                continue
            must = {group[0], *([groups[0][0]] if _REFERS.search(statement) else []), *([by] if by else [])}
            heads[statement] = tuple(sorted(must - {statement}))
            parts.append(statement)
    return Rewrite(" ".join(parts), parts=tuple(parts), heads=heads) if parts else None


def _names(statement: str) -> set[str]:
    """The statement's capitalised words, as compared (stop words left out)."""
    return {plain(w) for w in _NAME_WORD.findall(statement)} - STOP
