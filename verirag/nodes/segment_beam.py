"""Self-RAG's segment-level beam (optional: ``beam_width`` B > 1; B = 1 is plain VTG generation).

As in Self-RAG, the B candidates for the next sentence are generated in parallel, each from one of the
first B documents of long ∪ short-term memory, and critiqued:

* s(ISREL) = p(Relevant) / (p(Relevant) + p(Irrelevant)) of that document for the question;
* s(ISSUP) = the run's support decision for the candidate by that document (P(supported); with
  ``support_decision="issup"``, p(Fully) + ½·p(Partially));
* s(ISUSE) = Σ wᵢ·p(i), w = (−1, −0.5, 0, 0.5, 1), of the candidate for the question;

and ranked by p + w_rel·ISREL + w_sup·ISSUP + w_use·ISUSE, where p is the candidate's mean token
probability when the backend returns one log-probability per generated token (OpenAI-style), and 0
when it does not (the embedded llama.cpp model returns the first token's only). With
``hard_constraint`` candidates that the support decision rejects are dropped. The winner goes on
to VTG's citation and verification like any generated sentence. Candidates that signal the end, or
only restate what was said, are not candidates; when none is left the answer ends.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage

from verirag.graph.context import Context
from verirag.models import choice_probabilities_batch
from verirag.nodes.critique_answer import RATINGS, usefulness_scores
from verirag.nodes.support import decide
from verirag.parsing import parse_sentence
from verirag.prompts import writer as prompt
from verirag.stores.documents import Document


@dataclass
class Candidate:
    """One candidate sentence with its critiques and weighted score."""

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
    generated = (message.usage_metadata or {}).get("output_tokens", 0)
    if not content or len(content) < generated:
        return None
    return math.exp(sum(t["logprob"] for t in content) / len(content))


def weighted_score(candidate: Candidate, ctx: Context) -> float:
    """Self-RAG's segment score: p + w_rel·ISREL + w_sup·ISSUP + w_use·ISUSE."""
    return ((candidate.probability or 0.0) + ctx.w_rel * candidate.relevance + ctx.w_sup * candidate.support
            + ctx.w_use * candidate.usefulness)


def best_segment(model: BaseChatModel, documents: Sequence[Document], question: str, answer_so_far: str,
                 is_new: Callable[[str], bool], ctx: Context) -> tuple[Candidate | None, list[AIMessage], int]:
    """The highest-scoring candidate (or None: the answer ends), every reply, and parse fallbacks."""
    docs = list(documents[:ctx.beam_width])
    config = {"max_concurrency": ctx.max_concurrency}
    drafts = model.batch([prompt.next_sentence([d], question, answer_so_far) for d in docs], config=config,
                         max_tokens=ctx.max_sentence_tokens, logprobs=True)
    live = [(d, r, text) for d, r in zip(docs, drafts)
            if (text := parse_sentence(r.text, prompt.END)) and is_new(text)]
    if not live:
        return None, list(drafts), 0

    def judge(prompts, choices, default):
        return choice_probabilities_batch(model, prompts, choices, default, ctx.max_concurrency)

    rel = judge([prompt.relevance(d, question) for d, _, _ in live], ["Relevant", "Irrelevant"], "Irrelevant")
    sup = decide(model, [([d], t) for d, _, t in live], question, ctx)
    use = judge([prompt.usefulness(question, t) for _, _, t in live], RATINGS, "3")
    candidates = []
    for (doc, reply, text), r, s, u in zip(live, rel, sup, use):
        c = Candidate(text=text, document=doc, relevance=r.probabilities["Relevant"],
                      support=s.probability, unsupported=not s.passed,
                      usefulness=usefulness_scores(u.probabilities)["utility"],
                      probability=sequence_probability(reply))
        c.score = weighted_score(c, ctx)
        candidates.append(c)
    judgments = rel + [s.judgment for s in sup if s.judgment] + use
    replies = list(drafts) + [j.message for j in judgments]
    fallbacks = sum(not j.parsed for j in judgments)
    if ctx.hard_constraint:
        candidates = [c for c in candidates if not c.unsupported]
    best = max(candidates, key=lambda c: c.score, default=None)  # ties: the earlier document
    return best, replies, fallbacks
