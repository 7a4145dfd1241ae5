"""Document stores: Chroma + BM25 hybrid, the shipped corpus, and ingestion of the user's files."""

from verirag.documents import Document, document_id, make_document
from verirag.stores.hybrid import HybridStore, rrf_fuse
from verirag.stores.registry import Retriever, open_store, register_store, resolve_store, unregister_store

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
