"""The rules planner: which shape a question has, and the parts it splits into.

The shapes: an enumeration; a described set and its attribute; the verb a set is the subject of; something
asked of "each" member; a test of which members pass; a comparison of members
(:mod:`~verirag.plans.compared`); a ranked set that ends the question (:mod:`~verirag.plans.framed`); a set
named before its question ("For the Baltic states, …"). A sentence after the question that says how to answer
it is no part. Where no rule gives a valid plan, the dependency parse is read (:mod:`~verirag.plans.parsed`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from verirag.plans.clauses import ORDER_OPENING, THEY, asked_of_each, placed
from verirag.plans.compared import chosen_among, compared
from verirag.plans.enumeration import enumeration, related
from verirag.plans.framed import framed_set
from verirag.plans.parsed import each_member, restated
from verirag.plans.parts import MEMBER, SubQuestion, hops
from verirag.plans.phrases import (
    AGREE,
    AUXILIARIES,
    COUNTED_NAMES,
    NAMING,
    OWNER,
    PHRASE_END,
    PREPOSITIONS,
    TYPED_OWNER,
    counted,
    describes_members,
    named_set,
    noun_head,
    one_of,
    participle,
    plural_noun,
    plural_phrase,
    ranked,
)
from verirag.plans.sentences import in_steps
from verirag.plans.valid import valid
from verirag.syntax import parse
from verirag.text import singular


def plan(question: str, max_parts: int = 6, max_hops: int = 3) -> list[SubQuestion]:
    """The question's parts; one part (the question itself) when no rule splits it or its plan is not valid.

    One part, as the node reads it, is any list shorter than two: a plan that fails :func:`valid` runs whole.
    """
    question = question.strip()
    named = restated(_CONTACT.sub(r"\1 that \2", _EACH_QUOTED.sub(r"\1\2", question)))
    parts = _split(named, max_parts, max_hops) or _split(
        _CONTRACTED.sub(r"\1 is", named), max_parts, max_hops
    )
    if _usable(named, parts, max_hops):
        return parts
    steps = in_steps(_typed(named), lambda rest: _split(rest, max_parts, max_hops)) if max_hops >= 2 else []
    if len(steps) <= max_parts and _usable(named, steps, max_hops):
        return steps
    parsed = _parsed(named, max_parts, max_hops)
    return parsed if _usable(named, parsed, max_hops) else [SubQuestion(question)]


def _usable(question: str, parts: list[SubQuestion], max_hops: int) -> bool:
    return len(parts) >= 2 and hops(parts) <= max_hops and valid(question, parts)


def _parsed(question: str, max_parts: int, max_hops: int) -> list[SubQuestion]:
    """The parts a dependency parse finds (:mod:`~verirag.plans.parsed`) where the rules find none."""
    found = each_member(_typed(question)) if max_hops >= 2 and max_parts >= 2 else None
    if found is None:
        return []
    first, then = found
    if first.endswith("?"):
        return [SubQuestion(first), replace(then, depends_on=0)]
    return _of_members(first, [then], "are", max_parts, max_hops)


def _typed(question: str) -> str:
    """The question as the rules read it: ending in a mark and opening with a capital."""
    question = question if question.endswith(("?", ".", "!")) else f"{question}?"  # typed without a mark
    return question[:1].upper() + question[1:]  # typed in lower case: "what are the 3 longest rivers …"


def _split(question: str, max_parts: int, max_hops: int) -> list[SubQuestion]:
    """The parts the rules find ([] when none splits the question)."""
    question = _typed(question)
    question = restated(_dated_first(_INSTRUCTION.sub("", _RESPECTIVELY.sub("", question))))
    fronted = _FRONTED.match(question)
    if fronted:  # "Apart from humans, what are the great apes, and …": the set asked without them
        parts = _split(fronted["rest"], max_parts, max_hops)
        if not any(p.depends_on == 0 for p in parts):
            return []  # no set part to carry it
        first = f"{parts[0].question.removesuffix('?')}, {fronted['front'][0].lower()}{fronted['front'][1:]}?"
        return [replace(parts[0], question=first), *parts[1:]]
    through = related(question)
    if through and max_hops >= 2 and max_parts >= 2:  # the related set, asked once for each name
        related_set, *after = _of_members(through[0], [through[1]], "are", max_parts, max_hops)
        names = tuple(n for n, _ in through[2])
        return [replace(related_set, members=names, member_questions=tuple(q for _, q in through[2])), *after]
    members = enumeration(question, max_parts) or chosen_among(question)
    if 2 <= len(members) <= max_parts:
        return [SubQuestion(m) for m in members]
    question = _SET_THEN_ORDER.sub(r"\g<mark> what is ", question)  # a list of names is read above
    if topic := _topic_first(question, max_parts, max_hops):
        return topic
    question = _QUESTION_THEN.sub(lambda m: f"{m['ask']}, and what is {m['then']}?", question)
    listed = _LIST_AND.match(_one_sentence(_SET_AGAIN.sub(" and ", question)))
    if listed and max_hops >= 2 and max_parts >= 2 and describes_members(listed["set"]):
        asked = asked_of_each(ORDER_OPENING.sub("", listed["then"]))
        named = re.findall(r"\b[A-Z][\w'’-]*(?: [A-Z][\w'’-]*)*", listed["set"])
        if len(named) == 1:  # "… caliphs after Muhammad, and how was each related to him?"
            asked = [replace(a, question=re.sub(r"\b(?:him|her)\b", named[0], a.question)) for a in asked]
        return _of_members(listed["set"], asked, "are", max_parts, max_hops) if asked else []
    chosen = _CHOSEN_AND.match(question)
    if (
        chosen
        and max_hops >= 2
        and max_parts >= 2
        and any(map(plural_noun, (chosen["noun"] or "people").split()))
    ):
        asked = asked_of_each(chosen["then"])  # "Which players scored …, and where were they born?"
        return [SubQuestion(f"{chosen['ask']}?"), *placed(asked, 0, 1)] if asked else []
    phrased, each = _each_as_set(_as_question(question))
    described = _SET.match(phrased)
    if described and described["owned"] and not ranked(described["owned"]):
        described = None  # "the causes of Napoleon's wars": a set an owner has is split only when counted
    written = (described["set"] or described["owned"]) if described else ""
    measured = _IN_UNIT.match(written) if described else None
    of_set = measured["set"] if measured else written
    if not (described and max_hops >= 2 and max_parts >= 2 and describes_members(of_set)):
        subject = (
            (
                _of_subject(question)
                or _how_much(question)
                or _named_by_asked(question)
                or _of_each_member(question)
                or compared(question)
                or _filtered(_one_sentence(question))
                or framed_set(_as_question(question))
            )
            if max_hops >= 2 and max_parts >= 2
            else None
        )
        return _of_members(subject[0], [subject[1]], "are", max_parts, max_hops) if subject else []
    if THEY.search(of_set) or re.search(r"\btheir\b", _RANKED_BY.sub("", of_set)):
        return []  # "... and the clubs they played for": a clause about the members, not the set
    wh, aux = described["wh"], described["aux"]
    each = each or described["attr"].endswith(" in each")
    inner = _OF_SET.match(of_set)
    if aux in ("is", "was") and not (
        counted(of_set) or each or named_set(of_set) or (inner and counted(inner["set"]))
    ):
        return []  # "the diet of the giant pandas": of a kind; "the area of the five largest ...": of each
    attrs = re.split(r",? and |, ", described["attr"])
    attrs = [a for a in attrs if singular(a) not in NAMING] if len(attrs) > 1 else attrs  # "names and dates"
    if aux in ("is", "was"):  # one value of the set: each member is asked its own
        attrs = [_AGGREGATE.sub("", a) for a in attrs]
    asked = [_attribute(wh, aux, attr) for attr in attrs]
    if measured:  # the unit is the attribute's: "the area of Russia in square kilometers"
        asked = [_measured(a, measured["unit"]) for a in asked]
    return _of_members(of_set, asked, aux, max_parts, max_hops)


# "What are the capitals of the ...?", "What is the land area (in square kilometers) of the ...?", "What was
# the population in 1950 of the ...?": an attribute (an acronym may open it) and its qualifiers, then the set
_SET = re.compile(
    r"^(?P<wh>What|Who) (?P<aux>is|are|was|were) the "
    r"(?P<attr>[A-Za-z][\w'-]*"
    r"(?: (?:of (?!the )[a-z][\w'-]*|(?!of |for |the )(?:[a-z][\w'-]*|[A-Z]{2,}s?\b))){0,4}"
    r"(?: \([^()]+\)| in [\w$ -]+?)*)"
    r" (?:of|for) (?:all (?:of )?)?(?:the (?P<set>.+)|(?P<owned>" + OWNER + r".+))\?$"
)


# a described set that is itself an attribute of a set: "capitals of the five largest countries by area"
_OF_SET = re.compile(r"^(?P<attr>[A-Za-z][\w'-]*(?: [a-z][\w'-]*){0,2}) (?:of|for) the (?P<set>.+)$")


_DESCRIBED = re.compile(r"^(?P<noun>[a-z]+(?:ies|s)) (?:that|which|who) (?P<rest>.+)$")


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
    if inner and max_hops >= 3 and max_parts >= 2 + len(asked) and describes_members(inner["set"]):
        middle = _attribute("What", aux, inner["attr"])
        first = [SubQuestion(_asks_for(inner["set"])), replace(middle, depends_on=0)]
        return first + placed(asked, 1, 2)
    return [SubQuestion(_asks_for(described_set)), *placed(asked, 0, 1)]


def _asks_for(members: str) -> str:
    """The first part of a described set: the question that asks which its members are."""
    members = re.sub(r"^all (?:of )?the ", "", members)  # "all the actors that ...": the actors that ...
    found = _DESCRIBED.match(members)
    if found:
        return f"Which {found['noun']} {found['rest']}?"
    owned = _OWNED_RANKING.match(members)
    if owned and ranked(owned["ranked"]):  # "China's three biggest cities" -> "… cities of China"
        end = PHRASE_END.search(owned["ranked"])
        head, rest = (
            (owned["ranked"][: end.start()], owned["ranked"][end.start() :]) if end else (owned["ranked"], "")
        )
        name = re.sub(r"['’]s $", "", owned["owner"])
        name = "the world" if name.lower() == "world" else name[:1].upper() + name[1:]
        return f"Which are the {head} of {name}{rest}?"
    owner = re.match(OWNER, members)  # "Taylor Swift's 5 most recent tours"
    return f"Which are {members}?" if owner else f"Which are the {members}?"


# a ranking of what an owner holds: "China's three biggest cities", "the world's five longest rivers"
_OWNED_RANKING = re.compile(rf"^(?:the )?(?P<owner>{TYPED_OWNER})(?P<ranked>[^?]+)$")


# a value of the set made of its members' ("the average population of the four states", "the combined area
# of ..."); an average with qualifiers may be each member's own ("the average temperature in January")
_AGGREGATE = re.compile(r"^(?:combined|total|overall|aggregate|sum of the|average(?= [a-z]+$)) ")


def _attribute(wh: str, aux: str, attr: str) -> SubQuestion:
    """The part asking an attribute of each member: one member's question, and several members' at once.

    The attribute is made singular before its qualifiers ("areas in square kilometers" -> "area in square
    kilometers").
    """
    if attr.endswith(" in each"):  # "the largest city in each of the ...": the largest city in each member
        one = one_of(attr.removesuffix(" in each"))
        return SubQuestion(f"{wh} {AGREE.get(aux, aux)} the {one} in {MEMBER}?")
    one = one_of(attr)
    template = f"{wh} {AGREE.get(aux, aux)} the {one} of {MEMBER}?"
    return SubQuestion(template, group=f"{wh} {aux} the {attr if aux in AGREE else one} of {MEMBER}?")


# a group's name in quotation marks after "each of the" is its name: "each of the 'Big Three' of tennis"
_EACH_QUOTED = re.compile(r"(\beach of the )['\"‘“]([A-Z][^'\"‘’“”?]*?)['\"’”](?!\w)")


# a relative clause without "that" after a set: "each of the countries | the Andes run through"
_CONTACT = re.compile(
    r"(\bof the [a-z]+s) ((?:the )?[A-Z][\w'’-]*(?: [A-Z][\w'’-]*)* (?!is\b|are\b|was\b|were\b|and\b)[a-z]+)"
)


# a question word and "is" typed as one word: "whats", "what's", "whos"
_CONTRACTED = re.compile(r"^(What|Who|Where|When|How)['’]?s\b", re.IGNORECASE)


# "respectively" at the end pairs answers with members in order; each part asks of one member
_RESPECTIVELY = re.compile(r",? respectively(?=[?.!]$)")


# a sentence after the question that says how to answer it: "Exclude duplicates.", "Provide it for each."
_INSTRUCTION = re.compile(
    r"(?<=[?.]) (?:Exclude|Include|Keep|Provide|Use|Answer|Respond|Sort|Order|Present|Format|Express|Round"
    r"|Please|Ignore|Only|Do not|Don't)\b[^?]*[.?]?$"
)


# a time that opens the question, said where its first clause ends: "Between 2018 and 2023, which people won
# X and where were they born?" -> "Which people won X between 2018 and 2023 and where were they born?"
_OPENING_TIME = re.compile(
    r"^(?P<when>(?:Between|From) (?:the )?\d{4}\S* (?:and|to|through) \d{4}\S*"
    r"|In (?:the )?\d{4}(?:[-/–]\d{2,4})?(?: [A-Z][\w-]*)*(?: season)?), (?P<rest>[a-z][^?]+\?)$"
)


def _dated_first(question: str) -> str:
    """A question that opens with its time, with the time moved to the end of its first clause."""
    found = _OPENING_TIME.match(question)
    if not found:
        return question
    rest = found["rest"][0].upper() + found["rest"][1:]
    when = found["when"][0].lower() + found["when"][1:]
    end = re.search(rf",? and (?={_ASKS}\b)|\?$", rest)
    assert end is not None  # the rest ends with "?"
    return f"{rest[: end.start()]} {when}{rest[end.start() :]}"


# an exception or a field that opens the question: it qualifies the set asked for ("In women's gymnastics, who
# are the three most decorated athletes, and …")
_FRONTED = re.compile(
    r"^(?P<front>(?:Apart from|Aside from|Besides|Other than|Except for|Excluding|Not counting|In|Within"
    r"|Across|Throughout|Among) (?!(?:which|what|whose|how)\b)[^,?]+), "
    r"(?P<rest>[a-z][^?]*\?)$"
)


# "the five largest national parks, by their total area": a ranking's own measure, not a clause of the members
_RANKED_BY = re.compile(r"\b(?:by|based on|in terms of|according to) their\b")


# a set asked for, then something of each member: "What are the five largest countries by population and
# what are their capitals?", "List the five most spoken languages and their countries of origin."
# how a clause about the members opens: "what …", "in which …", "into what …", "during which …"
_PREPOSITION = PREPOSITIONS.replace(" ", "|")
_ASKS = rf"(?:what|which|where|when|whom|whose|who|how|(?:{_PREPOSITION}) (?:which|what))"
# or a yes-no question of the members, or an order to say whether ("is each one a metal", "say whether each")
_ASKS_OF = (
    rf"(?:(?:(?:roughly|approximately|about) )?{_ASKS}|(?:is|are|was|were|does|do|did|has|have) (?:each|they)"
    rf"|(?:say|state|tell me) (?:whether|{_ASKS}))"
)
_LIST_AND = re.compile(
    r"^(?:(?:What|Which|Who)(?: [a-z]+s)? (?:are|were|is)|List|Identify|Name|Find|(?:Tell|Give|Show) me)"
    r" (?:the )?"
    r"(?P<set>(?:\([^()]*\)|\"[^\"]*\"|“[^”]*”|(?!\. )[^?,(\"“])+?),?"
    r" (?:and|along with|with(?= the [^?,]* (?:of|for) each\b)) "  # "… with the atomic number of each"
    rf"(?P<then>(?:(?:tell|show) me )?"
    rf"(?:{_ASKS_OF}|their|the|(?:name|give|list|state|provide|identify|mention) (?:their|the)"
    r"|(?:give|tell|show) me each (?:one|[a-z]+)['’]s)\b"
    r"[^?]*?)[?.]?$"
)


# the set named first, then a question of each member: "China's first three dynasties: from which region did
# each of them rule?", "Shakespeare's four major tragedies - where is each set?", "For the first three Mughal
# emperors, give the years each one reigned."
_TOPIC = re.compile(
    r"^(?:For )?(?:[Tt]he )?(?P<set>[^:?,–—-]+?)"
    r"(?: ?: | [-–—] |,(?P<joined> and)? |(?P<bare> )(?=(?:how|what)\b))"
    rf"(?:(?:give|name|list|state|tell me|say) )?(?P<then>(?:{_ASKS_OF}|the|whats?)\b[^?]*?)[?.]?$"
)


# what opens a question or an order rather than a set's name ("irans 3 biggest cities, and what is each …")
_ASKING = re.compile(
    r"^(?:which|what|whats|who|whom|whose|when|where|how|why|tell|show|name|list|give|identify|find|state|say"
    r"|please|provide|mention|enumerate|kindly|regarding|given|describe|explain)\b",
    re.IGNORECASE,
)


def _topic_first(question: str, max_parts: int, max_hops: int) -> list[SubQuestion]:
    """The parts of a question that names its set before asking of each member ([] when it does not)."""
    found = _TOPIC.match(question)
    members = found["set"] if found else ""
    if not found or max_hops < 2 or max_parts < 2 or not describes_members(members):
        return []
    words = members.lower().split()
    if any(w in AUXILIARIES for w in words) or words[0] in PREPOSITIONS.split():
        return []  # "Borneo is shared by three countries - …", "Of the …, how many …": not the set's name
    if found["joined"] and _ASKING.match(members):
        return []  # "Which mammals lay eggs, and …": a question first, not a set named by itself
    if found["bare"] is not None and (_ASKING.match(members) or not (counted(members) and ranked(members))):
        return []  # no mark between: only a counted ranking names itself ("koreas two biggest cities how …")
    asked = asked_of_each(_CONTRACTED.sub(r"\1 is", found["then"]))
    return _of_members(members, asked, "are", max_parts, max_hops) if asked else []


# a question that picks members by what they did, then a clause about them: "Which countries have won the
# World Cup since 2000, and who were their captains?", "Which three British monarchs reigned longest, and …?"
_CHOSEN_AND = re.compile(
    rf"^(?P<ask>(?:Which {COUNTED_NAMES}(?P<noun>[a-z]+(?:-[a-z]+)*(?: [a-z]+)?)|Who) "
    r"(?!(?:are|were|is|was) the\b(?! most\b| [a-z]+est\b))[^?,]+?),? and "
    rf"(?P<then>{_ASKS_OF}\b[^?]*?)[?.]?$"
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


# a set named, then an order to give what each has: "Africa's three longest rivers: give me the length of
# each." (asked as "…: what is the length of each")
_SET_THEN_ORDER = re.compile(
    r"(?<=[^?.:]{8})(?P<mark>:| [-–—]) (?:(?:give|tell|show) me|name|list|state|provide)"
    r" (?=the [^?.]*\beach\b)"
)
# a set asked for, then an order to give something of each: "Which countries make up the Southern Cone? Give
# me the capital of each."
_QUESTION_THEN = re.compile(
    r"^(?P<ask>(?:Which|What|Who) [^?]+)\? (?:(?:Give|Tell|Show) me|Name|List|State|Provide) "
    r"(?P<then>the [^?]*\beach\b[^?.]*)[?.]?$"
)


def _one_sentence(question: str) -> str:
    """An order to find a set followed by a question about "they" as one sentence joined by "and"."""
    found = _THEN_ASKED.match(question)
    if not found or not THEY.search(found["then"]):
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


# a set that is the subject of the question's verb: "Where did the justices appointed by FDR attend law
# school?", "When were the five tallest buildings in Europe built?"
_SUBJECT = re.compile(
    r"^(?P<wh>(?:(?:In|From|At|For|To|With|On|By) )?(?:[Ww]hat|[Ww]hich|Where|When|Who|How)\b"
    r"(?: [\w-]+){0,5}?)"
    rf" (?P<aux>did|do|does|were|are|was|is|has|have|had) (?P<each>each (?:of the |of (?={OWNER}))?|the )"
    r"(?P<rest>[^?]+?)[?.]?$"
)


_BASE_NOT = frozenset(f"the a an their its his her own and or but most least {PREPOSITIONS}".split())


def _of_subject(question: str) -> tuple[str, SubQuestion] | None:
    """The set a question's verb is said of, and the question asked of one member (None when none is).

    After "did"/"do" the verb is the first plain word after the set's head that ends no prepositional
    phrase ("the heads of government in the NAFTA countries | get their degrees"); after "were"/"are" it is
    the last participle ("the mayors of the two most populous cities | born"). The set must name its members
    by "each", a count, a ranking, a name among its modifiers or a ranked set it belongs to ("the giant
    pandas" and "the early settlers of Iceland" are kinds, one part).
    """
    found = _SUBJECT.match(question)
    if not found or (found["aux"] in ("does", "was", "is", "has") and not found["each"].startswith("each")):
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
        at = max((i for i, w in enumerate(words) if i and participle(w)), default=0)
        at = at if len(words) - at <= 3 else 0  # "born", "located in"; not a clause of the set's
    members = " ".join(words[:at]).rstrip(",")
    if found["each"] == "each ":  # "each founding member of X" -> "founding members of X"
        members = plural_phrase(members)
    named = found["each"] == "each of the " and members[:1].isupper()  # "each of the Beatles": a set by name
    if not at or not (describes_members(members) or named):
        return None
    end = PHRASE_END.search(members)  # "mayors of | the two largest …": ranked within
    inner = re.sub(r"^\W*(?:the )?", "", members[end.end() :]) if end else ""
    if not (
        found["each"].startswith("each") or named_set(members) or ranked(members) or (inner and ranked(inner))
    ):
        return None  # "the early settlers of Iceland", "the giant pandas": of a kind, one part
    agree = {"do": "does", "were": "was", "are": "is", "have": "has"}.get(found["aux"], found["aux"])
    wh = re.sub(r"\b([Ww]hat|[Ww]hich) ([a-z]+s)\b", lambda m: f"{m[1]} {singular(m[2])}", found["wh"])
    verb = " ".join(w for w in words[at:] if w != "respectively")
    return members, SubQuestion(f"{wh} {agree} {MEMBER} {verb}?")


# a measure asked of a ranked or counted set: "How tall are the three highest mountains in the world?"
_HOW_MUCH = re.compile(
    r"^How (?P<adjective>[a-z]+) (?P<aux>are|were) (?P<set>the [^?]+|[A-Za-z]+['’]s [^?]+)\?$"
)


def _how_much(question: str) -> tuple[str, SubQuestion] | None:
    """The ranked set a "How <adjective> are the …?" question measures, and the question of one member."""
    found = _HOW_MUCH.match(question)
    members = found["set"].removeprefix("the ") if found else ""
    if not found or not describes_members(members) or not (ranked(members) or named_set(members)):
        return None  # "How old are the giant pandas?": of a kind, one part
    return members, SubQuestion(f"How {found['adjective']} {AGREE[found['aux']]} {MEMBER}?")


# what a counted set's members each are, named by the question's noun: "What nationalities were the two
# scientists whose 1953 paper …?"
_ASKED_NOUN = re.compile(r"^(?P<wh>What|Which) (?P<noun>[a-z]+s) (?P<aux>are|were) the (?P<set>[^?]+)\?$")


def _named_by_asked(question: str) -> tuple[str, SubQuestion] | None:
    """The counted set whose members the question's noun asks about, and that noun asked of one member."""
    found = _ASKED_NOUN.match(question)
    if not found or not plural_noun(found["noun"]) or not counted(found["set"]):
        return None  # "What countries are the members of NATO?": the members asked for, one part
    members, _, rest = found["set"].partition(", ")
    last = members.rsplit(" ", 1)[-1]
    stranded = (
        f" {last}" if last in PREPOSITIONS.split() else ""
    )  # "… the top five chess players from, as …?"
    members = members.removesuffix(stranded) + (f", {rest}" if rest else "")
    if singular(found["noun"]) == singular(noun_head(members)[1]):
        return None
    asked = f"What {one_of(found['noun'])} {AGREE[found['aux']]} {MEMBER}{stranded}?"
    return members, SubQuestion(asked)


def _verb_after(words: list[str], at: int) -> bool:
    """Whether ``words[at]`` reads as a plain verb after a subject ("attend", "get"; not "world", "cap")."""
    word, before = words[at], words[at - 1].rstrip(",")
    if not re.fullmatch(r"[a-z]+", word) or word in _BASE_NOT or word.endswith(("s", "ed", "ing", "est")):
        return False
    if before.lower() in _BASE_NOT or before.endswith(("'s", "’s")):
        return False  # an object: "in the | world", "by | revenue"; an owner's: "Picasso's | two …"
    return (
        words[at - 1].endswith(",")  # "the five largest airlines, defined by …, | start operating"
        or plural_noun(before)
        or not before.islower()
        or bool(re.fullmatch(r"\d+", before))
        or (at >= 2 and words[at - 2].lower() in _BASE_NOT and words[at - 2] not in ("and", "or"))
    )


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
    frame = found["frame"].removesuffix(" each ") if found else ""
    if (
        not found
        or "each" in frame.split()
        or frame.endswith((" and", " or"))
        or (found["one"] and frame.endswith((" is", " was")))
    ):
        return None  # "Where was each member … born?" is a subject's (above); "What genre is each of the …"
    end = PHRASE_END.search(found["one"] or "")
    phrase = set((found["one"] or "")[: end.start() if end else None].split()[1:])
    if phrase and any(t.text in phrase and t.pos_ in ("VERB", "AUX") for t in parse(question)):
        return None  # "… of each Julio-Claudian emperor come to an end": a verb ends the phrase (the parse's)
    members = found["set"] or plural_phrase(found["one"])
    named = bool(found["set"]) and members[:1].isupper()  # "each of the Magellanic Clouds": a set by name
    if not members or not (describes_members(members) or named) or len(members.split()) < 2:
        return None  # "the main objectives of each mission": the set named before, not a set of its own
    if any(w in AUXILIARIES for w in members.split()):
        return None  # "each of the planets has rings …": a verb of the members', not the set's end
    return members, SubQuestion(f"{frame} {MEMBER}?")


def _each_as_set(question: str) -> tuple[str, bool]:
    """An attribute asked "of each" member, as asked of the set, and whether it was.

    "the area of each of the five oceans" -> "the area of the five oceans"; "each member of X" -> "the
    members of X".
    """
    found = _EACH_OF.search(question)
    if not found:
        return question, False
    members = found["set"] or plural_phrase(found["one"])
    if not members:
        return question, False
    return f"{question[: found.start()]} {found['prep']} the {members}?", True


# members that pass a test: "Of the last five NBA MVPs, how many have won …?", "Which of the top five best
# selling games does not feature …?"
_FILTER = re.compile(
    r"^(?:(?:Of|Among|From) the (?P<set>[^,?]+), (?:how many|which|who)(?: (?:of them|ones?|[a-z]+s))?"
    rf"|(?:Which|How many) of (?:the (?P<of>[^?]+?)|(?P<owned>{OWNER}[^?]+?))"
    r"|Which (?P<named>[a-z]+s (?:of|from|in) [^?]+?))"
    r" (?P<aux>have|has|were|was|are|is|did|does|do)(?: (?P<vp>[^?]+))?\?$"
)


_YES_NO = {"have": "Has", "were": "Was", "are": "Is", "do": "Does"}


def _filtered(question: str) -> tuple[str, SubQuestion] | None:
    """The set a question filters, and the test asked of one member ("Has {member} won …?")."""
    found = _FILTER.match(question)
    members = found and (found["set"] or found["of"] or found["owned"] or found["named"])
    verb = found["vp"] if found else ""
    if not found or not verb or not members or not describes_members(members):
        return None
    if found["named"] and not named_set(members):
        return None  # "Which countries of Europe are landlocked?": a kind's members, asked of the whole
    if verb.startswith("the ") or re.search(r"\band (?:what|which|who|where|when|how)\b", verb):
        return None  # "which are the five most populous?": a ranking; "… and who are …": a second question
    aux = _YES_NO.get(found["aux"], found["aux"].capitalize())
    if found["aux"] in ("have", "has") and not participle(verb.split()[0]):  # "have monarchies": a verb
        aux, verb = ("Does", f"have {verb}")
    return members, SubQuestion(f"{aux} {MEMBER} {verb}?")
