"""Check ``partitive``: what the quote states only as a part keeps its part.

A name ("most of Kazakhstan"), and a plural the quote gives only with its quantifier ("Most veins carry …").
The rewrite ``restored_part`` puts a name's part back (:func:`restore_partitives`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from verirag.text import split_sentences
from verirag.verify.claim import Claim
from verirag.verify.evidence import Evidence
from verirag.verify.lexicon import NAME, content_words

# a part of what a name names: "most of Kazakhstan", "parts of Mexico", "the northern part of Chad"
_PARTITIVE = re.compile(
    r"\b(?P<part>(?:the (?:[a-z]+ern )?)?(?:most|much|some|parts?|portions?|half) of(?: the)?) $",
    re.IGNORECASE,
)


def _partitives(claim: str, documents: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """Each name of the claim the documents state only as a part, with the part ("most of", "Kazakhstan")."""
    out = []
    texts = [" ".join(text.split()) for _, text in documents]
    for name in dict.fromkeys(m.group().rstrip(".") for m in re.finditer(NAME, claim)):
        parts = []
        for text in texts:
            for match in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text):
                part = _PARTITIVE.search(text[: match.start()])
                parts.append(part.group("part").lower() if part else "")
        claimed = _PARTITIVE.search(claim[: claim.find(name)])
        if parts and all(parts) and not claimed:
            out.append((parts[0], name))
    return out


def dropped_partitives(claim: str, documents: Sequence[tuple[str, str]]) -> list[str]:
    """The claim's names that the documents state only as a part ("most of Kazakhstan"), the part dropped.

    "Kyrgyzstan, Tajikistan and Kazakhstan make up Central Asia" where the document says "consisting of
    Kyrgyzstan, Tajikistan and most of Kazakhstan": reported as "most of Kazakhstan". A name the documents
    also state whole, or that the claim itself qualifies the same way, is not.
    """
    return [f"{part} {name}" for part, name in _partitives(claim, documents)]


def restore_partitives(claim: str, documents: Sequence[tuple[str, str]]) -> str | None:
    """The claim with each part it dropped put back ("… and most of Kazakhstan …"); None when none was."""
    fixed = claim
    for part, name in _partitives(claim, documents):
        bare = re.compile(rf"(?<![\w-])(?:the )?{re.escape(name)}(?![\w-])")
        fixed = bare.sub(f"{part} {name}".replace("\\", r"\\"), fixed, count=1)
    return fixed if fixed != claim else None


# a plural the claim opens with, as its subject: "Veins carry …", "All Lilium species are …"
_PLURAL_SUBJECT = re.compile(
    r"^(?:All (?:of )?(?:the )?|[Tt]he )?(?:[A-Z][a-z]+ )?(?P<noun>[A-Za-z][a-z]+s)\b(?! of\b)"
)
_QUANTIFIERS = "most|many|some|several|certain"
_QUANTIFIER = rf"(?:{_QUANTIFIERS})"
# a claim that limits what it says itself: "Fractals often appear …", "Most veins …", "can be"
_HEDGED = re.compile(
    rf"\b(?:{_QUANTIFIERS}|often|usually|generally|typically|mostly|commonly|frequently|sometimes|can|may|"
    r"might|tends?|majority|not all)\b",
    re.IGNORECASE,
)


def dropped_quantifiers(claim: str, documents: Sequence[tuple[str, str]]) -> list[str]:
    """The plural subject of the claim that the quote gives only with a quantifier, for some of its words.

    "Veins carry deoxygenated blood towards the heart" where "deoxygenated" is only in the quote's "Most veins
    carry deoxygenated blood …": reported as "most veins". A word the quote also states in a sentence without
    the quantifier ("Veins are blood vessels … that carry blood towards the heart") does not count, nor does a
    claim that limits itself ("often", "can", "most").
    """
    subject = _PLURAL_SUBJECT.match(claim)
    if subject is None or _HEDGED.search(claim):
        return []
    noun = subject["noun"].lower()
    quantified = re.compile(rf"(?:^|[;:] )(?P<q>{_QUANTIFIER}) (?:other )?{re.escape(noun)}\b", re.IGNORECASE)
    wanted = content_words(claim) - content_words(noun)
    found, plain = [], set()
    for sentence in (x for _, text in documents for x in split_sentences(text)):
        said = quantified.search(sentence)
        if said:
            found.append((said["q"].lower(), content_words(sentence) & wanted))
        else:
            plain |= content_words(sentence)
    return [f"{q} {noun}" for q, words in found if words - plain][:1]


def check(claim: Claim, evidence: Evidence) -> list[str]:
    """The claim's names the quote states only as a part, and a plural only with its quantifier."""
    return dropped_partitives(claim.text, evidence.texts) + dropped_quantifiers(claim.text, evidence.texts)
