"""The ``verirag`` command line: ``ingest``, ``ask``, ``batch``, ``eval`` and ``check``.

It ingests documents, asks a question, batches many, evaluates systems and checks answers written elsewhere.
Every deliberate failure (bad input, missing store, unknown or corrupt model) prints one line, ``error: …``,
to stderr and exits with status 1 (``check``: 2, as its 1 means "a sentence did not hold"); nothing already
indexed is touched.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from verirag.errors import VeriragError
from verirag.graph.systems import SYSTEMS

if TYPE_CHECKING:
    from rich.status import Status

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Verifiable retrieval-augmented generation over your documents.",
)
stdout = Console()
err = Console(stderr=True)

StoreOption = Annotated[
    Path | None,
    typer.Option("--store", help="Store folder (default: $VERIRAG_HOME/store).", show_default=False),
]


CheckpointOption = Annotated[
    str,
    typer.Option(
        "--checkpoint",
        envvar="VERIRAG_CHECKPOINT_URL",
        show_default=False,
        help="Where threads are saved: postgresql://USER:PASS@HOST:PORT/DB, or a SQLite file "
        "(default: $VERIRAG_HOME/checkpoints.sqlite).",
    ),
]

SetOption = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        help="Any Context field, e.g. --set beam_width=2 --set max_trials=3 (repeatable).",
        show_default=False,
    ),
]


@contextmanager
def _progress(label: str, total: int) -> Iterator[Callable[..., None]]:
    """Report long work on stderr; yields ``advance(n=1, note="")``.

    On a terminal this is a rich progress bar. Elsewhere (a log file, CI, ``nohup``) rich would draw
    nothing until the end, so plain lines are printed instead: ``label done/total (elapsed s) note``,
    at every step for runs of up to 100 steps and at about every 1 % for longer ones.
    """
    if err.is_terminal:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        with Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=err,
        ) as bar:
            task = bar.add_task(label, total=total)
            yield lambda n=1, note="": bar.update(  # a step without a note keeps the last one shown
                task, advance=n, description=f"{label} {escape(note)}" if note else None
            )
        return
    started, done, every = time.perf_counter(), 0, max(1, total // 100)

    def advance(n: int = 1, note: str = "") -> None:
        nonlocal done
        before, done = done, done + n
        if done // every > before // every or done >= total:
            line = f"{label} {done}/{total} ({time.perf_counter() - started:.0f} s)"
            line += f" {note}" if note else ""
            err.print(line, markup=False, highlight=False, soft_wrap=True)

    yield advance


def _settings(pairs: list[str] | None) -> dict:
    """``KEY=VALUE`` strings as Context fields (:func:`verirag.graph.context.parse_settings`)."""
    from verirag.graph.context import parse_settings

    try:
        return parse_settings(pairs or [])
    except ValueError as exc:
        raise VeriragError(f"--set {exc}") from None


def _context(preset: str, system: str | None = None, settings: list[str] | None = None, **fields):
    """The run's Context: a preset, then a named system's switches, then the options given."""
    from verirag.graph.context import Context
    from verirag.graph.systems import system_overrides

    given = {k: (str(v) if isinstance(v, Path) else v) for k, v in fields.items() if v is not None}
    try:
        switches = system_overrides(system) if system else {}
        return Context.preset(preset, **{**switches, **_settings(settings), **given})
    except ValueError as exc:
        raise VeriragError(str(exc)) from exc


@app.command()
def ingest(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(
            help=".txt/.md/.jsonl/.pdf files or folders; none = the shipped Wikipedia corpus.",
            show_default=False,
        ),
    ] = None,
    store: StoreOption = None,
    chroma_url: Annotated[
        str,
        typer.Option(
            help="Chroma server (http://host:port) instead of the embedded database.",
            envvar="VERIRAG_CHROMA_URL",
        ),
    ] = "",
) -> None:
    """Index documents into the store (idempotent: documents already there are skipped)."""
    from verirag.paths import default_store_path
    from verirag.stores import HybridStore

    target = HybridStore(store or default_store_path(), chroma_url=chroma_url)
    if paths:
        from verirag.stores.ingest import load_documents

        documents, label = load_documents(paths), f"{len(paths)} path(s)"
    else:
        from verirag.stores.corpus import iter_corpus
        from verirag.stores.shipped_vectors import corpus_embedder

        documents, label = list(iter_corpus()), "shipped Wikipedia corpus"
        embedder, why = corpus_embedder(documents, target)
        if embedder:
            target = HybridStore(target.path, embedder, chroma_url=chroma_url)
            label += " (shipped vectors)"
        else:
            stdout.print(
                f"{why}: embedding the corpus instead (several minutes)", markup=False, soft_wrap=True
            )
    started = time.perf_counter()
    with _progress(f"indexing {label}", len(documents)) as advance:
        added = target.add(documents, progress=advance)
    repaired = target.last_repair
    if repaired.get("indexed"):
        stdout.print(
            f"repaired the store: indexed {repaired['indexed']:,} document(s) that an interrupted "
            "ingest had written to Chroma only"
        )
    if repaired.get("dropped"):
        stdout.print(
            f"repaired the store: {repaired['dropped']:,} indexed document(s) were missing from Chroma "
            "and were dropped (ingest their files again to restore them)"
        )
    stdout.print(
        f"added {added:,} new document(s) of {len(documents):,}; the store at {target.path} "
        f"holds {target.count():,} ({time.perf_counter() - started:.1f} s)"
    )


@app.command()
def ask(
    question: Annotated[str, typer.Argument(help="The question to answer.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the output contract as JSON.")] = False,
    model: Annotated[
        str | None,
        typer.Option(help="local | openai-compatible:MODEL@URL | provider:model", show_default=False),
    ] = None,
    store: StoreOption = None,
    preset: Annotated[str, typer.Option(help="Hyper-parameter preset: local or paper.")] = "local",
    system: Annotated[str, typer.Option(help=f"Switch set: {', '.join(SYSTEMS)}.")] = "verirag",
    top_k: Annotated[
        int | None, typer.Option(help="Documents kept in long-term memory.", show_default=False)
    ] = None,
    thread: Annotated[
        str | None,
        typer.Option(
            help="Save progress under this id (see --checkpoint); run again to resume.", show_default=False
        ),
    ] = None,
    checkpoint: CheckpointOption = "",
    no_quotes: Annotated[
        bool,
        typer.Option("--no-quotes", help="Skip the minimal quotes of verified sentences (Context.quotes)."),
    ] = False,
    settings: SetOption = None,
) -> None:
    """Answer a question with cited, checked sentences (shown live as each one is verified)."""
    from contextlib import nullcontext

    from verirag.api import run
    from verirag.checkpoints import open_checkpointer

    context = _context(
        preset, system, settings, model=model, top_k=top_k, store=store, quotes=False if no_quotes else None
    )
    with open_checkpointer(checkpoint) if thread else nullcontext() as checkpointer:
        if as_json:
            result, _ = run(question, context, thread_id=thread, checkpointer=checkpointer)
            sys.stdout.write(json.dumps(result, ensure_ascii=False, indent=2) + "\n")
            return
        live = _LiveAnswer(drop=context.writer == "vtg" and context.unverified == "drop")
        with err.status("[dim]starting…[/]") as status:
            live.status = status
            result, _ = run(question, context, thread_id=thread, checkpointer=checkpointer, on_event=live)
    _print_answer(result, streamed=live.printed)


class _LiveAnswer:
    """Shows the current stage and prints each sentence as soon as it is kept."""

    def __init__(self, drop: bool = True):
        self.status: Status | None = None
        self.drop = drop  # unverified sentences are left out of the answer (Context.unverified == "drop")
        self.numbers: dict[str, int] = {}
        self.printed = 0

    def __call__(self, mode: str, chunk) -> None:
        if mode == "updates" and self.status is not None:
            node = next(iter(chunk), "")
            self.status.update(f"[dim]{node.replace('_', ' ')} done…[/]")
        elif mode == "custom" and chunk.get("event") == "sentence":
            sentence = chunk["sentence"]
            if sentence["verified_by"] == "none" and self.drop:
                stdout.print(
                    f"[dim]not verified, left out of the answer: {escape(sentence['text'])}[/]",
                    highlight=False,
                )
                return
            for doc_id in sentence["citations"]:
                self.numbers.setdefault(doc_id, len(self.numbers) + 1)
            stdout.print(_render(sentence, self.numbers), highlight=False)
            self.printed += 1
        elif mode == "custom" and chunk.get("event") == "refusal":
            stdout.print(f"[bold]{escape(chunk['text'])}[/]", highlight=False)
            self.printed += 1


def _render(sentence: Mapping[str, Any], numbers: dict[str, int]) -> str:
    from verirag.text import attach_citations

    cited = [numbers[c] for c in sentence["citations"] if c in numbers]
    text = escape(attach_citations(sentence["text"], cited))
    return text if sentence["verified_by"] != "none" else f"[yellow]{text} (unverified)[/]"


@app.command()
def batch(
    questions: Annotated[
        Path, typer.Argument(help="Questions: .txt (one per line) or a JSON/JSONL dataset.")
    ],
    out: Annotated[Path, typer.Option(help="JSONL file of output contracts (appended; resumable).")] = Path(
        "answers.jsonl"
    ),
    concurrency: Annotated[int, typer.Option(help="Questions answered at once.")] = 4,
    model: Annotated[str | None, typer.Option(help="Chat model string.", show_default=False)] = None,
    store: StoreOption = None,
    preset: Annotated[str, typer.Option(help="Hyper-parameter preset: local or paper.")] = "local",
    system: Annotated[str, typer.Option(help="Switch set (see verirag ask --help).")] = "verirag",
    dask: Annotated[
        str | None,
        typer.Option(
            "--dask",
            show_default=False,
            help="Run each question as a task on a Dask cluster: tcp://HOST:PORT of its scheduler, or "
            "'local' for a throwaway cluster on this machine.",
        ),
    ] = None,
    retries: Annotated[int, typer.Option(help="With --dask: retries of a question whose task failed.")] = 2,
    checkpoint: Annotated[
        str | None,
        typer.Option(
            "--checkpoint",
            envvar="VERIRAG_CHECKPOINT_URL",
            show_default=False,
            help="Save every question's run (postgresql://… or a SQLite file), so a retried or resumed "
            "question continues where it stopped.",
        ),
    ] = None,
    settings: SetOption = None,
) -> None:
    """Answer many questions concurrently; one output contract per line, each question once."""
    from contextlib import nullcontext

    from verirag.batch import answer_many, done_questions, read_questions
    from verirag.checkpoints import open_checkpointer
    from verirag.jsonl import append_record

    if dask and store is not None and store.exists():
        store = store.resolve()  # workers run elsewhere: a folder is passed by absolute path
    context = _context(preset, system, settings, model=model, store=store)
    done = done_questions(out)
    todo = [q for q in dict.fromkeys(read_questions(questions)) if q not in done]
    out.parent.mkdir(parents=True, exist_ok=True)
    with _progress("answering", len(todo)) as advance:

        def write(_, result):
            append_record(out, result)
            advance()

        if dask:
            from verirag.cluster import answer_on_cluster

            results = answer_on_cluster(
                todo, context, dask, concurrency, retries, checkpoint, on_result=write
            )
        else:
            with open_checkpointer(checkpoint) if checkpoint is not None else nullcontext() as saver:
                results = answer_many(todo, context, concurrency, on_result=write, checkpointer=saver)
    failed = sum("error" in r for r in results)
    stdout.print(f"{len(results) - failed} answered, {failed} failed, {len(done)} already in {out}")
    if failed:
        raise typer.Exit(1)


@app.command("eval")
def evaluate(
    dataset: Annotated[
        list[Path],
        typer.Option(
            help="JSON/JSONL questions with gold answers (repeatable: --dataset a.json --dataset b.json)."
        ),
    ],
    systems: Annotated[
        str, typer.Option(help="Comma-separated: closed-book, vanilla, rerank, llatrieval, verirag.")
    ] = "vanilla",
    out: Annotated[Path, typer.Option(help="Folder for results.jsonl, table.md and plot.png.")] = Path(
        "eval-out"
    ),
    limit: Annotated[int | None, typer.Option(help="Only the first N questions.", show_default=False)] = None,
    model: Annotated[str | None, typer.Option(help="Model of every system.", show_default=False)] = None,
    judge_model: Annotated[
        str | None, typer.Option(help="Entailment judge (default: the same model).", show_default=False)
    ] = None,
    judge_threshold: Annotated[
        float | None,
        typer.Option(
            help="P(Yes) above which the judge accepts (default: chosen on the verifier benchmark).",
            show_default=False,
        ),
    ] = None,
    store: StoreOption = None,
    preset: Annotated[str, typer.Option(help="Hyper-parameter preset: local or paper.")] = "local",
    settings: SetOption = None,
) -> None:
    """Score systems on datasets (ALCE citation metrics, correctness, trust, cost); resumable."""
    from verirag.datasets import load_dataset
    from verirag.eval.metrics import JUDGE_THRESHOLD
    from verirag.eval.runner import evaluate as run_eval
    from verirag.models import get_chat_model
    from verirag.models.entailment import ModelJudge

    names = [s.strip() for s in systems.split(",") if s.strip()]
    context = _context(preset, None, settings, model=model, store=store)
    items = [item for path in dataset for item in load_dataset(path)[: limit or None]]
    judge = ModelJudge(
        get_chat_model(judge_model or context.model),
        JUDGE_THRESHOLD if judge_threshold is None else judge_threshold,
        context.max_concurrency,
    )
    with _progress("eval", len(items) * len(names)) as advance:
        paths = run_eval(
            dataset,
            names,
            out,
            limit=limit,
            context=context,
            judge=judge,
            progress=lambda system, item: advance(note=f"{system}: {item.question[:60]}"),
        )
    stdout.print(paths["table"].read_text(encoding="utf-8"), markup=False, highlight=False)
    stdout.print(f"results: {paths['results']}  table: {paths['table']}  plot: {paths['plot']}")


@app.command()
def calibrate(
    model: Annotated[str, typer.Option(help="The model to calibrate (as --model of ask).")],
    pairs: Annotated[
        Path | None,
        typer.Option(
            help="Pairs file (default: benchmarks/verifier_v2/pairs.jsonl of this checkout); its calibration "
            "split is judged.",
            show_default=False,
        ),
    ] = None,
    limit: Annotated[int | None, typer.Option(help="Only the first N pairs.", show_default=False)] = None,
) -> None:
    """Fit the support decision's calibration for a model; saved under $VERIRAG_HOME (resumable)."""
    from verirag.eval.calibrate import DEFAULT_PAIRS, load_pairs
    from verirag.eval.calibrate import calibrate as fit_model

    chosen = load_pairs(pairs or DEFAULT_PAIRS, limit)
    with _progress(f"calibrating {model}", len(chosen)) as advance:
        fitted, saved = fit_model(model, chosen, advance)
    a, b = fitted.weights
    stdout.print(
        f"P(supported) = sigmoid({a} + {b}·logit P(Yes)), pass at >= {fitted.threshold}; "
        f"a bare Yes counts {fitted.text_yes}. Saved to {saved}",
        highlight=False,
        markup=False,
    )


def _answers(path: Path) -> Iterator[tuple[int, dict]]:
    """(line number, record) of every line of a JSONL file of answers, in ALCE's format or verirag's contract.

    Each record is {"question", "answer", "documents"}, read from ALCE's format (question, output, docs) or
    verirag's contract (question, answer, documents).
    """
    from verirag.errors import InvalidAnswerError
    from verirag.jsonl import strict_lines

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidAnswerError(f"{path}: cannot read it ({exc})") from exc
    for number, record in strict_lines(text, str(path), InvalidAnswerError):
        answer = record.get("output", record.get("answer")) if isinstance(record, dict) else None
        documents = record.get("docs", record.get("documents")) if isinstance(record, dict) else None
        if not isinstance(answer, str) or not isinstance(documents, (list, dict)):
            raise InvalidAnswerError(
                f'{path}:{number}: expected an answer ("output" or "answer") and '
                'its documents ("docs" or "documents")'
            )
        question = str(record.get("question") or "")
        yield number, {"question": question, "answer": answer, "documents": documents}


@app.command("check")
def check_answers(
    file: Annotated[
        Path,
        typer.Argument(
            help="JSONL: one answer per line, ALCE's (question, output, docs) "
            "or verirag's contract (question, answer, documents)."
        ),
    ],
    verdicts: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="Verdicts, one JSON line per answer (default: FILE.checked.jsonl); lines already "
            "there are kept and not checked again.",
            show_default=False,
        ),
    ] = None,
    model: Annotated[
        str | None,
        typer.Option(help="local | openai-compatible:MODEL@URL | provider:model", show_default=False),
    ] = None,
    preset: Annotated[str, typer.Option(help="Hyper-parameter preset: local or paper.")] = "local",
    settings: SetOption = None,
) -> None:
    """Check cited answers written elsewhere, sentence by sentence, against their own documents.

    Exit status: 0 when every sentence of every answer held, 1 when one did not, 2 on bad input.
    """
    from rich.table import Table

    from verirag.api import check
    from verirag.jsonl import read_records
    from verirag.verify.rates import describe
    from verirag.verify.verdict import why

    try:
        context = _context(preset, None, settings, model=model)
        answers = list(_answers(file))
        verdicts = verdicts or file.with_name(file.name + ".checked.jsonl")
        done = {r["line"]: r for r in read_records(verdicts)} if verdicts.exists() else {}
        held = True
        with verdicts.open("a", encoding="utf-8") as sink:
            for number, given in answers:
                result = done.get(number)
                if result is None:
                    verdict = check(given["answer"], given["documents"], context, question=given["question"])
                    result = {"line": number, "question": given["question"], **verdict}
                    sink.write(json.dumps(result, ensure_ascii=False) + "\n")
                    sink.flush()
                held = held and result["supported"]
                table = Table(title=f"line {number}: {given['question'][:80]}", title_justify="left")
                for column in ("#", "verdict", "P", "decided by", "cites", "would hold", "sentence"):
                    table.add_column(column)
                for s in result["sentences"]:
                    table.add_row(
                        str(s["index"] + 1),
                        s["verdict"],
                        f"{s['support']:.2f}",
                        escape(why(s)),
                        ",".join(map(str, s["citations"])),
                        ",".join(map(str, s["suggested"])),
                        escape(s["text"][:90]),
                    )
                stdout.print(table)
    except VeriragError as exc:
        err.print(f"error: {escape(str(exc))}", highlight=False, soft_wrap=True)
        raise typer.Exit(2) from None
    stdout.print(describe(context.model, _default_decision(context)), highlight=False, soft_wrap=True)
    stdout.print(f"verdicts in {verdicts}", highlight=False)
    raise typer.Exit(0 if held else 1)


_DECISION_FIELDS = (
    "support_decision",
    "support_threshold",
    "contrast_check",
    "subject_check",
    "slot_check",
    "atomic_claims",
    "checks_off",
)


def _default_decision(context) -> bool:
    """Whether ``context`` decides support as the default does (the decision its rates were measured on)."""
    from verirag.graph.context import Context

    default = Context()
    return all(getattr(context, name) == getattr(default, name) for name in _DECISION_FIELDS)


def _print_answer(result: dict, streamed: int = 0) -> None:
    from verirag.graph.state import answer_sentences

    config = result.get("config") or {}
    shown = answer_sentences(
        result["sentences"], config.get("unverified", "drop"), config.get("writer", "vtg")
    )
    number = {doc_id: n for n, doc_id in enumerate(result["documents"], 1)}
    if not streamed:  # baselines write one answer, a finished thread was read back: nothing was shown live
        text = " ".join(
            [_render(s, number) for s in shown]
            + ([escape(result["refusal"])] if result.get("refusal") else [])
        )
        stdout.print(text or "[italic]No answer: the documents do not support one.[/]", highlight=False)
    unverified = sum(s["verified_by"] == "none" for s in result["sentences"])
    if unverified:
        left_out = " and left out of the answer" if len(shown) < len(result["sentences"]) else ""
        stdout.print(
            f"[yellow]{unverified} of {len(result['sentences'])} sentence(s) could not be verified "
            f"against their sources{left_out}.[/]"
        )
    cited = {c for s in shown for c in s["citations"]}
    if cited:
        stdout.print("\n[bold]Sources[/]")
        from verirag.documents import location

        for n, doc in enumerate((d for i, d in result["documents"].items() if i in cited), 1):
            words = " ".join(doc["text"].split()[:18])
            where = f" ({escape(location(doc))})" if location(doc) else ""
            stdout.print(f"[{n}] [bold]{escape(doc['title'])}[/]{where} — {escape(words)}…", highlight=False)
    from verirag.usage import cost_line

    stdout.print(f"\n[dim]{cost_line(result['usage'])}[/]")


def main() -> None:
    """Entry point: run the app, turning verirag's errors into one line and exit status 1."""
    try:
        app()
    except VeriragError as exc:
        err.print(f"error: {escape(str(exc))}", highlight=False, soft_wrap=True)
        sys.exit(1)
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)


if __name__ == "__main__":
    main()
