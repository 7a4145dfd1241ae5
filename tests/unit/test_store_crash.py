"""Crash consistency of the store: an ingest killed (SIGKILL, a real subprocess) or failing (an exception)
at every write step leaves a store that the next ``ingest`` or ``ask`` finds consistent or repairs:
Chroma ids, BM25 ids and the manifest agree, and nothing acknowledged is lost."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.crash import arm
from verirag.stores import HybridStore, make_document
from verirag.stores import bm25 as lexical
from verirag.testing import HashEmbedder

ROOT = Path(__file__).resolve().parents[2]


def corpus(start: int, n: int) -> list:
    return [
        make_document(f"Doc {i}", f"Entry {i} is about the marker uniq{i:04d}x and the river.")
        for i in range(start, start + n)
    ]


A, B = corpus(0, 6), corpus(6, 4)  # A is acknowledged before the crash; the killed ingest adds B
# Ingesting B (4 documents, 2 per Chroma batch) into a store holding A writes, in order: Chroma batch 1,
# batch 2, the segment of B (replace 1), the manifest (2), then a merge of both segments (3), manifest (4).
POINTS = [("chroma", 1), ("chroma", 2)] + [
    (step, n) for n in (1, 2, 3, 4) for step in ("mid-write", "before-replace", "after-replace")
]
COMMITTED_B = {
    ("after-replace", 2),
    ("mid-write", 3),
    ("before-replace", 3),
    ("after-replace", 3),
    ("mid-write", 4),
    ("before-replace", 4),
    ("after-replace", 4),
}  # B's manifest was committed


def forget_chroma_clients() -> None:
    """Embedded Chroma caches a database per process and does not see another process's later writes
    to its vector index: drop that cache after a subprocess wrote (tests only; a server would restart)."""
    from chromadb.api.client import SharedSystemClient

    SharedSystemClient.clear_system_cache()


def store_with_a(path: Path) -> HybridStore:
    store = HybridStore(path, embedder=HashEmbedder())
    assert store.add(A) == len(A)  # acknowledged
    return store


def bm25_ids(path: Path) -> list[str]:
    manifest = json.loads((path / "store.json").read_text())
    return [i for entry in manifest["segments"] for i in lexical.segment_ids(path / entry["file"])]


def chroma_ids(path: Path) -> set[str]:
    return set(HybridStore(path, embedder=HashEmbedder())._open().get(include=[])["ids"])


def assert_loadable(path: Path) -> None:
    """What a reader can see right after the crash: a complete manifest whose files all load."""
    manifest = json.loads((path / "store.json").read_text())
    for entry in manifest["segments"]:
        assert len(lexical.Segment.load(path / entry["file"])) == entry["count"]
    assert manifest["count"] == sum(entry["count"] for entry in manifest["segments"])


def assert_consistent(path: Path, must_hold: list, written: bool = True) -> None:
    """Chroma ids, BM25 ids and the manifest agree; every document of ``must_hold`` is found by BM25;
    after a write (``written``) no temporary file is left (a reader only never loads them)."""
    ids = bm25_ids(path)
    manifest = json.loads((path / "store.json").read_text())
    assert len(ids) == len(set(ids)) == manifest["count"]
    assert set(ids) == chroma_ids(path)
    store = HybridStore(path, embedder=HashEmbedder())
    segments, _ = store._index()
    for doc in must_hold:
        marker = doc["text"].split("marker ")[1].split()[0]
        assert lexical.search(segments, marker, 1)[0][0] == doc["id"]
        assert store.search(marker, 1)[0]["id"] == doc["id"]
    assert not written or not list(path.rglob(".tmp-*"))


def follow_up(path: Path, then: str, point: tuple) -> None:
    """The next ingest (of B again) or ask after the crash repairs the store and loses nothing."""
    store = HybridStore(path, embedder=HashEmbedder())
    if then == "ingest":
        added = store.add(B)
        assert added == (0 if point in COMMITTED_B else len(B) - store.last_repair["indexed"])
        assert_consistent(path, A + B)
    else:
        assert store.search("river", 3)  # what `verirag ask` runs first
        in_chroma = {d["id"] for d in B} & chroma_ids(path)
        assert set(bm25_ids(path)) == {d["id"] for d in A} | in_chroma  # B's written part recovered
        assert_consistent(path, A + [d for d in B if d["id"] in in_chroma], written=False)


def crash_ingest(tmp_path: Path, step: str, n: int) -> Path:
    """Ingest B with the CLI in a subprocess that SIGKILLs itself at the given write step."""
    path = tmp_path / "store"
    store_with_a(path)
    files = tmp_path / "b.jsonl"
    files.write_text("".join(json.dumps({"title": d["title"], "text": d["text"]}) + "\n" for d in B))
    env = {
        **os.environ,
        "VERIRAG_HOME": str(tmp_path / "home"),
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    command = [
        sys.executable,
        "-m",
        "tests.crash",
        step,
        str(n),
        "2",
        "--",
        "ingest",
        str(files),
        "--store",
        str(path),
    ]
    proc = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == -signal.SIGKILL, proc.stderr[-2000:]  # killed exactly there
    forget_chroma_clients()
    return path


@pytest.mark.parametrize("step,n", POINTS)
def test_an_ingest_killed_at_any_write_step_is_repaired_by_the_next_ingest_or_ask(tmp_path, step, n):
    path = crash_ingest(tmp_path, step, n)
    assert_loadable(path)
    assert {d["id"] for d in A} <= set(bm25_ids(path))  # acknowledged before the crash: still committed
    for then in ("ingest", "ask"):  # each on its own copy of the crashed store
        copy = tmp_path / f"after-{then}"
        shutil.copytree(path, copy)
        follow_up(copy, then, (step, n))


def test_the_cli_reports_the_repair_and_adds_the_rest(tmp_path):
    path = crash_ingest(tmp_path, "chroma", 1)  # B's first batch is in Chroma only
    assert len(bm25_ids(path)) == len(A) and len(chroma_ids(path)) == len(A) + 2
    env = {**os.environ, "VERIRAG_HOME": str(tmp_path / "home")}
    command = [sys.executable, "-m", "verirag.cli", "ingest", str(tmp_path / "b.jsonl"), "--store", str(path)]
    proc = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    forget_chroma_clients()
    stdout = " ".join(proc.stdout.split())
    assert "indexed 2 document(s) that an interrupted ingest had written to Chroma only" in stdout
    assert f"added 2 new document(s) of 4; the store at {path} holds 10" in stdout
    assert_consistent(path, A + B)


class Crash(Exception):
    pass


def _raise() -> None:
    raise Crash("disk full")


@pytest.mark.parametrize("step,n", POINTS)
def test_an_ingest_failing_at_any_write_step_leaves_a_store_that_repairs(tmp_path, monkeypatch, step, n):
    path = tmp_path / "store"
    store = store_with_a(path)
    monkeypatch.setattr(HybridStore, "batch_size", 2)
    arm(step, n, action=_raise, patch=monkeypatch.setattr)
    with pytest.raises(Crash):
        store.add(B)
    monkeypatch.undo()
    assert_loadable(path)
    shutil.copytree(path, tmp_path / "copy")
    follow_up(path, "ask", (step, n))  # the same live object, as a long-running server would
    follow_up(tmp_path / "copy", "ingest", (step, n))


def test_torn_temporary_files_are_never_loaded_and_are_removed(tmp_path):
    path = tmp_path / "store"
    store_with_a(path)
    (path / ".tmp-store.json-123-abcd").write_text('{"version": 2, "count": 99, "segm')  # a torn manifest
    (path / "bm25" / ".tmp-seg-000009-ffff.npz-123-abcd").write_bytes(b"PK\x03\x04 torn")
    reader = HybridStore(path, embedder=HashEmbedder())
    assert reader.count() == len(A) and reader.search("uniq0003x", 1)[0]["id"] == A[3]["id"]
    HybridStore(path, embedder=HashEmbedder()).add(B)
    assert_consistent(path, A + B)


def test_documents_missing_from_chroma_are_dropped_from_bm25_and_come_back_on_ingest(tmp_path):
    path = tmp_path / "store"
    store_with_a(path)
    lost = [A[0]["id"], A[1]["id"]]
    HybridStore(path, embedder=HashEmbedder())._open().delete(ids=lost)  # Chroma lost them
    store = HybridStore(path, embedder=HashEmbedder())
    assert store.add(A) == 2 and store.last_repair == {"indexed": 0, "dropped": 2}
    assert_consistent(path, A)


def test_a_reader_does_not_repair_while_an_ingest_holds_the_lock_and_sees_only_committed_documents(tmp_path):
    from verirag.stores.durable import exclusive

    path = tmp_path / "store"
    store_with_a(path)
    writer = HybridStore(path, embedder=HashEmbedder())
    writer._write_chroma(writer._open(), B)  # an ingest in progress: B in Chroma, not committed
    with exclusive(path):
        reader = HybridStore(path, embedder=HashEmbedder())
        found = reader.search("Entry marker river", 10)
        assert {d["id"] for d in found} <= {d["id"] for d in A}  # B's dense hits are not shown yet
        assert set(bm25_ids(path)) == {d["id"] for d in A}
    assert HybridStore(path, embedder=HashEmbedder()).repair() == {"indexed": 4, "dropped": 0}
    assert_consistent(path, A + B)
