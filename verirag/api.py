"""The Python API: answer a question and get the output contract as a plain dict."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from verirag.errors import ModelCallError, VeriragError
from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.retry import MAX_ATTEMPTS, is_transient
from verirag.stores.documents import public
from verirag.usage import totals


def contract(state: dict[str, Any], context: Context, seconds: float | None = None,
             first_verified: float | None = None) -> dict[str, Any]:
    """The machine-readable output of one question (README, "Output contract")."""
    usage = dict(state.get("usage") or {})
    summary: dict[str, Any] = {"per_node": usage, "total": totals(usage)}
    if seconds is not None:
        summary["wall_seconds"] = round(seconds, 3)
        # from the question to the first verified sentence on the custom stream (None: none was verified)
        summary["first_verified_seconds"] = None if first_verified is None else round(first_verified, 3)
    return {
        "question": state.get("question", ""),
        "answer": state.get("answer", ""),
        "sentences": [dict(s) for s in state.get("sentences") or []],
        "documents": {doc_id: public(d) for doc_id, d in (state.get("documents") or {}).items()},
        "refusal": state.get("refusal"),
        "plan": [dict(p) for p in state.get("plan") or []],  # a question with several parts: its parts
        "critique": dict(state.get("critique") or {}),
        "usage": summary,
        "config": context.as_dict(),
    }


def run(question: str, context: Context | None = None, *, thread_id: str | None = None,
        checkpointer: Any = None, on_event: Callable[[str, Any], None] | None = None,
        **overrides: Any) -> tuple[dict, dict]:
    """Answer ``question``; return ``(output contract, full final graph state)``.

    Args:
        context: the run's knobs (``overrides`` are applied on top).
        thread_id: with ``checkpointer``, the run is saved after every step under this id; calling again
            with the same id resumes an interrupted run (finished steps are not recomputed) or returns
            the finished one. A thread answers one question.
        on_event: called with ``("updates", {node: update})`` after each step and
            ``("custom", {"event": "sentence", ...})`` when a sentence is kept.
    """
    from verirag.workflow import build_graph, graph

    context = replace(context or Context(), **overrides)
    question = resources.check_question(question, context.max_question_chars)
    resources.check_store(context)  # a missing store is one line now, not after the model has loaded
    app = build_graph(checkpointer) if checkpointer is not None else graph
    config: dict[str, Any] = {}
    payload: dict | None = {"question": question}
    if thread_id is not None:
        if checkpointer is None:
            raise VeriragError("thread_id needs a checkpointer")
        config = {"configurable": {"thread_id": thread_id}}
        saved = app.get_state(config)
        if saved.values:
            if saved.values.get("question") != question:
                raise VeriragError(f"thread {thread_id!r} belongs to another question: "
                                   f"{saved.values.get('question')!r}")
            payload = None  # resume from the last checkpoint (or return the finished run)
    started = time.perf_counter()
    state: dict[str, Any] = {}
    first_verified = None
    try:
        for mode, chunk in app.stream(payload, config, context=context,
                                      stream_mode=["values", "updates", "custom"]):
            if mode == "values":
                state = chunk
                continue
            if (first_verified is None and mode == "custom" and chunk.get("event") == "sentence"
                    and chunk["sentence"]["verified_by"] != "none"):
                first_verified = time.perf_counter() - started
            if on_event is not None:
                on_event(mode, chunk)
    except Exception as exc:
        if not is_transient(exc):
            raise
        hint = f"; run it again with thread {thread_id!r} to resume" if thread_id else ""
        raise ModelCallError(f"a model call kept failing after {MAX_ATTEMPTS} attempts "
                             f"({type(exc).__name__}: {exc}){hint}") from exc
    if thread_id is not None and not state:
        state = app.get_state(config).values
    return contract(state, context, time.perf_counter() - started, first_verified), state


def ask(question: str, context: Context | None = None, **overrides: Any) -> dict[str, Any]:
    """Answer ``question`` with the verirag graph and return the output contract.

    ``overrides`` are :class:`Context` fields (e.g. ``model="openai:gpt-4o-mini"``, ``top_k=3``).
    Raises :class:`verirag.errors.VeriragError` subclasses for bad input, missing stores or models.
    """
    return run(question, context, **overrides)[0]
