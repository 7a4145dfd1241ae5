"""Members the question names itself: "When were A, B and C founded?" asked once per member.

Or named through a relation ("When were the museums that hold A, B and C founded?"): the related set is
asked for first, then the verb of each of its members.
"""

from __future__ import annotations

import re

from verirag.plans.clauses import AND_ASKS, ASKING, of_each_one
from verirag.plans.parts import MEMBER, SubQuestion
from verirag.plans.phrases import (
    AGREE,
    AGREE_AFTER,
    AUXILIARIES,
    PARTICIPLES,
    one_of,
    participle,
    plural_noun,
)
from verirag.text import plural, singular
from verirag.verify.lexicon import CAPITAL, NAME_LINKS, STOP, name_run

_QUOTED = re.compile(r"[\"“”]([^\"“”]{1,120})[\"“”]")


# a listed name; a word of it may join two names by a dash ("the White Sea–Baltic Canal"), one member
_NAME = name_run(rf"{CAPITAL}[\w'’.–-]*", rf"{NAME_LINKS}|and ")


# a title between commas may hold words in lower case after its first: "Carmen, La traviata, La bohème and …"
_TITLE = rf"(?:{_NAME}(?: [a-z]+(?<!s))?(?= and |,)|[A-Z][\w'’-]*(?: [a-zà-ÿ][\w'’-]*){{1,2}}(?=,| and ))"


_NAMES = re.compile(
    rf"(?:the )?{_TITLE}(?:, (?:the )?{_TITLE})+,? and (?:the )?{_NAME}(?: [a-z]+)?(?=\?$)"
    rf"|(?:the )?{_TITLE}(?:, (?:the )?{_TITLE})+,? and (?:the )?{_NAME}"
)


# common nouns the question lists as the subject after its auxiliary: "What are rum, tequila, vodka and whisky
# made from?"
_COMMON = re.compile(
    "(?:" + "|".join(rf"(?<=\b{a} )" for a in sorted(AUXILIARIES)) + ")"
    r"[a-z][a-z-]+(?:, [a-z][a-z-]+)+,? and [a-z][a-z-]+\b"
)


# noun phrases listed between an auxiliary and where the clause goes on ("does a guitar, a bass guitar and a
# double bass usually have", "did the tomato, the potato and the tea plant originally come from", "did A and B
# each publish"), after an attribute's "of" up to the end ("the atomic numbers of gold, silver, copper and
# iron."), or before a colon or dash that opens the question: a phrase is up to four words, none a function
# word, an article before it
_WORD = rf"(?!(?:{'|'.join(sorted(STOP))})\b)[\w'’-]+(?:\.\w+)*"
# a participle of phrases.PARTICIPLES ("made", "built"), or "named", "used", "called": not any word in "-ed",
# which a list that names one thing goes on to ("the bread, butter and jam sandwich invented")
_PARTICIPLE = rf"(?:{'|'.join(sorted(PARTICIPLES | {'named', 'used', 'called'}))})"
_OPENS = r"\s*(?::|[-–—])\s"  # a colon or dash that opens the question after a list: "A, B, C: what is …"
_ITEM = rf"(?:(?:a|an|the) )?{_WORD}(?: {_WORD}){{0,3}}?"
# before a colon or dash, a title of capitalised words may hold function words ("Hundred Years of Solitude")
_LINKING = "of|the|a|an|in|on|at|to|for|from|with|de|la|le|du|von|van|der"
_TITLED = rf"(?-i:(?:The |A |An )?[A-Z0-9][\w'’-]*(?:(?: (?:{_LINKING}))* [A-Z0-9][\w'’-]*)*)"
_OPENING_ITEM = rf"(?:{_TITLED}|{_ITEM})"
_PHRASES = re.compile(
    "(?:" + "|".join(rf"(?<=\b{a} )" for a in sorted(AUXILIARIES)) + ")"
    rf"(?P<listed>{_ITEM}(?:, {_ITEM})*,? and {_ITEM})"
    rf"(?= (?P<each>each)\b| [a-z]+ly (?!and\b)[a-z]+| {_PARTICIPLE}\b"
    r"| (?!and\b)[a-z]+ (?:in|on|at|from|to)\b)"  # "do A, B and C live in …": a plain verb, then a place
    rf"|\bthe (?:[a-z]+ )?[a-z]+s of (?P<owners>{_ITEM}(?:, {_ITEM})+,? and {_ITEM})(?=[?.]?$)"
    rf"|^(?P<opening>{_OPENING_ITEM}(?:, {_OPENING_ITEM})+(?:,? and {_OPENING_ITEM})?)(?={_OPENS})",
    re.IGNORECASE,
)


_PLURAL_AFTER = re.compile(r"\b(?P<det>[Ww]hich|the) (?P<noun>[a-z]+s)\b(?!['’])")


_SEPARATOR = re.compile(r",\s+(?:and\s+)?|\s+and\s+")


def _listed(text: str) -> list[str]:
    """The members of a list: between commas whole ("War and Peace"), the last two at the first "and".

    Two directions joined by "and" are two ("North and South Korea").
    """
    items = [part for i in re.split(r",\s+(?:and\s+)?", text) if i for part in _paired(i)]
    last = re.split(r"\s+and\s+", items[-1], maxsplit=1) if items else []
    return [m for m in items[:-1] + last if m] if len(items) >= 2 else _SEPARATOR.split(text)


def _paired(item: str) -> list[str]:
    """An item split at an "and" between two directions ("GDP of North and South Korea"), else whole."""
    found = re.search(r"(\w+)\s+and\s+(\w+)", item)
    if found and found[1] in _DIRECTIONS and found[2] in _DIRECTIONS:
        return [item[: found.start(0) + len(found[1])], item[found.start(2) :]]
    return [item]


# an enumeration after an auxiliary is the subject of the verb after it: "When were A, B and C founded?"
_BEFORE_SUBJECT = re.compile(rf"\b(?:{'|'.join(sorted(AUXILIARIES))})\s*$")


def enumeration(question: str, max_parts: int = 6) -> list[str]:
    """The question once per member of its enumeration ([] when it has none).

    Clauses after a list that opens the question ("A, B: who wrote each, and when did it come out?") are
    each asked of each member where ``max_parts`` allows, else asked together.
    """
    quoted = list(_QUOTED.finditer(question))
    start, end, members, phrases = 0, 0, [], False
    if (
        len(quoted) >= 2
        and not _SEPARATOR.sub("", _QUOTED.sub("", question[quoted[0].start() : quoted[-1].end()])).strip()
    ):
        start, end, members = quoted[0].start(), quoted[-1].end(), [m.group(1) for m in quoted]
    elif made := _MADE_BY.match(question):  # "who created tetris, mario and barbie": each one's maker
        start, end, members = made.start("listed"), made.end("listed"), _listed(made["listed"])
        if len(members) < 3 or any(len(m.split()) > 5 or re.search(rf"\b{ASKING}", m) for m in members):
            return []  # "…, and what nationality was each": a clause, no member
    elif (
        match := _NAMES.search(question) or _COMMON.search(question) or _PHRASES.search(question)
    ) is not None:
        phrases = match.re is _PHRASES  # its end is where the clause goes on: no verb in its last member
        group = next((g for g in ("listed", "owners", "opening") if phrases and match[g]), 0)
        start, end, members = match.start(group), match.end(group), _listed(match.group(group))
        if len(members) < (2 if phrases and match["each"] else 3):
            return []  # two with no "each" may be one name ("salt and pepper")
        if attribute := _ACRONYM_OF.match(members[0]):  # "the GDP of China, USA and France": GDP of each
            start, members[0] = start + attribute.end(), members[0][attribute.end() :]
        members = [_shared_name(m, n) for m, n in zip(members, [*members[1:], ""], strict=True)]
    before, after = question[:start], question[end:]
    if _CHOICE.search(before) or _CHOSEN_FROM.match(question) or _CHOSEN_AFTER.match(after):
        return []  # one of them is asked for, not something of each
    if following := _FOLLOWING.search(before):  # "in each of the following continents: Asia" -> "in Asia"
        words = following["words"].split()
        verb_at = max((i + 1 for i, w in enumerate(words) if plural_noun(w)), default=0)
        before = before[: following.start()]  # "did each of these musicians play: A" -> "did A play"
        after = "".join(f" {w}" for w in words[verb_at:]) + after
    pointed = _POINTED.search(before) if re.search(r":\s*$", before) and after.strip() in ("?", ".") else None
    words = pointed["words"].split() if pointed else []
    kind = next((i for i, w in enumerate(words[:3]) if plural_noun(w)), None)
    if pointed and kind is not None:  # "What is each of these scientists known for: A, B?": A, B for them
        rest = " ".join(words[kind + 1 :])
        before, after = before[: pointed.start()], re.sub(r"\s*:\s*$", "", f" {rest}" if rest else "") + after
    subject_next = _BEFORE_SUBJECT.search(before) is not None
    each = after.startswith(" each ")  # "Which countries did A and B each lead …": each one's own countries
    if subject_next:  # "did A and B each publish": one member publishes
        after = re.sub(r"^ each\b", "", after)
    if not phrases and subject_next and (verb := re.search(r" [a-z]+$", members[-1])):
        members[-1], after = members[-1][: verb.start()], verb.group() + after  # "were A, B and C founded"
    elif (
        members
        and (head := re.search(r" [a-z]+s$", members[-1]))
        and plural_noun(head.group()[1:])
        and not any(plural_noun(m.split()[-1]) for m in members[:-1])  # not "grey wolves, … pine martens"
    ):
        members[-1], after = members[-1][: head.start()], head.group() + after  # "… and Indian oceans?"
    shared = _SHARED_HEAD.match(after)
    if shared and plural_noun(shared["head"]):  # "the American, French and Russian revolutions": each one's
        after = f" {singular(shared['head'])}{after[shared.end() :]}"
        if members[0].startswith("the "):
            members = [m if m.startswith("the ") else f"the {m}" for m in members]
    if ordered := _ORDERED_OF_EACH.match(after):  # "A, B, C: name the author of each."
        who = "who" if plural(ordered["what"].split()[-1]) in _PEOPLE else "what"
        after = f": {who} is {ordered['what']} of each?"
    if not before.strip() and (
        said := _SAID_THEN.match(after)
    ):  # "A, B and C were all …. Which … each one …?"
        after = f": {said['question']}"
    asked = _ASKED_OF_THEM.match(after) if not before.strip() else None
    if asked:  # "A, B and C: what are their capitals?"
        clauses = AND_ASKS.split(asked["question"])
        later = [of_each_one(c) for c in clauses[1:]]
        if len(members) * len(clauses) > max_parts or not all(_THEM.search(c) for c in later):
            clauses, later = [asked["question"]], []
        return [
            _of_member(c if c.endswith("?") else f"{c}?", m) for m in members for c in [clauses[0], *later]
        ]
    if not before.strip() and re.match(_OPENS, after):
        return []  # "A, B and C: which is largest?": a question of them all, no member's own
    if each and subject_next:
        before = _agree(before)  # the verb agrees; the plural stays
    elif (which := re.search(r"\b[Ww]hich ([a-z]+s)\b", question)) and plural_noun(which[1]):
        if not _PLAIN_VERB.match(question, which.end()):  # not "Which rivers flow through A, B and C?"
            before, after = _one(before), _one(after)  # "Of which countries are ... the capitals?"
    elif (agree := re.search(rf"\b({'|'.join(AGREE_AFTER)})(\s*)$", before)) and not all(
        plural_noun(m) for m in members
    ):  # "Where are A, B and C?"; not "Why are cats, dogs and horses …?"
        before = before[: agree.start()] + AGREE_AFTER[agree.group(1)] + agree.group(2)  # "Where is A?"
    subject = _LIST_SUBJECT.match(after) if not before.strip() else None
    if subject:  # "A, B and C are each associated with which genre?" -> "A is associated with which genre?"
        after = f" {AGREE_AFTER[subject['aux']]}{after[subject.end() :]}"
    return [before + m + after for m in members]


# who made each of three or more works a question lists, typed in lower case: "who created tetris, mario and
# barbie", "who painted the starry night, the scream and …" (works have one maker each)
_MADE_BY = re.compile(
    r"^[Ww]ho (?:[a-z]+ed|wrote|made|drew|sang|built|won) "
    r"(?P<listed>[a-z][^,?]*(?:, [a-z][^,?]*)+,? and [a-z][^,?]*?)[?.]?$"
)


# a question after a list that opens it, about them: "A, B and C: what are their capitals?", "A, B and C —
# when was each founded?"
_ASKED_OF_THEM = re.compile(
    rf"^{_OPENS}\s*(?P<question>[^?]*\b(?:they|them|their|each)\b[^?]*\?)$", re.IGNORECASE
)
# an order to give something of each, after a list that opens the question: "A, B, C: name the author of each"
_ORDERED_OF_EACH = re.compile(
    rf"^{_OPENS}\s*(?:name|give|list|state|tell me|identify) (?P<what>the [^?.]+?) (?:of|for) each"
    r"(?: one)?[.?]?$",
    re.IGNORECASE,
)
# a statement of the listed members, then a question of each: "A, B and C were all founding leaders. Which
# country did each one lead?"
_SAID_THEN = re.compile(r"^ (?:are|were|have|had) [^.?]+\. (?P<question>[A-Z][^?]*\beach\b[^?]*\?)$")
# what stands for each member in it, and the verb before it: "are their capitals", "was each", "do they"
_THEM = re.compile(
    r"(?:\b(?P<aux>are|were|do|have) )?"
    r"\b(?:their (?P<owned>[a-z]+)|each of (?:them|th[eo]se(?P<kind>(?: [\w-]+){1,3}))"
    r"|each one|each|they|them)\b",
    re.IGNORECASE,
)
# a plural's own verb in the present, no auxiliary: "Which rivers | flow through …" (no function word)
_PLAIN_VERB = re.compile(
    rf" (?!(?:{'|'.join(sorted(STOP))}|among|amongst|across|along|near)\b)[a-z]+[^s\W]\b"
)


def _of_member(question: str, member: str) -> str:
    """The question after a list asked of one member: "what are their capitals?" -> "What is A's capital?"."""

    def one(found: re.Match[str]) -> str:
        kind = (found["kind"] or "").split()
        if kind and not any(plural_noun(w) for w in kind):
            return found.group()  # "each of these is …": not a kind named
        rest = kind[next(i for i, w in enumerate(kind) if plural_noun(w)) + 1 :] if kind else []
        aux = f"{_ONE[found['aux'].lower()]} " if found["aux"] else ""
        if found["owned"]:
            owned = singular(found["owned"]) if aux and plural_noun(found["owned"]) else found["owned"]
            return f"{aux}{member}'s {owned}"
        return " ".join([f"{aux}{member}", *rest])  # "each of these Egyptian deities the god": "Ra the god"

    asked = _THEM.sub(one, question, count=1)
    return asked[:1].upper() + asked[1:]


# the verb after a list that opens the question, "each" beside it: "A, B and C are each associated with …"
_LIST_SUBJECT = re.compile(r"^ (?P<aux>are|were|have|do)(?: each\b)?")


# the head the members share: "the American, French and Russian | revolutions"
_SHARED_HEAD = re.compile(r"^ (?P<head>[a-z]+s)\b")


# an attribute written as an acronym ("GDP", "HDI", "CEOs") is no member: "the GDP of China" asks it of China
_ACRONYM_OF = re.compile(r"(?:the )?[A-Z]{2,}s? of ")


_DIRECTIONS = frozenset("North South East West Northern Southern Eastern Western Upper Lower".split())


def _shared_name(member: str, following: str) -> str:
    """A direction that shares the next member's name: "North" before "South Korea" is North Korea."""
    first, _, name = following.partition(" ")
    return f"{member} {name}" if member in _DIRECTIONS and first in _DIRECTIONS and name else member


# a choice among the members: "Which of A, B and C …" (the list may take in "Which of"), "the largest of A,
# B and C", "Which is older: A, B …"
_CHOSEN_AFTER = re.compile(  # "Of A, B and C, which …", "A, B and C: which of them …"
    r",\s*(?:which|who|what)(?: one)? |\s*(?::|[-–—])\s*(?:which|who)(?: one)? of\b", re.IGNORECASE
)
_CHOSEN_FROM = re.compile(r"(?:Which|Who|What)(?: one)? of\b", re.IGNORECASE)


_CHOICE = re.compile(
    r"\bthe (?:(?:most|least) \w+|\w+est) of (?:the )?$|^(?:Which|Who)\b[^:]*:\s*$", re.IGNORECASE
)


# a list introduced as such ("each of the following continents:"): one member stands in for the phrase
# the members "each of these <noun>" stands for, listed after a colon that ends the question
_POINTED = re.compile(r"\beach of (?:the following|these|those) (?P<words>[^:]+:\s*)$")
_FOLLOWING = re.compile(r"\b(?:each of )?(?:the following|these|those)(?P<words>(?: [a-z]+){0,3})\s*:\s*$")


# a verb made to agree with one member: "are" -> "is", "Were" -> "Was", "do" -> "does", "have" -> "has"
_ONE = {**AGREE, **AGREE_AFTER}
_TO_ONE = re.compile(rf"\b(?:{'|'.join(_ONE)})\b")


def _one(frame: str) -> str:
    """A "which <plural>" frame around a list made to agree with one member.

    "Of which countries are ... the capitals?" -> "Of which country is ... the capital?"; "Which countries do
    ... come from?" -> "Which country does ... come from?".
    """
    return _PLURAL_AFTER.sub(lambda m: f"{m['det']} {singular(m['noun'])}", _agree(frame))


def _agree(frame: str) -> str:
    """A frame's verb made to agree with one member: "Which rivers do … border?" -> "… does …"."""
    return _TO_ONE.sub(lambda m: _ONE[m.group(0)], frame)


_THROUGH = "(?:through|in|into|from|on|at|by|across|along|near)"  # "the rivers that flow through A, B and C"
# a set related to the members the question lists, then the verb said of each: "When were the museums that
# hold A, B and C founded?", "How many films did the directors of A, B and C make?"
_LINK = rf" (?:of|in|from|(?:that|which|who) [a-z]+(?: {_THROUGH})?|(?:[a-z]+-)?[a-z]+(?:ed|en) by) "
# two names suffice where a related set's phrase frames them: "the bands co-founded by A and B"
_TWO_NAMES = re.compile(
    rf"(?:the )?{_NAME} and (?:the )?{_NAME}(?: [a-z]+)?(?=\?$)|(?:the )?{_NAME} and (?:the )?{_NAME}"
)
_RELATED = re.compile(
    r"^(?P<wh>(?:(?:In|Into|From|At|For|To|With|On|By) )?(?:[Ww]hat|[Ww]hich|Where|When|Who|How)"
    r"(?: [a-z-]+){0,3}?) (?P<aux>did|do|does|were|are|was|is) (?:each of )?the (?P<head>[a-z]+(?: [a-z]+)?)"
    rf"{_LINK}(?P<rest>.+)\?$"
)


# or an attribute of each member of that set: "What are the populations of the capitals of A, B and C?"
_RELATED_ATTRIBUTE = re.compile(
    r"^(?P<wh>What|Who) (?P<aux>are|were) the (?P<attr>[a-z]+(?: [a-z]+)?) of (?:each of )?the "
    rf"(?P<head>[a-z]+(?: [a-z]+)?){_LINK}(?P<rest>.+)\?$"
)


def related(question: str) -> tuple[str, SubQuestion, list[tuple[str, str]]] | None:
    """The set related to a question's list, what is asked of each member, and each name's own question.

    "When were the space agencies of the United States, Europe, Russia and China founded?" -> ("space
    agencies of the United States, Europe, Russia and China", "When was {member} founded?", [("the United
    States", "What is the space agency of the United States?"), …]). The set's head is a plural noun and
    the verb a plain verb after "did"/"do", a participle after "were"/"are"; or the question asks an
    attribute of each ("What is the population of {member}?").
    """
    found = attribute = None
    for frame in (_RELATED, _RELATED_ATTRIBUTE):  # a verb after the list, else an attribute before the set
        found = frame.match(question)
        listed = (_NAMES.match(found["rest"]) or _TWO_NAMES.match(found["rest"])) if found else None
        if listed:
            attribute = found if frame is _RELATED_ATTRIBUTE else None
            break
    if not found or not listed or not plural_noun(found["head"].split()[-1]):
        return None
    end = listed.end() - len(re.search(r"(?: [a-z]+)?$", listed.group())[0])  # type: ignore[index]
    verb = found["rest"][end:].split()
    aux = _ONE.get(found["aux"], found["aux"])
    if attribute:
        if verb:
            return None  # "What are the names of the bands fronted by A, B and C today?": not an attribute's
        then = SubQuestion(
            f"{found['wh']} {aux} the {one_of(found['attr'])} of {MEMBER}?",
            group=f"{found['wh']} {found['aux']} the {found['attr']} of {MEMBER}?",
        )
    elif not verb and found["aux"] in ("is", "are", "was", "were") and " " in found["wh"]:
        then = SubQuestion(f"{found['wh']} {aux} {MEMBER}?", group=f"{found['wh']} {found['aux']} {MEMBER}?")
    elif not verb or (participle(verb[0]) != (found["aux"] not in ("did", "do", "does"))):
        return None  # "were … founded", "did … make"; "What nationality were …?" asks it of each
    else:
        wh = re.sub(r"\b([Ww]hich|[Ww]hat) ([a-z]+s)\b", lambda m: f"{m[1]} {singular(m[2])}", found["wh"])
        said = " ".join(verb)
        then = SubQuestion(f"{wh} {aux} {MEMBER} {said}?", group=f"{wh} {found['aux']} {MEMBER} {said}?")
    members = question[found.start("head") : found.start("rest") + end]
    link = question[found.end("head") : found.start("rest")]  # " of ", " that hold ", " fronted by "
    relative = re.fullmatch(rf" (that|which|who) ([a-z]+)((?: {_THROUGH})?) ", link)
    if relative:  # "museums that hold": "the museum that holds"; "the rivers that flow through": "flows"
        link = f" {relative[1]} {plural(relative[2])}{relative[3]} "  # a verb said of one: "holds", "carries"
    one = f"{singular(found['head'])}{link}"
    who = "Who" if found["head"].split()[-1] in _PEOPLE else "What"
    names = _listed(found["rest"][:end])
    return members, then, [(name, f"{who} is the {one}{name}?") for name in names if name]


# heads of a related set that name people: its member's own question asks "Who is …?"
_PEOPLE = frozenset(
    "directors founders leaders singers painters composers writers authors inventors architects designers "
    "creators presidents captains coaches owners players actors actresses husbands wives sons daughters"
    "".split()
)
