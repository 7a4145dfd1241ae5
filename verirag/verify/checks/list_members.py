"""Check ``list_members``: a member of the claim's list is not swapped in for one of the quote's list."""

from __future__ import annotations

from collections.abc import Sequence

from verirag.verify.claim import Claim
from verirag.verify.evidence import Evidence
from verirag.verify.lexicon import content_words, name_lists, same_name


def unlisted_members(statements: Sequence[str], documents: Sequence[tuple[str, str]]) -> list[str]:
    """The members of the statements' lists that a document lists with their fellows only by swapping them in.

    For each list of a statement, the documents' list that holds most of its members; a member outside that
    list, whose words that list's document states elsewhere, is reported ("the works of Bartholdi and
    Ingres" where the document says "Bartholdi and Daniel Chester French", naming Ingres in another
    sentence). Members gathered from several documents (a two-document claim) are left to the other checks.
    """
    stated = [(text, members) for _, text in documents for members in name_lists(text)]

    def listed(name: str, members: list[str]) -> bool:
        return any(name.lower() == m.lower() or same_name(name.lower(), m.lower()) for m in members)

    out: list[str] = []
    for statement in statements:
        for members in name_lists(statement):
            text, best = max(stated, key=lambda s: sum(listed(m, s[1]) for m in members), default=("", []))
            if not any(listed(m, best) for m in members):
                continue
            said = content_words(text)
            out += [m for m in members if not listed(m, best) and content_words(m) <= said and m not in out]
    return out


def check(claim: Claim, evidence: Evidence) -> list[str]:
    """The members of the claim's lists that the quote lists with their fellows only by a swap."""
    return unlisted_members(claim.statements, evidence.texts)
