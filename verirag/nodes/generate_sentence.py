"""generate_sentence — VTG's sentence generator: the next sentence of the answer from the question,
the sentences kept so far and long ∪ short-term memory; the end signal (or the ``max_sentences`` cap)
finishes the answer. A sentence that adds no new information ends it too: one whose content words are
already (≥ 80 %) in the kept sentences, as small models tend to restate the answer. With
``unverified="drop"`` (the default) the answer also ends after a sentence that could not be verified:
once the documents failed to support a claim after its trials, writing on would build on it. With
``beam_width`` > 1 the sentence is the winner of Self-RAG's segment beam (:mod:`.segment_beam`)."""

from __future__ import annotations

import time
from langgraph.runtime import Runtime

from verirag.evidence import content_words
from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.state import Draft, State, memory
from verirag.nodes.segment_beam import best_segment
from verirag.parsing import parse_sentence
from verirag.prompts import writer as prompt
from verirag.usage import node_usage

REPEAT_OVERLAP = 0.8


def repeats(text: str, kept: list[str], overlap: float = REPEAT_OVERLAP) -> bool:
    """True when the sentence's content words are mostly already said."""
    words = content_words(text)
    said = set().union(*(content_words(k) for k in kept)) if kept else set()
    return bool(words) and len(words & said) >= overlap * len(words)


def generate_sentence(state: State, runtime: Runtime[Context]) -> dict:
    started = time.perf_counter()
    ctx = runtime.context
    kept = state.get("sentences") or []
    stopped = ctx.unverified == "drop" and bool(kept) and kept[-1]["verified_by"] == "none"
    if len(kept) >= ctx.max_sentences or stopped:
        return {"draft": None, "usage": node_usage("generate_sentence", seconds=time.perf_counter() - started)}
    so_far = " ".join(s["text"] for s in kept)

    def is_new(text: str) -> bool:
        return not repeats(text, [s["text"] for s in kept])

    model, score = resources.model(runtime), None
    if ctx.beam_width > 1:
        best, replies, fallbacks = best_segment(model, memory(state), state["question"], so_far, is_new, ctx)
        text, score = (best.text, round(best.score, 4)) if best else (None, None)
    else:
        reply = model.invoke(prompt.next_sentence(memory(state), state["question"], so_far),
                             max_tokens=ctx.max_sentence_tokens)
        replies, text = [reply], parse_sentence(reply.text, prompt.END)
        # a reply with no usable sentence ends the answer (a safe default, counted unless it was the signal)
        fallbacks = int(text is None and prompt.END.strip("[]") not in reply.text.upper() and bool(reply.text.strip()))
        text = text if text and is_new(text) else None
    draft = Draft(text=text, citations=[], support=None, verified_by="none", status="cited",
                  score=score, trial=state.get("trials", 0), quotes=[]) if text else None
    return {"draft": draft, "usage": node_usage("generate_sentence", replies, time.perf_counter() - started,
                                                fallbacks=fallbacks)}
