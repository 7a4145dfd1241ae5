"""Many concurrent runs share no state: each answer belongs to its own question."""

import itertools
import json
import re
import threading

from verirag import Context
from verirag.batch import answer_many
from verirag.graph.systems import SYSTEMS
from verirag.testing import last_user_text


def _echo(messages, kwargs):
    match = re.search(r"Question: (Q\d+)", last_user_text(messages))
    assert match is not None
    question = match.group(1)
    return f"The answer to {question} is A{question[1:]} [1]."


def test_fifty_concurrent_runs_keep_their_own_answers(store, scripted):
    store_name, _ = store
    together = threading.Barrier(8, timeout=10)  # passed only when 8 runs are inside a model call at once
    first_calls = itertools.count()

    def echo_together(messages, kwargs):
        if next(first_calls) < 8:
            together.wait()  # BrokenBarrierError (the batch fails) unless the runs overlap
        return _echo(messages, kwargs)

    name, model = scripted(echo_together)
    questions = [f"Q{i} about Japan?" for i in range(50)]
    context = Context(**{**SYSTEMS["vanilla"], "model": name, "store": store_name})
    results = answer_many(questions, context, concurrency=8)
    assert len(model.calls) == 50
    for i, result in enumerate(results):
        assert result["question"] == questions[i]
        assert result["answer"] == f"The answer to Q{i} is A{i} [1]."
        assert result["usage"]["total"]["calls"] == 1  # no ledger leaked between runs


def test_batch_cli_writes_contracts_and_resumes(store, scripted, tmp_path, monkeypatch, capsys):
    from tests.scripted import run_main

    store_name, _ = store
    name, model = scripted(_echo)
    questions = tmp_path / "questions.txt"
    questions.write_text("Q1 about Japan?\n\nQ2 about Japan?\n   \n")
    out = tmp_path / "answers.jsonl"
    args = [
        "batch",
        str(questions),
        "--out",
        str(out),
        "--model",
        name,
        "--store",
        store_name,
        "--system",
        "vanilla",
        "--concurrency",
        "2",
    ]
    code, stdout, stderr = run_main(monkeypatch, capsys, *args)
    assert code == 0 and "2 answered, 0 failed" in stdout
    assert "answering 1/2" in stderr and "answering 2/2" in stderr  # progress lines, not a silent bar
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(r["question"] for r in records) == ["Q1 about Japan?", "Q2 about Japan?"]
    code, stdout, _ = run_main(monkeypatch, capsys, *args)
    assert code == 0 and "0 answered, 0 failed, 2 already" in stdout and len(model.calls) == 2


def test_an_unreachable_dask_scheduler_is_a_one_line_error(tmp_path):
    import os
    import socket
    import subprocess
    import sys
    from pathlib import Path

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        address = f"tcp://127.0.0.1:{s.getsockname()[1]}"
    questions = tmp_path / "q.txt"
    questions.write_text("Q1?\n")
    root = Path(__file__).resolve().parents[2]
    command = [
        sys.executable,
        "-m",
        "verirag.cli",
        "batch",
        str(questions),
        "--out",
        str(tmp_path / "a.jsonl"),
        "--dask",
        address,
    ]
    proc = subprocess.run(
        command,
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "VERIRAG_HOME": str(tmp_path)},
    )
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.strip().splitlines() == [" ".join(proc.stderr.split())]  # one line
    assert proc.stderr.startswith(f"error: cannot reach the Dask scheduler at {address}")


def test_batch_with_a_checkpoint_reads_a_finished_question_back_instead_of_answering_it_again(
    store, scripted, tmp_path, monkeypatch, capsys
):
    from tests.scripted import run_main

    store_name, _ = store
    name, model = scripted(_echo)
    questions = tmp_path / "questions.txt"
    questions.write_text("Q1 about Japan?\nQ2 about Japan?\n")
    args = [
        "batch",
        str(questions),
        "--model",
        name,
        "--store",
        store_name,
        "--system",
        "vanilla",
        "--checkpoint",
        str(tmp_path / "threads.sqlite"),
    ]
    code, _, _ = run_main(monkeypatch, capsys, *args, "--out", str(tmp_path / "first.jsonl"))
    assert code == 0 and len(model.calls) == 2
    # the results file is lost (a crash before the records were written): the threads still hold the runs
    code, stdout, _ = run_main(monkeypatch, capsys, *args, "--out", str(tmp_path / "second.jsonl"))
    assert code == 0 and "2 answered" in stdout and len(model.calls) == 2  # no model call: read back
    lines = (tmp_path / "second.jsonl").read_text().splitlines()
    answers = sorted(json.loads(line)["answer"] for line in lines)
    assert answers == ["The answer to Q1 is A1 [1].", "The answer to Q2 is A2 [1]."]
    # another configuration is another thread: answered, not read back
    code, _, _ = run_main(
        monkeypatch, capsys, *args, "--out", str(tmp_path / "third.jsonl"), "--set", "top_k=2"
    )
    assert code == 0 and len(model.calls) == 4
