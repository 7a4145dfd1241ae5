"""Entailment judgments by a chat model, scored by probability (no NLI weights are installable offline).

Used by the evaluation (ALCE citation recall/precision), by the Rerank baseline, and by the citation
verifiers of the graph.
"""

from __future__ import annotations

import threading
from typing import Protocol, Sequence

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage

from verirag.models.scoring import choice_probabilities
from verirag.prompts import entailment as prompt
from verirag.stores.documents import Document
from verirag.text import render_documents


class EntailmentJudge(Protocol):
    """Anything that says whether documents entail a claim."""

    def entails(self, documents: Sequence[Document], claim: str) -> bool: ...


class ModelJudge:
    """A chat model asked "do the documents support the claim?", accepted when P(Yes) > ``threshold``.

    Judgments are memoised per (document ids, claim); every model reply is kept in :attr:`replies`
    and unparseable replies are counted in :attr:`fallbacks` (they count as "No").
    """

    def __init__(self, model: BaseChatModel, threshold: float = 0.5):
        self.model = model
        self.threshold = threshold
        self.replies: list[AIMessage] = []
        self.fallbacks = 0
        self._memo: dict[tuple, float] = {}
        self._lock = threading.Lock()

    def probability(self, documents: Sequence[Document], claim: str) -> float:
        """P(the documents entail the claim)."""
        key = (tuple(d.get("id") or d.get("text", "") for d in documents), claim)
        with self._lock:
            if key in self._memo:
                return self._memo[key]
        judgment = choice_probabilities(self.model, prompt.messages(render_documents(documents), claim),
                                        ["Yes", "No"], default="No")
        with self._lock:
            self.replies.append(judgment.message)
            self.fallbacks += 0 if judgment.parsed else 1
            self._memo[key] = judgment.probabilities["Yes"]
        return judgment.probabilities["Yes"]

    def entails(self, documents: Sequence[Document], claim: str) -> bool:
        return bool(documents) and self.probability(documents, claim) > self.threshold
