"""grounded_refusal — Trust-Score's grounded refusal: when the documents do not answer, say so plainly.

With ``unverified="drop"``, a sentence without citations (``refusal``, appended by ``finalize``) says
that nothing was verified, or what the verified answer leaves open; an unusable reply falls back to
:data:`verirag.refusal.PART_UNKNOWN`. With ``unverified="show"`` or the one-answer writer, nothing is done.
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from verirag import refusal
from verirag.evidence import content_words
from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.node import Step
from verirag.graph.state import State
from verirag.parsing import parse_gap
from verirag.prompts import grounded_refusal as prompt

MAX_OMITTED = 3  # left-out atoms named in the refusal


def checked_gap(gap: str | None, question: str, answer: str) -> str | None:
    """Zero-token checks of a named gap against the question and the answer.

    Words from neither the question nor the answer make it unusable (None); a gap whose content words the
    answer already holds is no gap ("").
    """
    if not gap:
        return gap
    words, answered = content_words(gap), content_words(answer)
    if not words or not words <= content_words(question) | answered:
        return None
    return "" if words <= answered else gap


def grounded_refusal(state: State, runtime: Runtime[Context]) -> Step:
    """The refusal that ends the answer, naming what its verified sentences leave out."""
    ctx = runtime.context
    if ctx.writer != "vtg" or ctx.unverified != "drop":
        return Step({"refusal": None})
    sentences = state["sentences"]
    verified = [s for s in sentences if s["verified_by"] != "none"]
    text: str | None  # None: the verified sentences leave nothing out
    replies, fallbacks, text = [], 0, refusal.NOTHING_VERIFIED
    omitted = [atom for s in verified for atom in s.get("omitted") or []]
    if omitted:  # atoms left out of rewritten sentences: named as they are, no model call
        text = " ".join(refusal.not_said(a) for a in omitted[:MAX_OMITTED])
    elif verified:
        if len(verified) == len(sentences) and state["retrieval_verified"]:
            return Step({"refusal": None})  # nothing dropped, and the documents were judged sufficient
        answer = " ".join(s["text"] for s in verified)
        replies = [resources.model(runtime).invoke(prompt.messages(state["question"], answer), max_tokens=24)]
        gap = checked_gap(parse_gap(replies[0].text, prompt.NONE), state["question"], answer)
        fallbacks = int(gap is None)
        text = (
            None
            if gap == ""
            else refusal.PART_UNKNOWN
            if gap is None
            else refusal.PART_MISSING.format(gap=gap)
        )
    if text:
        runtime.stream_writer({"event": "refusal", "text": text})
    return Step({"refusal": text}, replies, fallbacks)
