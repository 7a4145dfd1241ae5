"""JSON Lines: results files read tolerantly and appended one record at a time; input files read strictly.

A bad input line is named with its number. No result is lost: :func:`append_record` opens the file by name for
every record, and :func:`read_records` skips a torn last line left by a run killed mid-write.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from verirag.errors import VeriragError


def read_records(path: Path) -> list[dict]:
    """The records of a results file, in order; unreadable lines (a torn last line) are skipped."""
    if not path.exists():
        return []
    records = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return records


def append_record(path: Path, record: dict) -> None:
    """Append ``record`` as one line to the file currently at ``path`` and flush it."""
    with path.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(record, ensure_ascii=False) + "\n")


def strict_lines(text: str, where: str, error: type[VeriragError]) -> Iterator[tuple[int, Any]]:
    """(line number, value) of every non-empty line of an input file.

    A line that is not JSON raises ``error`` naming ``where:line``.
    """
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            yield number, json.loads(line)
        except json.JSONDecodeError as exc:
            raise error(f"{where}:{number}: invalid JSON ({exc.msg})") from exc
