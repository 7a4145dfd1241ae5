"""A question with several parts, by rules: its sub-questions, and which of them waits for another's answer.

Two shapes are split, an enumeration (one question per member) and an attribute of a described set (a second
hop over the members the first part's verified answer names); any other is one part. Plain text only: nothing
here imports from the graph, the models or the stores.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from verirag.text import NAME_LINKS

MEMBER = "{member}"  # where a dependent sub-question takes a member of the answer it waits for


@dataclass(frozen=True)
class SubQuestion:
    """One part of a plan: a question, or a template with :data:`MEMBER` filled from another part's answer.

    The template's :data:`MEMBER` is filled from the verified answer of part ``depends_on``.
    """

    question: str
    depends_on: int | None = None


_QUOTED = re.compile(r"[\"“”]([^\"“”]{1,120})[\"“”]")
_NAME = rf"[A-Z][\w'’.-]*(?: (?:{NAME_LINKS}|and )?[A-Z][\w'’.-]*)*"
_NAMES = re.compile(
    rf"(?:the )?{_NAME}(?:, (?:the )?{_NAME})+,? and (?:the )?{_NAME}(?: [a-z]+)?(?=\?$)"
    rf"|(?:the )?{_NAME}(?:, (?:the )?{_NAME})+,? and (?:the )?{_NAME}"
)
_ANSWER_NAME = re.compile(rf"[A-Z][\w'’.-]*(?: (?:{NAME_LINKS})?[A-Z][\w'’.-]*)*")
_PLURAL_AFTER = re.compile(r"\b(?P<det>which|the) (?P<noun>[a-z]+s)\b")
_AGREE = {"are": "is", "were": "was", "Are": "Is", "Were": "Was"}
_SEPARATOR = re.compile(r",\s+(?:and\s+)?|\s+and\s+")
_SET = re.compile(
    r"^(?P<wh>What|Who) (?:are|were) the (?P<attr>[a-z][\w'-]*(?: [a-z][\w'-]*){0,2}) "
    r"(?:of|for) the (?P<set>.+)\?$"
)
_DESCRIBED = re.compile(r"^(?P<noun>[a-z]+(?:ies|s)) (?:that|which|who) (?P<rest>.+)$")
_OPENERS = frozenset(
    "The A An It Its This These Those Their His Her He She They In On At By As Of For From With Its".split()
)


def _singular(words: str) -> str:
    """A phrase made singular: "capital cities" -> "capital city", "lead vocalists" -> "lead vocalist"."""
    head, _, last = words.rpartition(" ")
    if last.endswith("ies"):
        last = last[:-3] + "y"
    elif last.endswith(("ches", "shes", "sses", "xes")):
        last = last[:-2]
    elif last.endswith("s") and not last.endswith("ss"):
        last = last[:-1]
    return f"{head} {last}".strip()


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
    return _PLURAL_AFTER.sub(lambda m: f"{m['det']} {_singular(m['noun'])}", frame)


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
        template = f"{described['wh']} is the {_singular(described['attr'])} of {MEMBER}?"
        return [SubQuestion(first), SubQuestion(template, depends_on=0)]
    return [SubQuestion(question)]


def members(answer: str, question: str, limit: int) -> list[str]:
    """The names that a verified answer gives for ``question``, in order, at most ``limit``.

    Capitalised names of the answer that the question does not hold ("Pakistan borders India, Iran and China."
    for "Which countries border Pakistan?" -> India, Iran, China), up to the first sentence that names two or
    more: that list is the set asked for, and a later sentence says something else of it ("The Atlas
    Mountains … stretch through Morocco, Algeria and Tunisia").
    """
    asked = {w.lower() for w in re.findall(r"[\w'’.-]+", question)}
    found: list[str] = []
    for sentence in re.split(r"(?<=[.!?])\s+", answer):
        before = len(found)
        for match in _ANSWER_NAME.finditer(sentence):
            name = match.group(0).rstrip(".")
            words = name.split()
            if match.start() == 0 and words[0] in _OPENERS:
                words = words[1:]
            name = " ".join(words)
            if name and not {w.lower() for w in words} & asked and name not in found:
                found.append(name)
        if len(found) - before >= 2:
            break
    return found[:limit]


def fill(template: str, member: str) -> str:
    """A dependent sub-question for one member of the answer it waited for."""
    return template.replace(MEMBER, member)


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
