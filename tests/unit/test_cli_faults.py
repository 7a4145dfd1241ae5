"""docs/reliability.md's bad-input and fault rows as a user meets them: the ``verirag`` command in its own
process prints one line on stderr and exits with status 1, without a traceback, and nothing it had
already written is lost. (The question, preset, system, model, --set and missing-store rows are in
tests/unit/test_cli.py; the Postgres and Dask rows in test_checkpoints.py and test_batch.py.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fakes import JAPAN_QUESTION, WEB_DOCS, WEB_SCRIPTS, read_log
from verirag.stores import HybridStore, make_document
from verirag.testing import HashEmbedder

ROOT = Path(__file__).resolve().parents[2]
KEPT = make_document("Kept", "The heron waits by the river for fish.")


def cli(*args: str, home: Path, **env: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "VERIRAG_HOME": str(home), "PYTHONPATH": str(ROOT), **env}
    return subprocess.run(
        [sys.executable, "-m", "verirag.cli", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def assert_one_line_error(proc: subprocess.CompletedProcess, start: str) -> None:
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert proc.returncode == 1, proc.stderr
    assert len(lines) == 1 and lines[0].startswith(start), proc.stderr
    assert "Traceback" not in proc.stderr


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (name -> bytes), but the writer lock (an empty file, taken and left)."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name != ".lock"
    }


@pytest.fixture
def home(tmp_path):
    """A VERIRAG_HOME whose default store holds one document (hash-embedded: no model to load)."""
    HybridStore(tmp_path / "home" / "store", embedder=HashEmbedder()).add([KEPT])
    return tmp_path / "home"


@pytest.mark.parametrize(
    "name,content,message",
    [
        ("latin.txt", "caf\xe9 au lait".encode("latin-1"), "not valid UTF-8 text"),
        ("image.png", b"\x89PNG\r\n\x1a\n", "unsupported file type"),
        ("binary.txt", b"\x00\xff" * 50, "looks like a binary file"),
        ("lines.jsonl", b'{"text": "fine"}\nnot json\n', "invalid JSON"),
        ("fields.jsonl", b'{"title": "no text"}\n', 'each line needs a "text" string field'),
    ],
    ids=["non-utf8", "unsupported-type", "binary", "invalid-jsonl-line", "jsonl-without-text"],
)
def test_a_bad_file_stops_the_ingest_with_one_line_and_the_store_keeps_what_it_had(
    home, tmp_path, name, content, message
):
    good, bad = tmp_path / "new.txt", tmp_path / name
    good.write_text("Quokkas live on Rottnest Island.")
    bad.write_bytes(content)
    before = snapshot(home / "store")
    proc = cli("ingest", str(good), str(bad), home=home)
    assert_one_line_error(proc, f"error: {bad}")
    assert message in proc.stderr
    assert snapshot(home / "store") == before  # not even the good file was added
    store = HybridStore(home / "store")
    assert store.count() == 1 and store.search("heron river", 1)[0]["id"] == KEPT["id"]


@pytest.mark.parametrize(
    "name,content,message",
    [
        ("lines.jsonl", '{"question": "Q?", "answer": "A"}\nnot json\n', "lines.jsonl:2: invalid JSON"),
        ("broken.json", "{", "invalid JSON"),
        ("empty.json", "[]", "no items"),
        ("no-answer.json", '{"items": [{"question": "Q?"}]}', "no 'answer'"),
        ("no-question.json", '{"items": [{"answer": "A"}]}', "non-empty 'question'"),
        ("gold.json", '{"items": [{"question": "Q?", "gold_answers": ["A"]}]}', "list of objects"),
    ],
    ids=["invalid-jsonl-line", "invalid-json", "no-items", "no-answers", "no-question", "bad-gold-answers"],
)
def test_a_bad_dataset_is_one_line_and_earlier_results_stay(home, tmp_path, name, content, message):
    out = tmp_path / "eval-out"
    out.mkdir()
    (out / "results.jsonl").write_text('{"system": "vanilla", "id": "q1", "output": {}}\n')
    before = snapshot(out)
    dataset = tmp_path / name
    dataset.write_text(content)
    proc = cli(
        "eval",
        "--dataset",
        str(dataset),
        "--systems",
        "vanilla",
        "--out",
        str(out),
        "--model",
        "import:tests.fakes:japan",
        home=home,
    )
    assert_one_line_error(proc, f"error: {dataset}")
    assert message in proc.stderr
    assert snapshot(out) == before


def test_a_corrupt_chroma_database_is_one_line_and_is_left_as_it_was(tmp_path):
    store = tmp_path / "home" / "store"
    (store / "chroma").mkdir(parents=True)
    (store / "store.json").write_text('{"embedder": "hash-bow-256", "collection": "verirag", "count": 3}')
    (store / "chroma" / "chroma.sqlite3").write_bytes(b"this is not a database" * 100)
    before = snapshot(store)
    notes = tmp_path / "notes.txt"
    notes.write_text("A new note.")
    for args in (
        ["ask", "Who?", "--model", "import:tests.fakes:japan", "--system", "vanilla"],
        ["ingest", str(notes)],
    ):
        proc = cli(*args, home=tmp_path / "home")
        assert_one_line_error(proc, f"error: cannot open the Chroma store at {store}")
        assert snapshot(store) == before


def test_a_model_that_keeps_timing_out_is_one_line_naming_the_thread_and_the_same_command_resumes(tmp_path):
    home, log = tmp_path / "home", tmp_path / "calls.log"
    HybridStore(home / "store", embedder=HashEmbedder()).add(WEB_DOCS)
    args = [
        "ask",
        JAPAN_QUESTION,
        "--thread",
        "t",
        "--json",
        "--model",
        "import:tests.fakes:recorded",
        "--set",
        "max_sentences=1",
    ]
    down = cli(*args, home=home, VERIRAG_FAKE_LOG=str(log), VERIRAG_FAKE_DOWN="cite")
    assert_one_line_error(
        down,
        "error: a model call kept failing after 3 attempts (TimeoutError: model "
        "server unreachable); run it again with thread 't' to resume",
    )
    failed = read_log(log)
    assert [kind for _, kind, _ in failed].count("cite") == 3  # retried, then given up

    up = cli(*args, home=home, VERIRAG_FAKE_LOG=str(log))
    assert up.returncode == 0, up.stderr
    first, _ = WEB_SCRIPTS[JAPAN_QUESTION][0]
    assert [s["text"] for s in json.loads(up.stdout)["sentences"]] == [first]
    resumed = [(kind, subject) for _, kind, subject in read_log(log)[len(failed) :]]
    assert resumed[0] == ("cite", first)  # the sentence written before the outage was not written again
    assert not any(kind in ("retrieve?", "select", "enough?") for kind, _ in resumed)


def test_a_store_asked_through_a_chroma_server_it_was_not_built_on_is_one_line_and_kept(home):
    before = snapshot(home / "store")
    for args in (
        ["ask", "Who?", "--model", "import:tests.fakes:japan", "--system", "vanilla"],
        ["ingest", str(ROOT / "README.md")],
    ):
        proc = cli(*args, home=home, VERIRAG_CHROMA_URL="http://127.0.0.1:9")
        assert_one_line_error(
            proc,
            f"error: the store at {home / 'store'} keeps its vectors in its own "
            "folder, not on the Chroma server http://127.0.0.1:9",
        )
        assert snapshot(home / "store") == before
