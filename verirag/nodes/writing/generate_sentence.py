"""generate_sentence — VTG's sentence generator: the next sentence of the answer.

It is written from the question, the sentences kept so far and long ∪ short-term memory. The answer ends at
the end signal, the ``max_sentences`` cap, a sentence that only restates, or (``unverified="drop"``, the
default) after an unverified sentence. With ``beam_width`` B > 1 the sentence is the winner of Self-RAG's
segment beam (:func:`verirag.critiques.segment_score`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage
from langgraph.runtime import Runtime

from verirag import critiques
from verirag.atoms import atoms
from verirag.documents import Document
from verirag.evidence import content_words
from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.node import Step
from verirag.graph.state import Draft, State, memory
from verirag.parsing import parse_sentence
from verirag.prompts import generate_sentence as prompt

REPEAT_OVERLAP = 0.8


def repeats(text: str, kept: list[str], overlap: float = REPEAT_OVERLAP) -> bool:
    """True when every atom of the sentence (:func:`verirag.atoms.atoms`) mostly repeats what was said.

    An atom repeats when its content words are mostly already said: "Berlin is the capital of Germany" after
    "The capital of Germany is Berlin" is a restatement; a compound sentence that adds one new fact is not.
    """
    said = set().union(*(content_words(k) for k in kept)) if kept else set()

    def restated(atom: str) -> bool:
        words = content_words(atom)
        return bool(words) and len(words & said) >= overlap * len(words)

    return all(restated(atom) for atom in atoms(text))


@dataclass
class Candidate:
    """One candidate sentence of the segment beam, with its critiques and segment score."""

    text: str
    document: Document
    relevance: float
    support: float
    unsupported: bool  # the support decision rejects it
    usefulness: float
    probability: float | None
    score: float = 0.0


def sequence_probability(message: AIMessage) -> float | None:
    """Mean token probability of a reply, if the backend returned a log-probability per token."""
    content = ((message.response_metadata or {}).get("logprobs") or {}).get("content") or []
    generated = message.usage_metadata.get("output_tokens", 0) if message.usage_metadata else 0
    if not content or len(content) < generated:
        return None
    return math.exp(sum(t["logprob"] for t in content) / len(content))


def best_segment(
    model: BaseChatModel,
    documents: Sequence[Document],
    question: str,
    answer_so_far: str,
    is_new: Callable[[str], bool],
    ctx: Context,
) -> tuple[Candidate | None, list[AIMessage], int]:
    """The highest-scoring candidate (or None: the answer ends), every reply, and parse fallbacks."""
    docs = list(documents[: ctx.beam_width])
    drafts = model.batch(
        [prompt.next_sentence([d], question, answer_so_far) for d in docs],
        config={"max_concurrency": ctx.max_concurrency},
        max_tokens=ctx.max_sentence_tokens,
        logprobs=True,
    )
    live = [
        (d, r, text)
        for d, r in zip(docs, drafts, strict=True)
        if (text := parse_sentence(r.text, prompt.END)) and is_new(text)
    ]
    if not live:
        return None, list(drafts), 0
    rel = critiques.relevance(model, [d for d, _, _ in live], question, ctx)
    sup = critiques.decide(model, [([d], t) for d, _, t in live], question, ctx)
    use = critiques.usefulness(model, [t for _, _, t in live], question, ctx)
    candidates = []
    for (doc, reply, text), r, s, u in zip(live, rel, sup, use, strict=True):
        c = Candidate(
            text=text,
            document=doc,
            relevance=r.probabilities["Relevant"],
            support=s.probability,
            unsupported=not s.passed,
            usefulness=critiques.usefulness_scores(u.probabilities)["utility"],
            probability=sequence_probability(reply),
        )
        c.score = critiques.segment_score(c.probability, c.relevance, c.support, c.usefulness, ctx)
        candidates.append(c)
    judgments = rel + [s.judgment for s in sup if s.judgment] + use  # the fallbacks' count
    if ctx.hard_constraint:
        candidates = [c for c in candidates if not c.unsupported]
    best = max(candidates, key=lambda c: c.score, default=None)  # ties: the earlier document
    replies = [j.message for j in rel + use] + [m for s in sup for m in s.replies]
    return best, list(drafts) + replies, sum(not j.parsed for j in judgments)


def generate_sentence(state: State, runtime: Runtime[Context]) -> Step:
    """Write the next sentence of the answer as the draft, or end the answer (no draft)."""
    ctx = runtime.context
    kept = state.get("sentences") or []
    stopped = ctx.unverified == "drop" and bool(kept) and kept[-1]["verified_by"] == "none"
    if len(kept) >= ctx.max_sentences or stopped:
        return Step({"draft": None})
    so_far = " ".join(s["text"] for s in kept)

    def is_new(text: str) -> bool:
        return not repeats(text, [s["text"] for s in kept])

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
            status="cited",
            score=score,
            trial=state.get("trials", 0),
            quotes=[],
        )
        if text
        else None
    )
    return Step({"draft": draft}, replies, fallbacks)
