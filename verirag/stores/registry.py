"""The stores a run can name: the :class:`Retriever` protocol and the process-wide registry of stores.

A name added by :func:`register_store`, else a store folder, opened once per process as a
:class:`~verirag.stores.hybrid.HybridStore`.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

from verirag.documents import Document
from verirag.registry import Registry
from verirag.stores.hybrid import HybridStore
from verirag.stores.langchain_retriever import as_retriever, store_name


class Retriever(Protocol):
    """What the graph needs from a store."""

    def search(self, query: str, k: int) -> list[Document]:
        """The ``k`` best documents for ``query``."""

    def count(self) -> int | None:
        """How many documents the store holds (None: the store does not say)."""


_stores: Registry[Retriever] = Registry()


def register_store(name: str, store: Any) -> None:
    """Make a store available under ``name`` (``Context.store``).

    Any :class:`Retriever`, or a LangChain ``BaseRetriever`` or ``VectorStore`` (wrapped: its documents come
    back as verirag's).
    """
    _stores.register(name, as_retriever(store))


def unregister_store(name: str) -> None:
    """Remove a name added by :func:`register_store` (missing names are ignored)."""
    _stores.unregister(name)


_runs: dict[str, int] = {}  # names registered for runs still going: how many runs use each
_runs_lock = threading.Lock()


@contextmanager
def store_for_run(store: Any) -> Iterator[str]:
    """``store`` registered under its own name (:func:`store_name`) while the block runs; yields the name.

    Unregistered when the last run using it ends; a name the caller registered before stays registered.
    """
    name = store_name(store)
    with _runs_lock:
        ours = name in _runs or name not in _stores
        if ours:
            if name not in _runs:
                register_store(name, store)
            _runs[name] = _runs.get(name, 0) + 1
    try:
        yield name
    finally:
        if ours:
            with _runs_lock:
                _runs[name] -= 1
                if not _runs[name]:
                    del _runs[name]
                    unregister_store(name)


def resolve_store(spec: str, chroma_url: str = "") -> Retriever:
    """A registered store by name, else the persistent store in folder ``spec``."""
    return _stores.get(
        spec, _key(spec, chroma_url), lambda: HybridStore(_key(spec, chroma_url)[0], chroma_url=chroma_url)
    )


def open_store(path: str | Path, chroma_url: str = "") -> HybridStore:
    """The process-wide :class:`HybridStore` for ``path`` (created lazily, shared by all runs)."""
    key = _key(path, chroma_url)
    store = _stores.get("", key, lambda: HybridStore(key[0], chroma_url=chroma_url))
    assert isinstance(store, HybridStore)
    return store


def _key(path: str | Path, chroma_url: str) -> tuple[Path, str]:
    return Path(path).expanduser().resolve(), chroma_url
