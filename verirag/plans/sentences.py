"""A question asked in steps: a first sentence or clause, then one that points back to its answer.

"Denmark has two autonomous territories. What are they called, and what's the capital of each?": the set,
then each member's capital. "Which dynasty did Trajan belong to? List its first five emperors and …": the
dynasty, then the rest planned as a question of its own about it, a chain.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from verirag.plans.clauses import (
    AND_ASKS,
    ASKING,
    ORDER_OPENING,
    asked_of_each,
    of_answer,
    of_each_one,
    placed,
)
from verirag.plans.parsed import set_question
from verirag.plans.parts import MEMBER, SubQuestion
from verirag.plans.phrases import NOT_NOUN, asks_for_one
from verirag.plans.valid import asks_for_set

# where a step ends: a sentence's end (not an initial's: "the U.S. in 2019"), or a comma or dash before the
# next question's word (or, after a dash, an order to name the members again)
_STEP = re.compile(
    r"(?<=[\w)'’\"”](?<![A-Z])[.!])\s+(?=[A-Z])|(?<=\?)\s+(?=[A-Za-z])"
    rf"|(?:,(?: and)?| and) (?={ASKING}(?! (?:is|are|was|were)\b,?$))"
    rf"| [—–-] (?=(?:name|list|identify|give|tell me|say) (?:them|these|those)\b|{ASKING})"
)


# a later step naming the members of a set ("they", "each of them", "their", "those neighbours") or one thing
# ("it", "its", "that country")
_MEMBERS = re.compile(r"\b(?:they|them|their|each|these|those)\b", re.IGNORECASE)
_THEY = re.compile(
    r"\b(?:they|them|their|each|these|those|he|she|his|her)\b", re.IGNORECASE
)  # or one of them
_IT = re.compile(
    r"\b(?P<owner>its|his|(?:that|this) (?P<noun>[a-z]+)['’]s)\b"
    rf"|\b(?P<it>it|he|she|him|(?:that|this) (?!(?:{NOT_NOUN})\b)(?P<kind>[a-z]+))\b(?!['’])",
    re.IGNORECASE,
)


# the set asked for again before what is asked of it: "Which (elements) are they, …", "What are they called,
# and …", "What are those teams and …", "What are their names and …", "Name them and …"
_AGAIN = re.compile(
    r"^(?:(?:which|what|who)(?: [a-z]+s)? (?:are|were) "
    r"(?:they|these|those|the [a-z]+s|those [a-z]+s|these [a-z]+s)"
    r"(?: called)?|what are their names"
    r"|(?:name|list|identify|give|tell me|say) (?:them|these|those)(?: all)?)(?:,? and |, |[?.]?$)",
    re.IGNORECASE,
)


# a person's pointers, and all that point to the one thing a first step asks for (before "that <noun>", which
# may open a relative clause)
_HE = frozenset("he she him his".split())
_POINTERS = _HE | {"it", "its"}
# "Who founded X, and whom did he succeed?": the rest asks of "he", the one person the first step asks for
_ASKS_OF_HIM = re.compile(rf"{ASKING}[^.?!]*\b(?:{'|'.join(_HE)})\b", re.IGNORECASE)


# a word that joins the rest to the first step ("Then, …")
_THEN = re.compile(r"^(?:then|and|also|next),?\s+", re.IGNORECASE)


# a member compared with the others, not asked alone ("Among these venues, …"), or a pointer left over: "the
# motto for each of these Olympic Games" after the host cities points to others
_AMONG = re.compile(
    rf"\b(?:among|between|which of|who of) {re.escape(MEMBER)}|\b(?:these|those)\b", re.IGNORECASE
)


# names no question holds, each standing for a step's answer while the rest is planned (one a step)
_STAND_INS = ("Zorvania", "Quellmark", "Brindova")


def in_steps(question: str, split: Callable[[str], list[SubQuestion]]) -> list[SubQuestion]:
    """The parts of a question asked in steps ([] when it is not): the first step, then the rest of it.

    ``split`` plans a question of its own (the rules' planner); the rest about one thing is planned by it
    with that thing named, and waits for the first step's answer.
    """
    question = question.strip()
    for step in _STEP.finditer(question):
        first, rest = question[: step.start()], question[step.end() :]
        if not first.rstrip().endswith((".", "?", "!")) and re.search(r"[.?!]\s", first):
            continue  # a clause cut from a later sentence is no first step
        asked = _first_step(first)
        if asked is None:
            continue
        rest = _THEN.sub("", rest)
        rest = rest[:1].upper() + rest[1:]
        rest = rest if rest.endswith(("?", ".", "!")) else f"{rest}?"
        one = asks_for_one(asked) or (
            asked.startswith("Who ") and _ASKS_OF_HIM.match(rest) is not None and not _MEMBERS.search(rest)
        )
        if one and _IT.search(rest):
            parts = _about_it(asked, rest, split)
        elif not one and _MEMBERS.search(rest):
            parts = _of_each(asked, rest)
        else:
            parts = []
        if parts:
            return parts
    return []


# a question word inside a clause typed without its mark: "czechoslovakia split into which countries"
_IN_SITU = re.compile(r"^[a-z][^?.]* (?:which|what) [a-z]+s$", re.IGNORECASE)


def _first_step(step: str) -> str | None:
    """The question a first step asks: itself when it asks, its set made a question when it names one."""
    step = step.strip()
    if step.endswith("?") or _IN_SITU.search(step):  # "the gobi desert is in which countries?"
        return step[:1].upper() + step[1:].rstrip("?.") + "?"
    return set_question(step)  # "Belgium is split into three regions." -> "Which are the three regions …?"


def _of_each(first: str, rest: str) -> list[SubQuestion]:
    """The set, then each clause of the rest asked of one member."""
    then = ORDER_OPENING.sub("", _AGAIN.sub("", rest)).rstrip("?.")
    then = then[:1].lower() + then[1:]
    if re.search(r"[.?!]\s", then):
        return []  # a sentence after the clause: an instruction, or a step of its own
    clauses = AND_ASKS.split(then)
    one = re.search(r"\beach\b", clauses[0]) and not re.search(r"\b(?:they|them|their)\b", clauses[0])
    later = [of_each_one(c) if one else c for c in clauses]  # "When did each one rule, and who founded it?"
    if not then or not _MEMBERS.search(clauses[0]) or not all(_THEY.search(c) or of_answer(c) for c in later):
        return []  # "…, who is second, and …": something else; "which actors played her sisters": a chain
    asked = asked_of_each(then)
    if any(_AMONG.search(c.question) for c in asked):
        return []
    return [SubQuestion(first), *placed(asked, 0, 1)] if asked else []


def _about_it(asked: str, rest: str, split: Callable[[str], list[SubQuestion]]) -> list[SubQuestion]:
    """The one thing, then the rest planned with it named, each part that asked of it waiting for it.

    The rest is planned by ``split``, or as steps of its own ("Which river flows through it, and how long is
    it?"), under a name the rest does not hold yet.
    """
    name = next((n for n in _STAND_INS if n not in rest), None)
    if name is None:
        return []
    found = list(_IT.finditer(rest))  # "it" before "that <noun>", which may open a relative clause
    pointer = next((m for m in found if (m["it"] or m["owner"]).lower() in _POINTERS), found[0])
    said = f"{name}'s" if pointer["owner"] else name
    named = rest[: pointer.start()] + said + rest[pointer.end() :]
    person = (
        pointer["it"] or pointer["owner"]
    ).lower() in _HE  # what else is asked of a person: their own lead
    # "which countries border it", a person's other facts, "where does that river rise": the answer again
    asks_another = (
        asks_for_set(named) or asks_for_one(named) or person or bool(pointer["kind"] or pointer["noun"])
    )
    parts = split(named) or in_steps(named, split) or ([SubQuestion(named)] if asks_another else [])
    if not parts:
        return []  # one more thing asked of it ("… and when did it become the capital?"): one question
    moved: list[SubQuestion] = [SubQuestion(asked)]
    for part in parts:
        text = part.question.replace(f"{name}'s", f"{MEMBER}'s").replace(name, MEMBER)
        if part.depends_on is None and MEMBER in text:
            moved.append(replace(part, question=text, depends_on=0, group=None))
        elif part.depends_on is not None and name not in part.question:
            moved.append(replace(part, depends_on=part.depends_on + 1))
        else:
            return []  # the named thing inside a part that waits for another: two members in one part
    return moved if any(p.depends_on == 0 for p in moved[1:]) else []
