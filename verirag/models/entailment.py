"""The entailment judge of ALCE's citation metrics, played by a chat model scored by probability.

No NLI weights are installable offline. It is the evaluation's judge, and the Rerank baseline's (which keeps
the sampled answer with the best citation recall). The graph's own verifier is :mod:`verirag.critiques`.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage

from verirag.documents import Document
from verirag.models.scoring import choice_probabilities, choice_probabilities_batch
from verirag.prompts import entailment as prompt
from verirag.prompts.documents import render_documents


class ModelJudge:
    """A chat model asked "do the documents support the claim?", accepted when P(Yes) > ``threshold``.

    Judgments are memoised per (document ids, claim); every model reply is kept in :attr:`replies`
    and unparseable replies are counted in :attr:`fallbacks` (they count as "No").
    """

    def __init__(self, model: BaseChatModel, threshold: float = 0.5, max_concurrency: int = 4):
        self.model = model
        self.threshold = threshold
        self.max_concurrency = max_concurrency
        self.replies: list[AIMessage] = []
        self.fallbacks = 0
        self._memo: dict[tuple, float] = {}
        self._lock = threading.Lock()

    @staticmethod
    def _key(documents: Sequence[Document], claim: str) -> tuple:
        return tuple(d.get("id") or d.get("text", "") for d in documents), claim

    def _record(self, key: tuple, judgment) -> float:
        with self._lock:
            self.replies.append(judgment.message)
            self.fallbacks += 0 if judgment.parsed else 1
            self._memo[key] = judgment.probabilities["Yes"]
        return judgment.probabilities["Yes"]

    def probability(self, documents: Sequence[Document], claim: str) -> float:
        """P(the documents entail the claim)."""
        key = self._key(documents, claim)
        with self._lock:
            if key in self._memo:
                return self._memo[key]
        return self._record(
            key,
            choice_probabilities(
                self.model, prompt.messages(render_documents(documents), claim), ["Yes", "No"], default="No"
            ),
        )

    def prefetch(self, checks: Sequence[tuple[Sequence[Document], str]]) -> None:
        """Judge independent (documents, claim) checks concurrently, so later calls hit the memo.

        Up to ``max_concurrency`` at once.
        """
        todo: dict[tuple, tuple] = {}
        for documents, claim in checks:
            key = self._key(documents, claim)
            if documents and key not in self._memo:
                todo.setdefault(key, (documents, claim))
        prompts = [prompt.messages(render_documents(docs), claim) for docs, claim in todo.values()]
        judgments = choice_probabilities_batch(self.model, prompts, ["Yes", "No"], "No", self.max_concurrency)
        for key, judgment in zip(todo, judgments, strict=True):
            self._record(key, judgment)

    def entails(self, documents: Sequence[Document], claim: str) -> bool:
        """Whether P(``documents`` support ``claim``) is above the threshold (never without documents)."""
        return bool(documents) and self.probability(documents, claim) > self.threshold
