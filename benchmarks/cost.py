"""What a verified answer costs next to Vanilla's: one command, both systems on the same questions in one
run, then the tables (run by hand; a few hours on 2 cores for the three dev sets).

    .venv/bin/python benchmarks/cost.py --dataset ../shared/bench/single_hop_dev.json \\
        [--dataset ...] --out docs/bench/RUN [--systems vanilla,verirag] [--limit N] [--report-only]

1. ``verirag eval`` of the systems on the datasets, question-major (resumable: records already in
   ``OUT/results.jsonl`` are kept), with the local model as writer and judge;
2. per system, over all questions and per dataset: seconds per question (median, p90), time to the
   first verified sentence (median), LLM calls, prompt and evaluated tokens per question (evaluated =
   not reused from llama.cpp's prefix cache, + completion), the prefix-reuse ratio, each ÷ Vanilla's;
3. per system and node: runs (runs > calls: calls skipped), calls, prompt, reused and completion tokens
   and seconds per question (the quotes' sentence-level checks are the ``simplify_citations.quotes`` row);
4. the 200 ms scripted model on single-hop questions (``overhead.py --single-hop``): calls per question
   and wall time ÷ critical path, so verirag's own overhead shows apart from the model's.

``--without NODE`` (with ``--report-only``) prints the tables as if NODE had cost nothing: its seconds,
calls and tokens taken off each record (and off the time to the first verified sentence, which is right
for the retrieval stage's nodes: they all run before the first sentence). A bound, not a measurement:
what a lever on that node could gain at most, e.g. ``--without judge_utility`` for the utility votes.

Seconds are the graph's own wall time (``usage.wall_seconds``), without the evaluation judge. A committed
run keeps its records compressed (``OUT/results.jsonl.gz``): ``--report-only`` reads them by the plain name.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

from rich.console import Console
from rich.table import Table

from verirag.errors import VeriragError
from verirag.jsonl import read_records

HERE = Path(__file__).resolve().parent


def p90(values: list[float]) -> float:
    """90th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, -(-9 * len(ordered) // 10) - 1)]


def evaluated(cost: dict) -> float:
    """Tokens the model evaluated: prompt tokens not served from the prefix cache, plus completion."""
    return cost["input_tokens"] - cost.get("cached_tokens", 0) + cost["output_tokens"]


def without(record: dict, node: str) -> dict:
    """``record`` as if ``node`` had cost nothing (see the module docstring)."""
    usage = record["output"]["usage"]
    spent = usage["per_node"].get(node)
    if not spent:
        return record
    first = usage.get("first_verified_seconds")
    cost = {
        k: v - spent.get(k, 0) if k in ("calls", "input_tokens", "cached_tokens", "output_tokens") else v
        for k, v in record["cost"].items()
    }
    per_node = {n: c for n, c in usage["per_node"].items() if n != node}
    usage = {
        **usage,
        "per_node": per_node,
        "wall_seconds": usage["wall_seconds"] - spent["seconds"],
        "first_verified_seconds": first - spent["seconds"] if first else first,
    }
    return {**record, "cost": cost, "output": {**record["output"], "usage": usage}}


def figures(rs: list[dict]) -> dict[str, float]:
    """Latency and cost of one system's records."""
    seconds = [r["output"]["usage"]["wall_seconds"] for r in rs]
    first = [r["output"]["usage"].get("first_verified_seconds") for r in rs]
    first = [f for f in first if f]
    return {
        "median s": statistics.median(seconds),
        "p90 s": p90(seconds),
        "median s to 1st verified": statistics.median(first) if first else float("nan"),
        "calls/q": statistics.mean(r["cost"]["calls"] for r in rs),
        "prompt tokens/q": statistics.mean(r["cost"]["input_tokens"] for r in rs),
        "evaluated tokens/q": statistics.mean(evaluated(r["cost"]) for r in rs),
        "prefix reuse": (
            sum(r["cost"].get("cached_tokens", 0) for r in rs)
            / max(1, sum(r["cost"]["input_tokens"] for r in rs))
        ),
    }


def summary_table(by_system: dict[str, list[dict]], title: str) -> Table:
    """One row per system, then each system's figures ÷ Vanilla's."""
    rows = {s: figures(rs) for s, rs in by_system.items() if rs}
    columns = list(next(iter(rows.values())))
    table = Table("system", "questions", *columns, title=title)
    for system, f in rows.items():
        table.add_row(
            system,
            str(len(by_system[system])),
            *(f"{f[c]:.2f}" if c == "prefix reuse" else f"{f[c]:.1f}" for c in columns),
        )
    if "vanilla" in rows:
        base = rows["vanilla"]
        for system, f in rows.items():
            if system != "vanilla":
                ratios = [
                    f[c] / base[c] if c != "median s to 1st verified" else f[c] / base["median s"]
                    for c in columns[:-1]
                ]
                table.add_row(f"{system} ÷ vanilla", "", *(f"{x:.2f}" for x in ratios), "")
    return table


def report(records: list[dict], systems: list[str], console: Console) -> None:
    """The summary table (with ratios to Vanilla) over all questions and per dataset, and one per-node
    table per system (runs/q beside calls/q: a run that needed no model call shows as runs > calls)."""
    by_system = {s: [r for r in records if r["system"] == s] for s in systems}
    shared = set.intersection(*({r["id"] for r in rs} for rs in by_system.values() if rs))
    by_system = {s: [r for r in rs if r["id"] in shared] for s, rs in by_system.items()}
    console.print(summary_table(by_system, f"latency and cost on {len(shared)} shared questions"))
    datasets = sorted({r.get("dataset", "") for rs in by_system.values() for r in rs})
    if len(datasets) > 1:
        for dataset in datasets:
            part = {s: [r for r in rs if r.get("dataset", "") == dataset] for s, rs in by_system.items()}
            console.print(summary_table(part, f"{dataset}: {len(next(iter(part.values())))} questions"))
    console.print("(s to 1st verified ÷ vanilla: against Vanilla's median answer time)")
    for system, rs in by_system.items():
        per_node: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        for r in rs:
            for node, counters in r["output"]["usage"]["per_node"].items():
                for key, value in counters.items():
                    per_node[node][key] += value / len(rs)
        nodes = Table(
            "node",
            "runs/q",
            "calls/q",
            "prompt tok/q",
            "reused tok/q",
            "completion tok/q",
            "seconds/q",
            title=f"{system}: per node ({len(rs)} questions)",
        )
        for node, c in sorted(per_node.items(), key=lambda kv: -kv[1]["seconds"]):
            if c["calls"] or c["seconds"] >= 0.05 or c["runs"]:
                nodes.add_row(
                    node,
                    f"{c['runs']:.2f}" if "." not in node else "",
                    f"{c['calls']:.2f}",
                    f"{c['input_tokens']:.0f}",
                    f"{c['cached_tokens']:.0f}",
                    f"{c['output_tokens']:.0f}",
                    f"{c['seconds']:.1f}",
                )
        console.print(nodes)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--dataset", type=Path, action="append", default=[])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--systems", default="vanilla,verirag")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--report-only", action="store_true", help="tables from OUT/results.jsonl only")
    parser.add_argument("--without", metavar="NODE", help="with --report-only: as if NODE had cost nothing")
    args = parser.parse_args()
    if args.without and not args.report_only:
        parser.error("--without reads committed records: use it with --report-only")
    systems = [s for s in args.systems.split(",") if s]
    if not args.report_only:
        from verirag.eval.runner import evaluate

        done = [0]

        def progress(system, item):
            done[0] += 1
            print(f"eval {done[0]}: {system}: {item.question[:70]}", flush=True)

        try:
            evaluate(args.dataset, systems, args.out, limit=args.limit, progress=progress)
        except VeriragError as exc:  # a dataset that cannot be read, an unknown system: one line
            parser.exit(2, f"cost.py: {exc}\n")
    console = Console(width=200)
    records = read_records(args.out / "results.jsonl")
    if args.without:
        console.print(f"[bold]as if {args.without} had cost nothing[/] (a bound on what a lever can gain)")
        records = [without(r, args.without) for r in records]
    report(records, systems, console)
    if args.without:
        return
    console.print("\n[bold]200 ms scripted model, single-hop questions[/]")
    subprocess.run(
        [
            sys.executable,
            str(HERE / "overhead.py"),
            "--single-hop",
            "--questions",
            "10",
            "--concurrency",
            "1",
        ],
        check=True,
    )


if __name__ == "__main__":
    main()
