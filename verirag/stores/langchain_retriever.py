"""Any LangChain retriever or vector store as verirag's store (pgvector, Elasticsearch, FAISS, Chroma …).

:func:`as_retriever` wraps a ``langchain_core`` ``BaseRetriever`` or ``VectorStore``; its documents come back
as verirag's (:func:`verirag.documents.from_langchain`). Register it by name (:func:`register_store`).
"""

from __future__ import annotations

from typing import Any

from verirag.documents import Document, from_langchain
from verirag.errors import VeriragError


class LangChainRetriever:
    """A ``BaseRetriever`` or ``VectorStore`` seen through verirag's :class:`~verirag.stores.Retriever`."""

    def __init__(self, source: Any) -> None:
        """Wrap ``source``; VeriragError when it is neither a retriever nor a vector store."""
        from langchain_core.retrievers import BaseRetriever
        from langchain_core.vectorstores import VectorStore

        if not isinstance(source, BaseRetriever | VectorStore):
            raise VeriragError(
                f"a store must be a folder, a registered name, a LangChain BaseRetriever or VectorStore, "
                f"not {type(source).__name__}"
            )
        self.source = source

    def search(self, query: str, k: int) -> list[Document]:
        """The ``k`` best documents: a vector store's similarity search, a retriever's first ``k``."""
        from langchain_core.vectorstores import VectorStore, VectorStoreRetriever

        if isinstance(self.source, VectorStore):
            found = self.source.similarity_search(query, k=k)
        elif isinstance(self.source, VectorStoreRetriever):  # its search_kwargs, with our k
            found = self.source.invoke(query, k=k)
        else:
            found = self.source.invoke(query)
        return [from_langchain(doc) for doc in found[:k]]

    def count(self) -> int | None:
        """How many documents it holds, when the store has a ``count()`` of its own; else None (unknown).

        LangChain's ``VectorStore`` and ``BaseRetriever`` have no count, so most stores say nothing; a
        retriever over a vector store answers with its store's.
        """
        store: Any = getattr(self.source, "vectorstore", self.source)
        counter = getattr(store, "count", None)
        return int(counter()) if callable(counter) else None


def as_retriever(source: Any) -> Any:
    """``source`` as a verirag store: LangChain retrievers and vector stores wrapped, stores as they are."""
    from langchain_core.retrievers import BaseRetriever
    from langchain_core.vectorstores import VectorStore

    if not isinstance(source, BaseRetriever | VectorStore) and callable(getattr(source, "search", None)):
        return source
    return LangChainRetriever(source)


def store_name(source: Any) -> str:
    """The name a store object is registered under for one process (``Context.store``)."""
    return f"object:{type(source).__name__}:{id(source):x}"
