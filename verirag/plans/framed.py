"""A ranked set that ends a question, asked through whatever frame comes before it.

"Who directed the top 5 highest grossing films?" -> the films, then "Who directed {member}?"; "What are the
current mayors' names of the 5 most populous cities in X?" -> the cities, then "What is the current mayors'
name of {member}?". A year that picks the set dates what is asked of each member too.
"""

from __future__ import annotations

import re

from verirag.plans.parts import MEMBER, SubQuestion
from verirag.plans.phrases import (
    AGREE,
    AUXILIARIES,
    COUNT,
    PREPOSITIONS,
    describes_members,
    noun_head,
    one_of,
    ranked,
)

# where a set may open: after "the", or after a preposition when a count opens it ("of top 5 movies")
_OPENS = re.compile(rf"\bthe |\b(?:{PREPOSITIONS.replace(' ', '|')}) (?=\S)")


# a frame opens with what it asks: "What …", "In which …", "How many …"
_ASKING = re.compile(r"^(?:(?:In|From|At|For|To|On|By|With) )?(?:What|Which|Who|Whom|Where|When|How)\b")


# a clause inside what would be the set: "…, and what are …", "… billionaires are not American"
_CLAUSE = re.compile(r"[,:;] *(?:and )?(?:what|which|who|where|when|how)\b|[:;]")


# a frame that only asks for the set itself: "Who were the ...", "List the ..."
_ONLY_ASKS = re.compile(
    r"^(?:(?:What|Which|Who)(?: [a-z]+)? (?:are|were|is|was)|List|Name|Identify|Find|Give|Rank|State"
    r"|(?:How many|Which|Who) of)$"  # "How many of the five largest chains offer …": a test of each
)


# a set of times qualifies what is asked, it names no members: "in the last 4 seasons", "in the past 3 years"
_TIMES = frozenset("seasons years decades centuries months weeks days editions".split())


# an attribute asked of the set: "What are the founding years of", "Who was the coach for"
_ATTRIBUTE = re.compile(
    r"^(?P<wh>What|Who) (?P<aux>is|are|was|were) the (?P<attr>.+) (?P<prep>of|for|from|in|at)$"
)


# what dates the set, at its end: "in 2021", "as of 2015", "in the 2022-23 season"
_DATED = re.compile(
    r" (?P<when>(?:in|as of|during|at) (?:the )?(?:1[89]|20)\d\d(?:[-/–](?:\d\d){1,2})?"
    r"(?: season| [A-Z][\w-]*(?: [A-Z][\w-]*)*)?)$"
)


def framed_set(question: str) -> tuple[str, SubQuestion] | None:
    """The ranked set that ends ``question`` and the question asked of one member (None when none does).

    The set is the first noun phrase, after "the" (or after a preposition when a count opens it), that
    runs to the question's end, is plural, and is counted or ranked ("the five largest countries", "the
    oldest universities in ..."); the frame before it must ask something of the members, not only for them,
    and must not end in an auxiliary (the set would be its subject: "What countries are the top five
    players from?").
    """
    body = question.rstrip().rstrip("?.").rstrip()
    if "?" in body or ". " in body:
        return None  # a question of two sentences
    for found in _OPENS.finditer(body):
        the = found.group() == "the "
        frame = body[: found.start() if the else found.end()].rstrip(" ,")
        members = body[found.end() :]
        opener = members.split()[0].lower() if members.split() else ""
        if not the and not COUNT.match(opener):
            continue
        if not frame or not describes_members(members) or not ranked(members):
            continue
        if noun_head(members)[1] in _TIMES:
            return None
        if (
            _ONLY_ASKS.match(frame)
            or re.search(r" (?:with|having)$", frame)  # "the countries with the largest populations": one set
            or not _ASKING.match(frame)
            or frame.split()[-1] in AUXILIARIES
            or _CLAUSE.search(members)
            or _unbound_verb(members)
        ):
            return None
        return _through(frame, members)
    return None


def _unbound_verb(members: str) -> bool:
    """Whether the set holds a verb outside a relative clause ("billionaires on the list are not …")."""
    words = members.split()
    relative = next((i for i, w in enumerate(words) if w in ("that", "which", "who", "whose")), len(words))
    return any(w in AUXILIARIES for w in words[:relative])


def _through(frame: str, members: str) -> tuple[str, SubQuestion]:
    """The set, and the member's question; a set an attribute names ("the directors of") is the set asked.

    "What is the alma mater of the directors of the first two films" -> the directors of the first two
    films (asked as two hops by the planner), then "What is the alma mater of {member}?".
    """
    attribute = _ATTRIBUTE.match(frame)
    inner = (
        re.fullmatch(r"(?P<attr>.+?) (?P<prep>of|for) the (?P<set>[a-z]+s)", attribute["attr"])
        if attribute
        else None
    )
    if attribute and inner and describes_members(inner["set"]):
        outer = f"{attribute['wh']} {attribute['aux']} the {inner['attr']} {inner['prep']}"
        return f"{inner['set']} {attribute['prep']} the {members}", _of_one(outer, members)
    return members, _of_one(frame, members)


def _of_one(frame: str, members: str) -> SubQuestion:
    """What ``frame`` asks of one member of ``members``, dated as the set is."""
    attribute = _ATTRIBUTE.match(frame)
    if attribute:
        aux = AGREE.get(attribute["aux"], attribute["aux"])
        asked = f"{attribute['wh']} {aux} the {one_of(attribute['attr'])} {attribute['prep']} {MEMBER}"
    else:
        asked = f"{frame} {MEMBER}"
    dated = _DATED.search(members)
    if dated and dated["when"] not in frame:
        asked += f" {dated['when']}"
    return SubQuestion(f"{asked}?")
