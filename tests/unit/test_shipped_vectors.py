"""The shipped corpus's vectors (verirag.stores.shipped_vectors): ``verirag ingest`` of the shipped corpus
stores the vectors of the checked file instead of embedding, and embeds, with one line saying why, when
the file is missing, fails its sha256, or was made from other documents or by another model. The real
file is held to the live embedder in tests/integration/test_shipped_data.py."""

from __future__ import annotations

import json
import time

import numpy as np
import pytest

from tests.conftest import DOCS
from tests.scripted import run_main
from verirag.stores import HybridStore, make_document
from verirag.stores import shipped_vectors as sv
from verirag.stores.embeddings import MiniLMEmbedder
from verirag.stores.hybrid import dense_text
from verirag.testing import HashEmbedder


class OneHot:
    """Vectors unlike any live embedder's: text number i gets the i-th unit vector."""

    def __init__(self, name: str, dim: int = 256):
        self.name, self.dim = name, dim

    def embed(self, texts):
        return [list(np.eye(self.dim)[i % self.dim]) for i, _ in enumerate(texts)]


def stored_vectors(path) -> dict[str, np.ndarray]:
    got = HybridStore(path)._open().get(include=["embeddings"])
    return {i: np.asarray(v) for i, v in zip(got["ids"], got["embeddings"], strict=True)}


@pytest.fixture
def corpus(tmp_path, monkeypatch):
    """DOCS as the shipped corpus, a store built with the hash embedder, and a checked vectors file made
    by OneHot under the hash embedder's name."""
    monkeypatch.setattr("verirag.stores.corpus.iter_corpus", lambda: iter(DOCS))
    store = tmp_path / "store"
    HybridStore(store, embedder=HashEmbedder()).add([])
    path = tmp_path / "corpus_vectors.npz"
    monkeypatch.setattr(sv, "VECTORS", path)
    monkeypatch.setattr(sv, "SHA256", sv.write(path, DOCS, OneHot(HashEmbedder.name)))
    return store, path


def test_ingesting_the_shipped_corpus_stores_the_shipped_vectors(corpus, monkeypatch, capsys):
    store, path = corpus
    code, out, _ = run_main(monkeypatch, capsys, "ingest", "--store", str(store))
    assert code == 0 and "added 4 new document(s) of 4" in out and "embedding" not in out
    shipped, _ = sv.load(DOCS, HashEmbedder.name, path)
    stored = stored_vectors(store)
    for doc in DOCS:
        np.testing.assert_allclose(stored[doc["id"]], shipped[dense_text(doc)], atol=1e-6)
        assert np.abs(stored[doc["id"]]).max() == pytest.approx(1)  # one-hot: not the hash embedder's


@pytest.mark.parametrize(
    "spoil, why",
    [
        (lambda path, docs: path.unlink(), "no shipped vectors at "),
        (
            lambda path, docs: path.write_bytes(path.read_bytes()[:-1] + b"\1"),
            "corpus_vectors.npz fails its sha256",
        ),
        (
            lambda path, docs: docs.append(make_document("Oxford", "A city in England.")),
            "corpus_vectors.npz was made from another version or chunking of the corpus",
        ),
        (lambda path, docs: docs.pop(), "corpus_vectors.npz was made from another version or chunking"),
    ],
)
def test_without_valid_shipped_vectors_the_corpus_is_embedded_and_one_line_says_why(
    corpus, monkeypatch, capsys, spoil, why
):
    store, path = corpus
    docs = list(DOCS)
    spoil(path, docs)
    monkeypatch.setattr("verirag.stores.corpus.iter_corpus", lambda: iter(docs))
    code, out, _ = run_main(monkeypatch, capsys, "ingest", "--store", str(store))
    assert code == 0
    (line,) = [line for line in out.splitlines() if "embedding the corpus instead" in line]
    assert line.startswith(why)
    stored = stored_vectors(store)
    live = HashEmbedder().embed([dense_text(d) for d in docs])
    for doc, vector in zip(docs, live, strict=True):
        np.testing.assert_allclose(stored[doc["id"]], vector, atol=1e-6)


def test_vectors_of_another_model_are_not_used(tmp_path):
    path = tmp_path / "v.npz"
    sha256 = sv.write(path, DOCS, OneHot("another-model"))
    vectors, why = sv.load(DOCS, HashEmbedder.name, path, sha256)
    assert vectors == {} and why == "v.npz holds another-model vectors, the store embeds with hash-bow-256"


def test_the_file_is_the_same_bytes_for_the_same_vectors_in_any_order(tmp_path):
    first = sv.write(tmp_path / "a.npz", DOCS, HashEmbedder())
    time.sleep(1.1)  # a zip entry's timestamp has a resolution of two seconds
    assert sv.write(tmp_path / "b.npz", DOCS[::-1], HashEmbedder()) == first
    assert (tmp_path / "a.npz").read_bytes() == (tmp_path / "b.npz").read_bytes()


def test_loaded_vectors_are_the_float16_ones_normalised(tmp_path):
    path = tmp_path / "v.npz"
    vectors, why = sv.load(DOCS, HashEmbedder.name, path, sv.write(path, DOCS, HashEmbedder()))
    assert why == "" and set(vectors) == {dense_text(d) for d in DOCS}
    for doc, live in zip(DOCS, HashEmbedder().embed([dense_text(d) for d in DOCS]), strict=True):
        vector = vectors[dense_text(doc)]
        assert vector.dtype == np.float32 and np.linalg.norm(vector) == pytest.approx(1, abs=1e-6)
        assert float(vector @ np.asarray(live)) > 0.99999


def test_the_precomputed_embedder_embeds_only_the_texts_it_lacks():
    calls = []

    class Live(HashEmbedder):
        def embed(self, texts):
            calls.append(list(texts))
            return super().embed(texts)

    known = {"a": np.eye(4, dtype=np.float32)[0], "b": np.eye(4, dtype=np.float32)[1]}
    embedder = sv.PrecomputedEmbedder("hash-bow-256", known, Live)
    assert embedder.embed(["b", "a"]) == [[0, 1, 0, 0], [1, 0, 0, 0]] and calls == []
    mixed = embedder.embed(["a", "c d", "b", "e"])
    assert calls == [["c d", "e"]]
    assert mixed[0] == [1, 0, 0, 0] and mixed[2] == [0, 1, 0, 0]
    assert mixed[1] == HashEmbedder().embed(["c d"])[0] and mixed[3] == HashEmbedder().embed(["e"])[0]


def test_the_shipped_file_passes_its_sha256_and_holds_one_minilm_vector_per_corpus_document():
    assert sv.file_sha256(sv.VECTORS) == sv.SHA256
    with np.load(sv.VECTORS, allow_pickle=False) as data:
        meta, ids, vectors = json.loads(str(data["meta"])), data["ids"], data["vectors"]
    assert meta["model"] == MiniLMEmbedder.name and meta["count"] == len(ids) == len(set(ids)) == 10_033
    assert vectors.dtype == np.float16 and vectors.shape == (10_033, 384)
    np.testing.assert_allclose(np.linalg.norm(vectors.astype(np.float32), axis=1), 1, atol=2e-3)
