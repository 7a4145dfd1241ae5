"""Many questions at once: bounded concurrency, one independent graph run per question.

Results are appended to JSONL as they finish (so an interrupted batch resumes where it stopped). In one
process the runs are threads (:func:`answer_many`); on a Dask cluster each question is a task
(:mod:`verirag.cluster`). Either way every question goes through :func:`answer_one`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from verirag.api import run
from verirag.errors import VeriragError
from verirag.graph.context import Context
from verirag.jsonl import read_records


def answer_one(question: str, context: Context, checkpointer: Any = None) -> dict:
    """One question's output contract, or ``{"question", "error"}`` for a :class:`VeriragError`.

    With a ``checkpointer`` the run is saved under a thread id derived from the question and the
    configuration (:func:`verirag.checkpoints.thread_for`): a retried question continues where its
    previous attempt stopped, and a finished one is read back instead of answered again.
    """
    from verirag.checkpoints import thread_for

    thread = thread_for(question, context.as_dict()) if checkpointer is not None else None
    try:
        return run(question, context, thread_id=thread, checkpointer=checkpointer)[0]
    except VeriragError as exc:
        return {"question": question, "error": str(exc)}


def answer_many(
    questions: Iterable[str],
    context: Context,
    concurrency: int = 4,
    on_result: Callable[[int, dict], None] | None = None,
    checkpointer: Any = None,
) -> list[dict]:
    """Answer every question in threads of this process (no state is shared between runs).

    Results come in input order, each also passed to ``on_result(index, result)`` as soon as it is ready.
    """
    questions = list(questions)
    results: list[dict | None] = [None] * len(questions)
    with ThreadPoolExecutor(max_workers=max(1, concurrency)) as pool:
        futures = {pool.submit(answer_one, q, context, checkpointer): i for i, q in enumerate(questions)}
        for future in as_completed(futures):
            index = futures[future]
            result = future.result()
            results[index] = result
            if on_result:
                on_result(index, result)
    return [r for r in results if r is not None]


def read_questions(path: Path) -> list[str]:
    """Questions from a dataset file (JSON/JSONL with ``question``) or a text file, one per line."""
    if path.suffix in {".json", ".jsonl"}:
        from verirag.datasets import load_dataset

        return [item.question for item in load_dataset(path)]
    try:
        return [line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    except (OSError, UnicodeDecodeError) as exc:
        raise VeriragError(f"{path}: cannot read questions ({exc})") from exc


def done_questions(path: Path) -> set[str | None]:
    """Questions already answered in a results file (torn last line ignored)."""
    return {record.get("question") for record in read_records(path) if "error" not in record}
