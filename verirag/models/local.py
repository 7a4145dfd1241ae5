"""A LangChain chat model over llama-cpp-python, for the embedded GGUF (or any GGUF).

It reads the next token's log-probabilities directly (``logprobs=True, top_logprobs=K``, as ``ChatOpenAI``)
and restores the saved KV cache that shares the longest prefix with each prompt (:class:`PrefixStates`);
:func:`cache_scope` keeps apart the saved states of runs that must not help each other.
"""

from __future__ import annotations

import atexit
import ctypes
import functools
import json
import math
import os
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import numpy as np
from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import Field

if TYPE_CHECKING:
    from llama_cpp.llama_types import ChatCompletionRequestMessage


def shared_prefix(a: Sequence[int] | np.ndarray, b: Sequence[int] | np.ndarray) -> int:
    """Length of the common prefix of two token sequences."""
    n = min(len(a), len(b))
    differ = np.flatnonzero(np.asarray(a[:n]) != np.asarray(b[:n]))
    return int(differ[0]) if differ.size else n


@dataclass
class SavedState:
    """A KV cache saved from the context: the tokens it holds and llama.cpp's bytes for them."""

    tokens: np.ndarray
    data: Any  # what ``_save_kv`` returned (a ctypes buffer for llama.cpp)
    size: int  # bytes
    scope: str = ""  # the cache scope it was saved in (:func:`cache_scope`): reused only there


class PrefixStates:
    """Saved KV states, least recently used first, within one budget of bytes for every cache scope.

    A new state drops the saved states of its scope it extends (it holds all they hold); over the budget
    the least recently saved or restored state goes first, never the newest.
    """

    def __init__(self, budget_bytes: int):
        self.budget = budget_bytes
        self._states: OrderedDict[int, SavedState] = OrderedDict()
        self._next = 0
        self.size = 0

    def __len__(self) -> int:
        return len(self._states)

    def longest(self, tokens: Sequence[int], scope: str = "") -> tuple[SavedState | None, int]:
        """The saved state of ``scope`` sharing the longest prefix with ``tokens``, and that length.

        The length is 0 when none does; the state found counts as just used.
        """
        best, best_key, length = None, -1, 0
        for key, state in self._states.items():
            n = shared_prefix(state.tokens, tokens) if state.scope == scope else 0
            if n > length:
                best, best_key, length = state, key, n
        if best is not None:
            self._states.move_to_end(best_key)
        return best, length

    def add(self, state: SavedState) -> None:
        """Save ``state``, dropping the saved states of its scope that it extends.

        Then, over the budget, the least recently used states are dropped (the newest always stays).
        """
        for key, old in list(self._states.items()):
            if old.scope == state.scope and shared_prefix(old.tokens, state.tokens) == len(old.tokens):
                self._drop(key)
        self._states[self._next] = state
        self._next += 1
        self.size += state.size
        while self.size > self.budget and len(self._states) > 1:
            self._drop(next(iter(self._states)))

    def _drop(self, key: int) -> None:
        self.size -= self._states.pop(key).size


def _save_kv(llm: Any) -> tuple[Any, int]:
    """llama.cpp's bytes for the KV cache of sequence 0 (the only one llama-cpp-python uses)."""
    import llama_cpp

    size = llama_cpp.llama_state_seq_get_size(llm._ctx.ctx, 0)
    buffer = (ctypes.c_uint8 * size)()
    written = llama_cpp.llama_state_seq_get_data(llm._ctx.ctx, buffer, size, 0)
    return buffer, int(written)


def _load_kv(llm: Any, state: SavedState) -> None:
    """Put a saved KV cache back into sequence 0 and tell llama-cpp-python which tokens it holds."""
    import llama_cpp

    llm._ctx.kv_cache_seq_rm(-1, 0, -1)
    if llama_cpp.llama_state_seq_set_data(llm._ctx.ctx, state.data, state.size, 0) != state.size:
        raise RuntimeError("llama.cpp could not restore a saved KV state")
    llm.input_ids[: len(state.tokens)] = state.tokens
    llm.n_tokens = len(state.tokens)


_scope = ""  # the cache scope calls run in (cache_scope)


@contextmanager
def cache_scope(name: str) -> Iterator[None]:
    """Within the block, local models reuse only what was evaluated within blocks of the same ``name``.

    A saved KV state is restored only in the scope it was saved in (all scopes share the model's
    ``prefix_cache_mb``), and the live cache left by another scope is not reused. The evaluation runs
    each system, and its judge, in a scope of its own, so a system's cost is what it would be alone in a
    batch: without a scope, a system whose prompt another system of the same question evaluated just
    before would be served from the cache.
    Scopes nest; calls run from one thread at a time (the model's own lock serialises them anyway).
    """
    global _scope
    outer, _scope = _scope, name
    try:
        yield
    finally:
        _scope = outer


class _LlamaContext:
    """The llama.cpp context of one model file, and the KV states saved from it.

    One call at a time: each evaluation uses every core, and calls overlapping on the same cores only slow
    each other.
    """

    def __init__(self, llm: Any, budget_bytes: int):
        self.llm = llm
        self.lock = threading.Lock()
        self.states = PrefixStates(budget_bytes)
        self.live_scope = ""  # the cache scope of the tokens in the live cache

    def prepare(self, tokens: list[int]) -> int:
        """Restore the saved state with the longest prefix of ``tokens`` when longer than the live cache's.

        Returns the number of prompt tokens already evaluated (all but the last at most: the model evaluates
        at least one token, for fresh logits). The live cache of another scope is dropped.
        """
        if self.live_scope != _scope:
            self.llm.n_tokens = 0  # llama-cpp-python matches prefixes against input_ids[:n_tokens] only
            self.live_scope = _scope
        live = shared_prefix(self.llm.input_ids[: self.llm.n_tokens], tokens)
        state, saved = self.states.longest(tokens, _scope)
        if state is not None and saved > live:
            _load_kv(self.llm, state)
            live = saved
        return min(live, len(tokens) - 1)

    def save(self) -> None:
        tokens = np.array(self.llm.input_ids[: self.llm.n_tokens], copy=True)
        if len(tokens):
            data, size = _save_kv(self.llm)
            self.states.add(SavedState(tokens, data, size, _scope))


_contexts: dict[tuple, _LlamaContext] = {}
_contexts_lock = threading.Lock()


def _close_all() -> None:
    """Free every context before interpreter teardown (llama-cpp-python's __del__ fails late)."""
    with _contexts_lock:
        for context in _contexts.values():
            context.llm.close()
        _contexts.clear()


@functools.lru_cache(maxsize=16)
def _compiled(schema: str) -> Any:
    from llama_cpp import LlamaGrammar

    return LlamaGrammar.from_json_schema(schema, verbose=False)


def _grammar(response_format: Any) -> Any:
    """llama.cpp's grammar for an OpenAI-style ``{"type": "json_schema", "json_schema": {"schema": …}}``."""
    if not isinstance(response_format, dict) or response_format.get("type") != "json_schema":
        return None
    return _compiled(json.dumps(response_format["json_schema"]["schema"], sort_keys=True))


def _new_llama(path: str, n_ctx: int, n_threads: int | None, seed: int) -> Any:
    from llama_cpp import Llama

    if not _contexts:
        atexit.register(_close_all)
    # llama-cpp-python decodes with half the cores by default; on a 2-core machine all of them decode
    # 60 tokens in 2.1 s instead of 3.5 s (benchmarks/llama_threads.py, docs/benchmarks.md)
    return Llama(
        model_path=path,
        n_ctx=n_ctx,
        n_threads=n_threads or os.cpu_count() or 1,
        n_batch=512,
        seed=seed,
        verbose=False,
    )


def _context(key: tuple, budget_bytes: int) -> _LlamaContext:
    """The context for ``key`` (path, n_ctx, n_threads, seed), loading the model the first time.

    The first caller's budget sizes its store of saved states.
    """
    with _contexts_lock:
        if key not in _contexts:
            _contexts[key] = _LlamaContext(_new_llama(*key), budget_bytes)
        return _contexts[key]


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
    prefix_cache_mb: int = Field(
        default=512,
        description="memory for saved KV states (about 28 KB a token "
        "for the embedded model); the first model of a file sizes it",
    )
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

            formatter = Jinja2ChatFormatter(
                template=template,
                eos_token=text(llm.token_eos()),
                bos_token=text(llm.token_bos()),
                add_generation_prompt=True,
            )
            llm._verirag_formatter = formatter
        # a final assistant message is a prefill: the reply continues it (after the generation prompt)
        prefill = messages[-1].text if messages and messages[-1].type == "ai" else ""
        chat = [{"role": _role(m), "content": m.text} for m in (messages[:-1] if prefill else messages)]
        # llama_cpp types each role's message separately; these plain dicts are what its formatter reads
        return formatter(messages=cast("list[ChatCompletionRequestMessage]", chat)).prompt + prefill

    @staticmethod
    def _next_token_logprobs(llm, tokens: list[int], reused: int, k: int) -> list[dict]:
        """Evaluate the prompt after its first ``reused`` tokens and return the top-k next tokens.

        The first ``reused`` tokens are already in the KV cache; each next token comes with its
        log-probability.
        """
        llm.n_tokens = reused
        llm.eval(tokens[reused:])
        # With logits_all=False llama.cpp keeps the logits of the last evaluated position only;
        # llama-cpp-python no longer copies them into ``scores``, so read them from the context.
        logits = np.ctypeslib.as_array(llm._ctx.get_logits(), shape=(llm.n_vocab(),)).astype(np.float64)
        logits -= logits.max()
        logprobs = logits - math.log(float(np.exp(logits).sum()))
        top = np.argsort(-logprobs)[:k]
        alternatives = [
            {
                "token": llm.detokenize([int(t)], special=True).decode("utf-8", errors="replace"),
                "logprob": float(logprobs[t]),
            }
            for t in top
        ]
        return alternatives

    # -- BaseChatModel ----------------------------------------------------------------------------
    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        max_tokens = int(kwargs.get("max_tokens") or self.max_tokens)
        temperature = float(kwargs.get("temperature", self.temperature))
        seed = int(kwargs.get("seed", self.seed))
        want_logprobs = bool(kwargs.get("logprobs"))
        k = int(kwargs.get("top_logprobs") or self.top_logprobs)
        context = _context(self._key(), self.prefix_cache_mb * 2**20)
        prompt = self._prompt(context.llm, messages)
        tokens = context.llm.tokenize(prompt.encode("utf-8"), add_bos=False, special=True)
        if len(tokens) >= self.n_ctx:
            raise ValueError(f"prompt of {len(tokens)} tokens exceeds the context of {self.n_ctx}")
        metadata: dict[str, Any] = {"model_name": Path(self.model_path).name}
        with context.lock:
            llm = context.llm
            reused = context.prepare(tokens)
            if want_logprobs:
                alternatives = self._next_token_logprobs(llm, tokens, reused, k)
                metadata["logprobs"] = {"content": [{**alternatives[0], "top_logprobs": alternatives}]}
            if want_logprobs and max_tokens <= 1:
                content, completion_tokens = alternatives[0]["token"], 1
            else:  # llama-cpp-python finds the same prefix in the cache and evaluates the rest
                out = llm.create_completion(
                    prompt=tokens,
                    max_tokens=max_tokens,
                    temperature=temperature,
                    stop=stop or [],
                    seed=seed,
                    grammar=_grammar(kwargs.get("response_format")),
                )
                content = out["choices"][0]["text"]
                completion_tokens = out["usage"]["completion_tokens"]
                metadata["finish_reason"] = out["choices"][0].get("finish_reason")
            context.save()
        usage = {
            "input_tokens": len(tokens),
            "output_tokens": completion_tokens,
            "total_tokens": len(tokens) + completion_tokens,
            "input_token_details": {"cache_read": reused},
        }
        message = AIMessage(content=content.strip(), usage_metadata=usage, response_metadata=metadata)
        return ChatResult(generations=[ChatGeneration(message=message)])
