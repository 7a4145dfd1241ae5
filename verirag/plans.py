"""A question with several parts, by rules: its sub-questions, and which of them waits for another's answer.

Two shapes are split, an enumeration (one question per member) and an attribute of a described set (a second
hop over the members the first part's verified answer names); any other is one part. Plain text only: nothing
here imports from the graph, the models or the stores.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from verirag.text import singular
from verirag.verify.lexicon import (
    NAME,
    NAMES_AND,
    POLITY_KINDS,
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
_SET = re.compile(
    r"^(?P<wh>What|Who) (?P<aux>are|were) the (?P<attr>[a-z][\w'-]*(?: [a-z][\w'-]*){0,2}) "
    r"(?:of|for) the (?P<set>.+)\?$"
)
_DESCRIBED = re.compile(r"^(?P<noun>[a-z]+(?:ies|s)) (?:that|which|who) (?P<rest>.+)$")
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
    if re.search(r"\b[Ww]hich [a-z]+s\b", question):  # "Of which countries are ... the capitals?"
        before, after = _one(before), _one(after)
    elif re.search(r"\b(?:are|were)\s*$", before):  # "Where are A, B and C?": "Where is A?"
        before = re.sub(r"\b(are|were)(\s*)$", lambda m: _AGREE[m.group(1)] + m.group(2), before)
    return [before + m + after for m in members]


def _one(frame: str) -> str:
    """A "which <plural>" frame around a list made to agree with one member.

    "Of which countries are ... the capitals?" -> "Of which country is ... the capital?".
    """
    frame = re.sub(r"\b(?:are|were|Are|Were)\b", lambda m: _AGREE[m.group(0)], frame)
    return _PLURAL_AFTER.sub(lambda m: f"{m['det']} {singular(m['noun'])}", frame)


def plan(question: str, max_parts: int = 6, max_hops: int = 2) -> list[SubQuestion]:
    """The question's parts; one part (the question itself) when no rule splits it."""
    question = question.strip()
    members = _enumeration(question)
    if 2 <= len(members) <= max_parts:
        return [SubQuestion(m) for m in members]
    described = _SET.match(question)
    if described and max_hops >= 2 and max_parts >= 2:
        found = _DESCRIBED.match(described["set"])
        first = f"Which {found['noun']} {found['rest']}?" if found else f"Which are the {described['set']}?"
        wh, attr = described["wh"], described["attr"]
        template = f"{wh} {_AGREE[described['aux']]} the {singular(attr)} of {MEMBER}?"
        group = f"{wh} {described['aux']} the {attr} of {MEMBER}?"
        return [SubQuestion(first), SubQuestion(template, depends_on=0, group=group)]
    return [SubQuestion(question)]


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
            name = " ".join(words)
            feature = polities and bool(name) and is_feature(name)
            said = {f.removeprefix("the ") for f in found}
            if name and not {w.lower() for w in words} & asked and name not in said and not feature:
                found.append(f"the {name}" if sentence[: match.start()].endswith("the ") else name)
        if len(found) - before >= 2:
            break
    return found[:limit]


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
    question = question.strip().rstrip("?").strip()
    match = _AUX.match(question)
    if match:
        return f"{match['wh'].lower()} {match['rest']} {match['aux']}"
    return question[0].lower() + question[1:] if question else question


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
