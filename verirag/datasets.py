"""Evaluation datasets: JSON (a list, or an object with an ``items`` list) or JSONL of questions.

Each item has a ``question`` and its gold: ``answer``/``answers`` (answerable), ``gold_answers`` (several
answers, scored by EM-recall) or ``answer_not_in_corpus`` (unanswerable: the right reply is a refusal).
``id`` defaults to a hash of the question.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from verirag.errors import VeriragError


class DatasetError(VeriragError):
    """A dataset file cannot be read or an item lacks required fields."""


@dataclass
class Item:
    """One question of a dataset: gold answers, gold evidence titles, answers the documents never state."""

    id: str
    question: str
    answers: list[str]  # gold answers (empty for an unanswerable question)
    evidence_titles: list[str] = field(default_factory=list)
    unsupported_answers: list[str] = field(default_factory=list)  # true, but not in the documents

    @property
    def answerable(self) -> bool:
        """Whether the question has gold answers (an unanswerable one has none)."""
        return bool(self.answers)


def _as_list(value) -> list[str]:
    if value is None:
        return []
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def _item(raw: dict, where: str) -> Item:
    if not isinstance(raw, dict) or not str(raw.get("question", "")).strip():
        raise DatasetError(f"{where}: each item needs a non-empty 'question'")
    gold = raw.get("gold_answers")
    if gold is not None and not (
        isinstance(gold, list) and all(isinstance(g, dict) and g.get("answer") for g in gold)
    ):
        raise DatasetError(f"{where}: 'gold_answers' must be a list of objects with an 'answer'")
    answers = (
        _as_list(raw.get("answers")) or _as_list(raw.get("answer")) or [str(g["answer"]) for g in gold or []]
    )
    unsupported = _as_list(raw.get("answer_not_in_corpus"))
    if not answers and not unsupported:
        raise DatasetError(
            f"{where}: item has no 'answer', 'answers', 'gold_answers' or 'answer_not_in_corpus'"
        )
    question = str(raw["question"]).strip()
    item_id = str(raw.get("id") or hashlib.sha256(question.encode()).hexdigest()[:16])
    titles = (
        _as_list(raw.get("evidence_titles"))
        or _as_list(raw.get("evidence_title"))
        or [str(g["evidence_title"]) for g in gold or [] if g.get("evidence_title")]
    )
    return Item(item_id, question, answers, titles, unsupported)


def load_dataset(path: str | Path) -> list[Item]:
    """Read a dataset file; raise :class:`DatasetError` with the file (and line) on bad input."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DatasetError(f"{path}: cannot read the dataset ({exc})") from exc
    if path.suffix == ".jsonl":
        items = []
        for lineno, line in enumerate(text.splitlines(), 1):
            if line.strip():
                try:
                    items.append(_item(json.loads(line), f"{path}:{lineno}"))
                except json.JSONDecodeError as exc:
                    raise DatasetError(f"{path}:{lineno}: invalid JSON ({exc.msg})") from exc
    else:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise DatasetError(f"{path}: invalid JSON ({exc.msg} at line {exc.lineno})") from exc
        raw_items = data.get("items") if isinstance(data, dict) else data
        if not isinstance(raw_items, list):
            raise DatasetError(f"{path}: expected a list of items or an object with an 'items' list")
        items = [_item(raw, f"{path} item {i}") for i, raw in enumerate(raw_items)]
    if not items:
        raise DatasetError(f"{path}: no items")
    return items
