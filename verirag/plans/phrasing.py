"""A question as a clause of the refusal ("who the director of X was"), and whether a sentence answers it."""

from __future__ import annotations

import re

from verirag.verify.lexicon import (
    NAME,
    claim_words,
    content_words,
    key_terms,
    stems_held,
)

_AUX = re.compile(r"^(?P<wh>what|who|which|where|when) (?P<aux>is|are|was|were) (?P<rest>.+)$", re.IGNORECASE)


# a yes/no question about a named member (a test of a set's members: "Has {member} won …?")
_YES_NO = re.compile(
    rf"^(?P<aux>[Ii]s|[Aa]re|[Ww]as|[Ww]ere|[Hh]as|[Hh]ave|[Hh]ad|[Dd]oes|[Dd]o|[Dd]id) (?P<subject>{NAME})"
    r" (?P<rest>[a-z].*)$"
)


def indirect(question: str) -> str:
    """A question as the clause after "The documents do not say".

    "What is the capital of X?" -> "what the capital of X is"; "Who wrote Y?" -> "who wrote Y"; "Was X born in
    Y?" -> "whether X was born in Y".
    """
    question = question.strip().rstrip("?.").strip()
    match = _AUX.match(question)
    if match:
        return f"{match['wh'].lower()} {match['rest']} {match['aux']}"
    asked = _YES_NO.match(question)  # "Is Frozen made by Disney?" -> "whether Frozen is made by Disney"
    if asked:
        return f"whether {asked['subject']} {asked['aux'].lower()} {asked['rest']}"
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
