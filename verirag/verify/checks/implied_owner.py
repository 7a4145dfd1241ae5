"""Check ``implied_owner``: what the quote says of its subject without naming it is not said of another name.

"The fur ranges in color from cream to reddish to dark brown." in "Brown bear" is the brown bear's fur, as
"Its fur …" is: "The polar bear's fur ranges …" is not in it, though the quote names the polar bear too; nor
is "Fremantle has expanded outward …" in "Perth"'s "The city has expanded outward …".
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from verirag.text import split_sentences
from verirag.verify.claim import Claim
from verirag.verify.evidence import Evidence
from verirag.verify.lexicon import content_words, opening_name, same_root, title_subject

# the claim's owner of an attribute: "The polar bear's fur …", "Venus's dense atmosphere …", "The fur of the
# polar bear is …"
_POSSESSIVE = re.compile(
    r"^(?:The |An? )?(?P<owner>(?:[\w-]+ ){0,3}?[\w-]+)['’]s? (?P<words>(?:[a-z][\w-]* ){0,2})"
)
_OF = re.compile(
    r"^The (?P<words>(?:[a-z][\w-]* ){1,3})of (?:the |an? )?"
    r"(?P<owner>(?:[\w-]+ ){0,3}?[\w-]+) (?=is|are|was|were|has|have|had|[a-z]+s\b)"
)
# a quote's sentence about what it does not name: "The fur …", "Its fur …", "The city has …"
_UNNAMED = re.compile(r"^(?:The|Its|Their) (?P<said>(?:[a-z][\w-]* ){1,3})(?!of\b|[\w-]+['’]s\b)")
_SUBJECT_END = re.compile(r"\s(?:is|are|was|were|has|have|had)\b|,\s(?:is|was)\b")
# where a lead's description of its subject ends: "… is an American monthly magazine| published by …"
_DESCRIPTION_END = re.compile(r",|;|\s(?:of|in|on|at|by|from|for|with|which|that|who|and)\s")


def other_owners(claim: str, documents: Sequence[tuple[str, str]]) -> list[str]:
    """The other name a claim gives what the ``(title, text)`` quote says of its subject without naming it.

    A quote sentence that opens "The <words> …", "Its <words> …" or "Their <words> …" speaks of the document's
    subject: its title, the names its quoted lead gives it before its verb and the words that describe it
    ("The United Kingdom …, commonly known as … Britain, is a country"), the sentence's own words ("the
    city"), or the name the quoted sentence before it opens with. The claim gives it to an owner by a
    possessive ("The polar bear's fur …" over "The fur …") or as its subject before the same words ("Fremantle
    has expanded …" over "The city has expanded …"); it fails when that owner is none of those and the quote
    names it as another (the polar bear of "… its closest relative, the polar bear"). An owner the quote does
    not name is other checks' to read; one another sentence names with those words, or with the sentence's
    own ("two classic works: … the Wealth of Nations" before "The work is notable …"), holds.
    """
    out: list[str] = []
    for title, text in documents:
        said = split_sentences(text)
        names = content_words(title)
        for sentence in said:
            if _opens_with(sentence, title):
                subject = _SUBJECT_END.split(sentence, maxsplit=1)[0]
                verb_and_rest = sentence[len(subject) :].split(maxsplit=1)
                described = _DESCRIPTION_END.split(verb_and_rest[-1], maxsplit=1)[0] if verb_and_rest else ""
                names |= content_words(f"{subject} {described}")
        for before, sentence in zip(["", *said], said, strict=False):
            found = _UNNAMED.match(sentence)
            if found is None:
                continue
            described = content_words(found["said"])
            known = names | described | content_words(opening_name(before))
            for owner, words in _owners(claim, sentence, found["said"]):
                wanted = content_words(owner)
                named = re.compile(rf"(?<!\w){re.escape(owner)}(?!\w)", re.I)
                if (
                    wanted
                    and not _covers(wanted, known)
                    and named.search(text)
                    and not any(
                        x != sentence and named.search(x) and _shares(words | described, x) for x in said
                    )
                    and owner not in out
                ):
                    out.append(owner)
    return out


def _owners(claim: str, sentence: str, said: str) -> Iterator[tuple[str, set[str]]]:
    """The owners the claim gives what ``sentence`` says after its unnamed subject ``said``.

    Each with the words it is given ("fur" of "The polar bear's fur …"; "has expanded" of "Fremantle has
    expanded …").
    """
    possessive = _POSSESSIVE.match(claim) or _OF.match(claim)
    if possessive is not None:
        heads = content_words(" ".join(w for w in possessive["words"].split() if len(w) > 2))
        if any(same_root(h, w) for h in heads for w in content_words(said)):
            yield possessive["owner"], heads
    words = sentence.split()
    for n in range(1, len(said.split()) + 1):
        tail = words[1 + n : 3 + n]
        if len(tail) < 2 or not content_words(" ".join(tail)):
            continue
        at = re.search(rf"\s{re.escape(' '.join(tail))}\b", claim, re.I)
        if at is not None:
            owner = re.sub(r"^(?:The|A|An)\s+", "", claim[: at.start()].strip(" ,"))
            yield owner, content_words(" ".join(tail))
            return


def _opens_with(sentence: str, title: str) -> bool:
    """Whether a sentence opens with the name of its document's subject (its lead's first sentence does)."""
    subject = content_words(title_subject(title))
    return bool(subject) and subject <= content_words(" ".join(sentence.split()[:8]))


def _shares(words: set[str], sentence: str) -> bool:
    """Whether a sentence holds one of the words by root ("works" for "work")."""
    return any(same_root(w, x) for w in words for x in content_words(sentence))


def _covers(wanted: set[str], names: set[str]) -> bool:
    """Whether every word of the claimed owner is a word of the names, by root ("caecilian", "caecilians")."""
    return all(any(same_root(w, n) for n in names) for w in wanted)


def check(claim: Claim, evidence: Evidence) -> list[str]:
    """The other name a claim gives what its quote says of the document's subject without naming it."""
    return other_owners(claim.text, evidence.texts)
