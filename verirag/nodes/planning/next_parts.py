"""next_parts — after a wave of parts, the sub-questions that waited for them, once per member named.

Each sub-question of the plan that waited for one now answered is asked for every member the verified
answers of that sub-question's parts name (a chain's third hop: the name each second-hop part gave), one
part per member while there is room under ``max_parts``, room being kept for the hops still to come;
members that outnumber the parts left share them, several to a part (at most ``max_sentences`` and
``top_k``), asked in the plural. Members over even that are kept as ``unasked``, and the answer names them.
A part that verified nothing names no member, so what waited for it is not asked (the refusal names it),
unless ``propose_members`` found them: ranked one at a time in the documents, or named by the model and each
placed in the set by a document (a part of their own, marked ``proposed``).
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from verirag import plans
from verirag.graph.context import Context
from verirag.graph.state import State
from verirag.text import join_names


def _later(subquestions: list[dict], index: int) -> int:
    """How many hops of the plan wait, one after another, on sub-question ``index``."""
    after = [i for i, sub in enumerate(subquestions) if sub["depends_on"] == index]
    return max((1 + _later(subquestions, i) for i in after), default=0)


def next_parts(state: State, runtime: Runtime[Context]) -> dict:
    """The parts waiting on the finished wave, for the members its verified answers name."""
    ctx = runtime.context
    parts = state["parts"]
    subquestions = state["subquestions"]
    expanded = list(state["expanded"])
    waiting: list[dict] = []
    unasked: list[str] = []
    room = ctx.max_parts - len(parts)
    for i, sub in enumerate(subquestions):
        sources = [p for p in parts if p["origin"] == sub["depends_on"]]
        if not sources or i in expanded:
            continue
        expanded.append(i)
        named = plans.verified_members(sources)  # each member, and the part whose answer named it first
        source = str(sub["depends_on"])
        by_rank = [m["member"] for m in state["ranked"].get(source, [])]  # found in documents
        named = named or dict.fromkeys(by_rank, sources[0]["index"])
        size = max(min(ctx.max_sentences, ctx.top_k), 1) if sub.get("group") else 1
        left = room - len(waiting)
        share = max(left // (1 + _later(subquestions, i)), 1) if left > 0 else 0
        groups = plans.groups(list(named), share, size)
        unasked += [plans.fill(sub["question"], member) for member in list(named)[sum(map(len, groups)) :]]
        for group in groups:
            alone = [plans.fill(sub["question"], member) for member in group]
            waiting.append(
                {
                    "index": len(parts) + len(waiting),
                    "origin": i,
                    "depends_on": named[group[0]],
                    "question": alone[0] if len(group) == 1 else plans.fill(sub["group"], join_names(group)),
                    "members": group,
                    "member_questions": alone,
                    "proposed": False,
                }
            )
    return {"waiting": waiting, "expanded": expanded, "unasked": unasked}
