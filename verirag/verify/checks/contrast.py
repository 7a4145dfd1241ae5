"""Check ``contrast`` (off by default): the claim is rated above each sibling its quote makes false.

A sibling replaces one year or one name of the claim with another the quote states; a judge that reads the
relation, not only the names, rates the claim above all of them.
"""

from __future__ import annotations

import re

from verirag.verify.lexicon import STOP, YEAR, content_words, plain

_NAME = re.compile(r"(?<![\w'’-])[A-Z][a-z]+[A-Za-z]*(?![\w'’-])")  # "Punjab", "YouTube"; not "UN"


def standalone_names(text: str) -> list[tuple[int, int]]:
    """Spans of capitalised words that are not stop words and touch no other capitalised word.

    E.g. "Punjab" in "…province of Punjab", not "Soviet" in "the Soviet Union".
    """
    spans = []
    for match in _NAME.finditer(text):
        before, after = text[: match.start()].split()[-1:], text[match.end() :].lstrip()
        if plain(match.group()) in STOP or after[:1].isupper():
            continue
        ends_sentence = before and before[0][-1] in '.!?:;,"' and len(before[0]) > 2  # not "O."
        if before and before[0][:1].isupper() and not ends_sentence:
            continue
        spans.append(match.span())
    return spans


def year_swaps(claim: str, evidence: str) -> list[str]:
    """The claim with each of its years replaced by each other year the evidence states."""
    own = set(YEAR.findall(claim))
    others = sorted(set(YEAR.findall(evidence)) - own)
    return [re.sub(rf"\b{year}\b", other, claim) for year in sorted(own) for other in others]


def name_swaps(claim: str, evidence: str) -> list[str]:
    """The claim with each of its standalone names replaced by each standalone name of the evidence.

    Only the evidence's names that the claim does not use, in the evidence's order.
    """
    used = content_words(claim)
    others = list(
        dict.fromkeys(
            evidence[a:b] for a, b in standalone_names(evidence) if not content_words(evidence[a:b]) & used
        )
    )
    return [claim[:a] + other + claim[b:] for a, b in standalone_names(claim) for other in others]


def contrast_claims(claim: str, evidence: str, limit: int = 6) -> list[str]:
    """The claim's siblings: one year or one name replaced by another the evidence states.

    Years first, at most ``limit``. Each names only what the evidence names, and is false when the claim is
    true: a judge that reads the relation, not only the names, rates the claim above all of them.
    """
    return (year_swaps(claim, evidence) + name_swaps(claim, evidence))[:limit]
