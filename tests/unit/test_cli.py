"""The CLI through its real entry point: output, JSON contract, one-line errors and exit codes."""

import json
import os
import subprocess
import sys

import pytest

from tests.scripted import run_main
from verirag import cli
from verirag.testing import last_user_text


def _cite_japan(messages, kwargs):
    prompt = last_user_text(messages)
    n = prompt[: prompt.index('title="Japan"')].count("<document number=")
    return f"The capital of Japan is Tokyo [{n}]."


def test_json_output_follows_the_contract(store, scripted, monkeypatch, capsys):
    store_name, _ = store
    model_name, _ = scripted(_cite_japan)
    code, out, _ = run_main(
        monkeypatch,
        capsys,
        "ask",
        "What is the capital of Japan?",
        "--json",
        "--model",
        model_name,
        "--store",
        store_name,
        "--system",
        "vanilla",
    )
    assert code == 0
    result = json.loads(out)
    assert set(result) == {
        "question",
        "answer",
        "sentences",
        "documents",
        "refusal",
        "plan",
        "critique",
        "usage",
        "config",
    }
    assert result["answer"] == "The capital of Japan is Tokyo [1]."
    (sentence,) = result["sentences"]
    assert set(sentence) == {"text", "citations", "support", "verified_by", "score", "generation", "quotes"}
    assert list(result["documents"]) == sentence["citations"]
    assert result["documents"][sentence["citations"][0]]["title"] == "Japan"
    assert set(result["documents"][sentence["citations"][0]]) == {"title", "text", "source", "page"}
    assert result["usage"]["total"]["calls"] == 1


def _cite_every_document(messages, kwargs):
    n = last_user_text(messages).count("<document number=")
    return "Tokyo is the capital of Japan " + "".join(f"[{i}]" for i in range(1, n + 1)) + "."


def test_set_overrides_any_context_field(store, scripted, monkeypatch, capsys):
    store_name, _ = store
    model_name, _ = scripted(_cite_every_document)  # cites all it is shown: the store has four
    code, out, _ = run_main(
        monkeypatch,
        capsys,
        "ask",
        "What is the capital of Japan?",
        "--json",
        "--model",
        model_name,
        "--store",
        store_name,
        "--system",
        "vanilla",
        "--set",
        "beam_width=2",
        "--set",
        "w_use=0.25",
        "--set",
        "critique_answer=false",
        "--set",
        "top-k=2",
        "--set",
        "support_threshold=0.7",
        "--set",
        "unverified=show",
    )
    assert code == 0
    config = json.loads(out)["config"]
    assert (config["beam_width"], config["w_use"], config["critique_answer"], config["top_k"]) == (
        2,
        0.25,
        False,
        2,
    )
    assert (config["support_threshold"], config["unverified"]) == (0.7, "show")
    assert len(json.loads(out)["documents"]) == 2  # top_k documents were given to the writer, not 4


def test_plain_output_shows_answer_and_numbered_sources(store, scripted, monkeypatch, capsys):
    store_name, _ = store
    model_name, _ = scripted(_cite_japan)
    code, out, _ = run_main(
        monkeypatch,
        capsys,
        "ask",
        "What is the capital of Japan?",
        "--model",
        model_name,
        "--store",
        store_name,
        "--system",
        "vanilla",
    )
    assert code == 0
    assert "The capital of Japan is Tokyo [1]. (unverified)" in out  # Vanilla checks nothing
    assert "[1] Japan — Japan is an island country in East Asia." in out


def _cli(*args, home):
    env = {**os.environ, "VERIRAG_HOME": str(home)}
    return subprocess.run(
        [sys.executable, "-m", "verirag.cli", *args], capture_output=True, text=True, env=env, timeout=120
    )


@pytest.mark.parametrize(
    "args,message",
    [
        (["ask", ""], "error: the question is empty"),
        (["ask", "   "], "error: the question is empty"),
        (["ask", "q" * 100_000], "error: the question has 100,000 characters"),
        (["ask", "Who?"], "error: no document store at"),
        (
            ["ask", "Who?", "--model", "no-such-model", "--system", "closed-book"],
            "error: unknown model 'no-such-model'",
        ),
        (["ask", "Who?", "--preset", "fast"], "error: unknown preset 'fast'"),
        (["ask", "Who?", "--system", "magic"], "error: unknown system 'magic'"),
        (
            ["ask", "Who?", "--system", "vanilla+top_k=many"],
            "error: system 'vanilla+top_k=many': 'top_k=many': top_k takes a int",
        ),
        (["ask", "Who?", "--set", "beam_width"], "error: --set 'beam_width': expected FIELD=VALUE"),
        (["ask", "Who?", "--set", "beam=2"], "error: --set 'beam=2': expected FIELD=VALUE"),
        (["ask", "Who?", "--set", "beam_width=two"], "error: --set 'beam_width=two': beam_width takes a int"),
        (
            ["ask", "Who?", "--set", "critique_answer=maybe"],
            "error: --set 'critique_answer=maybe': critique_answer takes a bool",
        ),
        (
            ["ask", "Who?", "--set", "unverified=hide"],
            "error: --set 'unverified=hide': unverified is one of drop, show",
        ),
        (
            ["ask", "Who?", "--set", "support_threshold=high"],
            "error: --set 'support_threshold=high': support_threshold takes a float",
        ),
        (["ingest", "/definitely/missing.txt"], "error: /definitely/missing.txt: no such file or folder"),
    ],
)
def test_bad_input_gives_one_line_and_exit_1(tmp_path, args, message):
    proc = _cli(*args, home=tmp_path)
    assert proc.returncode == 1, proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip() and line != "thinking…"]
    assert len(lines) == 1 and lines[0].startswith(message), proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_corrupt_model_file_is_a_one_line_error(tmp_path):
    from verirag.models.weights import LOCAL_MODEL_FILE, LOCAL_MODEL_SHA256

    (tmp_path / "models").mkdir()
    (tmp_path / "models" / LOCAL_MODEL_FILE).write_bytes(b"GGUF but not really")
    # closed-book: no store needed
    proc = _cli("ask", "Who painted the Mona Lisa?", "--system", "closed-book", home=tmp_path)
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert proc.returncode == 1 and len(lines) == 1, proc.stderr
    assert lines[0].startswith(f"error: model file {tmp_path / 'models' / LOCAL_MODEL_FILE} has sha256 ")
    assert LOCAL_MODEL_SHA256 in lines[0]


def test_a_corrupt_utility_model_is_a_one_line_error_before_any_model_call(tmp_path):
    from verirag.models.weights import EMBEDDED

    small = EMBEDDED["local-0.5b"]
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / small.file).write_bytes(b"GGUF but not really")
    proc = _cli(
        "ask",
        "Who painted the Mona Lisa?",
        "--system",
        "closed-book",
        "--set",
        "utility_model=local-0.5b",
        "--set",
        "utility_mode=listwise",
        home=tmp_path,
    )
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert proc.returncode == 1 and len(lines) == 1, proc.stderr
    assert lines[0].startswith(f"error: model file {tmp_path / 'models' / small.file} has sha256 ")
    assert not (tmp_path / "models" / EMBEDDED["local"].file).exists()  # the main model never assembled


def test_an_empty_store_is_a_one_line_error(tmp_path):  # bad files: tests/unit/test_cli_faults.py
    from verirag.stores import HybridStore
    from verirag.testing import HashEmbedder

    HybridStore(tmp_path / "store", embedder=HashEmbedder()).add([])
    proc = _cli("ask", "Who?", "--system", "vanilla", home=tmp_path)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.strip().splitlines() == [
        f"error: the document store at {tmp_path / 'store'} is empty; run `verirag ingest`"
    ]


def test_a_system_takes_more_switches_after_plus_signs(store, scripted, monkeypatch, capsys):
    store_name, _ = store
    model_name, model = scripted(_cite_every_document)
    system = "vanilla+top_k=2+critique_answer=no"
    code, out, _ = run_main(
        monkeypatch,
        capsys,
        "ask",
        "What is the capital of Japan?",
        "--json",
        "--model",
        model_name,
        "--store",
        store_name,
        "--system",
        system,
    )
    config = json.loads(out)["config"]
    assert code == 0
    assert (config["top_k"], config["writer"], config["critique_answer"]) == (2, "answer", False)
    assert last_user_text(model.calls[0][0]).count("<document number=") == 2


def test_preset_paper_gives_the_papers_sizes(store, scripted, monkeypatch, capsys):
    store_name, _ = store
    model_name, _ = scripted(_cite_every_document)
    code, out, _ = run_main(
        monkeypatch,
        capsys,
        "ask",
        "What is the capital of Japan?",
        "--json",
        "--model",
        model_name,
        "--store",
        store_name,
        "--system",
        "vanilla",
        "--preset",
        "paper",
    )
    assert code == 0
    config = json.loads(out)["config"]
    assert (
        config["candidates_per_query"],
        config["window"],
        config["utility_samples"],
        config["max_retrieval_iterations"],
        config["max_trials"],
    ) == (50, 20, 5, 4, 3)
    assert (config["top_k"], config["writer"]) == (5, "answer")  # the system's switches still apply
    assert (config["subject_check"], config["slot_check"]) == (False, False)  # the papers' verifier
    assert config["utility_mode"] == "off"  # Vanilla's plain top-k stays
    code, out, _ = run_main(
        monkeypatch,
        capsys,
        *("ask", "What is the capital of Japan?", "--json", "--model", model_name, "--store", store_name),
        *("--preset", "paper"),
    )
    assert code == 0 and json.loads(out)["config"]["utility_mode"] == "listwise"  # the papers' selection


def test_progress_outside_a_terminal_is_plain_lines(capsys):
    with cli._progress("eval", 3) as advance:  # short run: every step, with its note
        for question in ("Q1?", "Q2?", "Q3?"):
            advance(note=f"vanilla: {question}")
    lines = capsys.readouterr().err.splitlines()
    assert [line.split(" (")[0] for line in lines] == ["eval 1/3", "eval 2/3", "eval 3/3"]
    assert lines[-1].endswith("s) vanilla: Q3?")

    with cli._progress("indexing", 10_000) as advance:  # long run: about every 1 %, and the end
        for _ in range(1_000):
            advance(10)
    lines = capsys.readouterr().err.splitlines()
    assert (
        len(lines) == 100
        and lines[0].startswith("indexing 100/10000")
        and lines[-1].startswith("indexing 10000/10000")
    )


def test_progress_on_a_terminal_is_a_bar_with_the_note(monkeypatch):
    import io

    from rich.console import Console

    screen = io.StringIO()
    monkeypatch.setattr(cli, "err", Console(file=screen, force_terminal=True, width=120))
    with cli._progress("eval", 2) as advance:
        advance(note="vanilla: [bold]Q1?")  # a question is text, not rich markup
        advance()
    assert "2/2" in screen.getvalue() and "[bold]Q1?" in screen.getvalue()


def test_a_model_and_a_store_are_reached_by_strings_alone(tmp_path, monkeypatch, capsys):
    from tests.conftest import DOCS
    from verirag.stores import HybridStore
    from verirag.testing import HashEmbedder

    HybridStore(tmp_path / "store", embedder=HashEmbedder()).add(DOCS)  # searched later with its own embedder
    code, out, _ = run_main(
        monkeypatch,
        capsys,
        "ask",
        "What is the capital of Japan?",
        "--json",
        "--model",
        "import:tests.fakes:japan",
        "--store",
        str(tmp_path / "store"),
        "--system",
        "vanilla",
    )
    assert code == 0
    result = json.loads(out)
    assert result["answer"] == "The capital of Japan is Tokyo [1]."
    assert [d["title"] for d in result["documents"].values()] == ["Japan"]
    for spec, reason in (
        ("import:tests.fakes:nothing", "AttributeError"),
        ("import:tests.fakes", "expected"),
        ("import:tests.fakes:DOCS", "not a LangChain chat model"),
    ):
        code, _, err = run_main(
            monkeypatch,
            capsys,
            "ask",
            "Q?",
            "--model",
            spec,
            "--store",
            str(tmp_path / "store"),
            "--system",
            "vanilla",
        )
        assert code == 1 and err.startswith("error: ") and reason in err and err.count("\n") == 1


def test_set_critique_answer_rates_the_answer(store, scripted, monkeypatch, capsys):
    from tests.scripted import prompt_kind
    from verirag.testing import distribution_reply

    store_name, _ = store
    model_name, _ = scripted(
        lambda m, k: distribution_reply({"5": 1.0}) if prompt_kind(m) == "usefulness" else _cite_japan(m, k)
    )
    code, out, err = run_main(
        monkeypatch,
        capsys,
        "ask",
        "What is the capital of Japan?",
        "--json",
        "--model",
        model_name,
        "--store",
        store_name,
        "--system",
        "vanilla",
        "--set",
        "candidates_per_query=3",
        "--set",
        "critique_answer=true",
    )
    assert code == 0
    config = json.loads(out)["config"]
    assert (config["candidates_per_query"], config["critique_answer"]) == (3, True)
    assert json.loads(out)["critique"]["rating"] == pytest.approx(5.0)


def test_no_quotes_turns_the_quote_minimisation_off(vtg_store, scripted, monkeypatch, capsys):
    from tests.scripted import S1, Q, Writer

    for flag, quoted in (([], True), (["--no-quotes"], False)):
        script = Writer([S1], cite={S1: ["Japan"]}, needs={S1: ["Japan"]})
        name, _ = scripted(script)
        code, out, _ = run_main(
            monkeypatch,
            capsys,
            "ask",
            Q,
            "--json",
            "--model",
            name,
            "--store",
            "vtg",
            "--system",
            "vtg",
            "--top-k",
            "2",
            *flag,
        )
        (sentence,) = json.loads(out)["sentences"]
        assert code == 0 and sentence["verified_by"] == "citations"
        assert bool(sentence["quotes"]) is quoted and json.loads(out)["config"]["quotes"] is quoted
        assert len(script.support_calls) == (2 if quoted else 1)  # the sentence-level check is skipped
