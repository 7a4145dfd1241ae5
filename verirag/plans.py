"""A question with several parts: its sub-questions, and which of them waits for another's answer.

By rules, these shapes are split: an enumeration (one question per member); an attribute of a described set,
what the set's members do or underwent ("Where did the five … grow up?"), something asked of "each" member or
a test of which members pass (a second hop over the members the first part's verified answer names); and an
attribute of an attribute of a described set (a third hop over the names the second hop's answers give).
Any other is one part. A
model's plan is read from its JSON reply (:func:`from_reply`). Every plan is checked before it is used
(:func:`valid`), and one that fails is one part. Plain text only: nothing here imports from the graph, the
models or the stores.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from verirag.text import plural, singular
from verirag.verify.lexicon import (
    NAME,
    NAMES_AND,
    NOT_SUPERLATIVES,
    POLITY_KINDS,
    YEAR,
    claim_words,
    content_words,
    is_feature,
    key_terms,
    stems_held,
)

MEMBER = "{member}"  # where a dependent sub-question takes a member of the answer it waits for


@dataclass(frozen=True)
class SubQuestion:
    """One part of a plan: a question, or a template with :data:`MEMBER` filled from another part's answer.

    The template's :data:`MEMBER` is filled from the verified answer of part ``depends_on``; ``group`` is the
    same question asked of several members at once (plural), for members that outnumber the parts left.
    """

    question: str
    depends_on: int | None = None
    group: str | None = None


_QUOTED = re.compile(r"[\"“”]([^\"“”]{1,120})[\"“”]")
_NAME = NAMES_AND
_NAMES = re.compile(
    rf"(?:the )?{_NAME}(?:, (?:the )?{_NAME})+,? and (?:the )?{_NAME}(?: [a-z]+)?(?=\?$)"
    rf"|(?:the )?{_NAME}(?:, (?:the )?{_NAME})+,? and (?:the )?{_NAME}"
)
_ANSWER_NAME = re.compile(NAME)
_PLURAL_AFTER = re.compile(r"\b(?P<det>which|the) (?P<noun>[a-z]+s)\b")
_AGREE = {"are": "is", "were": "was", "Are": "Is", "Were": "Was"}
_SEPARATOR = re.compile(r",\s+(?:and\s+)?|\s+and\s+")
# "What are the capitals of the ...?", "What is the land area (in square kilometers) of the ...?", "What was
# the population in 1950 of the ...?": an attribute (an acronym may open it) and its qualifiers, then the set
_SET = re.compile(
    r"^(?P<wh>What|Who) (?P<aux>is|are|was|were) the "
    r"(?P<attr>[A-Za-z][\w'-]*"
    r"(?: (?:of (?!the )[a-z][\w'-]*|(?!of |for |the )(?:[a-z][\w'-]*|[A-Z]{2,}s?\b))){0,4}"
    r"(?: \([^()]+\)| in [\w$ -]+?)*)"
    r" (?:of|for) the (?P<set>.+)\?$"
)
# a described set that is itself an attribute of a set: "capitals of the five largest countries by area"
_OF_SET = re.compile(r"^(?P<attr>[A-Za-z][\w'-]*(?: [a-z][\w'-]*){0,2}) (?:of|for) the (?P<set>.+)$")
_DESCRIBED = re.compile(r"^(?P<noun>[a-z]+(?:ies|s)) (?:that|which|who) (?P<rest>.+)$")
# where the noun phrase that names a set ends: a preposition, a relative word, a conjunction, a comma or a
# bracket ("the five largest countries | by area", "the capitals | of ...", "the cities | , in 2000")
_PHRASE_END = re.compile(
    r"\s*(?:[,(;:]|(?<![\w-])(?:of|in|on|at|by|with|from|for|to|into|through|among|across|that|which|who|whose|where"
    r"|and|or)(?![\w-]))"
)
_COUNT = re.compile(  # a year is no count: "the 2008 Olympic Games"
    r"^(?:top|(?!1[0-9]{3}$|20[0-9]{2}$)\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred|dozen)$"
)
_NOT_PLURAL = frozenset("is was has its this his as us thus always series species news physics".split())
_PREPOSITIONS = "in on at of to from with by for into through across over under near about as"
_IRREGULAR_PLURALS = frozenset("people children women men".split())
_AFTER_HEAD = frozenset("alive ever today now worldwide overall combined".split())  # words after a head
_PARTICIPLES = frozenset(
    "born built made held won sold known found led run written drawn shot begun given taken seen chosen "
    "grown thrown shown spoken broken driven frozen hidden risen stolen sung worn gone been done become come "
    "got gotten".split()
)
# attributes that only name a thing: asked of a member, they restate the member ("What is the name of Io?")
_NAMING = frozenset("name nickname alias".split())


def _plural(word: str) -> bool:
    """Whether a word reads as a plural noun ("countries", "bands"; not "bison", "Emperor", "famous")."""
    w = word.lower()
    return w in _IRREGULAR_PLURALS or (
        len(w) > 3
        and w.endswith("s")
        and not w.endswith(("ss", "us", "is", "'s", "’s"))
        and w not in _NOT_PLURAL
    )


def _head(phrase: str) -> tuple[list[str], str]:
    """The words of a noun phrase before its head, and its head.

    The head is the last word before where the phrase ends, less the participles that end it (a reduced
    relative clause: "the electric force described by ...", "countries leading in ...").

    "five largest countries by area" -> (["five", "largest"], "countries"); "5 most populated East Asian
    cities, in 2000" -> (["5", ..., "Asian"], "cities"); "Donner Party" -> (["Donner"], "Party").
    """
    end = _PHRASE_END.search(phrase)
    words = (phrase[: end.start()] if end else phrase).split()
    while len(words) >= 2 and (
        re.fullmatch(r"[a-z]+(?:ed|ing)", words[-1]) or words[-1] in _PARTICIPLES or words[-1] in _AFTER_HEAD
    ):
        words.pop()  # "paintings ever sold", "people alive"
    return (words[:-1], words[-1]) if words else ([], "")


def _counted(phrase: str) -> bool:
    """Whether a noun phrase's head follows a count or ranking ("five largest countries", "top 5 cities")."""
    return any(_COUNT.match(w.lower()) for w in _head(phrase)[0])


def _describes_members(phrase: str) -> bool:
    """Whether the phrase after "of the" / "for the" describes a set by what its members are.

    The rule: the phrase's head (the last word before a preposition, relative word, conjunction, comma or
    bracket, less the participles that end it) is a plural common noun written in lower case ("countries
    that border Pakistan", "capitals of the five largest countries", "countries of the European Union",
    "Nordic countries"), or any plural after a count or ranking ("five largest countries", "top 5
    universities", "the five Great Lakes"). A capitalised name on its own ("the Qianlong Emperor", "the Lewis
    and Clark Expedition", "the Philippines") or a singular thing ("the American bison", "the electric force
    described by ...") is one thing, whose attribute is one part.
    """
    head = _head(phrase)[1]
    if not _plural(head):
        return False
    if (
        head.lower() in _IRREGULAR_PLURALS
    ):  # "the people of Japan": a population; "the 5 richest people": a set
        return _ranked(phrase)
    return head[0].islower() or re.fullmatch(r"[A-Z]{2,}s", head) is not None or _counted(phrase)


def _ranked(phrase: str) -> bool:
    """Whether a noun phrase's head follows a count or a superlative ("tallest people", "most followed")."""
    return _counted(phrase) or any(
        w in ("most", "least", "best", "worst", "first", "last")
        or (w.endswith("est") and w not in NOT_SUPERLATIVES)
        for w in (w.lower() for w in _head(phrase)[0])
    )


_OPENERS = frozenset(
    "The A An It Its This These Those Their His Her He She They In On At By As Of For From With Its".split()
)


def _enumeration(question: str) -> list[str]:
    """The question once per member of its enumeration ([] when it has none)."""
    quoted = list(_QUOTED.finditer(question))
    start, end, members = 0, 0, []
    if (
        len(quoted) >= 2
        and not _SEPARATOR.sub("", _QUOTED.sub("", question[quoted[0].start() : quoted[-1].end()])).strip()
    ):
        start, end, members = quoted[0].start(), quoted[-1].end(), [m.group(1) for m in quoted]
    elif (match := _NAMES.search(question)) is not None:
        start, end, members = match.start(), match.end(), [m for m in _SEPARATOR.split(match.group(0)) if m]
        if len(members) < 3:
            return []
    before, after = question[:start], question[end:]
    if _CHOICE.search(before) or _CHOSEN_FROM.match(question):
        return []  # one of them is asked for, not something of each
    before = _FOLLOWING.sub("", before)  # "in each of the following continents: Asia" -> "in Asia"
    if _BEFORE_SUBJECT.search(before) and (verb := re.search(r" [a-z]+$", members[-1])):
        members[-1], after = members[-1][: verb.start()], verb.group() + after  # "were A, B and C founded"
    if re.search(r"\b[Ww]hich [a-z]+s\b", question):  # "Of which countries are ... the capitals?"
        before, after = _one(before), _one(after)
    elif agree := re.search(rf"\b({'|'.join(_AGREE_AFTER)})(\s*)$", before):  # "Where are A, B and C?"
        before = before[: agree.start()] + _AGREE_AFTER[agree.group(1)] + agree.group(2)  # "Where is A?"
    return [before + m + after for m in members]


# a choice among the members: "Which of A, B and C …" (the list may take in "Which of"), "the largest of A,
# B and C", "Which is older: A, B …"
_CHOSEN_FROM = re.compile(r"(?:Which|Who|What)(?: one)? of\b", re.IGNORECASE)
_CHOICE = re.compile(
    r"\bthe (?:(?:most|least) \w+|\w+est) of (?:the )?$|^(?:Which|Who)\b[^:]*:\s*$", re.IGNORECASE
)
# a list introduced as such ("each of the following continents:"): one member stands in for the phrase
_FOLLOWING = re.compile(r"\b(?:each of )?(?:the following|these|those) [a-z]+(?: [a-z]+)?\s*:\s*$")


def _one(frame: str) -> str:
    """A "which <plural>" frame around a list made to agree with one member.

    "Of which countries are ... the capitals?" -> "Of which country is ... the capital?".
    """
    frame = re.sub(r"\b(?:are|were|Are|Were)\b", lambda m: _AGREE[m.group(0)], frame)
    return _PLURAL_AFTER.sub(lambda m: f"{m['det']} {singular(m['noun'])}", frame)


def plan(question: str, max_parts: int = 6, max_hops: int = 3) -> list[SubQuestion]:
    """The question's parts; one part (the question itself) when no rule splits it or its plan is not valid.

    One part, as the node reads it, is any list shorter than two: a plan that fails :func:`valid` runs whole.
    """
    question = question.strip()
    parts = _split(question, max_parts, max_hops)
    usable = len(parts) >= 2 and hops(parts) <= max_hops and valid(question, parts)
    return parts if usable else [SubQuestion(question)]


def hops(parts: list[SubQuestion]) -> int:
    """The longest chain of parts each waiting for the one before (1: no part waits for another)."""
    depth: list[int] = []
    for part in parts:
        source = part.depends_on
        depth.append(depth[source] + 1 if source is not None and 0 <= source < len(depth) else 1)
    return max(depth, default=0)


def _split(question: str, max_parts: int, max_hops: int) -> list[SubQuestion]:
    """The parts the rules find ([] when none splits the question)."""
    question = question if question.endswith(("?", ".", "!")) else f"{question}?"  # typed without a mark
    members = _enumeration(question)
    if 2 <= len(members) <= max_parts:
        return [SubQuestion(m) for m in members]
    listed = _LIST_AND.match(_one_sentence(_SET_AGAIN.sub(" and ", question)))
    if listed and max_hops >= 2 and max_parts >= 2 and _describes_members(listed["set"]):
        clause = re.sub(
            r"^(?:name|give|list|state|provide|identify|mention) ", "", listed["then"]
        )  # an order
        then = _of_each(clause) or _of_one(clause)
        return _of_members(listed["set"], [then], "are", max_parts, max_hops) if then else []
    chosen = _CHOSEN_AND.match(question)
    if chosen and max_hops >= 2 and max_parts >= 2 and _plural(chosen["noun"]):
        then = _of_one(chosen["then"])  # "Which players scored …, and where were they born?"
        return [SubQuestion(f"{chosen['ask']}?"), replace(then, depends_on=0)] if then else []
    phrased, each = _each_as_set(_as_question(question))
    described = _SET.match(phrased)
    measured = _IN_UNIT.match(described["set"]) if described else None
    of_set = measured["set"] if measured else described["set"] if described else ""
    if not (described and max_hops >= 2 and max_parts >= 2 and _describes_members(of_set)):
        subject = (
            (_of_subject(question) or _of_each_member(question) or _filtered(_one_sentence(question)))
            if max_hops >= 2 and max_parts >= 2
            else None
        )
        return _of_members(subject[0], [subject[1]], "are", max_parts, max_hops) if subject else []
    if _THEY.search(of_set) or re.search(r"\btheir\b", of_set):
        return []  # "... and the clubs they played for": a clause about the members, not the set
    wh, aux = described["wh"], described["aux"]
    each = each or described["attr"].endswith(" in each")
    if aux in ("is", "was") and not (_counted(of_set) or each or _named(of_set)):
        return []  # "the diet of the giant pandas": of a kind; "the area of the five largest ...": of each
    attrs = re.split(r",? and |, ", described["attr"])
    attrs = [a for a in attrs if singular(a) not in _NAMING] if len(attrs) > 1 else attrs  # "names and dates"
    asked = [_attribute(wh, aux, attr) for attr in attrs]
    if measured:  # the unit is the attribute's: "the area of Russia in square kilometers"
        asked = [_measured(a, measured["unit"]) for a in asked]
    return _of_members(of_set, asked, aux, max_parts, max_hops)


# a set that is the subject of the question's verb: "Where did the justices appointed by FDR attend law
# school?", "When were the five tallest buildings in Europe built?"
_SUBJECT = re.compile(
    r"^(?P<wh>(?:(?:In|From|At|For|To|With|On|By) )?(?:[Ww]hat|[Ww]hich|Where|When|Who|How)\b"
    r"(?: [\w-]+){0,4}?)"
    r" (?P<aux>did|do|does|were|are|was|is) (?P<each>each (?:of the )?|the )(?P<rest>[^?]+?)[?.]?$"
)
_BASE_NOT = frozenset(f"the a an their its his her own and or but most least {_PREPOSITIONS}".split())


def _of_subject(question: str) -> tuple[str, SubQuestion] | None:
    """The set a question's verb is said of, and the question asked of one member (None when none is).

    After "did"/"do" the verb is the first plain word after the set's head that ends no prepositional
    phrase ("the heads of government in the NAFTA countries | get their degrees"); after "were"/"are" it is
    the last participle ("the mayors of the two most populous cities | born"). The set must name its members
    by a count, a ranking or a qualifier after its head ("the giant pandas" is a kind, one part).
    """
    found = _SUBJECT.match(question)
    if not found or (found["aux"] in ("does", "was", "is") and not found["each"].startswith("each")):
        return None  # "Where was each member … born?" asks of each; "Where was the … born?" of one
    words = found["rest"].split()
    if found["aux"] in ("did", "do", "does"):
        at = (
            len(words) - 1
            if words[-1] == "have"
            else next((i for i in range(1, len(words)) if _verb_after(words, i)), 0)
        )
        if {"who", "that", "which", "whom"} & set(words[:at]):
            return None  # "each actor who played a main | character …": no rule finds where a clause ends
    elif re.fullmatch(r"(?:What|Which|Who)", found["wh"]):
        return None  # "What are the names for …": "the names" is what is asked, not a subject
    else:
        at = max((i for i, w in enumerate(words) if i and _participle(w)), default=0)
        at = at if len(words) - at <= 3 else 0  # "born", "located in"; not a clause of the set's
    members = " ".join(words[:at]).rstrip(",")
    if found["each"] == "each ":  # "each founding member of X" -> "founding members of X"
        members = _plural_phrase(members)
    if not at or not _describes_members(members):
        return None
    end = _PHRASE_END.search(members)  # "mayors of | the two largest …": ranked within
    inner = re.sub(r"^\W*(?:the )?", "", members[end.end() :]) if end else ""
    if not (
        found["each"].startswith("each") or _named(members) or _ranked(members) or (inner and _ranked(inner))
    ):
        return None  # "the early settlers of Iceland", "the giant pandas": of a kind, one part
    agree = {"do": "does", "were": "was", "are": "is"}.get(found["aux"], found["aux"])
    wh = re.sub(r"\b([Ww]hat|[Ww]hich) ([a-z]+s)\b", lambda m: f"{m[1]} {singular(m[2])}", found["wh"])
    verb = " ".join(w for w in words[at:] if w != "respectively")
    return members, SubQuestion(f"{wh} {agree} {MEMBER} {verb}?")


def _named(phrase: str) -> bool:
    """Whether a set's head has a name among its modifiers and no year.

    "the G7 countries", "the Supreme Court justices": a set; "the 2010 FIFA World Cup finals": one event.
    """
    modifiers = _head(phrase)[0]
    return any(w[0].isupper() for w in modifiers) and not any(YEAR.fullmatch(w) for w in modifiers)


def _verb_after(words: list[str], at: int) -> bool:
    """Whether ``words[at]`` reads as a plain verb after a subject ("attend", "get"; not "world", "cap")."""
    word, before = words[at], words[at - 1].rstrip(",")
    if not re.fullmatch(r"[a-z]+", word) or word in _BASE_NOT or word.endswith(("s", "ed", "ing", "est")):
        return False
    if before.lower() in _BASE_NOT:
        return False  # an object: "in the | world", "by | revenue"
    return (
        words[at - 1].endswith(",")  # "the five largest airlines, defined by …, | start operating"
        or _plural(before)
        or not before.islower()
        or bool(re.fullmatch(r"\d+", before))
        or (at >= 2 and words[at - 2].lower() in _BASE_NOT and words[at - 2] not in ("and", "or"))
    )


def _participle(word: str) -> bool:
    """Whether a word reads as a past participle ("founded", "born", "built")."""
    return word in _PARTICIPLES or (len(word) > 4 and re.fullmatch(r"[a-z]+ed", word) is not None)


# a unit of measure after a set qualifies what is asked of its members, not the set ("What are the areas of
# the five oceans in square kilometers?": the five oceans, then each one's area in square kilometers)
_IN_UNIT = re.compile(
    r"^(?P<set>.+?) (?P<unit>in "
    r"(?:(?:square|cubic|thousands?|millions?|billions?|trillions?|metric|US|U\.S\.) (?:of )?)*"
    r"(?:kilomet(?:er|re)s|km2?|miles|met(?:er|re)s|feet|kelvin|celsius|fahrenheit|degrees(?: [A-Z]\w+)?|"
    r"dollars|USD|euros|percent|tons|tonnes|kilograms|kg|people|inhabitants|hectares|acres|liters|litres))$",
    re.IGNORECASE,
)


def _measured(part: SubQuestion, unit: str) -> SubQuestion:
    """``part`` asked in ``unit``: "What is the area of {member}?" -> "… {member} in square kilometers?"."""
    group = part.group.removesuffix("?") + f" {unit}?" if part.group else None
    return replace(part, question=part.question.removesuffix("?") + f" {unit}?", group=group)


def _of_members(
    described_set: str, asked: list[SubQuestion], aux: str, max_parts: int, max_hops: int
) -> list[SubQuestion]:
    """The set asked for, then each attribute asked of its members (one part each).

    A set that is an attribute of another ("the capitals of the five largest countries") is asked as two
    hops of its own where ``max_hops`` allows: the countries, each one's capital, then what is asked of
    each capital.
    """
    inner = _OF_SET.match(described_set)
    if inner and max_hops >= 3 and max_parts >= 2 + len(asked) and _describes_members(inner["set"]):
        middle = _attribute("What", aux, inner["attr"])
        first = [SubQuestion(_asks_for(inner["set"])), replace(middle, depends_on=0)]
        return first + [replace(a, depends_on=1) for a in asked]
    return [SubQuestion(_asks_for(described_set))] + [replace(a, depends_on=0) for a in asked]


# a set asked for, then something of each member: "What are the five largest countries by population and
# what are their capitals?", "List the five most spoken languages and their countries of origin."
_LIST_AND = re.compile(
    r"^(?:(?:What|Which|Who)(?: [a-z]+s)? (?:are|were)|List|Identify|Name|Find) (?:the )?"
    r"(?P<set>(?:\([^()]*\)|\"[^\"]*\"|“[^”]*”|(?!\. )[^?,(\"“])+?),?"
    r" (?:and|along with) "
    r"(?P<then>(?:what|which|where|when|who|how|(?:in|from|at|for|to|on|by|with) (?:which|what)|their|the"
    r"|(?:name|give|list|state|provide|identify|mention) (?:their|the))\b"
    r"[^?]*?)[?.]?$"
)
# a question that picks members by what they did, then a clause about them: "Which countries have won the
# World Cup since 2000, and who were their captains?"
_CHOSEN_AND = re.compile(
    r"^(?P<ask>Which (?P<noun>[a-z]+) (?!(?:are|were|is|was) the\b)[^?,]+?),? and "
    r"(?P<then>(?:what|which|where|when|who|how|(?:in|from|at|for|to|on|by|with) (?:which|what))\b"
    r"[^?]*?)[?.]?$"
)
# what is asked of each member, and the question it becomes for one member
_OF_EACH = (
    (
        r"^(?:what|who) (?P<aux>is|are|was|were) their (?:respective )?(?P<attr>.+)$",
        "What {aux} the {attr} of {m}?",
    ),
    (r"^their (?:respective )?(?P<attr>.+)$", "What is the {attr} of {m}?"),
    (r"^what (?:is|are) the (?P<attr>.+?) of each(?: of these [a-z]+)?$", "What is the {attr} of {m}?"),
    (r"^where is each [a-z]+'s (?P<attr>.+)$", "Where is the {attr} of {m}?"),
)


# "Identify the capital cities of the five largest countries." asks what "What are the capital cities of
# the five largest countries?" asks
_ORDER = re.compile(r"^(?:Identify|List|Name|Find|Give|State|Tell me) the (?P<rest>[^?]+?)[.?]?$")
# "... in the solar system. What are these planets and what is ...": the set asked for again, then the rest
_SET_AGAIN = re.compile(r"[.?] (?:What|Which) (?:are|were) (?:these|those|they)(?: [a-z]+)? and ")


# an order to find a set, then a question about its members: "Find the ten … . How many awards have they
# each won?", "List the … . Who are they, and where were they born?"
_THEN_ASKED = re.compile(
    r"^(?P<order>(?:List|Identify|Name|Find) the [^.?]+)\. "
    r"(?:(?:Who|What) (?:are|were) (?:they|these|those)(?: [a-z]+)?,? and )?(?P<then>[^.?]+)\?$"
)


def _one_sentence(question: str) -> str:
    """An order to find a set followed by a question about "they" as one sentence joined by "and"."""
    found = _THEN_ASKED.match(question)
    if not found or not _THEY.search(found["then"]):
        return question
    which = re.match(
        r"(?P<ask>Which|How many) of (?:them|these|those)(?: [a-z]+s)? (?P<rest>.+)$", found["then"]
    )
    if which:  # "Which of them are made by Disney?": a test of each member (see _filtered)
        members = found["order"].split(" the ", 1)[1]
        return f"Of the {members}, {which['ask'].lower()} {which['rest']}?"
    return f"{found['order']} and {found['then'][0].lower()}{found['then'][1:]}?"


def _as_question(question: str) -> str:
    """An order to give the <attribute> of a set, as the question it stands for (else ``question``)."""
    found = _ORDER.match(question)
    return f"What are the {found['rest']}?" if found else question


# "the currency of each of the five ...", "the campus area of each Ivy League university in ...": per member
_EACH_OF = re.compile(r" (?P<prep>of|for) each (?:of the (?P<set>[^?]+)|(?P<one>[A-Za-z][^?]*))\?$")


# what is asked of each member at a question's end: "How many pages are there in each Harry Potter book?",
# "What genre is each of the top five best-selling video games?"
_OF_EACH_MEMBER = re.compile(
    r"^(?P<frame>[^?]+? (?:(?:in|on|of|for|at|from|to|is|was) each (?=[^?]+\?$)|[a-z]+ each (?=of the )))"
    r"(?:of the (?P<set>[^?]+)|(?P<one>[^?]+))\?$"
)


def _of_each_member(question: str) -> tuple[str, SubQuestion] | None:
    """The set a question asks something of "each" member of, and the question asked of one member."""
    found = _OF_EACH_MEMBER.match(question)
    if (
        not found
        or "each" in found["frame"].split()[:-1]
        or found["frame"].endswith((" and", " or"))
        or (found["one"] and found["frame"].endswith((" is", " was")))
    ):
        return None  # "Where was each member … born?" is a subject's (above); "What genre is each of the …"
    members = found["set"] or _plural_phrase(found["one"])
    if not members or not _describes_members(members) or len(members.split()) < 2:
        return None  # "the main objectives of each mission": the set named before, not a set of its own
    if any(w in _AUXILIARIES for w in members.split()):
        return None  # "each of the planets has rings …": a verb of the members', not the set's end
    return members, SubQuestion(f"{found['frame'].removesuffix(' each ')} {MEMBER}?")


# members that pass a test: "Of the last five NBA MVPs, how many have won …?", "Which of the top five best
# selling games does not feature …?"
_FILTER = re.compile(
    r"^(?:(?:Of|Among|From) the (?P<set>[^,?]+), (?:how many|which|who)(?: (?:of them|ones?|[a-z]+s))?"
    r"|(?:Which|How many) of the (?P<of>[^?]+?))"
    r" (?P<aux>have|has|were|was|are|is|did|does|do)(?: (?P<vp>[^?]+))?\?$"
)
_YES_NO = {"have": "Has", "were": "Was", "are": "Is", "do": "Does"}


def _filtered(question: str) -> tuple[str, SubQuestion] | None:
    """The set a question filters, and the test asked of one member ("Has {member} won …?")."""
    found = _FILTER.match(question)
    members = found and (found["set"] or found["of"])
    verb = found["vp"] if found else ""
    if not found or not verb or not members or not _describes_members(members):
        return None
    if verb.startswith("the ") or re.search(r"\band (?:what|which|who|where|when|how)\b", verb):
        return None  # "which are the five most populous?": a ranking; "… and who are …": a second question
    aux = _YES_NO.get(found["aux"], found["aux"].capitalize())
    if found["aux"] in ("have", "has") and not _participle(verb.split()[0]):  # "have monarchies": a verb
        aux, verb = ("Does", f"have {verb}")
    return members, SubQuestion(f"{aux} {MEMBER} {verb}?")


def _plural_phrase(phrase: str) -> str:
    """A noun phrase with its (lower-case) head made plural, "" when it has none.

    "member of X" -> "members of X", "Ivy League university in Y" -> "Ivy League universities in Y".
    """
    end = _PHRASE_END.search(phrase)
    words = (phrase[: end.start()] if end else phrase).split()
    if not words or not re.fullmatch(r"[a-z]+", words[-1]) or _plural(words[-1]):
        return ""
    return " ".join([*words[:-1], plural(words[-1])]) + (phrase[end.start() :] if end else "")


def _each_as_set(question: str) -> tuple[str, bool]:
    """An attribute asked "of each" member, as asked of the set, and whether it was.

    "the area of each of the five oceans" -> "the area of the five oceans"; "each member of X" -> "the
    members of X".
    """
    found = _EACH_OF.search(question)
    if not found:
        return question, False
    members = found["set"] or _plural_phrase(found["one"])
    if not members:
        return question, False
    return f"{question[: found.start()]} {found['prep']} the {members}?", True


def _of_each(then: str) -> SubQuestion | None:
    """The part asking of each member what ``then`` asks of them all (None when no form reads it)."""
    for form, template in _OF_EACH:
        found = re.match(form, then)
        if found:
            words = {k: _one_of(v) if k in ("attr", "noun") else v for k, v in found.groupdict().items()}
            words["aux"] = _AGREE.get(words.get("aux", ""), words.get("aux", ""))  # one member: "is", "was"
            return SubQuestion(template.format(m=MEMBER, **words))
    return None


# where ``then`` names the members: "they", "them", "these <noun>", "each of them"
_THEY = re.compile(r"\b(?:they|them|(?:each of )?(?:these|those) (?:[a-z]+ )?[a-z]+s|each of them)\b")
_THEIR = re.compile(
    rf"\btheir (?:respective )?(?P<np>[a-z]+(?: (?!(?:{_PREPOSITIONS.replace(' ', '|')})\b)[a-z]+(?<!ed))?)\b"
    r"(?= (?:is|are|was|were|located)\b| (?:in|at|on|from)$| at (?:that|the) time$|$)"
)
_AGREE_AFTER = {"are": "is", "were": "was", "do": "does", "have": "has"}
_AUXILIARIES = frozenset("is are was were do does did has have had can could will would may might".split())
# an enumeration after an auxiliary is the subject of the verb after it: "When were A, B and C founded?"
_BEFORE_SUBJECT = re.compile(rf"\b(?:{'|'.join(sorted(_AUXILIARIES))})\s*$")
# "each", "each one", "each film" in a clause after the set: one member ("who directed each film")
_EACH = re.compile(
    rf"\beach(?: one| (?!(?:{'|'.join(sorted(_AUXILIARIES | set(_PREPOSITIONS.split())))})\b)"
    r"(?![a-z]*[^s']s\b)[a-z]+(?=[ ?.']|$))?"
)  # a word after "each" ending in one "s" is its verb: "the planet each orbits"
_NOT_VERBS = frozenset(f"each all both also still not never often usually the a an {_PREPOSITIONS}".split())
_OWNED = re.compile(
    rf"^(?P<wh>.*?)\b(?P<aux>are|were) the (?P<np>[a-z ]+?) of {re.escape(MEMBER)}(?P<rest>.*)$"
)


def _of_one(then: str) -> SubQuestion | None:
    """The part asking of one member what ``then`` asks of "they", "them" or "these <noun>" (else None).

    "what time zones are they in" -> "What time zone is {member} in?"; "in which cities are they located" ->
    "In which city is {member} located?"; "where are their mouths" -> "Where is the mouth of {member}?";
    "what are the capitals of these countries" -> "What is the capital of {member}?"; "the largest sea they
    each connect with" -> "What is the largest sea {member} connects with?" (a noun phrase keeps its number:
    "the countries through which they flow" -> "What are the countries through which {member} flows?").
    """
    phrase = re.sub(r"\b(they|them) each\b", r"\1", then).replace("each of their ", "their ")
    if not re.search(r"\bthey\b", phrase):  # "did they pursue their education": "their" is then the member's
        phrase = _THEIR.sub(lambda m: f"the {_one_of(m['np'])} of {MEMBER}", phrase, count=1)
    phrase = _THEY.sub(MEMBER, phrase, count=1) if MEMBER not in phrase else phrase
    phrase = _EACH.sub(MEMBER, phrase, count=1) if MEMBER not in phrase else phrase
    if (
        MEMBER not in phrase
        or _THEY.search(phrase)
        or (re.search(r"\btheir\b", phrase) and not re.search(r"\bthey\b", then))
    ):
        return None
    owned = _OWNED.match(phrase)
    if owned:  # "where are the mouths of {member}" -> "where is the mouth of {member}"
        aux = _AGREE_AFTER[owned["aux"]]
        phrase = f"{owned['wh']}{aux} the {_one_of(owned['np'])} of {MEMBER}{owned['rest']}"
    words = phrase.split()
    at = next(i for i, w in enumerate(words) if MEMBER in w)
    after = words[at + 1] if at + 1 < len(words) else ""
    if not owned and at > 0 and words[at - 1] in _AGREE_AFTER:  # "are they in" -> "is {member} in"
        words[at - 1] = _AGREE_AFTER[words[at - 1]]
        wh = re.match(r"^(?:in )?(?:what|which) (?P<np>[a-z]+(?: [a-z]+)?)$", " ".join(words[: at - 1]))
        if wh and words[at - 1] in ("is", "was"):  # "what time zones is" -> "what time zone is"
            words[: at - 1] = " ".join(words[: at - 1]).replace(wh["np"], _one_of(wh["np"])).split()
    elif after in _AGREE_AFTER and not (at > 0 and words[at - 1] in _AUXILIARIES):
        words[at + 1] = _AGREE_AFTER[after]
    elif (
        re.fullmatch(r"[a-z]+", after)
        and after not in _NOT_VERBS
        and not after.endswith(("s", "ed", "ing"))
        and not (at > 0 and words[at - 1] in _AUXILIARIES)  # "did {member} win" keeps its verb
    ):
        words[at + 1] = after + ("es" if after.endswith(("sh", "ch", "x", "o")) else "s")  # "flow" -> "flows"
    text = " ".join(words)
    owner = re.match(rf"^the (?P<np>[a-z ]+?) of {re.escape(MEMBER)}$", text)
    if owner:  # "the head coaches of {member}": one member's
        text = f"What is the {_one_of(owner['np'])} of {MEMBER}"
    elif text.startswith("the "):  # a noun phrase: "the largest sea {member} connects with"
        head = _head(text.removeprefix("the ").split(MEMBER)[0])[1]
        text = f"{'What are' if _plural(head) else 'What is'} {text}"
    return SubQuestion(text[0].upper() + text[1:] + "?")


def _one_of(phrase: str) -> str:
    """A noun phrase made singular before its qualifiers: "countries of origin" -> "country of origin"."""
    head, qualifier = re.match(r"^(.+?)((?: \(| in | of ).*)?$", phrase).groups()  # type: ignore[union-attr]
    return f"{singular(head)}{qualifier or ''}"


def _asks_for(members: str) -> str:
    """The first part of a described set: the question that asks which its members are."""
    members = re.sub(r"^all (?:of )?the ", "", members)  # "all the actors that ...": the actors that ...
    found = _DESCRIBED.match(members)
    if found:
        return f"Which {found['noun']} {found['rest']}?"
    owner = re.match(r"[A-Z][\w.-]*(?: [A-Z][\w.-]*)*['’]s ", members)  # "Taylor Swift's 5 most recent tours"
    return f"Which are {members}?" if owner else f"Which are the {members}?"


def _attribute(wh: str, aux: str, attr: str) -> SubQuestion:
    """The part asking an attribute of each member: one member's question, and several members' at once.

    The attribute is made singular before its qualifiers ("areas in square kilometers" -> "area in square
    kilometers").
    """
    if attr.endswith(" in each"):  # "the largest city in each of the ...": the largest city in each member
        one = _one_of(attr.removesuffix(" in each"))
        return SubQuestion(f"{wh} {_AGREE.get(aux, aux)} the {one} in {MEMBER}?")
    one = _one_of(attr)
    template = f"{wh} {_AGREE.get(aux, aux)} the {one} of {MEMBER}?"
    return SubQuestion(template, group=f"{wh} {aux} the {attr if aux in _AGREE else one} of {MEMBER}?")


def from_reply(reply: str, question: str, max_parts: int = 6, max_hops: int = 3) -> list[SubQuestion]:
    """The plan a model's JSON reply gives (``{"parts": [{"question", "uses_answer_of"}]}``), if valid.

    One part (the question itself) when the reply is no such JSON, has more than ``max_parts`` parts or
    ``max_hops`` hops, or fails :func:`valid`. A reply whose parts count from 1 (a part waiting for its own
    number) is read counting from 1.
    """
    question = question.strip()
    whole = [SubQuestion(question)]
    start, end = reply.find("{"), reply.rfind("}")
    try:
        found = json.loads(reply[start : end + 1]) if 0 <= start < end else {}
        parts = [
            SubQuestion(
                str(p["question"]).strip(), p["uses_answer_of"] if p["uses_answer_of"] is not None else None
            )
            for p in found.get("parts", [])
        ]
    except (ValueError, TypeError, KeyError, AttributeError):
        return whole
    if not 2 <= len(parts) <= max_parts or any(
        p.depends_on is not None and not isinstance(p.depends_on, int) for p in parts
    ):
        return whole
    if any(p.depends_on == i for i, p in enumerate(parts)):  # counted from 1: a part waits for itself
        parts = [replace(p, depends_on=p.depends_on - 1) if p.depends_on else p for p in parts]
    return parts if hops(parts) <= max_hops and valid(question, parts) else whole


# words a part may hold that its question need not: the frame of a sub-question ("Which are the ...?")
_FRAME = frozenset("which what who where when how is are was were does has the a an of that".split())
_ASKS_SET = re.compile(r"^(?:Which|What) (?:(?:are|were) (?:the )?(?P<set>.+)\?$|(?P<noun>[a-z]+) )")
_ATTRIBUTE = re.compile(
    rf"^(?:What|Who) (?:is|are|was|were) the (?P<attr>.+?) (?:of|for) {re.escape(MEMBER)}\?$"
)


def _words(text: str) -> list[str]:
    return [
        w.lower() for w in re.findall(r"[\w'’.-]*\w", re.sub(rf"{re.escape(MEMBER)}(?:['’]s)?", " ", text))
    ]


def valid(question: str, parts: list[SubQuestion]) -> bool:
    """Whether a plan asks only what the question asks, of things it names or of members a part returns.

    Each part is made of the question's own words (and the frame of a sub-question: "Which are the", "is",
    "of"; a plural may be made singular): it asks about an entity the question names, never another. A part
    with :data:`MEMBER` waits for an earlier part: one that asks for a set ("Which <plural> ...?" or "Which
    are the <phrase>?" whose head is a plural; "Which are the Qianlong Emperor?" asks for one thing of the
    wrong kind), or one that itself waits (a chain: the capital of each country, then each capital's
    mayor). A dependent part does not ask for a naming attribute ("name", "other names", "nickname",
    "called"): asked of a member, it restates the member the first part returned.
    """
    asked = {form for w in _words(question) for form in (w, singular(w))} | _FRAME
    for index, part in enumerate(parts):
        if any(w not in asked and singular(w) not in asked for w in _words(part.question)):
            return False
        if part.depends_on is None:
            if MEMBER in part.question:
                return False
            continue
        source = part.depends_on
        if not 0 <= source < index or MEMBER not in part.question:
            return False
        kind = _ASKS_SET.match(parts[source].question)
        listed = kind is not None and _plural(kind["noun"] or _head(kind["set"] or "")[1])
        if parts[source].depends_on is None and not listed:
            return False
        attr = _ATTRIBUTE.match(part.question)
        named = attr and " of " not in attr["attr"] and {singular(w) for w in _words(attr["attr"])} & _NAMING
        if " called" in part.question or named:  # "the name of {member}"; not "the name of the album of …"
            return False
    return True


def members(answer: str, question: str, limit: int) -> list[str]:
    """The names that a verified answer gives for ``question``, in order, at most ``limit``.

    Capitalised names of the answer that the question does not hold ("Pakistan borders India, Iran and China."
    for "Which countries border Pakistan?" -> India, Iran, China), up to the first sentence that names two or
    more: that list is the set asked for, and a later sentence says something else of it ("The Atlas
    Mountains … stretch through Morocco, Algeria and Tunisia"). Where the question asks for countries, states
    or cities, a sea, river or landform the answer names beside them is no member ("to the west by the Black
    Sea"). A name the answer writes with "the" keeps it ("the Netherlands").
    """
    asked = {w.lower() for w in re.findall(r"[\w'’.-]+", question)}
    polities = bool(asked & POLITY_KINDS)
    found: list[str] = []
    for sentence in re.split(r"(?<=[.!?])\s+", answer):
        before = len(found)
        for match in _ANSWER_NAME.finditer(sentence):
            name = match.group(0).rstrip(".")
            words = name.split()
            if match.start() == 0 and words[0] in _OPENERS:
                words = words[1:]
            name = re.sub(r"['’]s$", "", " ".join(words))  # "Earth's surface": Earth
            words = name.split()
            feature = polities and bool(name) and is_feature(name)
            said = {f.removeprefix("the ") for f in found}
            if name and not {w.lower() for w in words} & asked and name not in said and not feature:
                found.append(f"the {name}" if sentence[: match.start()].endswith("the ") else name)
        if len(found) - before >= 2:
            break
    return found[:limit]


def proposed(reply: str, question: str, limit: int) -> list[str]:
    """The names a model's own list gives for ``question`` (see ``propose_members``), at most ``limit``.

    Comma-, line- or "and"-separated names, each opening with a capital ("the Netherlands" keeps its
    article); a bullet or number before a name is dropped, and so is a phrase of the question's own words or
    of more than six words. "unknown", or no name, is none.
    """
    asked = {w.lower() for w in re.findall(r"[\w'’.-]+", question)}
    found: list[str] = []
    for item in re.split(r",|;|\n|\band\b", reply):
        name = re.sub(r"^\s*(?:[-*•]|\d+[.)])?\s*", "", item).strip().rstrip(".").strip()
        bare = name.removeprefix("the ").removeprefix("The ")
        words = bare.split()
        if not bare[:1].isupper() or len(words) > 6 or {w.lower() for w in words} <= asked:
            continue
        if bare not in {f.removeprefix("the ") for f in found}:
            found.append(f"the {bare}" if name.lower().startswith("the ") else bare)
    return found[:limit]


def verified_members(parts: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """Each member the verified sentences of ``parts`` name, with the index of the part naming it first."""
    named: dict[str, int] = {}
    for part in parts:
        verified = " ".join(s["text"] for s in part["sentences"] if s["verified_by"] != "none")
        for member in members(verified, part["question"], len(verified)):
            named.setdefault(member, part["index"])
    return named


def fill(template: str, member: str) -> str:
    """A dependent sub-question for one member of the answer it waited for."""
    return template.replace(MEMBER, member)


def groups(names: list[str], parts: int, size: int) -> list[list[str]]:
    """``names`` in order, in at most ``parts`` groups of at most ``size``, as even as can be.

    The names over ``parts * size`` are left out. ``groups(["A", "B", "C"], 2, 2)``: ``[["A", "B"], ["C"]]``.
    """
    names = names[: max(parts, 0) * max(size, 1)]
    count = min(parts, len(names))
    if count <= 0:
        return []
    each, extra = divmod(len(names), count)
    bounds = [i * each + min(i, extra) for i in range(count + 1)]
    return [names[start:end] for start, end in zip(bounds, bounds[1:], strict=False)]


_AUX = re.compile(r"^(?P<wh>what|who|which|where|when) (?P<aux>is|are|was|were) (?P<rest>.+)$", re.IGNORECASE)


def indirect(question: str) -> str:
    """A question as the clause after "The documents do not say".

    "What is the capital of X?" -> "what the capital of X is"; "Who wrote Y?" -> "who wrote Y".
    """
    question = question.strip().rstrip("?.").strip()
    match = _AUX.match(question)
    if match:
        return f"{match['wh'].lower()} {match['rest']} {match['aux']}"
    question = _IMPERATIVE.sub("", question)  # "Identify the longest river in Asia" -> "the longest river …"
    return question[0].lower() + question[1:] if question else question


_IMPERATIVE = re.compile(r"^(?:Identify|List|Name|Find|Give|Tell me|State)\s+", re.IGNORECASE)


# the answer's kind ("which state", "what year"); questions asking for a number
_TYPED = re.compile(r"\b(?:which|what)\s+(\w+)", re.IGNORECASE)
_COUNTED = re.compile(r"\b(?:when|how (?:many|much|long|old|tall|large|big|far))\b", re.IGNORECASE)
_PRESENT, _PAST = re.compile(r"\b(?:is|are)\b", re.IGNORECASE), re.compile(r"\b(?:was|were)\b", re.IGNORECASE)


def answers(sentence: str, question: str) -> bool:
    """Whether the sentence answers the question by itself: it states the question's words and an answer.

    Every content word of the question (a stem or one derived from it: "founded" / "founder") except the
    answer's kind ("which state", "what year"; a set's, "which countries", is never answered by one sentence),
    and a term the question does not hold: a number for "when" and "how many", a name or number otherwise.
    A question in the present is not answered by a sentence in the past only. "Henry Ford was the founder of
    the Ford Motor Company." answers "Who founded the Ford Motor Company?"; "Henry Ford was an American
    industrialist." does not, nor does "Suharto was the second president of Indonesia." answer "Who is the
    president of Indonesia?".
    """
    kinds = [m.group(1) for m in _TYPED.finditer(question) if content_words(m.group(1))]
    if any(k.endswith("s") and not k.endswith("ss") for k in kinds):
        return False  # "which countries": a set, whose members a later sentence may go on with
    wanted = claim_words(question) - content_words(" ".join(kinds))
    if stems_held(wanted, claim_words(sentence)) < len(wanted):
        return False
    if _PRESENT.search(question) and _PAST.search(sentence) and not _PRESENT.search(sentence):
        return False  # "Who is the president?" is not answered by who was
    asked = {t.lower() for t in key_terms(question)}
    new = [t for t in key_terms(sentence) if t.lower() not in asked and t != "not"]
    return any(t[0].isdigit() for t in new) if _COUNTED.search(question) else bool(new)
