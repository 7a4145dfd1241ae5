"""answer_part — one part of a planned question through the whole pipeline, as a nested run of the graph.

The pipeline is the retrieval stage (``part_top_k`` documents, retrieved without asking, verified at most
``part_retrieval_iterations`` times), then the verified sentence loop (at most ``part_sentences`` sentences),
run without the graph's planner; the parts of a wave run at most ``max_concurrency`` at once. A part asking
about several members has both for each (within ``top_k`` and ``max_sentences``), its documents retrieved for
each member's own question in turn. Its kept sentences go on to the custom stream as they are verified, marked
with the part's ``index``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from itertools import zip_longest
from typing import Any

from langgraph.runtime import Runtime

from verirag.documents import Document
from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.state import Part, Sentence
from verirag.stores.registry import Retriever, store_for_run


def answer_part_with(pipeline: Any) -> Callable[[dict, Runtime[Context]], dict]:
    """The node, for ``pipeline`` (the compiled graph a part runs through)."""
    # at most max_concurrency parts at once (LangGraph's own max_concurrency would also hold back the
    # steps of the nested run inside a part: a deadlock)
    gates: dict[int, threading.Semaphore] = {}
    lock = threading.Lock()

    def answer_part(state: dict, runtime: Runtime[Context]) -> dict:
        whole = runtime.context
        asked = max(len(state["members"]), 1)  # a part asking several members has room for each
        ctx = replace(
            whole,
            planner=False,
            max_sentences=min(whole.max_sentences, whole.part_sentences * asked),
            top_k=min(whole.top_k, whole.part_top_k * asked),
            max_retrieval_iterations=min(whole.max_retrieval_iterations, whole.part_retrieval_iterations),
            retrieval_threshold=0.0,  # retrieve without asking (top_k = 0 still answers closed-book)
            # a part asking about several members leaves naming each unanswered one to the composer
            grounded_refusal=whole.grounded_refusal and asked < 2,
        )
        width = max(1, ctx.max_concurrency)
        with lock:
            gate = gates.setdefault(width, threading.Semaphore(width))
        with gate:
            if len(state["member_questions"]) < 2:
                return _answered(pipeline, state, ctx, runtime)
            each = _EachMember(resources.store(runtime), state["question"], state["member_questions"])
            with store_for_run(each) as name:
                return _answered(pipeline, state, replace(ctx, store=name), runtime)

    return answer_part


class _EachMember:
    """The run's store, searching a part's question about several members as each member's own, in turn."""

    def __init__(self, store: Retriever, question: str, member_questions: list[str]):
        self.store, self.question, self.member_questions = store, question, member_questions

    def search(self, query: str, k: int) -> list[Document]:
        """The ``k`` best documents; for the part's question, each member's best in turn."""
        if query != self.question:
            return self.store.search(query, k)
        found = [self.store.search(q, k) for q in self.member_questions]
        turns = (d for rank in zip_longest(*found) for d in rank if d is not None)
        return list({d["id"]: d for d in turns}.values())[:k]

    def count(self) -> int | None:
        """How many documents the store holds."""
        return self.store.count()


def _answered(pipeline: Any, state: dict, ctx: Context, runtime: Runtime[Context]) -> dict:
    final: dict = {}
    for mode, chunk in pipeline.stream(
        {"question": state["question"]},
        {"recursion_limit": ctx.step_bound() + 1},
        context=ctx,
        stream_mode=["values", "custom"],
    ):
        if mode == "values":
            final = chunk
        elif chunk.get("event") == "sentence":
            runtime.stream_writer({**chunk, "part": state["index"]})
    sentences: list[Sentence] = final.get("sentences") or []
    sentences = [Sentence(**{**s, "part": state["index"]}) for s in sentences]  # type: ignore[typeddict-item]
    part = Part(
        index=state["index"],
        origin=state["origin"],
        question=state["question"],
        depends_on=state["depends_on"],
        members=state["members"],
        member_questions=state["member_questions"],
        proposed=state["proposed"],
        answer=final.get("answer", ""),
        verified=any(s["verified_by"] != "none" for s in sentences),
        sentences=sentences,
        documents=dict(final.get("documents") or {}),
        refusal=final.get("refusal"),
    )
    return {"parts": [part], "usage": final.get("usage") or {}}
