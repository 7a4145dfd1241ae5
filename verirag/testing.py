"""Helpers for testing code built on verirag without a real model or embedder.

* :class:`ScriptedChatModel` — a chat model whose replies come from a Python function of the prompt, so a
  test can drive every branch of the graph deterministically and count the calls.
* :class:`HashEmbedder` — a deterministic bag-of-words embedder, so a real :class:`HybridStore` (Chroma +
  BM25) can be built in a temporary folder in milliseconds.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import ConfigDict, PrivateAttr

from verirag.stores.embeddings import HashEmbedder

__all__ = ["HashEmbedder", "ScriptedChatModel", "distribution_reply", "judgment_reply", "last_user_text"]

Responder = Callable[[list[BaseMessage], dict[str, Any]], "str | AIMessage"]


class ScriptedChatModel(BaseChatModel):
    """Replies with ``respond(messages, kwargs)``; records every call in :attr:`calls`.

    A ``str`` reply becomes an ``AIMessage`` with token counts (whitespace words), so the usage ledger
    sees realistic numbers. Return an ``AIMessage`` to control ``response_metadata`` (e.g. logprobs).
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)
    respond: Responder
    _calls: list = PrivateAttr(default_factory=list)
    _lock: Any = PrivateAttr(default_factory=threading.Lock)

    @property
    def calls(self) -> list[tuple[list[BaseMessage], dict[str, Any]]]:
        """Every call so far, as (messages, keyword arguments)."""
        return self._calls

    @property
    def _llm_type(self) -> str:
        return "verirag-scripted"

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        with self._lock:
            self._calls.append((list(messages), dict(kwargs)))
        reply = self.respond(list(messages), dict(kwargs))
        if isinstance(reply, str):
            prompt_tokens = sum(len(m.text.split()) for m in messages)
            reply = AIMessage(
                content=reply,
                usage_metadata={
                    "input_tokens": prompt_tokens,
                    "output_tokens": len(reply.split()),
                    "total_tokens": prompt_tokens + len(reply.split()),
                },
            )
        return ChatResult(generations=[ChatGeneration(message=reply)])


def distribution_reply(probabilities: dict[str, float]) -> AIMessage:
    """A reply carrying OpenAI-style next-token log-probabilities (``{token: p}``), content = argmax."""
    top: list[dict[str, Any]] = [
        {"token": token, "logprob": math.log(min(max(p, 1e-9), 1.0))} for token, p in probabilities.items()
    ]
    top.sort(key=lambda alt: -alt["logprob"])
    return AIMessage(
        content=top[0]["token"],
        response_metadata={"logprobs": {"content": [{**top[0], "top_logprobs": top}]}},
    )


def judgment_reply(p_yes: float, yes: str = "Yes", no: str = "No") -> AIMessage:
    """A Yes/No judgment reply with next-token log-probabilities."""
    p_yes = min(max(p_yes, 1e-6), 1 - 1e-6)
    return distribution_reply({yes: p_yes, no: 1 - p_yes})


def last_user_text(messages: Sequence[BaseMessage]) -> str:
    """The text of the last human message (what most responders inspect)."""
    return next((m.text for m in reversed(messages) if m.type == "human"), "")
