"""simplify_citations — VTG's citation simplifier: each citation the rest can do without is dropped.

Each citation in turn is tried removed, and dropped for good when the rest still supports the sentence (the
run's support decision); at most ``max_citations`` remain. With ``quotes`` on, the same one level down: each
citation keeps its minimal verbatim quote. Off (ablation "w/o Simplifier"): the set is kept as it is.
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.node import Step, Stopwatch
from verirag.graph.state import State, current_draft, memory
from verirag.verify import Quote, Support, decide, minimal_quotes


def simplify_citations(state: State, runtime: Runtime[Context]) -> Step:
    """Drop each citation of the draft that the rest can do without."""
    ctx = runtime.context
    draft = current_draft(state).copy()
    by_id = {d["id"]: d for d in memory(state)}
    current = [i for i in draft["citations"] if i in by_id]
    quotes = [Quote(**q) for q in draft.get("quotes") or [] if q["doc"] in by_id]
    checks: list[Support] = []

    def supported(*citation_sets: list[str]) -> list[Support]:
        batch = decide(
            resources.model(runtime),
            [([by_id[i] for i in ids], draft["text"]) for ids in citation_sets],
            state["question"],
            ctx,
        )
        checks.extend(batch)
        return batch

    def without(doc_id: str) -> list[str]:
        return [i for i in current if i != doc_id]

    if ctx.simplifier and len(current) > 1:
        candidates = list(current)
        if ctx.max_concurrency > 1:  # first round at once; needed citations are not asked again
            first = supported(*map(without, current))
            candidates = [i for i, check in zip(current, first, strict=True) if check.passed]
            if candidates:
                dropped = candidates.pop(0)
                quotes, current = list(first[current.index(dropped)].quotes), without(dropped)
        for doc_id in candidates:
            if len(current) == 1:
                break  # a sentence keeps at least one citation
            (check,) = supported(without(doc_id))
            if check.passed:
                quotes, current = list(check.quotes), without(doc_id)
    quote_checks: list[Support] = []
    quote_watch = Stopwatch("simplify_citations.quotes")  # the sentence-level part: what the quotes cost
    if ctx.quotes and quotes:  # the simplifier's procedure at sentence granularity
        quotes, quote_checks = minimal_quotes(
            resources.model(runtime),
            [by_id[i] for i in current],
            draft["text"],
            [q for q in quotes if q.doc in current],
            state["question"],
            ctx,
        )
        current = [i for i in current if any(q.doc == i for q in quotes)] or current
    draft.update(
        {
            "citations": current[: ctx.max_citations],
            "status": "simplified",
            "quotes": [q.as_dict() for q in quotes] if ctx.quotes else [],
        }
    )
    replies = [m for c in checks for m in c.replies]
    quote_replies = [m for c in quote_checks for m in c.replies]
    quote_fallbacks = sum(not c.judgment.parsed for c in quote_checks if c.judgment)
    return Step(
        {"draft": draft, "usage": quote_watch.entry(quote_replies, quote_fallbacks)},
        replies,
        sum(not c.judgment.parsed for c in checks if c.judgment),
    )
