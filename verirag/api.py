"""The Python API: answer a question and get the output contract as a plain dict."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from verirag.graph import resources
from verirag.graph.context import Context
from verirag.usage import totals


def contract(state: dict[str, Any], context: Context, seconds: float | None = None) -> dict[str, Any]:
    """The machine-readable output of one question (design.md "Output contract")."""
    usage = dict(state.get("usage") or {})
    summary = {"per_node": usage, "total": totals(usage)}
    if seconds is not None:
        summary["wall_seconds"] = round(seconds, 3)
    return {
        "question": state.get("question", ""),
        "answer": state.get("answer", ""),
        "sentences": [dict(s) for s in state.get("sentences") or []],
        "documents": {doc_id: {"title": d.get("title", ""), "text": d.get("text", "")}
                      for doc_id, d in (state.get("documents") or {}).items()},
        "critique": dict(state.get("critique") or {}),
        "usage": summary,
        "config": context.as_dict(),
    }


def run(question: str, context: Context | None = None, **overrides: Any) -> tuple[dict, dict]:
    """Answer ``question``; return ``(output contract, full final graph state)``.

    The full state also holds the memories and candidates (used by the evaluation).
    """
    from verirag.graph.builder import graph

    context = replace(context or Context(), **overrides)
    question = resources.check_question(question, context.max_question_chars)
    started = time.perf_counter()
    state: dict[str, Any] = {}
    for state in graph.stream({"question": question}, context=context, stream_mode="values"):
        pass
    return contract(state, context, time.perf_counter() - started), state


def ask(question: str, context: Context | None = None, **overrides: Any) -> dict[str, Any]:
    """Answer ``question`` with the verirag graph and return the output contract.

    ``overrides`` are :class:`Context` fields (e.g. ``model="openai:gpt-4o-mini"``, ``top_k=3``).
    Raises :class:`verirag.errors.VeriragError` subclasses for bad input, missing stores or models.
    """
    return run(question, context, **overrides)[0]
