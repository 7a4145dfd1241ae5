"""Documents as verirag passes them around: plain dicts with a stable, content-derived id."""

from __future__ import annotations

import hashlib

from typing_extensions import TypedDict


class Document(TypedDict, total=False):
    """A passage. ``id`` is derived from title and text, so it never changes while memories do."""

    id: str
    title: str
    text: str
    source: str
    score: float


def document_id(title: str, text: str) -> str:
    """Stable id: the first 16 hex digits of sha256(title + NUL + text)."""
    return hashlib.sha256(f"{title}\0{text}".encode("utf-8")).hexdigest()[:16]


def make_document(title: str, text: str, source: str = "") -> Document:
    """Build a :class:`Document` with its id."""
    title, text = title.strip(), text.strip()
    return Document(id=document_id(title, text), title=title, text=text, source=source)
