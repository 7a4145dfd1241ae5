"""Self-RAG's segment beam: candidate sentences, each written from one memory document, critiqued and ranked.

The winner has the best segment score (:func:`verirag.critiques.segment_score`); ``generate_sentence`` runs
the beam when ``beam_width`` > 1.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage

from verirag import critiques
from verirag.documents import Document
from verirag.graph.context import Context
from verirag.parsing import parse_sentence
from verirag.prompts import generate_sentence as prompt
from verirag.verify import decide


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
    sup = decide(model, [([d], t) for d, _, t in live], question, ctx)
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
