"""simplify_citations — VTG's citation simplifier: try removing each citation in turn and drop it for
good when the rest still supports the sentence (ISSUP >= ``support_threshold``). After tier 1 this runs
over the cited set, after tier 2 over the whole memory. Off (ablation "w/o Simplifier"): the set is
kept as it is. At most ``max_citations`` remain (ALCE reads only the first three).

With ``max_concurrency`` > 1 the first round of checks runs at once: every leave-one-out set is judged
together, and a citation whose removal already breaks support is kept without asking again (support
is monotone — a subset of an insufficient set is insufficient), so only the citations that passed
that round are re-checked in order. Under monotone support the result is exactly the sequential
greedy one. It saves a round trip per needed citation and costs more calls (the first round asks
about every citation, and each further removable one is asked again against the reduced set), so the
``local`` preset, whose calls cannot overlap, runs it sequentially (``max_concurrency = 1``).
"""

from __future__ import annotations

import time

from langgraph.runtime import Runtime

from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.state import State, memory
from verirag.nodes.support import support_score, supports
from verirag.usage import node_usage


def simplify_citations(state: State, runtime: Runtime[Context]) -> dict:
    started = time.perf_counter()
    ctx = runtime.context
    draft = dict(state["draft"])
    by_id = {d["id"]: d for d in memory(state)}
    current = [i for i in draft["citations"] if i in by_id]
    judgments: list = []

    def supported(*citation_sets: list[str]) -> list[bool]:
        batch = supports(resources.model(runtime), [([by_id[i] for i in ids], draft["text"]) for ids in citation_sets],
                         state["question"], ctx.max_concurrency)
        judgments.extend(batch)
        return [support_score(j.probabilities) >= ctx.support_threshold for j in batch]

    def without(doc_id: str) -> list[str]:
        return [i for i in current if i != doc_id]

    if ctx.simplifier and len(current) > 1:
        candidates = list(current)
        if ctx.max_concurrency > 1:  # first round at once; needed citations are not asked again
            candidates = [i for i, ok in zip(current, supported(*map(without, current))) if ok]
            if candidates:
                current = without(candidates.pop(0))
        for doc_id in candidates:
            if len(current) == 1:
                break  # a sentence keeps at least one citation
            if supported(without(doc_id))[0]:
                current = without(doc_id)
    draft.update(citations=current[:ctx.max_citations], status="simplified")
    return {"draft": draft,
            "usage": node_usage("simplify_citations", [j.message for j in judgments], time.perf_counter() - started,
                                sum(not j.parsed for j in judgments))}
