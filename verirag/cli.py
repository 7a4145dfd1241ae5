"""The ``verirag`` command line: ``ingest`` documents, ``ask`` a question.

Every deliberate failure (bad input, missing store, unknown or corrupt model) prints one line,
``error: …``, to stderr and exits with status 1; nothing already indexed is touched.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.markup import escape

from verirag.errors import VeriragError

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Verifiable retrieval-augmented generation over your documents.")
out = Console()
err = Console(stderr=True)

StoreOption = Annotated[Optional[Path], typer.Option(
    "--store", help="Store folder (default: $VERIRAG_HOME/store).", show_default=False)]


@app.command()
def ingest(
    paths: Annotated[Optional[list[Path]], typer.Argument(
        help=".txt/.md/.jsonl/.pdf files or folders; none = the shipped Wikipedia corpus.",
        show_default=False)] = None,
    store: StoreOption = None,
) -> None:
    """Index documents into the store (idempotent: documents already there are skipped)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from verirag.paths import default_store_path
    from verirag.stores import HybridStore

    if paths:
        from verirag.stores.ingest import load_documents

        documents, label = load_documents(paths), f"{len(paths)} path(s)"
    else:
        from verirag.stores.corpus import iter_corpus

        documents, label = list(iter_corpus()), "shipped Wikipedia corpus"
    target = HybridStore(store or default_store_path())
    started = time.perf_counter()
    with Progress(TextColumn("[bold]indexing[/] {task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=err, transient=False) as progress:
        task = progress.add_task(label, total=len(documents))
        added = target.add(documents, progress=lambda n: progress.advance(task, n))
    out.print(f"added {added:,} new document(s) of {len(documents):,}; the store at {target.path} "
              f"holds {target.count():,} ({time.perf_counter() - started:.1f} s)")


@app.command()
def ask(
    question: Annotated[str, typer.Argument(help="The question to answer.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the output contract as JSON.")] = False,
    model: Annotated[Optional[str], typer.Option(
        help="local | openai-compatible:MODEL@URL | provider:model", show_default=False)] = None,
    store: StoreOption = None,
    preset: Annotated[str, typer.Option(help="Hyper-parameter preset: local or paper.")] = "local",
    system: Annotated[str, typer.Option(
        help="Switch set: verirag, llatrieval, vanilla, rerank, closed-book.")] = "verirag",
    top_k: Annotated[Optional[int], typer.Option(help="Documents kept in long-term memory.",
                                                 show_default=False)] = None,
) -> None:
    """Answer a question with cited, checked sentences."""
    from verirag.api import ask as run
    from verirag.eval.systems import system_overrides
    from verirag.graph import resources
    from verirag.graph.context import Context

    overrides = {k: v for k, v in {"model": model, "top_k": top_k,
                                   "store": str(store) if store else None}.items() if v is not None}
    try:
        context = Context.preset(preset, **{**system_overrides(system), **overrides})
    except ValueError as exc:
        raise VeriragError(str(exc)) from exc
    resources.check_question(question, context.max_question_chars)  # fail before loading anything
    if not as_json:
        err.print("[dim]thinking…[/]")
    result = run(question, context)
    if as_json:
        sys.stdout.write(json.dumps(result, ensure_ascii=False, indent=2) + "\n")
        return
    _print_answer(result)


@app.command("eval")
def evaluate(
    dataset: Annotated[Path, typer.Option(help="JSON/JSONL questions with gold answers.")],
    systems: Annotated[str, typer.Option(
        help="Comma-separated: closed-book, vanilla, rerank, llatrieval, verirag.")] = "vanilla",
    out: Annotated[Path, typer.Option(help="Folder for results.jsonl, table.md and plot.png.")] = Path(
        "eval-out"),
    limit: Annotated[Optional[int], typer.Option(help="Only the first N questions.",
                                                 show_default=False)] = None,
    model: Annotated[Optional[str], typer.Option(help="Model of every system.", show_default=False)] = None,
    judge_model: Annotated[Optional[str], typer.Option(
        help="Entailment judge (default: the same model).", show_default=False)] = None,
    store: StoreOption = None,
    preset: Annotated[str, typer.Option(help="Hyper-parameter preset: local or paper.")] = "local",
) -> None:
    """Score systems on a dataset (ALCE citation metrics, correctness, cost); resumable."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from verirag.eval.datasets import load_dataset
    from verirag.eval.runner import evaluate as run_eval
    from verirag.graph.context import Context
    from verirag.models import get_chat_model
    from verirag.models.entailment import ModelJudge

    names = [s.strip() for s in systems.split(",") if s.strip()]
    overrides = {k: v for k, v in {"model": model, "store": str(store) if store else None}.items() if v}
    try:
        context = Context.preset(preset, **overrides)
    except ValueError as exc:
        raise VeriragError(str(exc)) from exc
    items = load_dataset(dataset)[: limit or None]
    judge = ModelJudge(get_chat_model(judge_model or context.model), context.judge_threshold)
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=err) as progress:
        task = progress.add_task("eval", total=len(items) * len(names))

        def step(system, item):
            progress.update(task, description=f"{system}: {item.question[:40]}")
            progress.advance(task)

        paths = run_eval(dataset, names, out, limit=limit, context=context, judge=judge, progress=step)
    out_console = Console()
    out_console.print(paths["table"].read_text(encoding="utf-8"), markup=False, highlight=False)
    out_console.print(f"results: {paths['results']}  table: {paths['table']}  plot: {paths['plot']}")


def _print_answer(result: dict) -> None:
    from verirag.text import attach_citations

    number = {doc_id: n for n, doc_id in enumerate(result["documents"], 1)}
    parts = []
    for sentence in result["sentences"]:
        text = escape(attach_citations(sentence["text"], [number[c] for c in sentence["citations"] if c in number]))
        parts.append(text if sentence["verified_by"] != "none" else f"[yellow]{text} (unverified)[/]")
    out.print(" ".join(parts) or "[italic]No answer: the documents do not support one.[/]")
    unverified = sum(s["verified_by"] == "none" for s in result["sentences"])
    if unverified:
        out.print(f"[yellow]{unverified} of {len(result['sentences'])} sentence(s) could not be verified "
                  "against their sources.[/]")
    if result["documents"]:
        out.print("\n[bold]Sources[/]")
        for n, doc in enumerate(result["documents"].values(), 1):
            words = " ".join(doc["text"].split()[:18])
            out.print(f"[{n}] [bold]{escape(doc['title'])}[/] — {escape(words)}…", highlight=False)
    total = result["usage"]["total"]
    out.print(f"\n[dim]{int(total['calls'])} model call(s), {int(total['input_tokens'])} prompt + "
              f"{int(total['output_tokens'])} completion tokens, {result['usage'].get('wall_seconds', 0):.1f} s[/]")


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
