"""next_parts — after a wave of parts, the sub-questions that waited for them, once per member named.

Each sub-question that waited for a part now answered is asked for every member that part's verified answer
names, one part per member while there is room under ``max_parts``; members that outnumber the parts left
share them, several to a part (at most ``max_sentences`` and ``top_k``), asked in the plural. Members over
even that are kept as ``unasked``, and the answer names them. A part that verified nothing names no member,
so what waited for it is not asked (the refusal names it).
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from verirag import plans
from verirag.graph.context import Context
from verirag.graph.state import State
from verirag.text import join_names


def next_parts(state: State, runtime: Runtime[Context]) -> dict:
    """The parts waiting on the finished wave, for the members its verified answers name."""
    ctx = runtime.context
    parts = state["parts"]
    done = {p["index"]: p for p in parts}
    expanded = list(state["expanded"])
    waiting: list[dict] = []
    unasked: list[str] = []
    room = ctx.max_parts - len(parts)
    for i, sub in enumerate(state["subquestions"]):
        source = done.get(sub["depends_on"]) if sub["depends_on"] is not None else None
        if source is None or i in expanded:
            continue
        expanded.append(i)
        verified = " ".join(s["text"] for s in source["sentences"] if s["verified_by"] != "none")
        named = plans.members(verified, source["question"], len(verified))
        size = max(min(ctx.max_sentences, ctx.top_k), 1) if sub.get("group") else 1
        groups = plans.groups(named, room - len(waiting), size)
        unasked += [plans.fill(sub["question"], member) for member in named[sum(map(len, groups)) :]]
        for group in groups:
            alone = [plans.fill(sub["question"], member) for member in group]
            waiting.append(
                {
                    "index": len(parts) + len(waiting),
                    "depends_on": source["index"],
                    "question": alone[0] if len(group) == 1 else plans.fill(sub["group"], join_names(group)),
                    "members": group,
                    "member_questions": alone,
                }
            )
    return {"waiting": waiting, "expanded": expanded, "unasked": unasked}
