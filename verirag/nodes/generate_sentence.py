"""generate_sentence — VTG's sentence generator: the next sentence of the answer from the question,
the sentences kept so far and long ∪ short-term memory; the end signal (or the ``max_sentences`` cap)
finishes the answer. A reply that repeats a kept sentence also ends it."""

from __future__ import annotations

import time

from langgraph.runtime import Runtime

from verirag.eval.metrics import normalize_answer
from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.state import Draft, State, memory
from verirag.parsing import parse_sentence
from verirag.prompts import writer as prompt
from verirag.usage import node_usage


def generate_sentence(state: State, runtime: Runtime[Context]) -> dict:
    started = time.perf_counter()
    ctx = runtime.context
    kept = state.get("sentences") or []
    if len(kept) >= ctx.max_sentences:
        return {"draft": None, "usage": node_usage("generate_sentence", seconds=time.perf_counter() - started)}
    so_far = " ".join(s["text"] for s in kept)
    reply = resources.model(runtime).invoke(prompt.next_sentence(memory(state), state["question"], so_far),
                                            max_tokens=ctx.max_sentence_tokens)
    text = parse_sentence(reply.text, prompt.END)
    if text and normalize_answer(text) in {normalize_answer(s["text"]) for s in kept}:
        text = None
    draft = Draft(text=text, citations=[], support=None, verified_by="none", status="cited") if text else None
    return {"draft": draft, "usage": node_usage("generate_sentence", [reply], time.perf_counter() - started)}
