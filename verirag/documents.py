"""Documents as verirag passes them around: plain dicts with a stable, content-derived id."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import PurePath
from typing import Any

from typing_extensions import TypedDict


class Document(TypedDict, total=False):
    """A passage. ``id`` is derived from title and text, so it never changes while memories do.

    ``source`` names where it came from (the ingested file's path); ``page`` (1-based page of a PDF) and
    ``section`` (heading path of a Markdown file, e.g. ``"Install > Linux"``) are present only where known;
    ``withheld``: the sentences taken out of ``text`` as addressed to the model (:mod:`verirag.withhold`).
    """

    id: str
    title: str
    text: str
    source: str
    page: int
    section: str
    withheld: list[str]


PUBLIC_FIELDS = ("title", "text", "source", "page", "section")


def document_id(title: str, text: str) -> str:
    """Stable id: the first 16 hex digits of sha256(title + NUL + text)."""
    return hashlib.sha256(f"{title}\0{text}".encode()).hexdigest()[:16]


def make_document(
    title: str, text: str, source: str = "", page: int | None = None, section: str | None = None
) -> Document:
    """Build a :class:`Document` with its id (``page`` and ``section`` only when given)."""
    title, text = title.strip(), text.strip()
    doc = Document(id=document_id(title, text), title=title, text=text, source=source)
    return {**doc, **origin({"page": page, "section": section})}


def origin(fields: Mapping[str, Any]) -> dict:
    """The known location fields of a document or metadata record: ``page`` (int) and ``section``."""
    known: dict = {}
    if isinstance(fields.get("page"), int) and not isinstance(fields.get("page"), bool):
        known["page"] = fields["page"]
    if fields.get("section"):
        known["section"] = str(fields["section"])
    return known


def public(doc: Document) -> dict:
    """A document as the output contract shows it: title, text, source, page, ``section`` and ``withheld``.

    The page is ``None`` when unknown; ``section`` is there only where known, ``withheld`` only where a
    sentence addressed to the model was taken out of the text.
    """
    return {
        "title": doc.get("title", ""),
        "text": doc.get("text", ""),
        "source": doc.get("source", ""),
        "page": None,
        **origin(doc),
        **({"withheld": list(doc["withheld"])} if doc.get("withheld") else {}),
    }


def location(doc: Mapping[str, Any]) -> str:
    """Where a document is, for people (e.g. ``"guide.pdf, p. 7"`` or ``"notes.md, Install > Linux"``).

    ``"notes.txt"`` for a file alone; ``""`` when its source names no file (e.g. the shipped corpus).
    """
    source = doc.get("source") or ""
    name = PurePath(source).name if PurePath(source).suffix else ""
    place = origin(doc)
    parts = [name, f"p. {place['page']}" if "page" in place else "", place.get("section", "")]
    return ", ".join(p for p in parts if p)


def from_langchain(doc: Any) -> Document:
    """A LangChain ``Document`` as verirag's: ``page_content`` its text, ``metadata`` its other fields.

    Without a title, the source file's name stands for it (a loader's ``source`` path).
    """
    meta = dict(doc.metadata or {})
    source = str(meta.get("source") or "")
    title = str(meta.get("title") or PurePath(source).name or "")
    return make_document(title, doc.page_content, source, meta.get("page"), meta.get("section"))


def to_langchain(doc: Mapping[str, Any]) -> Any:
    """A verirag document (or the output contract's) as a LangChain ``Document``, its fields as metadata.

    The id is the document's (content-derived, so the contract's documents get the ids they are keyed by).
    """
    from langchain_core.documents import Document as LangChainDocument

    meta = {k: doc[k] for k in PUBLIC_FIELDS[2:] + ("title",) if doc.get(k) is not None}
    meta["id"] = doc.get("id") or document_id(doc.get("title", ""), doc.get("text", ""))
    return LangChainDocument(page_content=doc.get("text", ""), metadata=meta, id=meta["id"])
