"""generate_sentence — VTG's sentence generator: the next sentence of the answer.

It is written from the question, the sentences kept so far and long ∪ short-term memory. The answer ends at
the end signal, the ``max_sentences`` cap, a sentence that only restates, (``unverified="drop"``, the
default) after an unverified sentence, or (``end_when_answered``) after a verified sentence that answers the
question by itself. With ``beam_width`` B > 1 the sentence is the winner of Self-RAG's
segment beam (:mod:`verirag.beam`).
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from verirag import plans
from verirag.beam import best_segment
from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.node import Step
from verirag.graph.state import Draft, State, memory, said
from verirag.parsing import parse_sentence
from verirag.prompts import generate_sentence as prompt
from verirag.verify.repeats import repeats


def generate_sentence(state: State, runtime: Runtime[Context]) -> Step:
    """Write the next sentence of the answer as the draft, or end the answer (no draft)."""
    ctx = runtime.context
    kept = state["sentences"]
    stopped = ctx.unverified == "drop" and bool(kept) and kept[-1]["verified_by"] == "none"
    answered = (
        ctx.end_when_answered
        and bool(kept)
        and kept[-1]["verified_by"] != "none"
        and plans.answers(kept[-1]["text"], state["question"])
    )
    if len(kept) >= ctx.max_sentences or stopped or answered:
        return Step({"draft": None})
    so_far = " ".join(said(state))

    def is_new(text: str) -> bool:  # neither said already nor the prompt's instructions echoed
        return not repeats(text, [*said(state), prompt.INSTRUCTIONS])

    model, score = resources.model(runtime), None
    if ctx.beam_width > 1:
        best, replies, fallbacks = best_segment(model, memory(state), state["question"], so_far, is_new, ctx)
        text, score = (best.text, round(best.score, 4)) if best else (None, None)
    else:
        reply = model.invoke(
            prompt.next_sentence(memory(state), state["question"], so_far), max_tokens=ctx.max_sentence_tokens
        )
        replies, text = [reply], parse_sentence(reply.text, prompt.END)
        # a reply with no usable sentence ends the answer (a safe default, counted unless it was the signal)
        signalled = prompt.END.strip("[]") in reply.text.upper()
        fallbacks = int(text is None and not signalled and bool(reply.text.strip()))
        text = text if text and is_new(text) else None
    draft = (
        Draft(
            text=text,
            citations=[],
            support=None,
            verified_by="none",
            status="drafted",
            score=score,
            trials_before=state["trials"],
            quotes=[],
        )
        if text
        else None
    )
    return Step({"draft": draft}, replies, fallbacks)
