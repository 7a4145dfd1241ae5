"""The evaluation runner with a scripted model and judge: records, resume, table and plot."""

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.unit.test_metrics import KeywordJudge
from verirag import Context
from verirag.eval.datasets import DatasetError, load_dataset
from verirag.eval.runner import RESULTS, evaluate
from verirag.jsonl import read_records
from verirag.testing import last_user_text


def _respond(messages, kwargs):
    prompt = last_user_text(messages)
    if "<documents>" not in prompt:  # closed-book
        return "I believe it is Osaka."
    match = re.search(r'<document number="(\d+)" title="Japan">', prompt)
    return f"The capital of Japan is Tokyo [{match.group(1)}]." if match else "Unknown."


@pytest.fixture
def dataset(tmp_path):
    path = tmp_path / "qa.json"
    path.write_text(json.dumps({"items": [
        {"id": "q1", "question": "What is the capital city of Japan?", "answer": "Tokyo",
         "evidence_title": "Japan"},
        {"id": "q2", "question": "Which city is the capital of Japan?", "answers": ["Tokyo"]},
    ]}))
    return path


def test_tiny_run_writes_results_table_and_plot_then_resumes(store, scripted, dataset, tmp_path):
    store_name, _ = store
    model_name, model = scripted(_respond)
    context = Context(model=model_name, store=store_name)
    out = tmp_path / "out"
    paths = evaluate(dataset, ["closed-book", "vanilla"], out, context=context, judge=KeywordJudge())
    records = read_records(paths["results"])
    assert [(r["system"], r["id"]) for r in records] == [  # question-major
        ("closed-book", "q1"), ("vanilla", "q1"), ("closed-book", "q2"), ("vanilla", "q2")]
    vanilla = records[1]
    assert vanilla["metrics"]["correctness"] == 1.0
    assert vanilla["metrics"]["citation_recall"] == 1.0 and vanilla["metrics"]["citation_precision"] == 1.0
    assert vanilla["metrics"]["evidence_recall"] == 1.0
    assert vanilla["cost"]["calls"] == 1 and vanilla["cost"]["input_tokens"] > 0
    closed = records[0]
    assert closed["metrics"]["correctness"] == 0.0 and closed["metrics"]["citation_recall"] == 0.0
    assert closed["metrics"]["evidence_recall"] == 0.0  # retrieved nothing

    table = paths["table"].read_text()
    assert table.splitlines()[0].startswith("| system | questions | correctness | citation recall")
    assert "| closed-book | 2 | 0.000 | 0.000 |" in table
    assert "| vanilla | 2 | 1.000 | 1.000 | 1.000 | 1.000 | 1.000 |" in table
    assert paths["plot"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    # resume: nothing is recomputed, and a torn last line (killed mid-write) is tolerated
    with (out / RESULTS).open("a") as fh:
        fh.write('{"system": "vanilla", "id": "q3", "trunc')
    calls_before = len(model.calls)
    evaluate(dataset, ["closed-book", "vanilla"], out, context=context, judge=KeywordJudge())
    assert len(model.calls) == calls_before
    assert len(read_records(out / RESULTS)) == 4


def test_an_interrupted_run_resumes_with_the_missing_questions_only(store, scripted, dataset, tmp_path):
    store_name, _ = store
    model_name, model = scripted(_respond)
    context = Context(model=model_name, store=store_name)
    evaluate(dataset, ["vanilla"], tmp_path / "out", limit=1, context=context, judge=KeywordJudge())
    assert len(model.calls) == 1
    evaluate(dataset, ["vanilla"], tmp_path / "out", context=context, judge=KeywordJudge())
    assert len(model.calls) == 2  # only q2 was run the second time
    assert [r["id"] for r in read_records(tmp_path / "out" / RESULTS)] == ["q1", "q2"]


def test_a_results_file_replaced_mid_run_still_receives_every_record(store, scripted, dataset, tmp_path):
    """`git stash` / `git checkout` or an editor's save puts a new file in place while a run is going."""
    store_name, _ = store
    model_name, _ = scripted(_respond)
    results = tmp_path / "out" / RESULTS

    def replace_file(system, item):
        if item.id == "q1":
            results.rename(results.with_suffix(".old"))  # the file the run wrote to moves away...
            shutil.copyfile(results.with_suffix(".old"), results)  # ...and a copy takes its place

    evaluate(dataset, ["vanilla"], tmp_path / "out", context=Context(model=model_name, store=store_name),
             judge=KeywordJudge(), progress=replace_file)
    assert [r["id"] for r in read_records(results)] == ["q1", "q2"]


BENCH = Path(__file__).resolve().parents[3] / "shared" / "bench" / "single_hop_dev.json"


def test_shipped_bench_file_loads():
    assert BENCH.exists(), f"{BENCH} is missing: shared/ must sit beside the repository"
    items = load_dataset(BENCH)
    assert len(items) == 33
    assert items[0].answers and items[0].evidence_titles


@pytest.mark.parametrize("content,message", [
    ("[]", "no items"), ('{"items": [{"question": "q"}]}', "no 'answer'"),
    ('{"items": [{"answer": "a"}]}', "non-empty 'question'"), ("{", "invalid JSON"),
])
def test_bad_datasets_are_clear_errors(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(DatasetError, match=message):
        load_dataset(path)
