"""A model's plan read from its JSON reply, and checked."""

from __future__ import annotations

import json
from dataclasses import replace

from verirag.plans.clauses import of_each_one, of_member
from verirag.plans.parts import MEMBER, SubQuestion, hops
from verirag.plans.valid import valid


def from_reply(reply: str, question: str, max_parts: int = 6, max_hops: int = 3) -> list[SubQuestion]:
    """The plan a model's JSON reply gives (``{"parts": [{"question", "uses_answer_of"}]}``), if valid.

    One part (the question itself) when the reply is no such JSON, has more than ``max_parts`` parts or
    ``max_hops`` hops, or fails :func:`valid`. A reply whose parts count from 1 (a part waiting for its own
    number) is read counting from 1; a waiting part that names its member "they", "he", "it" or "these <noun>"
    ("Where were they born?", "Who did he succeed?") is asked of one member ("Where was {member} born?").
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
    parts = [_of_member(p) for p in parts]
    return parts if hops(parts) <= max_hops and valid(question, parts) else whole


def _of_member(part: SubQuestion) -> SubQuestion:
    """A waiting part that says "they" for its members, asked of one member (else ``part``)."""
    clause = part.question.rstrip("?. ")
    if part.depends_on is None or MEMBER in part.question or not clause:
        return part
    found = of_member(of_each_one(clause[0].lower() + clause[1:]))
    return replace(part, question=found.question) if found else part
