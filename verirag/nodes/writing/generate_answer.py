"""generate_answer — one prompt for a whole cited answer (ALCE "Vanilla"), or the best of several ("Rerank").

With ``answer_samples > 1``, ALCE "Rerank": several answers sampled at high temperature, the one with the best
citation recall kept. Citation numbers in the reply are mapped back to stable document ids at once.
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from verirag.citations import citation_scores
from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.node import Step
from verirag.graph.state import Sentence, State
from verirag.models.entailment import ModelJudge
from verirag.parsing import parse_cited_reply
from verirag.prompts import generate_answer as prompt


def generate_answer(state: State, runtime: Runtime[Context]) -> Step:
    """Ask the model for a cited answer over long-term memory (best of ``answer_samples``)."""
    ctx = runtime.context
    model = resources.model(runtime)
    documents = state["long_term_memory"]
    messages = prompt.messages(documents, state["question"])
    if ctx.answer_samples <= 1:
        replies = [model.invoke(messages, max_tokens=ctx.max_answer_tokens)]
        best, judge_replies, fallbacks = replies[0], [], 0
    else:
        replies = [
            model.invoke(
                messages, max_tokens=ctx.max_answer_tokens, temperature=ctx.sample_temperature, seed=seed
            )
            for seed in range(1, ctx.answer_samples + 1)
        ]
        judge = ModelJudge(model, ctx.judge_threshold, ctx.max_concurrency)
        recalls = [citation_scores(r.text, documents, judge).recall for r in replies]
        best = replies[recalls.index(max(recalls))]  # ties: the earliest sample
        judge_replies, fallbacks = judge.replies, judge.fallbacks
    sentences = [
        Sentence(
            text=text, citations=ids, support=None, verified_by="none", score=None, generation=1, quotes=[]
        )
        for text, ids in parse_cited_reply(best.text, documents)
    ]
    return Step(
        {"sentences": sentences, "raw_answer": best.text},
        replies + judge_replies,
        fallbacks,
    )
