"""Check ``key_terms``: each number, name, negation and superlative of the claim is in its quote.

A changed year, a swapped name, an added or dropped "not", "the largest" for "the second-largest" are caught
without asking any model.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from verirag.text import split_sentences, stemmer
from verirag.verify.claim import Claim
from verirag.verify.evidence import Evidence
from verirag.verify.lexicon import (
    NAMES_AND,
    NEGATION,
    NOT_NUMBER_SIGN,
    NOT_SUPERLATIVES,
    ORDINAL,
    ORDINALS,
    STOP,
    WORD,
    content_words,
    initials,
    key_terms,
    negated,
    plain,
    vocabulary,
    word_found,
)

# a superlative and the words before it that set its degree: "the largest", "the second-largest",
# "the 3rd most populous", "one of the largest"
_SUPERLATIVE = re.compile(r"\b(?:most|least)[-\s]+[a-z]+|\b(?:best|worst|[a-z]{2,}est)\b")
_RANKED = re.compile(rf"\b{ORDINAL}[-\s]+$", re.IGNORECASE)
_HEDGED = re.compile(r"\b(?:one|some|among)\s+(?:of\s+)?(?:the|its|their)\s+(?:[\w'’]+\s+)?$", re.IGNORECASE)
_NOT_THE = re.compile(r"\bnot\s+(?:the|its|their|(?:\w+\s+){0,2}\w+['’]s)\s+$", re.IGNORECASE)


def superlatives(text: str) -> list[tuple[str, str, set[str]]]:
    """Each superlative of ``text`` with its degree and what it ranks.

    The degree is ``plain``, ``not`` (negated plain), ``hedged`` ("one of the") or its ordinal as digits
    ("second" and "2nd": "2"); what it ranks is the content words of the six words after it, within its clause
    ("largest city in the Sahara": city, Sahara).
    """
    found = []
    for match in _SUPERLATIVE.finditer(text):
        word = " ".join(re.split(r"[-\s]+", match.group()))
        if word in NOT_SUPERLATIVES:
            continue
        before = text[max(0, match.start() - 40) : match.start()]
        ranked = _RANKED.search(before)
        ordinal = ranked.group().strip(" -").lower() if ranked else ""
        degree = (
            ORDINALS.get(ordinal, ordinal[:-2])
            if ranked
            else "hedged"
            if _HEDGED.search(before)
            else "not"
            if _NOT_THE.search(before)
            else "plain"
        )
        ranks = re.split(r"[,;:.()]", text[match.end() :], maxsplit=1)[0]
        found.append((word, degree, content_words(" ".join(ranks.split()[:6]))))
    return found


def rank_mismatches(claim: str, evidence: str) -> tuple[list[str], bool]:
    """The claim's superlatives at a degree the evidence never gives them; whether its "not" is a stated rank.

    Where the evidence has the claim's superlative, it must have it at the claim's degree: "the largest" is
    not in "the second-largest" nor in "one of the largest"; "one of the largest" is in any of them; "not the
    largest" is in "the fourth-largest" (and that explains the claim's "not"). Where the evidence ranks the
    same word several times, the degree is read where it ranks what the claim ranks ("the largest city in
    the Sahara" against "the largest city of Mauritania" and "one of the largest cities in the Sahara": the
    latter). A superlative the evidence lacks is left to the other checks.
    """
    stated = superlatives(evidence)
    missing, negation_explained = [], False
    for word, degree, ranks in superlatives(claim):
        same = [(len(ranks & other), d) for w, d, other in stated if w == word]
        if not same:
            if _fame(word, ranks) and not any(_fame(w, other) for w, _, other in stated):
                missing.append(word)  # "best known for" where the quote says what they did, not how known
            continue
        closest = max(overlap for overlap, _ in same)
        degrees = {d for overlap, d in same if overlap == closest}
        if degree == "not":
            negation_explained |= bool({d for _, d in same} - {"plain", "not", "hedged"})
        elif degree == "hedged":  # "one of the largest": stated by any degree but "not the largest"
            if not degrees - {"not"}:
                missing.append(word)
        elif degree not in degrees:
            missing.append(word if degree == "plain" else f"#{degree} {word}")
    return missing, negation_explained


def _fame(word: str, ranks: set[str]) -> bool:
    """Whether a superlative ranks how known someone or something is: "best known", "most famous"."""
    return (word == "best" and bool(ranks & {"known", "rememb"})) or word in _FAMOUS


_FAMOUS = frozenset({"most famous", "most celebrated", "most renowned", "most notable"})


_NOT_A_SCOPE = frozenset("only just merely solely even longer".split())  # "not only", "no longer"
_SCOPE_SKIPS = STOP | _NOT_A_SCOPE


def _stems(words: Sequence[str]) -> list[str]:
    return [stemmer().stemWord(plain(w)) for w in words]


def dropped_negation(claim: str, evidence: str) -> bool:
    """Whether the claim states without its negation what an evidence sentence negates.

    That is, the first content words after a "not", "never", "no", "cannot" … of the evidence are all in the
    claim, and the claim has no negation in the four words before them ("Food that may not be consumed is
    treif" -> "Food that may be consumed is treif"; not "Tokyo, not Kyoto, is the capital" -> "Tokyo is the
    capital", whose claim lacks "Kyoto").
    """
    claim_words = [w for w in WORD.findall(NOT_NUMBER_SIGN.sub(" ", claim.replace("’", "'")))]
    claim_stems = _stems(claim_words)
    for sentence in split_sentences(NOT_NUMBER_SIGN.sub(" ", evidence.replace("’", "'"))):
        for clause in re.split(r"[,;:()]", sentence):
            words = WORD.findall(clause)
            for i, word in enumerate(words):
                if not (negated(word) and words[i + 1 : i + 2] and plain(words[i + 1]) not in _NOT_A_SCOPE):
                    continue
                if i and word[0].isupper():
                    continue  # a capitalised "No" inside a sentence is a name's ("Dr. No")
                scope = [w for w in words[i + 1 :] if plain(w) not in _SCOPE_SKIPS][:2]
                stems = _stems(scope)
                if not stems or not set(stems) <= set(claim_stems):
                    continue
                if not any(
                    negated(w)
                    for at, stem in enumerate(claim_stems)
                    if stem == stems[0]
                    for w in claim_words[max(0, at - 4) : at]
                ):
                    return True
    return False


def missing_terms(claim: str, evidence: str, terms: Sequence[str] | None = None) -> list[str]:
    """The claim's key terms that the evidence does not contain (empty: the guard passes).

    Numbers must be there as written ("100" is not in "1000", "1.5" not in "1.55"); a name as itself,
    its stem or its demonym; the claim's negation as any negation of the evidence (or as a rank:
    "not the largest" in "the fourth-largest"); a superlative at the claim's degree
    (:func:`rank_mismatches`); and the evidence's negation where the claim states what it negates
    (:func:`dropped_negation`, reported as :data:`NEGATION`). ``terms``: the claim's key terms, when parsed.
    """
    words, numbers = vocabulary(evidence)
    missing, negation_explained = rank_mismatches(claim, evidence)
    for term in key_terms(claim) if terms is None else terms:
        if term == NEGATION:
            found = negation_explained or negated(evidence)
        elif term[0].isdigit():
            found = term in numbers
        else:
            found = word_found(term, words)
        if not found:
            missing.append(term)
    if NEGATION not in missing and dropped_negation(claim, evidence):
        missing.append(NEGATION)
    return missing


def check(claim: Claim, evidence: Evidence) -> list[str]:
    """The claim's key terms its quote lacks (:func:`missing_terms`).

    A name the claim writes out is in a quote that writes its acronym ("National Aeronautics and Space
    Administration" in "Established in 1958, NASA …").
    """
    acronyms = set(_ACRONYM.findall(evidence.joined))
    written_out = [n for n in _NAME_AND.findall(claim.text) if any(initials(a, n) for a in acronyms)]
    return missing_terms(claim.text, " ".join([evidence.joined, *written_out]), claim.terms)


_ACRONYM = re.compile(r"\b[A-Z]{2,6}\b")
_NAME_AND = re.compile(NAMES_AND)
