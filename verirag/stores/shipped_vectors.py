"""The shipped corpus's vectors, made once (``benchmarks/corpus_vectors.py``) instead of on every machine.

``verirag/data/corpus_vectors.npz`` is used only when its sha256 is :data:`SHA256`, its model is the
store's embedder and its digest is that of the documents being ingested; otherwise the corpus is
embedded like any other documents.
"""

from __future__ import annotations

import hashlib
import json
import zipfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import BinaryIO

import numpy as np
from numpy.typing import NDArray

from verirag.documents import Document
from verirag.stores import durable
from verirag.stores.embeddings import Embedder, MiniLMEmbedder
from verirag.stores.hybrid import HybridStore, dense_text

VECTORS = Path(__file__).resolve().parents[1] / "data" / "corpus_vectors.npz"
SHA256 = "949266aceb4599a4549d4c8db822d7c4b540a655fe3631568aba7d2d263d2388"


def inputs_digest(documents: Sequence[Document]) -> str:
    """sha256 of every distinct document's id and embedded text, in id order (changes with the chunking)."""
    digest = hashlib.sha256()
    for doc in _distinct(documents):
        digest.update(f"{doc['id']}\t{dense_text(doc)}\n".encode())
    return digest.hexdigest()


def _distinct(documents: Sequence[Document]) -> list[Document]:
    """One document per id, in id order."""
    return sorted({d["id"]: d for d in documents}.values(), key=lambda d: d["id"])


def file_sha256(path: Path) -> str:
    """sha256 of a file's bytes."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write(path: Path, documents: Sequence[Document], embedder: Embedder) -> str:
    """Embed ``documents`` and write their vectors to ``path``; return the file's sha256."""
    docs = _distinct(documents)
    vectors = np.asarray(embedder.embed([dense_text(d) for d in docs]), dtype=np.float16)
    meta = {"model": embedder.name, "inputs": inputs_digest(docs), "count": len(docs)}
    arrays = {
        "meta": np.array(json.dumps(meta, sort_keys=True)),
        "ids": np.array([d["id"].encode() for d in docs]),
        "vectors": vectors,
    }

    def save(fh: BinaryIO) -> None:
        with zipfile.ZipFile(fh, "w", zipfile.ZIP_STORED) as archive:
            for name, array in arrays.items():
                entry = zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0))
                with archive.open(entry, "w") as out:
                    np.lib.format.write_array(out, array, allow_pickle=False)

    durable.write_atomic(path, save)
    return file_sha256(path)


def load(
    documents: Sequence[Document], model: str, path: Path | None = None, sha256: str | None = None
) -> tuple[dict[str, NDArray[np.float32]], str]:
    """The shipped vectors of ``documents`` by embedded text, or ``({}, why not)``.

    ``path`` and ``sha256`` default to :data:`VECTORS` and :data:`SHA256`.
    """
    path, sha256 = path or VECTORS, sha256 or SHA256
    if not path.exists():
        return {}, f"no shipped vectors at {path}"
    if file_sha256(path) != sha256:
        return {}, f"{path.name} fails its sha256 check"
    with np.load(path, allow_pickle=False) as data:
        meta, ids, vectors = json.loads(str(data["meta"])), data["ids"], data["vectors"]
    if meta["model"] != model:
        return {}, f"{path.name} holds {meta['model']} vectors, the store embeds with {model}"
    if meta["inputs"] != inputs_digest(documents):
        return {}, f"{path.name} was made from another version or chunking of the corpus"
    rows = {i.decode(): n for n, i in enumerate(ids)}
    table = vectors.astype(np.float32)
    table /= np.maximum(np.linalg.norm(table, axis=1, keepdims=True), 1e-12)
    return {dense_text(d): table[rows[d["id"]]] for d in documents}, ""


class PrecomputedEmbedder:
    """An embedder that answers from precomputed vectors where it has them and embeds the rest live.

    Args:
        name: the live embedder's name (the store records it).
        vectors: vectors by the text they were made from.
        live: gives the live embedder, called only for a text without a vector.
    """

    def __init__(self, name: str, vectors: dict[str, NDArray[np.float32]], live: Callable[[], Embedder]):
        self.name = name
        self._vectors = vectors
        self._live = live

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """The shipped vector of each text; the live model embeds the texts that have none."""
        missing = [t for t in texts if t not in self._vectors]
        computed = iter(self._live().embed(missing) if missing else [])
        return [self._vectors[t].tolist() if t in self._vectors else next(computed) for t in texts]


def corpus_embedder(documents: Sequence[Document], store: HybridStore) -> tuple[Embedder | None, str]:
    """The embedder that ingests the shipped corpus into ``store`` from the shipped vectors.

    Or ``(None, why not)`` when there is none; the store's own model embeds any document they lack.
    """
    model = store.manifest().get("embedder", "") if store.exists() else MiniLMEmbedder.name
    vectors, why = load(documents, model)
    if not vectors:
        return None, why
    return PrecomputedEmbedder(model, vectors, lambda: store.embedder), ""
