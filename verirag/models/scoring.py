"""Judgments scored by probability, with text parsing as the fallback.

:func:`choice_probabilities` normalises the next-token probability mass of each allowed answer (small
models are biased in free text); from a backend without log-probabilities the reply text is matched
instead, flagged ``from_text`` and counted per node in the usage ledger.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage

from verirag.usage import SCORED_FROM_TEXT

TOP_LOGPROBS = 20
JUDGE_KWARGS: dict[str, Any] = {
    "logprobs": True,
    "top_logprobs": TOP_LOGPROBS,
    "max_tokens": 1,
}  # the answer's first token


@dataclass
class Judgment:
    """Normalised probabilities over the allowed answers of one judgment."""

    probabilities: dict[str, float]
    message: AIMessage
    from_text: bool = False
    parsed: bool = True

    @property
    def best(self) -> str:
        """The likeliest answer."""
        return max(self.probabilities, key=self.probabilities.__getitem__)


def _normal(token: str) -> str:
    return token.strip().strip("[]()\"'*.:").lower()


def probabilities_from_logprobs(top: Sequence[dict], choices: Sequence[str]) -> dict[str, float] | None:
    """Sum, per choice, the probability of first tokens that begin that choice; normalise over choices.

    ``top`` is an OpenAI-style ``top_logprobs`` list (``{"token", "logprob"}``). Returns ``None`` when
    none of the alternatives starts any choice.
    """
    mass = {c: 0.0 for c in choices}
    for alt in top:
        token = _normal(alt.get("token", ""))
        if not token:
            continue
        for choice in choices:
            if _normal(choice).startswith(token) and len(token) >= min(2, len(_normal(choice))):
                mass[choice] += math.exp(alt["logprob"])
                break
    total = sum(mass.values())
    if total <= 0:
        return None
    return {c: m / total for c, m in mass.items()}


def probabilities_from_text(text: str, choices: Sequence[str]) -> dict[str, float] | None:
    """One-hot over the choice whose word appears first in ``text``; ``None`` if none does."""
    lowered = text.lower()
    found = [(lowered.find(_normal(c)), c) for c in choices if _normal(c) in lowered]
    if not found:
        return None
    first = min(found)[1]
    return {c: 1.0 if c == first else 0.0 for c in choices}


def choice_probabilities(
    model: BaseChatModel, messages: list[BaseMessage], choices: Sequence[str], default: str
) -> Judgment:
    """Ask ``model`` a closed question and score each allowed answer.

    Prompts must ask for the bare answer word (e.g. ``Yes``/``No``) so the first token decides it.
    When neither log-probabilities nor text match, ``default`` gets probability 1 and the judgment is
    marked ``parsed=False`` (callers count that in the usage ledger).
    """
    return judgment_from(model.invoke(messages, **JUDGE_KWARGS), choices, default)


def choice_probabilities_batch(
    model: BaseChatModel,
    prompts: Sequence[list[BaseMessage]],
    choices: Sequence[str],
    default: str,
    max_concurrency: int,
) -> list[Judgment]:
    """:func:`choice_probabilities` for independent questions, at most ``max_concurrency`` at once."""
    if not prompts:
        return []
    replies = model.batch(list(prompts), config={"max_concurrency": max(1, max_concurrency)}, **JUDGE_KWARGS)
    return [judgment_from(reply, choices, default) for reply in replies]


def judgment_from(message: AIMessage, choices: Sequence[str], default: str) -> Judgment:
    """Score a reply to a closed question: log-probabilities first, then the text, then ``default``."""
    logprobs = (message.response_metadata or {}).get("logprobs") or {}
    content = logprobs.get("content") or []
    if content and content[0].get("top_logprobs"):
        probs = probabilities_from_logprobs(content[0]["top_logprobs"], choices)
        if probs is not None:
            return Judgment(probs, message)
    message.response_metadata[SCORED_FROM_TEXT] = True  # the usage ledger counts it ("from_text")
    probs = probabilities_from_text(message.text, choices)
    if probs is not None:
        return Judgment(probs, message, from_text=True)
    return Judgment({c: 1.0 if c == default else 0.0 for c in choices}, message, from_text=True, parsed=False)
