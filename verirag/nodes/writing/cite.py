"""cite — VTG's citation generator, separate from generation: 1-3 documents of memory for the one sentence.

The memory is long ∪ short-term memory. Markers pointing outside the memory are dropped; a reply with no
usable marker leaves the sentence uncited (counted as a fallback), which the verifier then treats as
unsupported by its citations.
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.node import Step
from verirag.graph.state import State, current_draft, memory
from verirag.prompts import cite as prompt
from verirag.text import parse_citations


def cite(state: State, runtime: Runtime[Context]) -> Step:
    """Cite the draft: the memory documents its markers name, at most ``max_citations``."""
    ctx = runtime.context
    draft = current_draft(state).copy()
    docs = memory(state)
    reply = resources.model(runtime).invoke(
        prompt.cite(docs, draft["text"]), max_tokens=ctx.max_sentence_tokens + 16
    )
    _, numbers = parse_citations(reply.text)
    ids = [docs[n - 1]["id"] for n in numbers if 1 <= n <= len(docs)][: ctx.max_citations]
    draft.update({"citations": ids, "status": "cited" if ctx.verifier else "unchecked"})
    return Step({"draft": draft}, [reply], int(not ids))
