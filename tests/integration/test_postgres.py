"""Checkpoints in PostgreSQL: a throwaway cluster on loopback (tests/servers.py), LangGraph's Postgres
saver through verirag's ``--checkpoint`` / ``$VERIRAG_CHECKPOINT_URL``; the same interrupted-then-resumed
scenario as the SQLite test."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.scripted import interrupted_then_resumed
from tests.servers import postgres_server
from verirag.checkpoints import open_checkpointer

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def postgres():
    with postgres_server() as url:
        yield url


def test_an_interrupted_run_resumes_from_postgres(postgres, vtg_store, scripted):
    with open_checkpointer(postgres) as saver:
        assert type(saver).__name__ == "PostgresSaver"
        interrupted_then_resumed(saver, scripted)
    import psycopg

    with psycopg.connect(postgres) as connection:  # the steps are rows in the server, not in memory
        row = connection.execute("SELECT count(*) FROM checkpoints WHERE thread_id = 't1'").fetchone()
    assert row is not None
    (rows,) = row
    assert rows > 5


def test_the_cli_saves_and_reads_back_a_thread_in_postgres(postgres, tmp_path):
    from tests.conftest import DOCS
    from verirag.stores import HybridStore
    from verirag.testing import HashEmbedder

    HybridStore(tmp_path / "store", embedder=HashEmbedder()).add(DOCS)
    args = [
        sys.executable,
        "-m",
        "verirag.cli",
        "ask",
        "What is the capital of Japan?",
        "--json",
        "--thread",
        "cli-1",
        "--model",
        "import:tests.fakes:japan",
        "--store",
        str(tmp_path / "store"),
        "--system",
        "vanilla",
    ]
    env = {**os.environ, "VERIRAG_HOME": str(tmp_path / "home"), "PYTHONPATH": str(ROOT)}
    first = subprocess.run(
        [*args, "--checkpoint", postgres], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert first.returncode == 0, first.stderr
    # the environment variable selects the same database; the finished thread is read back
    again = subprocess.run(
        args,
        cwd=ROOT,
        env={**env, "VERIRAG_CHECKPOINT_URL": postgres},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert again.returncode == 0, again.stderr
    assert (
        json.loads(again.stdout)["answer"]
        == json.loads(first.stdout)["answer"]
        == "The capital of Japan is Tokyo [1]."
    )
    assert not (tmp_path / "home" / "checkpoints.sqlite").exists()  # nothing went to SQLite
    import psycopg

    with psycopg.connect(postgres) as connection:
        row = connection.execute("SELECT count(*) FROM checkpoints WHERE thread_id = 'cli-1'").fetchone()
    assert row is not None
    (rows,) = row
    assert rows > 0
