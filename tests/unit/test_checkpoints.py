"""``--checkpoint``: a Postgres server that cannot be reached is one line naming the URL (never the
password), exit 1, no traceback; SQLite stays the default."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from verirag.checkpoints import CheckpointError, open_checkpointer, redacted, thread_for

ROOT = Path(__file__).resolve().parents[2]


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # nothing listens there once the socket is closed


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


def test_a_postgres_server_that_is_down_is_one_line_naming_the_url(tmp_path):
    url = f"postgresql://verirag:s3cret@127.0.0.1:{closed_port()}/verirag"
    proc = cli(
        "ask",
        "Who?",
        "--thread",
        "t",
        "--checkpoint",
        url,
        "--model",
        "import:tests.fakes:japan",
        "--store",
        str(tmp_path / "none"),
        home=tmp_path,
    )
    assert proc.returncode == 1
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: checkpoint database ")
    assert redacted(url) in lines[0] and "s3cret" not in proc.stderr and "Traceback" not in proc.stderr
    assert "Connection refused" in lines[0]


def test_the_environment_variable_selects_the_database_for_ask_and_batch(tmp_path):
    url = f"postgresql://u@127.0.0.1:{closed_port()}/db"
    questions = tmp_path / "q.txt"
    questions.write_text("Who?\n")
    batch = ["batch", str(questions), "--out", str(tmp_path / "a.jsonl")]
    for args in (["ask", "Who?", "--thread", "t"], batch):
        proc = cli(*args, "--store", str(tmp_path / "none"), home=tmp_path, VERIRAG_CHECKPOINT_URL=url)
        assert proc.returncode == 1 and f"error: checkpoint database {url}" in " ".join(proc.stderr.split())
        assert "Traceback" not in proc.stderr


def test_sqlite_is_the_default_and_a_path_selects_another_file(tmp_path, monkeypatch):
    monkeypatch.setenv("VERIRAG_HOME", str(tmp_path / "home"))
    with open_checkpointer("") as saver:
        assert type(saver).__name__ == "SqliteSaver"
    assert (tmp_path / "home" / "checkpoints.sqlite").exists()
    with open_checkpointer(str(tmp_path / "other.sqlite")):
        pass
    assert (tmp_path / "other.sqlite").exists()
    with pytest.raises(CheckpointError, match="cannot open the checkpoint file"):
        with open_checkpointer(str(tmp_path / "other.sqlite" / "inside")):
            pass


def test_batch_threads_are_stable_per_question_and_configuration():
    assert thread_for("Q1", {"top_k": 5}) == thread_for("Q1", {"top_k": 5})
    threads = {thread_for("Q1", {"top_k": 5}), thread_for("Q2", {"top_k": 5}), thread_for("Q1", {"top_k": 3})}
    assert len(threads) == 3


@pytest.mark.parametrize("url", ["postgresql:/verirag@127.0.0.1:5432/postgres", "mysql://u@127.0.0.1/db"])
def test_a_mistyped_or_unsupported_url_is_one_line_and_creates_no_file(tmp_path, url):
    """A URL with one slash too few (a path normaliser's work) or another database's scheme once became a
    SQLite file named like the URL in the current folder."""
    args = ["ask", "Who?", "--thread", "t", "--checkpoint", url, "--store", str(tmp_path / "none")]
    proc = subprocess.run(
        [sys.executable, "-m", "verirag.cli", *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "VERIRAG_HOME": str(tmp_path / "home"), "PYTHONPATH": str(ROOT)},
    )
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: unsupported checkpoint URL")
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(":")]  # "postgresql:" or "mysql:" folder
