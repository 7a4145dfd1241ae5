"""Many questions at once: bounded concurrency, one independent graph run per question, results
appended to JSONL as they finish (so an interrupted batch resumes where it stopped)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path
from typing import Callable, Iterable

from verirag.api import run
from verirag.errors import VeriragError
from verirag.graph.context import Context
from verirag.jsonl import read_records


def answer_many(questions: Iterable[str], context: Context, concurrency: int = 4,
                on_result: Callable[[int, dict], None] | None = None) -> list[dict]:
    """Answer every question (no state is shared between runs); results in input order.

    A question that fails with a :class:`VeriragError` yields ``{"question", "error"}`` instead of
    stopping the batch.
    """
    questions = list(questions)
    results: list[dict | None] = [None] * len(questions)

    def one(question: str) -> dict:
        try:
            return run(question, context)[0]
        except VeriragError as exc:
            return {"question": question, "error": str(exc)}

    with ThreadPoolExecutor(max_workers=max(1, concurrency)) as pool:
        futures = {pool.submit(one, q): i for i, q in enumerate(questions)}
        for future in as_completed(futures):
            index = futures[future]
            results[index] = future.result()
            if on_result:
                on_result(index, results[index])
    return [r for r in results if r is not None]


def read_questions(path: Path) -> list[str]:
    """Questions from a dataset file (JSON/JSONL with ``question``) or a text file, one per line."""
    if path.suffix in {".json", ".jsonl"}:
        from verirag.eval.datasets import load_dataset

        return [item.question for item in load_dataset(path)]
    try:
        return [line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    except (OSError, UnicodeDecodeError) as exc:
        raise VeriragError(f"{path}: cannot read questions ({exc})") from exc


def done_questions(path: Path) -> set[str]:
    """Questions already answered in a results file (torn last line ignored)."""
    return {record.get("question") for record in read_records(path) if "error" not in record}
