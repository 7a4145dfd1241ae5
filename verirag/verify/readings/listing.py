"""Reading ``listing``: a list whose every member one sentence gives the claim's subject by its relation.

Also the list rewrites' readings: a list's members without their directions (:func:`bare_list`), and the
members one quoted sentence gives (:func:`listed_members`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from verirag.text import join_names
from verirag.verify.evidence import sentence_spans
from verirag.verify.lexicon import (
    MEMBER,
    NAME,
    POLITY_KINDS,
    STOP,
    content_words,
    copy_form,
    is_feature,
    negated,
    plain,
    with_subject,
)

_LISTING = re.compile(rf"^(?P<subject>{NAME}) (?P<relation>(?:[a-z]+ ){{1,4}}?)(?P<tail>{MEMBER}.*)$")
_MEMBERS = re.compile(rf"{MEMBER}(?:(?:,? and|,? or|,) {MEMBER})+")
_SCOPE_END = re.compile(r"\b(?:is|are|was|were|lies|lie|has|have|had|not|except|excluding|but|while|which)\b")


def _object_in(name: str, text: str, end: int) -> bool:
    """Whether ``text[:end]`` names ``name`` other than as the subject of its own verb ("Zimbabwe lies …")."""
    return any(
        m.end() <= end and not _SCOPE_END.search(re.split(r"[,;.]", text[m.end() :], maxsplit=1)[0])
        for m in re.finditer(rf"\b{re.escape(name)}\b", text)
    )


# stems of the words that say a whole is made of its parts (each says what the others do), and of "includes"
_MADE_OF = frozenset({"compos", "compris", "consist", "made", "constitut"})
_HOLDS = frozenset({"includ", "contain"})


def _one_relation(given: list[str], after: str, words: set[str]) -> list[str]:
    """The members named under the relation: up to the first with another relation's words before it.

    "… directed by Akira Kurosawa from a screenplay co-written with Shinobu Hashimoto": Hashimoto is named
    under another relation; "… bordered to the northeast by Tunisia; to the east by Libya", or "by China,
    India and Pakistan", names each under one (a direction, the relation's words and other names between).
    """
    found = (re.search(rf"\b{re.escape(n)}\b", after) for n in given)
    placed = sorted((m.start(), m.end(), n) for n, m in zip(given, found, strict=True) if m)
    out = [n for _, _, n in placed[:1]]
    for (_, end, _), (start, _, name) in zip(placed, placed[1:], strict=False):
        gap = _DIRECTION.sub(" ", after[end:start])
        if content_words(" ".join(w for w in gap.split() if not w[:1].isupper())) - words:
            break
        out.append(name)
    return out


def _listed_names(segment: str, kind: str) -> list[str]:
    """The names a quoted list segment gives, a landform or water left out of a list of countries."""
    names = re.findall(NAME, segment)
    if kind in POLITY_KINDS:
        names = [n for n in names if not is_feature(n)]
    return names


def _says(claimed: set[str], said: set[str]) -> bool:
    """Whether a quote's relation words ``said`` state the claim's relation words ``claimed``.

    The same words; or "comprises", "consists of", "is made up of" for one another; and any of them, or
    "contains", for "includes".
    """
    if claimed <= said:
        return True
    for kind, stated_by in ((_MADE_OF, _MADE_OF), (_HOLDS, _MADE_OF | _HOLDS)):
        if claimed & kind and said & stated_by:
            return claimed - kind <= said
    return False


def _same_members(listed: list[str], members: list[str]) -> bool:
    """Whether a quoted list names exactly the claim's members (a leading "the" aside)."""
    return {m.removeprefix("the ").lower() for m in listed} == {m.lower() for m in members}


def _in_list(name: str, listed: list[str]) -> bool:
    """Whether a quoted list names ``name`` (a leading "the" aside)."""
    return name.lower() in {m.removeprefix("the ").lower() for m in listed}


# a complete set: "The countries that border Hungary are A, B and C", "The countries bordering X were …",
# "The countries that make up X are …"
_COMPLETE = re.compile(
    rf"^(?P<kind>[a-z]+) (?:(?:that|which) (?P<verb>[a-z]+(?: up)?)|(?P<verbing>[a-z]+ing)) "
    rf"(?P<subject>{NAME}) (?:are|were) (?P<tail>{MEMBER}.*)$"
)
# a participle's or an appositive's opening phrase, no number in it: "Spanning …, it", "One of two …, Vietnam"
_LEAD = re.compile(r"^(?:[A-Z][a-z]+(?:ing|ed)\b|One of |An? )[^,;\d]*, (?P<rest>.+)$")
_ITEM_CUT = re.compile(r"(,? and |, )")
_POINT = r"(?:north|south|east|west|north-?east|north-?west|south-?east|south-?west)(?:ern)?"
# "to the north", "in the far southeast", "northeast": where a member lies
_DIRECTION = re.compile(rf"(?:(?:to|in|on|along) (?:the )?(?:far )?{_POINT}(?: side| border)?|{_POINT})")


def bare_list(claim: str) -> str | None:
    """The list claim with its members' directions dropped; None when it has none, or another qualifier.

    "The countries that border Hungary are Slovakia to the north, Ukraine to the east, and Austria to the
    west." -> "The countries that border Hungary are Slovakia, Ukraine and Austria."
    """
    text = " ".join(claim.split()).rstrip(".")
    lead = "The " if text[:4].lower() == "the " else ""
    complete = _COMPLETE.match(text[len(lead) :])
    found = complete or _LISTING.match(text)
    if not found:
        return None
    head, tail = text[: len(lead) * bool(complete) + found.start("tail")], found["tail"]
    parts = _ITEM_CUT.split(tail)  # item, separator, item, …
    kept, names = "", 0
    for i in range(0, len(parts), 2):
        name = re.match(MEMBER, parts[i])
        rest = parts[i][name.end() :] if name else parts[i]
        if rest and not _DIRECTION.fullmatch(rest.strip()):
            return None  # only a direction is dropped
        if name:  # a bare direction ("northeast" of "to the north and northeast") goes with its member
            kept += (parts[i - 1] if i else "") + name.group()
            names += 1
    return f"{head}{kept}." if names > 1 and kept != tail else None


def _complete(claim: str) -> tuple[str, str] | None:
    """A complete-set claim as its listing and its members' kind: "Hungary border A, B and C", "countries"."""
    found = _COMPLETE.match(copy_form(claim))
    if not found:
        return None
    verb = found["verb"] or found["verbing"]
    verb = "is made up of" if verb == "make up" else verb  # "the countries that make up X": X's parts
    return f"{found['subject']} {verb} {found['tail']}", found["kind"]


def _openings(title: str, sentence: str) -> list[str]:
    """The sentence as it opens at its subject: a leading pronoun read as the title, a leading phrase skipped.

    The phrase: a participle's ("Spanning …, it") or an appositive ("One of two …, Vietnam"), with no number.
    """
    lead = _LEAD.match(sentence)
    return [with_subject(title, sentence)] + ([with_subject(title, lead["rest"])] if lead else [])


class _Listing(NamedTuple):
    """One quoted sentence that gives a listing claim's subject, by its relation, some of its members."""

    doc: int
    span: tuple[int, int]
    given: list[str]  # the claim's members the sentence gives (all: a claim that keeps more than names)
    exact: bool  # the sentence's list is the given members (or needs not be: an open listing)
    complete: bool  # the claim states a complete set or a whole's parts
    listed: list[str]  # then the quoted set, in the quote's order


def _listings(claim: str, documents: Sequence[tuple[str, str]]) -> tuple[list[str], list[_Listing]]:
    """The claim's members, and each sentence that opens with its subject and names a member by its relation.

    See :func:`listed_by_sentence`, which reads the claim whole, and :func:`listed_members`, which keeps the
    members given.
    """
    complete = _complete(claim)
    found = _LISTING.match(complete[0] if complete else copy_form(claim))
    if not found or plain(found["subject"].split()[0]) in STOP:
        return [], []
    subject, relation, tail = found["subject"], content_words(found["relation"]), found["tail"]
    if not relation:  # "Kraftwerk is a German and Florian Schneider": no relation, any two names would do
        return [], []
    whole = bool(relation & _MADE_OF)  # "X is made up of A, B and C": every part is named
    named = _MEMBERS.fullmatch(tail)
    members = [m.removeprefix("the ") for m in re.findall(MEMBER, tail)] if named else []
    if complete and not named:
        return [], []
    out = []
    for index, (title, text) in enumerate(documents):
        for start, end in sentence_spans(text):
            sentence = " ".join(text[start:end].split())
            opened = next(
                (o for o in _openings(title, sentence) if o.lower().startswith(subject.lower() + " ")), ""
            )
            if not opened:
                continue
            after = opened[len(subject) :]
            if named:
                found_at = [
                    m.start() for m in (re.search(rf"\b{re.escape(n)}\b", after) for n in members) if m
                ]
                at = min(found_at, default=-1)
            else:  # a list that keeps more than names, word for word
                copied = re.search(rf"(?<!\w){re.escape(tail)}(?!\w)", after)
                at = copied.start() if copied and len(re.findall(MEMBER, tail)) > 1 else -1
            between = after[:at]
            if at < 0 or negated(between) != negated(found["relation"]):
                continue
            if not (
                _says(relation, content_words(between))
                if named
                else relation == content_words(between) != set()
            ):
                continue
            stop = _SCOPE_END.search(after, at)
            end_at = stop.start() if stop else len(after)
            if not named:
                if at + len(tail) <= end_at:
                    out.append(_Listing(index, (start, end), [], True, False, []))
                continue
            given = _one_relation(
                [n for n in members if _object_in(n, after, end_at)], after, relation | content_words(between)
            )
            exact, listed = True, []
            if whole:  # every part named, in the list the relation opens (at its first name)
                opening = re.search(MEMBER, after)
                parts = _MEMBERS.match(after, opening.start()) if opening else None
                listed = re.findall(MEMBER, parts.group()) if parts else []
                given = [n for n in given if _in_list(n, listed)]
                exact = _same_members(listed, given)
            if complete:  # the complete set: no other name of the members' kind in the quoted list
                listed = _listed_names(after[:end_at], complete[1])  # a name before the first member too
                given = [n for n in given if _in_list(n, listed)]
                exact = exact and _same_members(listed, given)
            out.append(_Listing(index, (start, end), given, exact, whole or bool(complete), listed))
    return members, out


def listed_by_sentence(
    claim: str, documents: Sequence[tuple[str, str]]
) -> tuple[int, tuple[int, int]] | None:
    """The document and sentence that give the claim's subject, by its relation, every member of its list.

    "Algeria borders Tunisia, Libya, and Morocco" from "It is bordered to the northeast by Tunisia; to the
    east by Libya; …; to the northwest by Morocco" in the article Algeria: the sentence opens with the
    subject (a pronoun: the title), has the relation's words, then names each member before any other verb
    or "not", "except", "but"; an opening participle's or appositive's phrase is skipped ("Spanning …, it
    is bordered by"). A claim whose list keeps more than names ("Zambia to the west, Tanzania to the north")
    must have that list word for word after the same relation's words; one that names a whole's parts ("is
    made up of") or states a complete set ("The countries that border X are …") must name the quoted list's
    members, all of them and no other (a sea or river beside countries is not one of them). A member after
    another relation's words is not given ("directed by A from a screenplay co-written with B"). A negation
    on one side only is not read here.
    """
    members, listings = _listings(claim, documents)
    whole = next((r for r in listings if r.exact and len(r.given) == len(members)), None)
    return (whole.doc, whole.span) if whole else None


_SET_COPULA = re.compile(r" (?:are|were) $")


def listed_members(
    claim: str, documents: Sequence[tuple[str, str]]
) -> tuple[str, list[str], int, tuple[int, int]] | None:
    """The list claim restated with the members one quoted sentence gives it, the members left out, the quote.

    "The countries bordering Vietnam are China, Laos, Cambodia and Thailand." against "… Vietnam is bordered
    by China to the north, and Laos and Cambodia to the west; it lies along the Gulf of Thailand …" gives
    "The countries bordering Vietnam are China, Laos, and Cambodia." (the quoted list, complete), leaving out
    "The countries bordering Vietnam include Thailand."; a complete set (or a whole's parts) the quote lists
    more members of is restated as the quoted set when :func:`listed_by_sentence` reads that back ("The
    countries that border Sudan are Chad and Libya." -> "… are the Central African Republic, Chad, Libya, …"),
    else says "include" instead of "are". Read as :func:`listed_by_sentence` reads a member; None when no
    sentence gives one, or one gives them all (the claim is read whole), or a whole's parts would be left out.
    """
    members, listings = _listings(claim, documents)
    best = max(listings, key=lambda r: len(r.given), default=None)  # the first of those that give most
    if best is None or not best.given or (best.exact and len(best.given) == len(members)):
        return None
    text = " ".join(claim.split()).rstrip(".")
    first = re.search(rf"(?:\bthe )?\b{re.escape(members[0])}\b", text)
    head = text[: first.start()] if first else ""
    if not head:
        return None
    opened = _SET_COPULA.sub(lambda m: " include " if "are" in m.group() else " included ", head)
    left = [f"{opened}{m}." for m in members if m not in best.given]
    quoted_set = f"{head}{join_names(best.listed)}." if best.listed else ""
    if quoted_set and listed_by_sentence(quoted_set, documents):
        return quoted_set, left, best.doc, best.span
    if best.complete and not best.exact and opened == head:
        return None  # a whole's parts, some left out
    return f"{head if best.exact else opened}{join_names(best.given)}.", left, best.doc, best.span
