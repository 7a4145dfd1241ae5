"""The document store: a persistent Chroma collection (dense) plus a BM25 index (lexical), fused by
reciprocal-rank fusion.

Layout of a store folder::

    store.json    manifest: embedder name, collection name, document count
    chroma/       Chroma's embedded persistent database
    bm25/         the bm25s index and the ids in index order

Vectors are computed by verirag's own offline embedder and handed to Chroma explicitly, so Chroma's
downloading default embedding function is never used. Document ids are content hashes, so adding the
same documents again adds nothing.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Protocol
from urllib.parse import urlparse

from verirag.errors import StoreNotFoundError, StoreUnavailableError
from verirag.stores.documents import Document, origin
from verirag.stores.embeddings import Embedder

RRF_K = 60
_ADD_BATCH = 256
_MANIFEST = "store.json"


class Retriever(Protocol):
    """What the graph needs from a store."""

    def search(self, query: str, k: int) -> list[Document]: ...

    def count(self) -> int: ...


def rrf_fuse(rankings: Sequence[Sequence[str]], k: int, rrf_k: int = RRF_K) -> list[tuple[str, float]]:
    """Reciprocal-rank fusion of several ranked id lists; ties broken by first appearance."""
    scores: dict[str, float] = {}
    for ranking in rankings:
        for rank, doc_id in enumerate(ranking):
            scores[doc_id] = scores.get(doc_id, 0.0) + 1.0 / (rrf_k + rank + 1)
    order = sorted(scores.items(), key=lambda kv: -kv[1])  # stable: earlier ids win ties
    return order[:k]


class _BM25:
    """bm25s index with an English stemmer, persisted beside the ids in index order."""

    def __init__(self, folder: Path):
        self.folder = folder
        self._retriever = None
        self._ids: list[str] = []

    @staticmethod
    def _stemmer():
        import Stemmer

        return Stemmer.Stemmer("english")

    def _tokenize(self, texts: list[str], show_progress: bool = False):
        import bm25s

        return bm25s.tokenize(texts, stopwords="en", stemmer=self._stemmer(), show_progress=show_progress)

    def build(self, ids: list[str], texts: list[str]) -> None:
        import bm25s

        self.folder.mkdir(parents=True, exist_ok=True)
        if not ids:  # bm25s cannot index an empty corpus
            (self.folder / "ids.json").write_text("[]")
            self._retriever, self._ids = None, []
            return
        retriever = bm25s.BM25()
        retriever.index(self._tokenize(texts), show_progress=False)
        self.folder.mkdir(parents=True, exist_ok=True)
        retriever.save(str(self.folder))
        (self.folder / "ids.json").write_text(json.dumps(ids))
        self._retriever, self._ids = retriever, ids

    def _load(self) -> None:
        import bm25s

        if self._retriever is None:
            if not (self.folder / "ids.json").exists():
                raise StoreNotFoundError(f"no BM25 index in {self.folder}; run `verirag ingest` again")
            self._ids = json.loads((self.folder / "ids.json").read_text())
            if self._ids:
                self._retriever = bm25s.BM25.load(str(self.folder))

    def search(self, query: str, k: int) -> list[str]:
        self._load()
        if not self._ids:
            return []
        tokens = self._tokenize([query])
        if not any(tokens.ids):
            return []
        k = min(k, len(self._ids))
        results, scores = self._retriever.retrieve(tokens, k=k, show_progress=False)
        return [self._ids[int(i)] for i, s in zip(results[0], scores[0], strict=True) if s > 0]


class HybridStore:
    """Persistent dense + BM25 store. Thread-safe for concurrent searches.

    Args:
        path: the store folder (created by :meth:`add`): manifest, BM25 index and, unless
            ``chroma_url`` is given, the embedded Chroma database.
        embedder: the embedding model; defaults to the offline MiniLM.
        collection: Chroma collection name.
        chroma_url: a Chroma server (``http://host:port``) to use instead of the embedded database.
    """

    def __init__(self, path: str | Path, embedder: Embedder | None = None, collection: str = "verirag",
                 chroma_url: str = ""):
        self.path = Path(path)
        self.collection_name = collection
        self.chroma_url = chroma_url
        self._embedder = embedder
        self._client = None
        self._collection = None
        self._bm25 = _BM25(self.path / "bm25")
        self._lock = threading.RLock()

    # -- opening ------------------------------------------------------------------------------------
    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:  # the one this store was built with, else the offline MiniLM
            from verirag.stores.embeddings import default_embedder, embedder_named

            self._embedder = (embedder_named(self.manifest()["embedder"]) if self.exists()
                              else default_embedder())
        return self._embedder

    def exists(self) -> bool:
        """True when an index was written here by :meth:`add`."""
        return (self.path / _MANIFEST).exists()

    def manifest(self) -> dict:
        if not self.exists():
            raise StoreNotFoundError(
                f"no document store at {self.path}; run `verirag ingest` (shipped corpus) "
                "or `verirag ingest PATH...` first")
        return json.loads((self.path / _MANIFEST).read_text())

    def _open(self, create: bool = False):
        with self._lock:
            if self._collection is None:
                if not create:
                    self._check_embedder(self.manifest())
                try:
                    import chromadb
                    from chromadb.config import Settings

                    settings = Settings(anonymized_telemetry=False)
                    if self.chroma_url:
                        url = urlparse(self.chroma_url)
                        self._client = chromadb.HttpClient(host=url.hostname or "127.0.0.1",
                                                           port=url.port or 8000, ssl=url.scheme == "https",
                                                           settings=settings)
                    else:
                        self._client = chromadb.PersistentClient(path=str(self.path / "chroma"),
                                                                 settings=settings)
                    self._collection = self._client.get_or_create_collection(
                        self.collection_name, embedding_function=None,
                        configuration={"hnsw": {"space": "cosine"}})
                except Exception as exc:
                    where = self.chroma_url or self.path
                    raise StoreUnavailableError(f"cannot open the Chroma store at {where}: {exc}") from exc
            return self._collection

    def _check_embedder(self, manifest: dict) -> None:
        if self._embedder is not None and manifest.get("embedder") != self._embedder.name:
            raise StoreUnavailableError(
                f"store {self.path} was built with embedder {manifest.get('embedder')!r}, "
                f"not {self._embedder.name!r}")

    # -- writing ------------------------------------------------------------------------------------
    def add(self, documents: Iterable[Document],
            progress: Callable[[int], None] | None = None) -> int:
        """Add documents whose ids are not stored yet; return how many were new.

        ``progress(n)`` is called after each batch with the number of documents handled.
        """
        with self._lock:
            if self.exists():
                self._check_embedder(self.manifest())
            collection = self._open(create=True)
            unique: dict[str, Document] = {}
            for doc in documents:
                unique.setdefault(doc["id"], doc)
            docs = list(unique.values())
            added = 0
            for start in range(0, len(docs), _ADD_BATCH):
                batch = docs[start:start + _ADD_BATCH]
                known = set(collection.get(ids=[d["id"] for d in batch], include=[])["ids"])
                new = [d for d in batch if d["id"] not in known]
                if new:
                    collection.add(
                        ids=[d["id"] for d in new],
                        documents=[d["text"] for d in new],
                        embeddings=self.embedder.embed([f"{d['title']}: {d['text']}" for d in new]),
                        metadatas=[{"title": d["title"], "source": d.get("source", ""), **origin(d)}
                                   for d in new],
                    )
                    added += len(new)
                if progress:
                    progress(len(batch))
            if added or not (self.path / "bm25" / "ids.json").exists():
                self._rebuild_bm25()
            self._write_manifest()
            return added

    def _all(self) -> tuple[list[str], list[str], list[dict]]:
        collection = self._open()
        ids, texts, metas = [], [], []
        total = collection.count()
        for offset in range(0, total, 5000):
            page = collection.get(include=["documents", "metadatas"], limit=5000, offset=offset)
            ids += page["ids"]
            texts += page["documents"]
            metas += page["metadatas"]
        return ids, texts, metas

    def _rebuild_bm25(self) -> None:
        ids, texts, metas = self._all()
        self._bm25.build(ids, [f"{m.get('title', '')} {t}" for t, m in zip(texts, metas, strict=True)])

    def _write_manifest(self) -> None:
        manifest = {"embedder": self.embedder.name, "collection": self.collection_name,
                    "count": self._open().count()}
        (self.path / _MANIFEST).write_text(json.dumps(manifest, indent=2))

    # -- reading ------------------------------------------------------------------------------------
    def count(self) -> int:
        """Number of stored documents (raises :class:`StoreNotFoundError` when there is no store)."""
        return int(self.manifest().get("count", 0))

    def get(self, ids: Sequence[str]) -> list[Document]:
        """Fetch documents by id, in the order given (unknown ids are skipped)."""
        if not ids:
            return []
        page = self._open().get(ids=list(ids), include=["documents", "metadatas"])
        found = {i: Document(id=i, title=m.get("title", ""), text=t, source=m.get("source", ""), **origin(m))
                 for i, t, m in zip(page["ids"], page["documents"], page["metadatas"], strict=True)}
        return [found[i] for i in ids if i in found]

    def search(self, query: str, k: int) -> list[Document]:
        """Top-``k`` documents for ``query`` by RRF over dense and BM25 rankings."""
        if self.count() == 0:
            raise StoreNotFoundError(f"the document store at {self.path} is empty; run `verirag ingest`")
        pool = max(2 * k, 50)
        collection = self._open()
        try:
            dense = collection.query(query_embeddings=self.embedder.embed([query]),
                                     n_results=min(pool, collection.count()), include=[])["ids"][0]
            lexical = self._bm25.search(query, pool)
        except StoreNotFoundError:
            raise
        except Exception as exc:
            raise StoreUnavailableError(f"search failed in the store at {self.path}: {exc}") from exc
        fused = rrf_fuse([dense, lexical], k)
        docs = {d["id"]: d for d in self.get([doc_id for doc_id, _ in fused])}
        return [Document(**docs[i], score=round(s, 6)) for i, s in fused if i in docs]


_stores: dict[tuple[Path, str], HybridStore] = {}
_registered: dict[str, Retriever] = {}
_stores_lock = threading.Lock()


def register_store(name: str, store: Retriever) -> None:
    """Make any :class:`Retriever` available under ``name`` (``Context.store``); for tests and notebooks."""
    _registered[name] = store


def unregister_store(name: str) -> None:
    """Remove a name added by :func:`register_store` (missing names are ignored)."""
    _registered.pop(name, None)


def resolve_store(spec: str, chroma_url: str = "") -> Retriever:
    """A registered store by name, else the persistent store in folder ``spec``."""
    return _registered[spec] if spec in _registered else open_store(spec, chroma_url)


def open_store(path: str | Path, chroma_url: str = "") -> HybridStore:
    """The process-wide :class:`HybridStore` for ``path`` (created lazily, shared by all runs)."""
    key = (Path(path).expanduser().resolve(), chroma_url)
    with _stores_lock:
        if key not in _stores:
            _stores[key] = HybridStore(key[0], chroma_url=chroma_url)
        return _stores[key]
