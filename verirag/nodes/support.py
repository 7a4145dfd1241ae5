"""Self-RAG's ISSUP as a score: s = p(Fully)/S + 0.5·p(Partially)/S over the three grades, from the
model's next-token probabilities (text matching as the fallback; "No" when unparseable). Shared by
both tiers of VTG's verifier, the citation simplifier and the segment beam."""

from __future__ import annotations

from typing import Sequence

from langchain_core.language_models.chat_models import BaseChatModel

from verirag.models import Judgment, choice_probabilities, choice_probabilities_batch
from verirag.prompts import writer as prompt
from verirag.stores.documents import Document

GRADES = ["Fully", "Partially", "No"]


def support_score(p: dict[str, float]) -> float:
    """s(ISSUP) from the normalised grade probabilities."""
    return p["Fully"] + 0.5 * p["Partially"]


def support(model: BaseChatModel, documents: Sequence[Document], question: str, sentence: str
            ) -> tuple[float, Judgment]:
    """Return (s(ISSUP), the judgment)."""
    judgment = choice_probabilities(model, prompt.support(documents, question, sentence), GRADES, default="No")
    return support_score(judgment.probabilities), judgment


def supports(model: BaseChatModel, checks: Sequence[tuple[Sequence[Document], str]], question: str,
             max_concurrency: int) -> list[Judgment]:
    """ISSUP judgments of independent (documents, sentence) checks, at most ``max_concurrency`` at once."""
    return choice_probabilities_batch(model, [prompt.support(docs, question, sentence) for docs, sentence in checks],
                                      GRADES, "No", max_concurrency)
