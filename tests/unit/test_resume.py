"""Resuming as a user does it: `verirag ask --thread T` is killed (SIGKILL) in the middle of a run, and
the same command, run again, finishes the run without asking the model again for anything a finished
node already did. The model is :data:`tests.fakes.recorded` (a scripted VTG writer that logs every call
with its process id), the store a HashEmbedder store in a temporary VERIRAG_HOME."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from tests.fakes import JAPAN_QUESTION, WEB_DOCS, WEB_SCRIPTS, read_log
from verirag.stores import HybridStore
from verirag.testing import HashEmbedder

ROOT = Path(__file__).resolve().parents[2]
(S1, _), (S2, _), (S3, _) = WEB_SCRIPTS[JAPAN_QUESTION]


def ask_command(thread: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "verirag.cli",
        "ask",
        JAPAN_QUESTION,
        "--json",
        "--thread",
        thread,
        "--model",
        "import:tests.fakes:recorded",
        "--set",
        "max_trials=1",
        "--set",
        "end_when_answered=false",  # three sentences, although the first answers the question
    ]


def test_a_killed_ask_resumes_on_its_thread_without_repeating_finished_nodes(tmp_path):
    home, log = tmp_path / "home", tmp_path / "calls.log"
    HybridStore(home / "store", embedder=HashEmbedder()).add(WEB_DOCS)
    env = {**os.environ, "VERIRAG_HOME": str(home), "PYTHONPATH": str(ROOT), "VERIRAG_FAKE_LOG": str(log)}

    # the first process hangs in its second citation call, after sentence 1 was kept and sentence 2 written
    first = subprocess.Popen(
        ask_command("t1"),
        cwd=ROOT,
        env={**env, "VERIRAG_FAKE_HANG": "cite:2"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert first.stderr is not None
    deadline = time.monotonic() + 120
    while [kind for pid, kind, _ in read_log(log) if pid == first.pid].count("cite") < 2:
        assert first.poll() is None, f"the first run ended on its own: {first.stderr.read()}"
        assert time.monotonic() < deadline, "the first run never reached its second citation"
        time.sleep(0.1)
    first.kill()  # SIGKILL: no handler, no flush, no clean-up runs
    first.wait()
    killed = [(kind, subject) for pid, kind, subject in read_log(log) if pid == first.pid]
    assert killed[-1] == ("cite", S2) and ("next sentence", S2) in killed  # sentence 2 was written

    second = subprocess.run(ask_command("t1"), cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert second.returncode == 0, second.stderr
    resumed = [(kind, subject) for _, kind, subject in read_log(log)[len(killed) :]]
    result = json.loads(second.stdout)
    assert [(s["text"], s["verified_by"]) for s in result["sentences"]] == [
        (S1, "citations"),
        (S2, "citations"),
        (S3, "none"),
    ]

    # the same question on a fresh thread, never interrupted: the calls a whole run makes
    whole = subprocess.run(ask_command("t2"), cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert whole.returncode == 0, whole.stderr
    uninterrupted = [(kind, subject) for _, kind, subject in read_log(log)[len(killed) + len(resumed) :]]
    # the resumed run starts with the call the killed one was in, and together they make exactly the
    # calls of an uninterrupted run: no finished node (retrieval stage, sentence 1, writing sentence 2)
    # asked the model again
    assert resumed[0] == ("cite", S2)
    assert killed[:-1] + resumed == uninterrupted
    assert {key: result[key] for key in ("answer", "sentences", "documents", "refusal")} == {
        key: json.loads(whole.stdout)[key] for key in ("answer", "sentences", "documents", "refusal")
    }
