"""Self-RAG's critiques as scores: ISREL, ISUSE and the segment score (ISSUP is :mod:`verirag.verify`).

The segment score ranks beam candidates; each is scored by the probability of its answer token.
"""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.language_models.chat_models import BaseChatModel

from verirag.documents import Document
from verirag.graph.context import Context
from verirag.models import Judgment, choice_probabilities_batch
from verirag.prompts import critiques as prompt

RATINGS = ["1", "2", "3", "4", "5"]
USEFULNESS_WEIGHTS = {"1": -1.0, "2": -0.5, "3": 0.0, "4": 0.5, "5": 1.0}


def relevance(
    model: BaseChatModel, documents: Sequence[Document], question: str, ctx: Context
) -> list[Judgment]:
    """ISREL of each document for the question; s(ISREL) = p(Relevant) (normalised against Irrelevant)."""
    return choice_probabilities_batch(
        model,
        [prompt.relevance(d, question) for d in documents],
        ["Relevant", "Irrelevant"],
        "Irrelevant",
        ctx.max_concurrency,
    )


def usefulness(model: BaseChatModel, answers: Sequence[str], question: str, ctx: Context) -> list[Judgment]:
    """ISUSE of each answer: the 1-5 rating as a distribution over the five digits."""
    return choice_probabilities_batch(
        model, [prompt.usefulness(question, a) for a in answers], RATINGS, "3", ctx.max_concurrency
    )


def usefulness_scores(p: dict[str, float]) -> dict[str, float]:
    """s(ISUSE) = Σ wᵢ·p(i) in [−1, 1] ("utility") and the expected 1-5 rating."""
    return {
        "utility": round(sum(USEFULNESS_WEIGHTS[r] * p[r] for r in RATINGS), 4),
        "rating": round(sum(int(r) * p[r] for r in RATINGS), 4),
    }


def segment_score(
    probability: float | None, relevance: float, support: float, usefulness: float, ctx: Context
) -> float:
    """Self-RAG's segment score: p + w_rel·ISREL + w_sup·ISSUP + w_use·ISUSE (p = 0 when unknown)."""
    return (probability or 0.0) + ctx.w_rel * relevance + ctx.w_sup * support + ctx.w_use * usefulness
