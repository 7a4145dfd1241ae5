"""Check ``joined_names``: two names a statement joins are named together by one of the documents.

"David Wark Griffith was the director of Gone with the Wind" over two documents that each name one of them.
"""

from __future__ import annotations

from collections.abc import Sequence

from verirag.verify.claim import Claim
from verirag.verify.evidence import Evidence
from verirag.verify.lexicon import content_words, names_in, title_subject


def unrelated_names(statements: Sequence[str], documents: Sequence[tuple[str, str]]) -> list[str]:
    """The names a statement joins to its subject that no one of the documents names with it.

    "David Wark Griffith was the director of Gone with the Wind" over "David Wark Griffith was an American
    film director" (D. W. Griffith) and "Gone with the Wind is a 1939 … film" (Gone with the Wind): each
    document names one of the two, none joins them. A document names what its title names; a name no
    document names is :func:`missing_terms`' to report.
    """
    if len(documents) < 2:
        return []
    named = [
        (content_words(f"{title}. {text}"), content_words(title_subject(title))) for title, text in documents
    ]

    def holders(name: str) -> set[int]:
        words = content_words(name)
        return {i for i, (said, title) in enumerate(named) if words <= said or words & title == words}

    out: list[str] = []
    for statement in statements:
        names = names_in(statement, [title_subject(title) for title, _ in documents])
        if len(names) < 2:
            continue
        subject = holders(names[0])
        for other in names[1:]:
            held = holders(other)
            if subject and held and not subject & held and other not in out:
                out.append(other)
    return out


def check(claim: Claim, evidence: Evidence) -> list[str]:
    """The names a statement joins to its subject that no quoted document names with it."""
    return unrelated_names(claim.statements, evidence.texts)
