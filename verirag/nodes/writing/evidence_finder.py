"""evidence_finder — VTG's evidence finder, run after both verifier tiers failed.

M diverse, context-aware queries (sentence + question + preceding text), N documents each (searched
concurrently, up to ``max_concurrency``); they REPLACE short-term memory and the sentence is generated again.
Ablation "w/o QG": the sentence itself is the only query. Safe default (counted): a reply with no usable query
falls back to the sentence.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from langgraph.runtime import Runtime

from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.node import Step
from verirag.graph.state import State, current_draft
from verirag.parsing import parse_queries
from verirag.prompts import evidence_finder as prompt


def evidence_finder(state: State, runtime: Runtime[Context]) -> Step:
    """Search new evidence for the draft: the documents found replace short-term memory."""
    ctx = runtime.context
    sentence = current_draft(state)["text"]
    replies, fallbacks, queries = [], 0, [sentence]
    if ctx.query_generation:
        so_far = " ".join(s["text"] for s in state["sentences"])
        reply = resources.model(runtime).invoke(
            prompt.diverse_queries(state["question"], so_far, sentence, ctx.evidence_queries),
            max_tokens=24 * ctx.evidence_queries + 16,
        )
        replies = [reply]
        queries = parse_queries(reply.text, ctx.evidence_queries) or [sentence]
        fallbacks = int(queries == [sentence])
    store = resources.store(runtime)
    long_term = {d["id"] for d in state["long_term_memory"]}
    with ThreadPoolExecutor(max_workers=max(1, min(ctx.max_concurrency, len(queries)))) as pool:
        found = list(pool.map(lambda q: store.search(q, ctx.evidence_docs + len(long_term)), queries))
    short_term: dict = {}
    for hits in found:  # in query order, so the memory does not depend on which search finished first
        for doc in [d for d in hits if d["id"] not in long_term][: ctx.evidence_docs]:
            short_term.setdefault(doc["id"], doc)
    update = {
        "short_term_memory": list(short_term.values()),
        "trials": state["trials"] + 1,
        "draft": None,
    }
    return Step(update, replies, fallbacks)
