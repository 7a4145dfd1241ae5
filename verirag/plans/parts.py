"""A plan's parts: a sub-question, the placeholder a dependent part fills, its hops and member groups."""

from __future__ import annotations

from dataclasses import dataclass

MEMBER = "{member}"  # where a dependent sub-question takes a member of the answer it waits for


@dataclass(frozen=True)
class SubQuestion:
    """One part of a plan: a question, or a template with :data:`MEMBER` filled from another part's answer.

    The template's :data:`MEMBER` is filled from the verified answer of part ``depends_on``; ``group`` is the
    same question asked of several members at once (plural), for members that outnumber the parts left. A
    first part about several names the question holds (``members``) is asked once for each name, by its
    ``member_questions``.
    """

    question: str
    depends_on: int | None = None
    group: str | None = None
    members: tuple[str, ...] = ()
    member_questions: tuple[str, ...] = ()


def hops(parts: list[SubQuestion]) -> int:
    """The longest chain of parts each waiting for the one before (1: no part waits for another)."""
    depth: list[int] = []
    for part in parts:
        source = part.depends_on
        depth.append(depth[source] + 1 if source is not None and 0 <= source < len(depth) else 1)
    return max(depth, default=0)


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
