"""The document store: a Chroma collection (dense) plus a BM25 index (lexical), fused by reciprocal rank.

The Chroma collection is persistent. Vectors come from verirag's own offline embedder (never Chroma's
downloading default); document ids are content hashes. The manifest ``store.json`` is an ingest's commit
point; whenever Chroma's count differs from it, the store is repaired under the writer lock
(:meth:`HybridStore.repair`), so nothing an ingest acknowledged is lost. A document is indexed and stored
without its sentences addressed to the model (:mod:`verirag.withhold`), which it keeps under ``withheld``.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import threading
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

from verirag.documents import Document, from_langchain, origin
from verirag.errors import StoreNotFoundError, StoreUnavailableError
from verirag.stores import bm25, durable
from verirag.stores.durable import TMP_PREFIX, exclusive
from verirag.stores.embeddings import Embedder
from verirag.withhold import as_data

if TYPE_CHECKING:
    from chromadb import ClientAPI, Collection

RRF_K = 60
VERSION = 2
_MANIFEST = "store.json"
_SEGMENTS = "bm25"
_PAGE = 1000  # ids per Chroma read
# HNSW's breadth of search. At Chroma's default (100) the dense top 50 of the shipped corpus missed exact
# neighbours for 33 of 72 dev questions and changed from one process to the next; at 1,000 it is the exact
# top 50 for all 72, in every process, at about 5 ms a query
EF_SEARCH = 1000


def rrf_fuse(rankings: Sequence[Sequence[str]], k: int, rrf_k: int = RRF_K) -> list[tuple[str, float]]:
    """Reciprocal-rank fusion of several ranked id lists; ties broken by first appearance."""
    scores: dict[str, float] = {}
    for ranking in rankings:
        for rank, doc_id in enumerate(ranking):
            scores[doc_id] = scores.get(doc_id, 0.0) + 1.0 / (rrf_k + rank + 1)
    order = sorted(scores.items(), key=lambda kv: -kv[1])  # stable: earlier ids win ties
    return order[:k]


class HybridStore:
    """Persistent dense + BM25 store, crash-consistent (see the module docstring).

    Thread-safe for concurrent searches.

    Args:
        path: the store folder (created by :meth:`add`): manifest, BM25 segments and, unless
            ``chroma_url`` is given, the embedded Chroma database.
        embedder: the embedding model; defaults to the one the store was built with, else the offline MiniLM.
        collection: Chroma collection name.
        chroma_url: a Chroma server (``http://host:port``) to use instead of the embedded database.
    """

    batch_size = 256  # documents per Chroma write

    def __init__(
        self,
        path: str | Path,
        embedder: Embedder | None = None,
        collection: str = "verirag",
        chroma_url: str = "",
    ):
        self.path = Path(path)
        self.collection_name = collection
        self.chroma_url = chroma_url
        self._embedder = embedder
        self._client: ClientAPI | None = None
        self._collection: Collection | None = None
        self._lock = threading.RLock()
        self._generation: int | None = None  # of the loaded segments
        self._segments: list[bm25.Segment] = []
        self._committed: frozenset[str] = frozenset()
        self._checked = False
        self.last_repair: dict = {}  # what the last add() or repair() fixed: {"indexed": n, "dropped": m}

    # -- opening ------------------------------------------------------------------------------------
    @property
    def embedder(self) -> Embedder:
        """The store's embedder: the one given, else the one it was built with, else the offline MiniLM."""
        if self._embedder is None:  # the one this store was built with, else the offline MiniLM
            from verirag.stores.embeddings import default_embedder, embedder_named

            self._embedder = (
                embedder_named(self.manifest()["embedder"]) if self.exists() else default_embedder()
            )
        return self._embedder

    def exists(self) -> bool:
        """True when an index was written here by :meth:`add`."""
        return (self.path / _MANIFEST).exists()

    def manifest(self) -> dict:
        """The committed manifest (never a torn one: it is replaced atomically)."""
        if not self.exists():
            raise StoreNotFoundError(
                f"no document store at {self.path}; run `verirag ingest` (shipped corpus) "
                "or `verirag ingest PATH...` first"
            )
        try:
            return json.loads((self.path / _MANIFEST).read_text())
        except (OSError, ValueError) as exc:
            raise StoreUnavailableError(f"cannot read {self.path / _MANIFEST}: {exc}") from exc

    def _open(self, create: bool = False):
        with self._lock:
            if self._collection is None:
                if not create:
                    self._check_embedder(self.manifest())
                    self._check_chroma(self.manifest())
                try:
                    import chromadb
                    from chromadb.config import Settings

                    settings = Settings(anonymized_telemetry=False)
                    if self.chroma_url:
                        url = urlparse(self.chroma_url)
                        self._client = chromadb.HttpClient(
                            host=url.hostname or "127.0.0.1",
                            port=url.port or 8000,
                            ssl=url.scheme == "https",
                            settings=settings,
                        )
                    else:
                        self._client = chromadb.PersistentClient(
                            path=str(self.path / "chroma"), settings=settings
                        )
                    collection = self._client.get_or_create_collection(
                        self.collection_name,
                        embedding_function=None,
                        configuration={"hnsw": {"space": "cosine", "ef_search": EF_SEARCH}},
                    )
                    hnsw = (collection.configuration_json or {}).get("hnsw") or {}
                    if hnsw.get("ef_search", 0) < EF_SEARCH:
                        # a store built before: its index is kept, searched as widely as a new one (a store
                        # mounted read-only cannot be told so, and keeps its narrower search)
                        with contextlib.suppress(Exception):
                            collection.modify(configuration={"hnsw": {"ef_search": EF_SEARCH}})
                    self._collection = collection
                except Exception as exc:
                    where = self.chroma_url or self.path
                    raise StoreUnavailableError(f"cannot open the Chroma store at {where}: {exc}") from exc
            return self._collection

    def _check_embedder(self, manifest: dict) -> None:
        if self._embedder is not None and manifest.get("embedder") != self._embedder.name:
            raise StoreUnavailableError(
                f"store {self.path} was built with embedder {manifest.get('embedder')!r}, "
                f"not {self._embedder.name!r}"
            )

    def _check_chroma(self, manifest: dict) -> None:
        """Refuse to open a store's vectors anywhere but where they were written.

        Opened without its server, an empty embedded Chroma would look like a crash to repair, and the repair
        would drop every document from the index. (Manifests written before this check do not say.)
        """
        built, here = manifest.get("chroma"), "server" if self.chroma_url else "embedded"
        if built and built != here:
            raise StoreUnavailableError(
                f"the store at {self.path} keeps its vectors on a Chroma server: set VERIRAG_CHROMA_URL "
                "(or --chroma-url) to its http://host:port"
                if built == "server"
                else f"the store at {self.path} keeps its vectors in its own folder, not on the Chroma "
                f"server {self.chroma_url}: unset VERIRAG_CHROMA_URL (or --chroma-url)"
            )

    # -- writing ------------------------------------------------------------------------------------
    def add(self, documents: Iterable[Any], progress: Callable[[int], None] | None = None) -> int:
        """Add documents whose ids are not committed yet; return how many were new.

        Verirag's documents or LangChain ``Document``s (:func:`verirag.documents.from_langchain`).
        ``progress(n)`` is called with the number of documents handled (the ones already stored first,
        then after each Chroma batch). The documents are acknowledged, and searchable, once this returns.
        """
        unique: dict[str, Document] = {}
        for given in documents:  # indexed and stored without the sentences addressed to the model
            doc = as_data(from_langchain(given) if hasattr(given, "page_content") else given, rekey=True)
            unique.setdefault(doc["id"], doc)
        with self._lock, exclusive(self.path):
            manifest = self.manifest() if self.exists() else self._new_manifest()
            self._check_embedder(manifest)
            self._check_chroma(manifest)
            collection = self._open(create=True)
            manifest, self.last_repair = self._repair_locked(manifest, collection)
            committed = self._committed_ids(manifest)
            fresh = [d for d in unique.values() if d["id"] not in committed]
            if progress and len(unique) > len(fresh):
                progress(len(unique) - len(fresh))
            for start in range(0, len(fresh), self.batch_size):
                self._write_chroma(collection, fresh[start : start + self.batch_size])
                if progress:
                    progress(len(fresh[start : start + self.batch_size]))
            if fresh or not self.exists():
                segments = list(manifest["segments"])
                if fresh:
                    segment = bm25.Segment.build([d["id"] for d in fresh], [_lexical(d) for d in fresh])
                    segments.append(self._write_segment(segment, manifest))
                manifest = self._compact(self._commit(manifest, segments))
            self._collect_garbage(manifest)
            return len(fresh)

    def repair(self, wait: bool = True) -> dict:
        """Make Chroma, the BM25 segments and the manifest agree (see the module docstring).

        Returns ``{"indexed": n, "dropped": m}``: documents found in Chroma only and now indexed, ids
        found in BM25 only and now dropped. With ``wait=False`` nothing is done (``{}``) while another
        process holds the writer lock or the folder is read-only.
        """
        with self._lock, exclusive(self.path, wait) as held:
            if not held:
                return {}
            manifest, self.last_repair = self._repair_locked(self.manifest(), self._open())
            self._collect_garbage(manifest)
            return self.last_repair

    def _new_manifest(self) -> dict:
        return {
            "version": VERSION,
            "embedder": self.embedder.name,
            "collection": self.collection_name,
            "chroma": "server" if self.chroma_url else "embedded",
            "count": 0,
            "generation": 0,
            "segments": [],
        }

    def _repair_locked(self, manifest: dict, collection) -> tuple[dict, dict]:
        if manifest.get("version") != VERSION:  # an older store: rebuild BM25 from Chroma once
            manifest = {**self._new_manifest(), "generation": 0, "upgraded_from": manifest.get("version", 1)}
        report = {"indexed": 0, "dropped": 0}
        if collection.count() == manifest["count"] and "upgraded_from" not in manifest:
            return manifest, report
        stored = self._chroma_ids(collection)
        committed = self._committed_ids(manifest)
        extra = [i for i in stored if i not in committed]
        missing = committed - set(stored)
        segments = list(manifest["segments"])
        if missing:
            merged = bm25.Segment.merge([self._load(s) for s in segments], drop=frozenset(missing))
            segments = [self._write_segment(merged, manifest)] if len(merged) else []
        if extra:
            docs = self.get(extra)
            segments.append(
                self._write_segment(
                    bm25.Segment.build([d["id"] for d in docs], [_lexical(d) for d in docs]), manifest
                )
            )
        manifest.pop("upgraded_from", None)
        report = {"indexed": len(extra), "dropped": len(missing)}
        return self._compact(self._commit(manifest, segments)), report

    def _write_chroma(self, collection, batch: list[Document]) -> None:
        known = set(collection.get(ids=[d["id"] for d in batch], include=[])["ids"])
        new = [d for d in batch if d["id"] not in known]
        if new:
            collection.add(
                ids=[d["id"] for d in new],
                documents=[d["text"] for d in new],
                embeddings=self.embedder.embed([dense_text(d) for d in new]),
                metadatas=[
                    {
                        "title": d["title"],
                        "source": d.get("source", ""),
                        **origin(d),
                        **({"withheld": "\n".join(d["withheld"])} if d.get("withheld") else {}),
                    }
                    for d in new
                ],
            )

    def _write_segment(self, segment: bm25.Segment, manifest: dict) -> dict:
        name = f"{_SEGMENTS}/seg-{manifest['generation'] + 1:06d}-{secrets.token_hex(4)}.npz"
        durable.write_atomic(self.path / name, segment.save)
        return {"file": name, "count": len(segment)}

    def _commit(self, manifest: dict, segments: list[dict]) -> dict:
        """Atomically replace the manifest: the commit point of every write."""
        manifest = {
            **manifest,
            "version": VERSION,
            "generation": manifest["generation"] + 1,
            "count": sum(s["count"] for s in segments),
            "segments": segments,
        }
        text = json.dumps(manifest, indent=2).encode()
        durable.write_atomic(self.path / _MANIFEST, lambda fh: fh.write(text))
        return manifest

    def _compact(self, manifest: dict) -> dict:
        """Merge the newest segments when :func:`bm25.merge_plan` says so (no re-tokenizing)."""
        segments = manifest["segments"]
        n = bm25.merge_plan([s["count"] for s in segments])
        if not n:
            return manifest
        merged = bm25.Segment.merge([self._load(s) for s in segments[-n:]])
        return self._commit(manifest, segments[:-n] + [self._write_segment(merged, manifest)])

    def _collect_garbage(self, manifest: dict) -> None:
        """Delete segment files the manifest does not list and stray temporary files.

        An older verirag's BM25 files (``bm25/ids.json`` and bm25s' files) are left in place, so a process
        still running the older version during an upgrade keeps answering (from the documents it knew).
        """
        keep = {self.path / s["file"] for s in manifest["segments"]}
        folder = self.path / _SEGMENTS
        leftovers = [
            *folder.glob("seg-*.npz"),
            *folder.glob(f"{TMP_PREFIX}*"),
            *self.path.glob(f"{TMP_PREFIX}*"),
        ]
        for path in leftovers:
            if path.is_file() and path not in keep:
                path.unlink(missing_ok=True)

    def _load(self, entry: dict) -> bm25.Segment:
        return bm25.Segment.load(self.path / entry["file"])

    def _committed_ids(self, manifest: dict) -> set[str]:
        ids: set[str] = set()
        for entry in manifest["segments"]:
            ids.update(bm25.segment_ids(self.path / entry["file"]))
        return ids

    @staticmethod
    def _chroma_ids(collection) -> list[str]:
        ids: list[str] = []
        while True:
            page = collection.get(include=[], limit=_PAGE * 10, offset=len(ids))["ids"]
            ids += page
            if len(page) < _PAGE * 10:
                return ids

    # -- reading ------------------------------------------------------------------------------------
    def count(self) -> int:
        """Number of committed documents (raises :class:`StoreNotFoundError` when there is no store)."""
        return int(self.manifest().get("count", 0))

    def get(self, ids: Sequence[str]) -> list[Document]:
        """Fetch documents by id, in the order given (unknown ids are skipped)."""
        found: dict[str, Document] = {}
        for start in range(0, len(ids), _PAGE):
            page = self._open().get(ids=list(ids[start : start + _PAGE]), include=["documents", "metadatas"])
            found.update(
                {
                    i: Document(
                        id=i,
                        title=m.get("title", ""),
                        text=t,
                        source=m.get("source", ""),
                        **origin(m),
                        **({"withheld": m["withheld"].split("\n")} if m.get("withheld") else {}),
                    )
                    for i, t, m in zip(page["ids"], page["documents"], page["metadatas"], strict=True)
                }
            )
        return [found[i] for i in ids if i in found]

    def _index(self) -> tuple[list[bm25.Segment], frozenset[str]]:
        """The committed BM25 segments and ids; reloaded when another process committed since."""
        with self._lock:
            for _ in range(5):
                manifest = self.manifest()
                if manifest.get("version") != VERSION:  # written by an older verirag
                    self._upgrade()
                    continue
                if manifest["generation"] == self._generation:
                    return self._segments, self._committed
                try:
                    segments = [self._load(s) for s in manifest["segments"]]
                except FileNotFoundError:  # a writer merged them away after we read the manifest
                    continue
                self._segments, self._generation = segments, manifest["generation"]
                self._committed = frozenset(i for s in segments for i in s.ids)
                return self._segments, self._committed
        raise StoreUnavailableError(f"the BM25 index of {self.path} keeps changing; try again")

    def _upgrade(self) -> None:
        try:
            self.repair()
        except OSError as exc:
            raise StoreUnavailableError(
                f"the store at {self.path} was written by an older verirag; run `verirag ingest` once "
                f"with write access to upgrade it ({exc})"
            ) from exc

    def search(self, query: str, k: int) -> list[Document]:
        """Top-``k`` committed documents for ``query`` by RRF over dense and BM25 rankings."""
        if self.count() == 0:
            raise StoreNotFoundError(f"the document store at {self.path} is empty; run `verirag ingest`")
        pool = max(2 * k, 50)
        collection = self._open()
        try:
            if not self._checked:  # once per process: repair what a killed ingest left, unless one runs
                self._checked = True
                if collection.count() != self.count():
                    self.repair(wait=False)
            segments, committed = self._index()
            dense = collection.query(
                query_embeddings=self.embedder.embed([query]),
                n_results=min(pool, collection.count()),
                include=[],
            )["ids"][0]
            lexical = [doc_id for doc_id, _ in bm25.search(segments, query, pool)]
        except (StoreNotFoundError, StoreUnavailableError):
            raise
        except Exception as exc:
            raise StoreUnavailableError(f"search failed in the store at {self.path}: {exc}") from exc
        fused = rrf_fuse([[i for i in dense if i in committed], lexical], k)
        docs = {d["id"]: d for d in self.get([doc_id for doc_id, _ in fused])}
        return [docs[i] for i, _ in fused if i in docs]


def dense_text(doc: Document) -> str:
    """The text a document's vector is made from: title and passage."""
    return f"{doc['title']}: {doc['text']}"


def _lexical(doc: Document) -> str:
    """The text BM25 indexes: title and passage."""
    return f"{doc.get('title', '')} {doc['text']}"
