"""The Python API: answer a question and get the output contract as a plain dict."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from verirag.documents import public
from verirag.errors import ModelCallError, VeriragError
from verirag.graph.context import Context
from verirag.graph.retry import MAX_ATTEMPTS, is_transient
from verirag.graph.state import CheckInput
from verirag.stores.registry import store_for_run
from verirag.usage import totals


def contract(
    state: dict[str, Any], context: Context, seconds: float | None = None, first_verified: float | None = None
) -> dict[str, Any]:
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


def run(
    question: str,
    context: Context | None = None,
    *,
    thread_id: str | None = None,
    checkpointer: Any = None,
    on_event: Callable[[str, Any], None] | None = None,
    retriever: Any = None,
    **overrides: Any,
) -> tuple[dict, dict]:
    """Answer ``question``; return ``(output contract, full final graph state)``.

    Args:
        question: the question to answer.
        context: the run's knobs (``overrides`` are applied on top).
        thread_id: with ``checkpointer``, the run is saved after every step under this id; calling again
            with the same id resumes an interrupted run (finished steps are not recomputed) or returns
            the finished one. A thread answers one question.
        checkpointer: a LangGraph checkpointer, for ``thread_id``.
        on_event: called with ``("updates", {node: update})`` after each step and
            ``("custom", {"event": "sentence", ...})`` when a sentence is kept.
        retriever: the store to search instead of ``context.store``, registered for this run only: a
            LangChain ``BaseRetriever`` or ``VectorStore`` (pgvector, FAISS, Chroma, …), or any
            :class:`verirag.stores.Retriever`.
        **overrides: :class:`Context` fields set on top of ``context``.
    """
    from verirag.workflow import build_graph, graph

    if retriever is not None:  # registered for this run only
        with store_for_run(retriever) as name:
            overrides["store"] = name
            return run(
                question,
                context,
                thread_id=thread_id,
                checkpointer=checkpointer,
                on_event=on_event,
                **overrides,
            )
    context = replace(context or Context(), **overrides)
    app = build_graph(checkpointer) if checkpointer is not None else graph
    config: dict[str, Any] = {}
    payload: dict | None = {"question": question}
    if thread_id is not None:
        if checkpointer is None:
            raise VeriragError("thread_id needs a checkpointer")
        config["configurable"] = {"thread_id": thread_id}
        saved = app.get_state(config)
        if saved.values and saved.next != ("start",):  # a run refused at the start leaves the thread free
            if saved.values.get("question") != question.strip():  # as the start node kept it
                raise VeriragError(
                    f"thread {thread_id!r} belongs to another question: {saved.values.get('question')!r}"
                )
            payload = None  # resume from the last checkpoint (or return the finished run)
    started = time.perf_counter()
    state: dict[str, Any] = {}
    first_verified = None
    try:
        # a checkpointed run saves each step before the next starts: a killed process loses at most the
        # step it was in (LangGraph's default "async" durability may still be writing the one before)
        saving: dict[str, Any] = {"durability": "sync"} if checkpointer is not None else {}
        for mode, chunk in app.stream(
            payload, config, context=context, stream_mode=["values", "updates", "custom"], **saving
        ):
            if mode == "values":
                state = chunk
                continue
            if (
                first_verified is None
                and mode == "custom"
                and chunk.get("event") == "sentence"
                and chunk["sentence"]["verified_by"] != "none"
            ):
                first_verified = time.perf_counter() - started
            if on_event is not None:
                on_event(mode, chunk)
    except Exception as exc:
        if not is_transient(exc):
            raise
        hint = f"; run it again with thread {thread_id!r} to resume" if thread_id else ""
        raise ModelCallError(
            f"a model call kept failing after {MAX_ATTEMPTS} attempts ({type(exc).__name__}: {exc}){hint}"
        ) from exc
    if thread_id is not None and not state:
        state = app.get_state(config).values
    return contract(state, context, time.perf_counter() - started, first_verified), state


def ask(question: str, context: Context | None = None, **overrides: Any) -> dict[str, Any]:
    """Answer ``question`` with the verirag graph and return the output contract.

    ``overrides`` are :class:`Context` fields (e.g. ``model="openai:gpt-4o-mini"``, ``top_k=3``), or
    ``retriever=`` a LangChain ``BaseRetriever`` or ``VectorStore`` to search (see :func:`run`).
    Raises :class:`verirag.errors.VeriragError` subclasses for bad input, missing stores or models.
    """
    return run(question, context, **overrides)[0]


def check(
    answer: str,
    documents: Sequence[Any] | Mapping[str, Any],
    context: Context | None = None,
    *,
    citations: Sequence[Sequence[int]] | None = None,
    question: str = "",
    **overrides: Any,
) -> dict[str, Any]:
    """Check an answer written elsewhere against its documents, sentence by sentence.

    Args:
        answer: the answer, with ``[1]``, ``[1][2]``, ``[1, 2]`` or ``^1^`` markers; or without markers
            and ``citations`` (each sentence's numbers, in order) beside it.
        documents: ``[n]`` is the n-th: {"title", "text"} dicts, strings, LangChain ``Document``s, or
            the output contract's {id: document}.
        context: the run's model and support decision (``overrides`` are applied on top).
        citations: each sentence's cited numbers, in order, for an answer without markers.
        question: the question the answer was written for, when known.
        **overrides: :class:`Context` fields set on top of ``context``.

    Returns:
        ``sentences`` (per sentence: ``text``, ``citations``, ``verdict`` — supported, unsupported or
        uncited —, ``support`` P(supported), ``decided_by`` (the step of the decision that settled it) and
        ``found`` (what its checks found), ``atoms``, ``quotes`` (spans of the documents numbered
        "1".."n", of their text as given), ``suggested`` citations that would hold it), the
        ``verified_answer`` (the sentences that held, then a refusal naming what was left out), the
        ``refusal``, ``supported`` (every sentence held) and ``usage``.

    Raises:
        InvalidAnswerError: an empty answer, documents that cannot be read, or a citation number
            outside the documents (naming the sentence).
    """
    from verirag.workflow import check_graph

    context = replace(context or Context(), **overrides)
    given = (
        dict(documents)
        if isinstance(documents, Mapping)
        else documents
        if isinstance(documents, str)
        else list(documents)
    )  # a string: refused as such
    payload = CheckInput(answer=answer, documents=given, question=question)  # type: ignore[typeddict-item]
    if citations is not None:
        payload["citations"] = [list(c) for c in citations]
    try:
        state = check_graph.invoke(payload, context=context)
    except Exception as exc:
        if not is_transient(exc):
            raise
        raise ModelCallError(
            f"a model call kept failing after {MAX_ATTEMPTS} attempts ({type(exc).__name__}: {exc})"
        ) from exc
    usage = dict(state.get("usage") or {})
    return {
        "sentences": sorted(state.get("checked") or [], key=lambda c: c["index"]),
        "verified_answer": state.get("verified_answer", ""),
        "refusal": state.get("refusal"),
        "supported": bool(state.get("supported")),
        "usage": {"per_node": usage, "total": totals(usage)},
    }
