"""Check ``number_context``: each number of the claim is stated beside what its clause says of it.

"Oxford was founded in 1096" from "There is evidence of teaching as early as 1096" is caught.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from verirag.text import split_sentences
from verirag.verify.claim import Claim
from verirag.verify.evidence import Evidence
from verirag.verify.lexicon import (
    NAME,
    NUMBER,
    YEAR,
    as_number,
    content_words,
    title_subject,
    with_synonyms,
)

NUMBER_CONTEXT = 0.5  # share of a clause's words the sentence stating its number must state too


def numbers_out_of_place(
    clauses: Sequence[str], documents: Sequence[tuple[str, str]], share: float = NUMBER_CONTEXT
) -> list[str]:
    """The numbers of the claim's ``clauses`` that no sentence of the documents states beside their clause.

    A sentence of the ``(title, text)`` documents must state the number beside at least ``share`` of what its
    clause says: its other content words, less the document's title (the subject a sentence may call "it"). A
    year or number taken from another sentence is caught ("Oxford was founded in 1096" from "There is evidence
    of teaching as early as 1096"); a number no sentence states is left to :func:`missing_terms`.
    """
    sentences = []  # (title words, words, numbers, whom it is said of, its words but a possessive's, bounds)
    for title, text in documents:
        names = _names(title, text)
        for s in split_sentences(text):
            numbers = {as_number(n) for n in NUMBER.findall(s)}
            bare = content_words(_POSSESSIVE.sub(" ", s))  # "India's total area": India only as an owner
            said = with_synonyms(content_words(s))  # "began in 1917" beside "starting in 1917"
            sentences.append((content_words(title), said, numbers, owner(title, s, names), bare, bounds(s)))
    out: list[str] = []
    for clause in clauses:
        words = content_words(NUMBER.sub(" ", clause))
        if not words:  # a number alone ("In 1950."): no clause to place it in
            continue
        subject = _opening(clause)
        owned = _OWNED.match(clause)
        of = content_words(owned["name"]) if owned else subject  # whom the clause says its number of
        for number in (as_number(n) for n in NUMBER.findall(clause)):
            beside = [
                len((said | ends.get(number, set())) & (words - title or words)) / len(words - title or words)
                if (not subject or subject & (said | title)) and not _of_another(of, own, said, plain)
                else 0.0  # said of another subject ("With a population of over 140 million, Russia …")
                for title, said, stated, own, plain, ends in sentences
                if number in stated
            ]
            if beside and max(beside) < share and number not in out:
                out.append(number)
    return out


# a span of time: its first year is when something began, its last when it ended ("(1765–1789)", "from AD
# 14 until his death", "since 1991")
_SPAN = re.compile(
    r"(?:\bfrom (?:the year )?|\bsince )?(?P<era>(?:AD|CE) )?(?P<first>\d{1,4})(?P<bc> ?(?:BC|BCE|AD|CE)\b)?"
    r"(?P<to>\s*(?:–|—|-|\bto\b|\buntil\b|\btill\b)\s*(?:(?:AD|CE) )?(?P<last>\d{1,4}))?(?![\d,]|\.\d)"
)
# a period told in words: "from its establishment in 1721 until the proclamation … in 1917", "starting with
# the Meiji Restoration on 3 January 1868, and ending with …"; its years are when the thing held or lasted
_PERIOD = re.compile(
    r"\b(?:from|starting|beginning)\b[^.;()]{0,60}?\b(?P<first>\d{3,4})\b[^.;()\d]{0,80}?"
    r"\b(?:until|till|ending|ended)\b[^.;()]{0,60}?\b(?P<last>\d{3,4})\b(?![\d,]|\.\d)"
)
_HELD = with_synonyms(content_words("existed lasted ruled reigned served governed spanned held"))
_BEGAN = with_synonyms(content_words("began came power took office assumed ascended"))
_ENDED = with_synonyms(content_words("ended finished concluded"))
# a year that dates the thing a sentence says is of it: "Dracula is an 1897 Gothic horror novel"
_DATED_BY = re.compile(r"\b(?:is|was|are|were) (?:an?|the) (?:[a-z]+ )?(?P<year>\d{4})(?= [A-Za-z])")
_CAME_OUT = with_synonyms(content_words("came released published premiered appeared debuted issued"))


def bounds(sentence: str) -> dict[str, set[str]]:
    """The numbers a sentence gives as a span's first or last, each with the words of beginning or ending.

    "The American Revolution (1765–1789) was …": 1765 began, 1789 ended; "… emperor from AD 14 until his
    death": AD 14 began (came to power, took office). A year that dates a work ("Dracula is an 1897 novel")
    is when it came out (was released, published, premiered). A period told in words ("from its
    establishment in 1721 until … 1917") is also when the thing existed, lasted, ruled or held.
    """
    out: dict[str, set[str]] = {}
    for dated in _DATED_BY.finditer(sentence):
        out.setdefault(as_number(dated["year"]), set()).update(_CAME_OUT)
    for period in _PERIOD.finditer(sentence):
        if as_number(period["first"]) < as_number(period["last"]):
            out.setdefault(as_number(period["first"]), set()).update(_BEGAN | _HELD)
            out.setdefault(as_number(period["last"]), set()).update(_ENDED | _HELD)
    for found in _SPAN.finditer(sentence):
        if not (YEAR.fullmatch(found["first"]) or found["era"] or found["bc"]):
            continue  # a span of other numbers ("3–4 moons")
        opened = found["to"] or found.group().startswith(("from", "since"))
        if opened:
            out.setdefault(as_number(found["first"]), set()).update(_BEGAN)
        if found["last"]:
            out.setdefault(as_number(found["last"]), set()).update(_ENDED)
    return out


# "The area of India is …": the name a clause opening with an attribute says its number of
_OWNED = re.compile(rf"^(?:The|Its) [a-z][\w -]*? of (?:the )?(?P<name>{NAME})")
_IMPLICIT = re.compile(r"^(?:The|Its|It|He|She|They|His|Her|Their)\b(?! [A-Z])")


_POSSESSIVE = re.compile(r"\b[\w.-]+['’]s\b")


def _of_another(subject: set[str], own: set[str], said: set[str], plain: set[str]) -> bool:
    """Whether a sentence is said of another than the subject, which it names, but only as an owner.

    "It covers 342,239 square kilometres … of India's total geographical area." in Rajasthan's lead: its
    number is Rajasthan's, not India's. A sentence that does not name the subject at all may name it
    otherwise ("the USA" in the United States' lead) and is left to the other checks.
    """
    return bool(own and subject & said) and not own & subject and not plain & subject


def _opening(clause: str) -> set[str]:
    named = re.match(NAME, clause)
    return content_words(named.group()) if named else set()


def _names(title: str, text: str) -> set[str]:
    """The words a document writes as names: its title's, and those of names inside its sentences."""
    return content_words(title) | content_words(" ".join(re.findall(rf"(?<=[a-z,;] ){NAME}", text)))


def owner(title: str, sentence: str, names: set[str]) -> set[str]:
    """The content words of whom a sentence says its numbers: the name it opens with, else its document's.

    "It covers 342,239 square kilometres … of India's total geographical area." in "Rajasthan" is said of
    Rajasthan (a pronoun, or "The total area is …" with no name before its verb, is the document's subject);
    "Delhi, the capital, has …" of Delhi, a name its document writes as one elsewhere (``names``).
    Empty when the sentence opens otherwise ("With a population …", "Based on 2024 projections, …").
    """
    named = re.match(NAME, sentence)
    if named and not _IMPLICIT.match(sentence):
        words = content_words(named.group())
        return words if words & names else set()
    head = sentence.split(",")[0]
    if _IMPLICIT.match(sentence) and not re.search(NAME, head[1:]) and title:
        return content_words(title_subject(title))
    return set()


def check(claim: Claim, evidence: Evidence) -> list[str]:
    """The numbers of the claim's atoms no quoted sentence states beside their clause."""
    return numbers_out_of_place(claim.atoms, evidence.texts)
