"""next_parts — after a wave of parts, the sub-questions that waited for them, once per member named.

Each sub-question that waited for a part now answered is asked once for every member that part's verified
answer names (at most ``max_parts`` parts in all; the members over the cap are kept as ``unasked``, and the
answer names them). A part that verified nothing names no member, so what waited for it is not asked (the
refusal names it).
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from verirag import plans
from verirag.graph.context import Context
from verirag.graph.state import State


def next_parts(state: State, runtime: Runtime[Context]) -> dict:
    """The parts waiting on the finished wave, one per member its verified answers name."""
    parts = state["parts"]
    done = {p["index"]: p for p in parts}
    expanded = list(state["expanded"])
    waiting: list[dict] = []
    unasked: list[str] = []
    room = runtime.context.max_parts - len(parts)
    for i, sub in enumerate(state["subquestions"]):
        source = done.get(sub["depends_on"]) if sub["depends_on"] is not None else None
        if source is None or i in expanded:
            continue
        expanded.append(i)
        verified = " ".join(s["text"] for s in source["sentences"] if s["verified_by"] != "none")
        named = plans.members(verified, source["question"], len(verified))
        left = max(room - len(waiting), 0)
        unasked += [plans.fill(sub["question"], member) for member in named[left:]]
        for member in named[:left]:
            waiting.append(
                {
                    "index": len(parts) + len(waiting),
                    "depends_on": source["index"],
                    "question": plans.fill(sub["question"], member),
                    "member": member,
                }
            )
    return {"waiting": waiting, "expanded": expanded, "unasked": unasked}
