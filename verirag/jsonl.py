"""JSON Lines: results files read tolerantly and appended one record at a time; input files read strictly.

A bad input line is named with its number. No result is lost: :func:`append_record` opens the file by name for
every record, and :func:`read_records` skips a torn last line left by a run killed mid-write.
Results may be kept gzip-compressed (docs/mechanisms.md): ``X.jsonl.gz`` is read before ``X.jsonl``.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from verirag.errors import VeriragError

GZIP_SUFFIX = ".gz"


def compressed(path: Path) -> Path:
    """The gzip-compressed form of ``path`` (``X.jsonl`` → ``X.jsonl.gz``)."""
    return path.with_name(path.name + GZIP_SUFFIX)


def record_files(path: Path) -> list[Path]:
    """The files holding the records of ``path``, in reading order: its ``.gz`` form, then itself."""
    if path.name.endswith(GZIP_SUFFIX):
        return [path] if path.exists() else []
    return [file for file in (compressed(path), path) if file.exists()]


def read_text(path: Path) -> str:
    """The text of ``path``, decompressed when its name ends in ``.gz``."""
    if path.name.endswith(GZIP_SUFFIX):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            return fh.read()
    return path.read_text(encoding="utf-8")


def read_records(path: Path) -> list[dict]:
    """The records of a results file, in order; unreadable lines (a torn last line) are skipped.

    ``path`` may end in ``.gz``; a plain ``X.jsonl`` also takes the records of ``X.jsonl.gz`` before its own.
    """
    records = []
    for file in record_files(Path(path)):
        for line in read_text(file).splitlines():
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
