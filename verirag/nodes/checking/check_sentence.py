"""check_sentence — one sentence of an answer written elsewhere, checked as verirag checks its own.

It gets the support decision of the run (with ``atomic_claims``, atom by atom: a list or compound sentence
holds only if every atom does; off by default, as measured on the verifier benchmark) against the documents it
cites, with the minimal verbatim quote that holds it (``quotes``, as the simplifier finds it); one that cites
nothing or fails is checked against all the documents, to suggest the citations that would hold it. Its
verdict goes to the custom stream as ``{"event": "verdict", ...}`` as soon as it is decided.
"""

from __future__ import annotations

from dataclasses import replace

from langgraph.runtime import Runtime

from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.node import Step
from verirag.verify import Quote, atom_records, decide, minimal_quotes
from verirag.withhold import given_span


def check_sentence(state: dict, runtime: Runtime[Context]) -> Step:
    """Check one sentence against the documents it cites; suggest the citations that hold it when it fails."""
    ctx = runtime.context
    model, sentence, sources = resources.model(runtime), state["sentence"], state["sources"]
    cited = [sources[n - 1] for n in sentence["citations"]]  # read_answer: every number names a document
    (check,) = decide(model, [(cited, sentence["text"])], state.get("question", ""), ctx)
    replies, suggested, quotes = check.replies, [], list(check.quotes)
    if check.passed and ctx.quotes:  # the minimal verbatim quote, as verirag's own sentences carry
        quotes, asked = minimal_quotes(
            model,
            cited,
            sentence["text"],
            check.quotes,
            state.get("question", ""),
            replace(ctx, atomic_claims=False),
        )
        replies += [r for c in asked for r in c.replies]
    if not check.passed and sources:
        (anywhere,) = decide(model, [(sources, sentence["text"])], state.get("question", ""), ctx)
        replies += anywhere.replies
        if anywhere.passed:
            suggested = sorted({int(q.doc) for q in anywhere.quotes})
    verdict = "supported" if check.passed else "uncited" if not sentence["citations"] else "unsupported"
    record = {
        **sentence,
        "verdict": verdict,
        "support": round(check.probability, 4),
        "quotes": [_as_given(q, state).as_dict() for q in quotes] if check.passed else [],
        "atoms": atom_records(check),
        "missing": check.missing,
        **check.explained(),  # decided_by, found
        "suggested": suggested,
    }
    runtime.stream_writer({"event": "verdict", **record})
    return Step({"checked": [record]}, replies)


def _as_given(quote: Quote, state: dict) -> Quote:
    """``quote`` as a span of its document's text as given (withheld sentences put back)."""
    number, given = int(quote.doc), state.get("given") or []
    if number > len(given):
        return quote
    start, end = given_span(given[number - 1], state["sources"][number - 1]["text"], quote.start, quote.end)
    return replace(quote, start=start, end=end)
