"""BM25 over segments: an ingest indexes only its own documents, and a search over several segments
ranks and scores exactly as one index over all documents (global statistics), which is bm25s' ranking."""

from __future__ import annotations

import json
import math
import random

import pytest

from verirag.stores import HybridStore, make_document
from verirag.stores import bm25 as lexical
from verirag.testing import HashEmbedder

WORDS = (
    "river mountain capital island ocean volcano desert forest city harbour bridge castle museum "
    "painter emperor treaty battle railway river river capital island"
).split()


def random_texts(n: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    return [" ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 40))) for _ in range(n)]


QUERIES = [" ".join(random.Random(q).sample(WORDS[:18], random.Random(q).randint(1, 4))) for q in range(40)]


def test_segments_score_exactly_as_one_index_over_all_documents():
    texts = random_texts(120)
    ids = [f"d{i}" for i in range(len(texts))]
    whole = [lexical.Segment.build(ids, texts)]
    cuts = [0, 70, 100, 115, 120]  # a big segment and small ones, as after a few small ingests
    parts = [lexical.Segment.build(ids[a:b], texts[a:b]) for a, b in zip(cuts, cuts[1:], strict=False)]
    merged = [lexical.Segment.merge(parts)]
    for query in QUERIES:
        expected = lexical.search(whole, query, 15)
        assert expected and lexical.search(parts, query, 15) == expected
        assert lexical.search(merged, query, 15) == expected


def test_one_segment_scores_as_bm25s_does():
    import bm25s
    import Stemmer

    texts = random_texts(60, seed=3)
    retriever = bm25s.BM25()
    stemmer = Stemmer.Stemmer("english")
    tokens = bm25s.tokenize(texts, stopwords="en", stemmer=stemmer, show_progress=False)
    retriever.index(tokens, show_progress=False)
    segment = lexical.Segment.build([str(i) for i in range(len(texts))], texts)
    for query in QUERIES[:10]:
        reference = retriever.get_scores(lexical.tokenize(query))
        ours = dict(lexical.search([segment], query, len(texts)))
        assert {int(i): s for i, s in ours.items()} == pytest.approx(
            {i: float(s) for i, s in enumerate(reference) if s > 0}, rel=1e-5
        )


def test_merging_drops_the_given_ids_and_keeps_the_rest_searchable():
    texts = random_texts(30)
    ids = [f"d{i}" for i in range(30)]
    parts = [lexical.Segment.build(ids[:20], texts[:20]), lexical.Segment.build(ids[20:], texts[20:])]
    dropped = frozenset({"d3", "d25"})
    merged = lexical.Segment.merge(parts, drop=dropped)
    kept = [i for i in ids if i not in dropped]
    assert merged.ids == kept
    rebuilt = lexical.Segment.build(kept, [t for i, t in zip(ids, texts, strict=True) if i not in dropped])
    for query in QUERIES:
        assert lexical.search([merged], query, 10) == lexical.search([rebuilt], query, 10)


def test_the_merge_plan_keeps_few_segments_and_leaves_a_large_one_alone():
    assert lexical.merge_plan([100_000, 10]) == 0  # adding 10 chunks to a large store merges nothing
    assert lexical.merge_plan([100, 40, 10]) == 3  # 40 <= 4*10, then 100 <= 4*50
    rng, sizes = random.Random(1), []
    for _ in range(2000):
        sizes.append(rng.choice([1, 5, 10, 50, 300]))
        n = lexical.merge_plan(sizes)
        if n:
            sizes[-n:] = [sum(sizes[-n:])]
        assert len(sizes) <= math.log(sum(sizes), lexical.MERGE_RATIO) + 2
        assert all(a > lexical.MERGE_RATIO * b for a, b in zip(sizes, sizes[1:], strict=False))


def test_adding_a_few_documents_indexes_only_them(tmp_path, monkeypatch):
    docs = [make_document(f"T{i}", t) for i, t in enumerate(random_texts(200))]
    store = HybridStore(tmp_path / "store", embedder=HashEmbedder())
    store.add(docs)
    (big,) = json.loads((tmp_path / "store" / "store.json").read_text())["segments"]
    before = (tmp_path / "store" / big["file"]).read_bytes()
    tokenized: list[str] = []
    real = lexical.tokenize

    def counted(text):
        tokenized.append(text)
        return real(text)

    monkeypatch.setattr(lexical, "tokenize", counted)
    new = [
        make_document("New", "a harbour castle near the volcano"),
        make_document("Newer", "railway museum"),
    ]
    assert store.add(docs + new) == 2
    assert len(tokenized) == 2  # the 200 stored documents were not read or tokenized again
    segments = json.loads((tmp_path / "store" / "store.json").read_text())["segments"]
    assert segments[0] == big and (tmp_path / "store" / big["file"]).read_bytes() == before
    assert [s["count"] for s in segments] == [200, 2]
    assert store.search("railway museum", 1)[0]["title"] == "Newer"


def test_a_store_written_by_an_older_verirag_is_upgraded_on_first_search(tmp_path):
    import bm25s
    import Stemmer

    docs = [make_document("Japan", "Its capital is Tokyo."), make_document("Peru", "Its capital is Lima.")]
    path = tmp_path / "old"
    HybridStore(path, embedder=HashEmbedder()).add(docs)
    for entry in json.loads((path / "store.json").read_text())["segments"]:
        (path / entry["file"]).unlink()
    # the previous layout: one bm25s index with ids.json in bm25/, a manifest without version/segments
    retriever = bm25s.BM25()
    tokens = bm25s.tokenize(
        [f"{d['title']} {d['text']}" for d in docs],
        stopwords="en",
        stemmer=Stemmer.Stemmer("english"),
        show_progress=False,
    )
    retriever.index(tokens, show_progress=False)
    retriever.save(str(path / "bm25"))
    (path / "bm25" / "ids.json").write_text(json.dumps([d["id"] for d in docs]))
    old_manifest = {"embedder": "hash-bow-256", "collection": "verirag", "count": 2}
    (path / "store.json").write_text(json.dumps(old_manifest))

    store = HybridStore(path, embedder=HashEmbedder())
    assert store.search("Lima", 1)[0]["title"] == "Peru"
    manifest = json.loads((path / "store.json").read_text())
    assert manifest["version"] == 2 and manifest["count"] == 2
    assert [s["count"] for s in manifest["segments"]] == [2]
    assert (path / "bm25" / "ids.json").exists()  # left for processes of the older version during an upgrade
    store.add([make_document("Chile", "Its capital is Santiago.")])
    assert store.search("Santiago", 1)[0]["title"] == "Chile"
