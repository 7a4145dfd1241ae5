"""The evaluation runner with a scripted model and judge: records, resume, table and plot."""

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.scripted import KeywordJudge
from verirag import Context
from verirag.datasets import DatasetError, load_dataset
from verirag.eval.report import COLUMNS
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
    path.write_text(
        json.dumps(
            {
                "items": [
                    {
                        "id": "q1",
                        "question": "What is the capital city of Japan?",
                        "answer": "Tokyo",
                        "evidence_title": "Japan",
                    },
                    {"id": "q2", "question": "Which city is the capital of Japan?", "answers": ["Tokyo"]},
                ]
            }
        )
    )
    return path


def test_tiny_run_writes_results_table_and_plot_then_resumes(store, scripted, dataset, tmp_path):
    store_name, _ = store
    model_name, model = scripted(_respond)
    context = Context(model=model_name, store=store_name)
    out = tmp_path / "out"
    paths = evaluate(dataset, ["closed-book", "vanilla"], out, context=context, judge=KeywordJudge())
    records = read_records(paths["results"])
    assert [(r["system"], r["id"]) for r in records] == [  # question-major
        ("closed-book", "q1"),
        ("vanilla", "q1"),
        ("closed-book", "q2"),
        ("vanilla", "q2"),
    ]
    vanilla = records[1]
    assert vanilla["metrics"]["correctness"] == 1.0
    assert vanilla["metrics"]["citation_recall"] == 1.0 and vanilla["metrics"]["citation_precision"] == 1.0
    assert vanilla["metrics"]["evidence_recall"] == 1.0
    # the scripted model counts whitespace words: the ledger holds exactly the call's prompt and reply
    (prompt, _), reply = model.calls[1], "The capital of Japan is Tokyo [1]."
    assert vanilla["cost"]["calls"] == 1
    assert vanilla["cost"]["input_tokens"] == sum(len(m.text.split()) for m in prompt)
    assert vanilla["cost"]["output_tokens"] == len(reply.split())
    closed = records[0]
    assert closed["metrics"]["correctness"] == 0.0 and closed["metrics"]["citation_recall"] == 0.0
    assert closed["metrics"]["evidence_recall"] == 0.0  # retrieved nothing

    table = paths["table"].read_text()
    assert table.splitlines()[:3] == ["### qa", "", "| " + " | ".join(COLUMNS) + " |"]
    assert "| closed-book | 2 | 0.000 | 0.000 |" in table
    assert "| vanilla | 2 | 1.000 | 1.000 | 1.000 | 1.000 |" in table
    assert paths["plot"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    # resume: nothing is recomputed, and a torn last line (killed mid-write) is tolerated
    with (out / RESULTS).open("a") as fh:
        fh.write('{"system": "vanilla", "id": "q3", "trunc')
    calls_before = len(model.calls)
    evaluate(dataset, ["closed-book", "vanilla"], out, context=context, judge=KeywordJudge())
    assert len(model.calls) == calls_before
    assert len(read_records(out / RESULTS)) == 4


def test_the_eval_command_scores_systems_over_several_datasets_with_a_limit(
    store, scripted, dataset, tmp_path, monkeypatch, capsys
):
    from tests.scripted import run_main

    store_name, _ = store
    model_name, _ = scripted(_respond)  # the writer, and the entailment judge (read from its text)
    more = tmp_path / "more.jsonl"
    more.write_text(
        '{"id": "m1", "question": "Capital of Japan?", "answer": "Tokyo"}\n'
        '{"id": "m2", "question": "Japan\'s capital?", "answer": "Tokyo"}\n'
    )
    out = tmp_path / "eval-out"
    code, stdout, stderr = run_main(
        monkeypatch,
        capsys,
        "eval",
        "--dataset",
        str(dataset),
        "--dataset",
        str(more),
        "--systems",
        "closed-book,vanilla",
        "--out",
        str(out),
        "--limit",
        "1",
        "--model",
        model_name,
        "--store",
        store_name,
    )
    assert code == 0, stderr
    records = read_records(out / RESULTS)
    assert sorted((r["system"], r["id"]) for r in records) == [  # the first question of each dataset
        ("closed-book", "m1"),
        ("closed-book", "q1"),
        ("vanilla", "m1"),
        ("vanilla", "q1"),
    ]
    table = (out / "table.md").read_text()
    assert "### qa" in table and "### more" in table and table.count("| vanilla | 1 |") == 2
    assert stdout.startswith("### qa\n") and "### more" in stdout and "results:" in stdout  # printed
    assert (out / "plot.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


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

    evaluate(
        dataset,
        ["vanilla"],
        tmp_path / "out",
        context=Context(model=model_name, store=store_name),
        judge=KeywordJudge(),
        progress=replace_file,
    )
    assert [r["id"] for r in read_records(results)] == ["q1", "q2"]


BENCH = Path(__file__).resolve().parents[3] / "shared" / "bench"


def test_the_three_shipped_dev_sets_load():
    assert BENCH.exists(), f"{BENCH} is missing: shared/ must sit beside the repository"
    single = load_dataset(BENCH / "single_hop_dev.json")
    assert len(single) == 33 and all(i.answerable and i.evidence_titles for i in single)
    multi = load_dataset(BENCH / "multi_answer_dev.json")
    assert len(multi) == 2 and all(
        len(i.answers) > 1 and len(i.evidence_titles) == len(i.answers) for i in multi
    )
    assert sum(len(i.answers) for i in multi) == 5
    unanswerable = load_dataset(BENCH / "unanswerable_dev.json")
    assert len(unanswerable) == 39 and all(not i.answerable and i.unsupported_answers for i in unanswerable)


@pytest.mark.parametrize(
    "content,message",
    [
        ("[]", "no items"),
        ('{"items": [{"question": "q"}]}', "no 'answer'"),
        ('{"items": [{"question": "q", "gold_answers": ["a"]}]}', "list of objects"),
        ('{"items": [{"answer": "a"}]}', "non-empty 'question'"),
        ("{", "invalid JSON"),
    ],
)
def test_bad_datasets_are_clear_errors(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(DatasetError, match=message):
        load_dataset(path)


def _trust_respond(messages, kwargs):
    prompt = last_user_text(messages)
    if "Madagascar" in prompt.split("Question:")[-1]:
        return "The documents do not say how many people live there."
    match = re.search(r'<document number="(\d+)" title="Japan">', prompt)
    assert match is not None
    japan = match.group(1)
    return f"The capital of Japan is Tokyo [{japan}][9]."  # [9] is out of range: ALCE scores 0


def test_trust_view_and_alce_scoring_of_a_baseline_reply_as_written(store, scripted, tmp_path):
    store_name, _ = store
    model_name, _ = scripted(_trust_respond)
    path = tmp_path / "mixed.json"
    path.write_text(
        json.dumps(
            {
                "items": [
                    {"id": "a", "question": "What is the capital of Japan?", "answer": "Tokyo"},
                    {
                        "id": "u",
                        "question": "How many people live in the capital of Madagascar?",
                        "answer_not_in_corpus": "1.3 million",
                    },
                ]
            }
        )
    )
    paths = evaluate(
        path,
        ["vanilla"],
        tmp_path / "out",
        context=Context(model=model_name, store=store_name),
        judge=KeywordJudge(),
    )
    answerable, unanswerable = read_records(paths["results"])
    assert answerable["metrics"]["correctness"] == 1.0 and not answerable["metrics"]["only_refusal"]
    # finalize dropped [9]; ALCE reads the reply as written, where [9] makes the sentence unsupported
    assert answerable["output"]["answer"] == "The capital of Japan is Tokyo [1]."
    assert answerable["metrics"]["citation_recall"] == 0.0
    assert unanswerable["metrics"]["correctness"] is None
    assert unanswerable["metrics"]["refuses"] and unanswerable["metrics"]["only_refusal"]
    assert unanswerable["metrics"]["unsupported_in_verified"] is False
    row = next(line for line in paths["table"].read_text().splitlines() if line.startswith("| vanilla"))
    cells = dict(zip(COLUMNS, [c.strip() for c in row.strip("|").split("|")], strict=True))
    assert (
        cells["correctness"],
        cells["refusal rate"],
        cells["over-refusal"],
        cells["gold in verified"],
    ) == ("1.000", "1.000", "0.000", "0")


def test_records_keep_the_judges_probabilities_and_are_scored_again_at_another_threshold(
    store, scripted, dataset, tmp_path
):
    from tests.scripted import prompt_kind
    from verirag.models.entailment import ModelJudge
    from verirag.testing import judgment_reply

    store_name, _ = store
    model_name, model = scripted(
        lambda m, k: judgment_reply(0.7) if prompt_kind(m) == "entails" else _respond(m, k)
    )
    context = Context(model=model_name, store=store_name)
    out = tmp_path / "out"
    lenient = evaluate(dataset, ["vanilla"], out, limit=1, context=context, judge=ModelJudge(model, 0.5))
    (record,) = read_records(lenient["results"])
    assert record["metrics"]["citation_recall"] == 1.0 and record["judge_threshold"] == 0.5
    assert [p for _, _, p in record["judgments"]] == [0.7]
    calls = len(model.calls)
    strict = evaluate(dataset, ["vanilla"], out, limit=1, context=context, judge=ModelJudge(model, 0.8))
    assert len(model.calls) == calls  # nothing asked again: the kept probability is read at 0.8
    row = next(line for line in strict["table"].read_text().splitlines() if line.startswith("| vanilla"))
    cells = dict(zip(COLUMNS, [c.strip() for c in row.strip("|").split("|")], strict=True))
    assert cells["citation recall"] == "0.000"


def test_a_stricter_threshold_asks_only_the_checks_the_record_lacks_and_scores_as_a_fresh_run(
    store, scripted, dataset, tmp_path
):
    """ALCE's precision asks whether the other citations still entail a sentence only when one citation
    alone does not: at a stricter threshold a kept record lacks those checks; they are asked, and the
    scores equal those of a run judged at that threshold from the start."""
    from tests.scripted import prompt_kind
    from verirag.models import local
    from verirag.models.entailment import ModelJudge
    from verirag.testing import judgment_reply

    judge_scopes = set()

    def respond(messages, kwargs):
        if prompt_kind(messages) == "entails":  # one document 0.7, several together 0.9
            judge_scopes.add(local._scope)
            return judgment_reply(0.7 if last_user_text(messages).count("<document ") == 1 else 0.9)
        with_documents = "<documents>" in last_user_text(messages)
        return "The capital of Japan is Tokyo [1][2][3]." if with_documents else "?"

    store_name, _ = store
    model_name, model = scripted(respond)
    context = Context(model=model_name, store=store_name)
    kept = evaluate(
        dataset, ["vanilla"], tmp_path / "kept", limit=1, context=context, judge=ModelJudge(model, 0.5)
    )
    (record,) = read_records(kept["results"])
    assert record["metrics"]["citation_precision"] == 1.0  # each citation alone entails at 0.5
    calls = len(model.calls)
    rescored = evaluate(
        dataset, ["vanilla"], tmp_path / "kept", limit=1, context=context, judge=ModelJudge(model, 0.8)
    )
    assert len(model.calls) == calls + 3  # "do the other two entail it?", once per citation
    assert judge_scopes == {"judge"}  # asked again in the judge's cache scope, as when first scored
    fresh = evaluate(
        dataset, ["vanilla"], tmp_path / "fresh", limit=1, context=context, judge=ModelJudge(model, 0.8)
    )

    def cells(paths):
        row = next(line for line in paths["table"].read_text().splitlines() if line.startswith("| vanilla"))
        return dict(zip(COLUMNS, [c.strip() for c in row.strip("|").split("|")], strict=True))

    assert cells(rescored)["citation precision"] == cells(fresh)["citation precision"] == "0.000"
    assert cells(rescored)["citation recall"] == cells(fresh)["citation recall"] == "1.000"


def test_each_system_and_the_judge_run_in_a_model_cache_scope_of_their_own(
    store, scripted, dataset, tmp_path
):
    """A system must not be served from the cache by what another system (or the judge) evaluated on the
    same question, or the cost table would credit it with their work (verirag.models.cache_scope)."""
    from tests.scripted import prompt_kind
    from verirag.models import local
    from verirag.models.entailment import ModelJudge
    from verirag.testing import judgment_reply

    scopes: dict[str, set[str]] = {}

    def respond(messages, kwargs):
        kind = "judge" if prompt_kind(messages) == "entails" else "writer"
        scopes.setdefault(kind, set()).add(local._scope)
        return judgment_reply(0.9) if kind == "judge" else _respond(messages, kwargs)

    store_name, _ = store
    model_name, model = scripted(respond)
    evaluate(
        dataset,
        ["closed-book", "vanilla"],
        tmp_path / "out",
        limit=1,
        context=Context(model=model_name, store=store_name),
        judge=ModelJudge(model, 0.5),
    )
    assert scopes == {"writer": {"system:closed-book", "system:vanilla"}, "judge": {"judge"}}
    assert local._scope == ""  # left as found


def test_the_cost_benchmark_names_a_dataset_it_cannot_read_in_one_line(tmp_path):
    script = Path(__file__).resolve().parents[2] / "benchmarks" / "cost.py"
    missing = tmp_path / "missing.json"
    done = subprocess.run(
        [sys.executable, str(script), "--dataset", str(missing), "--out", str(tmp_path / "run")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"cost.py: {missing}: cannot read the dataset")
