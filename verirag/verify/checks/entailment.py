"""Check ``entailment``: the model asked whether the quote supports the claim, by its calibrated P(Yes).

Under ``support_decision="issup"``, Self-RAG's ISSUP over the whole documents instead: s(ISSUP) =
p(Fully) + 0.5·p(Partially) at 0.5. A bare "Yes" (no log-probabilities) is never certainty.
"""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import BaseMessage

from verirag import calibration
from verirag.documents import Document
from verirag.graph.context import Context
from verirag.models import Judgment, choice_probabilities_batch
from verirag.prompts import critiques as issup
from verirag.prompts import entailment
from verirag.prompts.documents import render_documents

GRADES = ["Fully", "Partially", "No"]
ISSUP_THRESHOLD = 0.5  # Self-RAG's ISSUP decision


def support_score(p: dict[str, float]) -> float:
    """s(ISSUP) from the normalised grade probabilities."""
    return p["Fully"] + 0.5 * p["Partially"]


def threshold(ctx: Context) -> float:
    """The pass threshold of the run's decision."""
    if ctx.support_threshold is not None:
        return ctx.support_threshold
    return ISSUP_THRESHOLD if ctx.support_decision == "issup" else calibration.for_model(ctx.model).threshold


def question(ctx: Context, documents: Sequence[Document], asked: str, sentence: str) -> list[BaseMessage]:
    """The judge's messages: does ``documents`` (the quote, or for issup the whole documents) support it?"""
    if ctx.support_decision == "issup":
        return issup.support(documents, asked, sentence)
    return entailment.messages(render_documents(documents), sentence)


def judge(model: BaseChatModel, asks: Sequence[list[BaseMessage]], ctx: Context) -> list[Judgment]:
    """The judge's answers to ``asks``, at most ``max_concurrency`` at once."""
    choices = GRADES if ctx.support_decision == "issup" else ["Yes", "No"]
    return choice_probabilities_batch(model, list(asks), choices, "No", ctx.max_concurrency)


def probability(ctx: Context, judgment: Judgment) -> float:
    """P(supported) of a judgment, on the decision's scale."""
    if ctx.support_decision == "issup":
        return support_score(judgment.probabilities)
    return calibration.for_model(ctx.model).probability(judgment.probabilities["Yes"], judgment.from_text)
