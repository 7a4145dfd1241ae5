"""Resolving the run's model and store from the :class:`Context` strings (cached per process)."""

from __future__ import annotations

from langchain_core.language_models.chat_models import BaseChatModel
from langgraph.runtime import Runtime

from verirag.documents import Document
from verirag.graph.context import Context
from verirag.models import get_chat_model
from verirag.stores import HybridStore, Retriever
from verirag.stores.registry import resolve_store
from verirag.withhold import as_data


def model(runtime: Runtime[Context], spec: str = "") -> BaseChatModel:
    """The run's chat model, or the one ``spec`` names (a node's own model, e.g. ``utility_model``)."""
    return get_chat_model(spec or runtime.context.model)


def store(runtime: Runtime[Context]) -> Retriever:
    """The run's document store (its context's ``store`` and ``chroma_url``), its documents as data.

    Every document it returns has its sentences addressed to the model withheld (:mod:`verirag.withhold`):
    verirag's own store withholds them where it adds a document; any other is wrapped in :class:`AsData`.
    """
    found = resolve_store(runtime.context.store_path(), runtime.context.chroma_url)
    return found if isinstance(found, HybridStore) else AsData(found)


class AsData:
    """A store whose documents come with their sentences addressed to the model withheld."""

    def __init__(self, store: Retriever):
        self.store = store

    def search(self, query: str, k: int) -> list[Document]:
        """The ``k`` best documents for ``query``, each as data."""
        return [as_data(d) for d in self.store.search(query, k)]

    def count(self) -> int | None:
        """How many documents the store holds."""
        return self.store.count()

    def __getattr__(self, name: str) -> object:
        """Anything else the store offers (a store folder's ``manifest``), as it is."""
        return getattr(self.store, name)
