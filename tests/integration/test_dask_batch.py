"""``verirag batch --dask``: every question is a task on a real Dask cluster on loopback (a scheduler and
two worker processes), against a Chroma server; one worker and then the batch itself are killed with
SIGKILL mid-run, the batch is run again, and every question is answered exactly once, with its own
answer and its own usage ledger."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from tests import servers
from tests.conftest import DOCS
from tests.fakes import SLOW_SUPPORT
from verirag.stores import HybridStore
from verirag.testing import HashEmbedder

ROOT = Path(__file__).resolve().parents[2]
N = 30


def records(path: Path) -> list[dict]:
    from verirag.jsonl import read_records

    return read_records(path)


def wait_for(condition, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_a_killed_worker_and_a_killed_batch_still_answer_every_question_exactly_once(tmp_path):
    log = tmp_path / "starts.log"  # the scripted model notes which process started which question
    env = {"VERIRAG_FAKE_LATENCY": "0.2", "VERIRAG_FAKE_LOG": str(log)}
    questions = tmp_path / "questions.txt"
    questions.write_text("".join(f"Q{i} about Japan?\n" for i in range(N)))
    out = tmp_path / "answers.jsonl"
    with (
        servers.chroma_server(tmp_path / "chroma") as chroma,
        servers.dask_scheduler(tmp_path / "scheduler.log") as scheduler,
        servers.dask_worker(scheduler, ROOT, tmp_path / "w1.log", env=env) as doomed,
        servers.dask_worker(scheduler, ROOT, tmp_path / "w2.log", env=env),
    ):
        HybridStore(tmp_path / "store", embedder=HashEmbedder(), chroma_url=chroma).add(DOCS)
        command = [
            sys.executable,
            "-m",
            "verirag.cli",
            "batch",
            str(questions),
            "--out",
            str(out),
            "--dask",
            scheduler,
            "--concurrency",
            "4",
            "--model",
            "import:tests.fakes:slow",
            "--system",
            "vtg",
            "--store",
            str(tmp_path / "store"),
            "--set",
            f"support_decision={SLOW_SUPPORT}",
        ]
        driver_env = {
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "VERIRAG_CHROMA_URL": chroma,
            "VERIRAG_HOME": str(tmp_path / "home"),
        }
        driver = subprocess.Popen(
            command, cwd=ROOT, env=driver_env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        wait_for(lambda: len(records(out)) >= 4)
        os.killpg(doomed, signal.SIGKILL)  # a worker dies with questions in flight
        wait_for(lambda: len(records(out)) >= 12)
        driver.kill()  # and so does the batch itself
        driver.wait(timeout=30)
        partial = len(records(out))
        assert partial < N

        again = subprocess.run(command, cwd=ROOT, env=driver_env, capture_output=True, text=True, timeout=300)
        assert again.returncode == 0, again.stdout + again.stderr
        from distributed import Client

        with Client(scheduler, timeout="10s") as client:
            assert len(client.scheduler_info()["workers"]) == 1  # the killed worker stayed dead

    assert f"{N - partial} answered, 0 failed, {partial} already" in " ".join(again.stdout.split())
    answers = records(out)
    assert Counter(r["question"] for r in answers) == Counter(f"Q{i} about Japan?" for i in range(N))
    for record in answers:
        n = record["question"].split()[0][1:]
        assert record["answer"] == f"Q{n} is answered by A{n} [1]."  # its own answer
        assert record["usage"]["total"]["calls"] == 4  # write, cite, judge, end: its own ledger
        assert record["sentences"][0]["verified_by"] == "citations"
        assert [d["title"] for d in record["documents"].values()] == ["Japan"]  # retrieved via Chroma
    starts = Counter(line.split()[0] for line in log.read_text().splitlines())
    assert set(starts) == {f"Q{i}" for i in range(N)}
    assert max(starts.values()) >= 2  # some questions were in flight when a process died, and ran again


def test_a_local_cluster_answers_a_small_batch(tmp_path, store):
    _, local = store
    questions = tmp_path / "questions.txt"
    questions.write_text("Q1 about Japan?\nQ2 about Japan?\nQ1 about Japan?\nQ3 about Japan?\n")  # Q1 twice
    out = tmp_path / "answers.jsonl"
    command = [
        sys.executable,
        "-m",
        "verirag.cli",
        "batch",
        str(questions),
        "--out",
        str(out),
        "--dask",
        "local",
        "--concurrency",
        "2",
        "--model",
        "import:tests.fakes:slow",
        "--system",
        "vanilla",
        "--store",
        str(local.path),
    ]
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "VERIRAG_FAKE_LATENCY": "0.01",
        "VERIRAG_HOME": str(tmp_path),
    }
    proc = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert sorted(r["answer"] for r in records(out)) == [f"Q{i} is answered by A{i} [1]." for i in (1, 2, 3)]
