"""Transient failures of model calls are retried with exponential backoff; anything else fails at once.

Transient: time-outs, dropped connections, rate limits, 5xx. LangGraph's RetryPolicy retries them on every
node.
"""

from __future__ import annotations

from langgraph.types import RetryPolicy

MAX_ATTEMPTS = 3


def is_transient(exc: BaseException) -> bool:
    """True for errors worth retrying: time-outs, connection problems, rate limits, server errors."""
    if isinstance(exc, (TimeoutError, ConnectionError)):
        return True
    try:
        import httpx
        import openai
    except ImportError:  # pragma: no cover - both come with langchain-openai
        return False
    transient = (
        openai.APITimeoutError,
        openai.APIConnectionError,
        openai.RateLimitError,
        openai.InternalServerError,
        httpx.TimeoutException,
        httpx.NetworkError,
    )
    return isinstance(exc, transient)


MODEL_RETRY = RetryPolicy(
    max_attempts=MAX_ATTEMPTS,
    initial_interval=0.5,
    backoff_factor=2.0,
    max_interval=8.0,
    retry_on=is_transient,
)
