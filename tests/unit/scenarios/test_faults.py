"""Transient model failures are retried with backoff, then end in a clear error; the checkpoint survives."""

from __future__ import annotations

import sqlite3

import httpx2
import openai
import pytest
from langgraph.checkpoint.sqlite import SqliteSaver

from tests.scripted import S1, Q, Writer, prompt_kind
from tests.scripted import vtg_context as ctx
from verirag.api import run
from verirag.errors import ModelCallError, StoreUnavailableError
from verirag.graph.retry import MAX_ATTEMPTS, MODEL_RETRY, is_transient


def _rate_limit():
    request = httpx2.Request("POST", "http://127.0.0.1/v1/chat/completions")  # openai's HTTP client
    return openai.RateLimitError("slow down", response=httpx2.Response(429, request=request), body=None)


@pytest.fixture
def retry_sleeps(monkeypatch):
    """A fake clock for LangGraph's retries: the delays its RetryPolicy sleeps, recorded instead of slept
    (and its random jitter, up to 1 s on top of each delay, held at 0)."""
    import random
    import time
    import types

    from langgraph.pregel import _retry

    sleeps: list[float] = []
    fake_time = types.SimpleNamespace(**{**vars(time), "sleep": sleeps.append})
    fake_random = types.SimpleNamespace(**{**vars(random), "uniform": lambda low, high: low})
    monkeypatch.setattr(_retry, "time", fake_time)
    monkeypatch.setattr(_retry, "random", fake_random)
    return sleeps


@pytest.mark.parametrize(
    "error", [TimeoutError("read timed out"), ConnectionResetError("reset"), _rate_limit()]
)
def test_transient_errors_are_retried_with_exponential_backoff_then_succeed(
    vtg_store, scripted, error, retry_sleeps
):
    script = Writer([S1], cite={S1: ["Japan"]}, needs={S1: ["Japan"]})
    failures = {"left": MAX_ATTEMPTS - 1}

    def flaky(messages, kwargs):
        if prompt_kind(messages) == "cite" and failures["left"]:
            failures["left"] -= 1
            raise error
        return script(messages, kwargs)

    name, model = scripted(flaky)
    out, _ = run(Q, ctx(name))
    assert out["sentences"][0]["verified_by"] == "citations"
    assert sum(prompt_kind(m) == "cite" for m, _ in model.calls) == MAX_ATTEMPTS
    # each wait is the previous one times the backoff factor: 0.5 s, then 1 s
    assert retry_sleeps == [0.5, 1.0] and MODEL_RETRY.backoff_factor == 2.0


def test_persistent_failure_is_a_clear_error_and_the_thread_resumes(
    vtg_store, scripted, tmp_path, retry_sleeps
):
    script = Writer([S1], cite={S1: ["Japan"]}, needs={S1: ["Japan"]})
    down = {"yes": True}

    def outage(messages, kwargs):
        if down["yes"] and prompt_kind(messages) == "cite":
            raise TimeoutError("model server unreachable")
        return script(messages, kwargs)

    name, model = scripted(outage)
    saver = SqliteSaver(sqlite3.connect(tmp_path / "c.sqlite", check_same_thread=False))
    with pytest.raises(
        ModelCallError,
        match=r"after 3 attempts \(TimeoutError: model server unreachable\)"
        r"; run it again with thread 't' to resume",
    ):
        run(Q, ctx(name), thread_id="t", checkpointer=saver)
    generated = list(script.generated)
    down["yes"] = False
    out, _ = run(Q, ctx(name), thread_id="t", checkpointer=saver)
    assert out["answer"] == "Tokyo is the capital of Japan [1]."
    assert script.generated == generated  # the sentence was not generated again


def test_programming_errors_are_not_retried(vtg_store, scripted):
    calls = []

    def broken(messages, kwargs):
        calls.append(1)
        raise KeyError("bug")

    name, _ = scripted(broken)
    with pytest.raises(KeyError):
        run(Q, ctx(name))
    assert len(calls) == 1
    assert not is_transient(KeyError("x")) and not is_transient(StoreUnavailableError("x"))
