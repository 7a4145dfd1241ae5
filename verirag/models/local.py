"""A LangChain chat model over llama-cpp-python, for the embedded GGUF (or any GGUF).

Why not ``langchain_community``'s ``ChatLlamaCpp``: judgments need token log-probabilities, and
llama-cpp-python only returns them for a ``Llama(logits_all=True)``, which computes the output layer for
every prompt token. A judgment needs the distribution of the *next* token only, which llama.cpp keeps
anyway; this model reads it directly. It speaks the same protocol as ``ChatOpenAI``: pass
``logprobs=True, top_logprobs=K`` and read ``response_metadata["logprobs"]["content"][0]["top_logprobs"]``.

The weights are loaded once per process (memory-mapped) and shared by up to ``n_slots`` llama.cpp
contexts, each with its own KV cache. Every call goes to the context whose cache shares the longest
prefix with its prompt, so interleaved kinds of prompts (write, cite, judge over other documents) each
keep their cached prefix instead of evicting one another; with every context taken, a cache that has
served no prefix lately (the retrieval stage's votes, once writing starts) is the one given up. The
reused count is reported as ``usage_metadata["input_token_details"]["cache_read"]``.
"""

from __future__ import annotations

import atexit
import math
import os
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import Field

if TYPE_CHECKING:
    from llama_cpp.llama_types import ChatCompletionRequestMessage


EVICTION_WEIGHT = 0.5  # a cached token thrown away is worth half a token evaluated now (it may be reused)
HIT_TOKENS = 32  # a prompt that reuses more than this (more than a chat header) is a hit of the cache
RECENT_CALLS = 8  # a cache hit within this many calls is in use (VTG's loop: about 6 calls a sentence)


class _Slot:
    """One llama.cpp context (its own KV cache) over the shared, memory-mapped weights."""

    def __init__(self, llm: Any):
        self.llm = llm
        self.lock = threading.Lock()
        self.last_used = 0.0
        self.last_hit = -RECENT_CALLS - 1  # the call that last reused this cache (> HIT_TOKENS tokens)


_pools: dict[tuple, list[_Slot]] = {}
_calls: dict[tuple, int] = {}  # calls made per pool (the clock of ``last_hit``)
# Contexts keep separate caches, but evaluation is serialised: every call decodes with all cores, and
# calls that overlapped on the same cores would only slow each other down (badly, with OpenMP spinning).
_computing: dict[tuple, threading.Lock] = {}
_pools_lock = threading.Lock()


def _close_all() -> None:
    """Free every context before interpreter teardown (llama-cpp-python's __del__ fails late)."""
    with _pools_lock:
        for pool in _pools.values():
            for slot in pool:
                slot.llm.close()
        _pools.clear()


def _new_llama(path: str, n_ctx: int, n_threads: int | None, seed: int) -> Any:
    from llama_cpp import Llama

    if not _pools:
        atexit.register(_close_all)
    # llama-cpp-python decodes with half the cores by default; on a 2-core machine all of them decode
    # 60 tokens in 2.1 s instead of 3.5 s (benchmarks/llama_threads.py, docs/benchmarks.md)
    return Llama(model_path=path, n_ctx=n_ctx, n_threads=n_threads or os.cpu_count() or 1, n_batch=512,
                 seed=seed, verbose=False)


def _common_prefix(llm: Any, tokens: list[int]) -> int:
    cached = llm.input_ids[: llm.n_tokens].tolist()
    n = 0
    for a, b in zip(cached, tokens, strict=False):  # lengths differ: the common prefix of the two
        if a != b:
            break
        n += 1
    return n


def _cost(slot: _Slot, tokens: list[int], in_use: bool = True) -> float:
    """Tokens to evaluate on ``slot``, plus half of the cache the prompt would overwrite there when that
    cache is in use."""
    shared = _common_prefix(slot.llm, tokens)
    return (len(tokens) - shared) + (EVICTION_WEIGHT * (slot.llm.n_tokens - shared) if in_use else 0.0)


def _acquire(key: tuple, tokens: list[int], n_slots: int) -> _Slot:
    """The free slot where ``tokens`` cost least: prompt tokens still to evaluate, plus half of the
    cached tokens the prompt would overwrite (a new context while the pool is not full costs the whole
    prompt, and is opened when every context is busy). So a prompt that shares only the system text
    and the first document with the memory-wide prompts does not evict their cache; each kind of prompt
    keeps its own warm context. With the pool full, a cache that no prompt has reused within the last
    :data:`RECENT_CALLS` calls counts nothing to overwrite: the retrieval stage's shuffled votes are
    given up before the memory the writing stage reads for every sentence (ties: least recently used)."""
    with _pools_lock:
        pool = _pools[key]
        _calls[key] = call = _calls.get(key, 0) + 1
        full = len(pool) >= n_slots
        free = [slot for slot in pool if not slot.lock.locked()]

        def cost(slot: _Slot) -> float:
            return _cost(slot, tokens, in_use=not full or call - slot.last_hit <= RECENT_CALLS)

        best = min(free or pool, key=lambda slot: (cost(slot), slot.last_used))
        if not full and (not free or cost(best) > len(tokens)):
            best = _Slot(_new_llama(*key))
            pool.append(best)
        if _common_prefix(best.llm, tokens) > HIT_TOKENS:
            best.last_hit = call
        best.lock.acquire()
        best.last_used = time.monotonic()
        return best


def _first(key: tuple) -> Any:
    """A loaded instance (for tokenizing and templates), loading the first slot if needed."""
    with _pools_lock:
        if key not in _pools:
            _pools[key] = [_Slot(_new_llama(*key))]
            _computing.setdefault(key, threading.Lock())
        return _pools[key][0].llm


def _role(message: BaseMessage) -> str:
    return {"human": "user", "ai": "assistant", "system": "system"}.get(message.type, "user")


class LocalChatModel(BaseChatModel):
    """Chat model running a GGUF file in-process with llama.cpp (CPU).

    The file must already be verified (see :func:`verirag.models.weights.local_model_path`).
    """

    model_path: str
    n_ctx: int = 4096
    n_threads: int | None = Field(default=None, description="decoding threads; None = every core")
    temperature: float = 0.0
    max_tokens: int = 384
    seed: int = 0
    n_slots: int = Field(default=3, description="llama.cpp contexts (~0.7 GB each) kept for prefix reuse")
    top_logprobs: int = Field(default=20, description="alternatives returned when logprobs=True")

    @property
    def _llm_type(self) -> str:
        return "verirag-llama-cpp"

    @property
    def _identifying_params(self) -> dict[str, Any]:
        return {"model_path": Path(self.model_path).name, "temperature": self.temperature}

    # -- internals --------------------------------------------------------------------------------
    def _key(self) -> tuple:
        return (self.model_path, self.n_ctx, self.n_threads, self.seed)

    def _prompt(self, llm, messages: list[BaseMessage]) -> str:
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        formatter = getattr(llm, "_verirag_formatter", None)
        if formatter is None:
            template = llm.metadata.get("tokenizer.chat_template")
            if not template:
                raise ValueError(f"{self.model_path} has no chat template in its metadata")
            vocab = llm._model

            def text(token_id: int) -> str:
                return vocab.token_get_text(token_id) if token_id >= 0 else ""

            formatter = Jinja2ChatFormatter(template=template, eos_token=text(llm.token_eos()),
                                            bos_token=text(llm.token_bos()), add_generation_prompt=True)
            llm._verirag_formatter = formatter
        chat = [{"role": _role(m), "content": m.text} for m in messages]
        # llama_cpp types each role's message separately; these plain dicts are what its formatter reads
        return formatter(messages=cast("list[ChatCompletionRequestMessage]", chat)).prompt

    @staticmethod
    def _reuse_prefix(llm, tokens: list[int]) -> int:
        """Number of leading prompt tokens already in llama.cpp's KV cache."""
        return min(_common_prefix(llm, tokens), len(tokens) - 1)  # evaluate >= 1 token to get logits

    def _next_token_logprobs(self, llm, tokens: list[int], k: int) -> tuple[list[dict], int]:
        """Evaluate the prompt and return the top-k next tokens with log-probabilities."""
        import numpy as np

        reused = self._reuse_prefix(llm, tokens)
        llm.n_tokens = reused
        llm.eval(tokens[reused:])
        # With logits_all=False llama.cpp keeps the logits of the last evaluated position only;
        # llama-cpp-python no longer copies them into ``scores``, so read them from the context.
        logits = np.ctypeslib.as_array(llm._ctx.get_logits(), shape=(llm.n_vocab(),)).astype(np.float64)
        logits -= logits.max()
        logprobs = logits - math.log(float(np.exp(logits).sum()))
        top = np.argsort(-logprobs)[:k]
        alternatives = [
            {"token": llm.detokenize([int(t)], special=True).decode("utf-8", errors="replace"),
             "logprob": float(logprobs[t])}
            for t in top
        ]
        return alternatives, reused

    # -- BaseChatModel ----------------------------------------------------------------------------
    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: CallbackManagerForLLMRun | None = None, **kwargs: Any) -> ChatResult:
        max_tokens = int(kwargs.get("max_tokens") or self.max_tokens)
        temperature = float(kwargs.get("temperature", self.temperature))
        seed = int(kwargs.get("seed", self.seed))
        want_logprobs = bool(kwargs.get("logprobs"))
        k = int(kwargs.get("top_logprobs") or self.top_logprobs)
        first = _first(self._key())
        prompt = self._prompt(first, messages)
        tokens = first.tokenize(prompt.encode("utf-8"), add_bos=False, special=True)
        if len(tokens) >= self.n_ctx:
            raise ValueError(f"prompt of {len(tokens)} tokens exceeds the context of {self.n_ctx}")
        metadata: dict[str, Any] = {"model_name": Path(self.model_path).name}
        slot = _acquire(self._key(), tokens, self.n_slots)
        try:
            with _computing[self._key()]:  # one evaluation at a time: each one uses every core
                llm = slot.llm
                if want_logprobs:
                    alternatives, reused = self._next_token_logprobs(llm, tokens, k)
                    metadata["logprobs"] = {"content": [{**alternatives[0], "top_logprobs": alternatives}]}
                else:
                    reused = self._reuse_prefix(llm, tokens)
                if want_logprobs and max_tokens <= 1:
                    content, completion_tokens = alternatives[0]["token"], 1
                else:
                    out = llm.create_completion(prompt=tokens, max_tokens=max_tokens, temperature=temperature,
                                                stop=stop or [], seed=seed)
                    content = out["choices"][0]["text"]
                    completion_tokens = out["usage"]["completion_tokens"]
                    metadata["finish_reason"] = out["choices"][0].get("finish_reason")
        finally:
            slot.lock.release()
        usage = {"input_tokens": len(tokens), "output_tokens": completion_tokens,
                 "total_tokens": len(tokens) + completion_tokens,
                 "input_token_details": {"cache_read": reused}}
        message = AIMessage(content=content.strip(), usage_metadata=usage, response_metadata=metadata)
        return ChatResult(generations=[ChatGeneration(message=message)])
