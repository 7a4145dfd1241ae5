"""Document stores: Chroma + BM25 hybrid, the shipped corpus, and ingestion of the user's files."""

from verirag.documents import Document, document_id, make_document
from verirag.stores.hybrid import (
    HybridStore,
    Retriever,
    open_store,
    register_store,
    resolve_store,
    rrf_fuse,
    unregister_store,
)

__all__ = [
    "Document",
    "HybridStore",
    "Retriever",
    "document_id",
    "make_document",
    "open_store",
    "register_store",
    "resolve_store",
    "rrf_fuse",
    "unregister_store",
]
