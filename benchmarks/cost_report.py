"""Latency and cost of each system from an evaluation's per-question records (run by hand).

    .venv/bin/python benchmarks/cost_report.py docs/bench/dev-33/results.jsonl [--systems verirag,vanilla]
        [--common]

Reads the records written by ``verirag eval`` (one per system and question, with the graph's usage
ledger) and prints, per system:

* seconds per question (median, p90), LLM calls and tokens per question, the prefix-reuse ratio
  (prompt tokens served from llama.cpp's cache / all prompt tokens);
* per node: calls, prompt tokens, reused prompt tokens, completion tokens and seconds per question;
* tokens per question relative to Vanilla and to Rerank.

``--common`` keeps only the questions every listed system answered (for an interrupted run).
Seconds are the graph's own wall time (``usage.wall_seconds``), without the evaluation judge.
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from pathlib import Path

from rich.console import Console
from rich.table import Table

from verirag.jsonl import read_records


def p90(values: list[float]) -> float:
    """90th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, -(-9 * len(ordered) // 10) - 1)]


def tokens(usage_total: dict) -> int:
    return usage_total["input_tokens"] + usage_total["output_tokens"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", type=Path)
    parser.add_argument("--systems", default="")
    parser.add_argument("--common", action="store_true")
    args = parser.parse_args()
    records = read_records(args.results)
    systems = [s for s in args.systems.split(",") if s] or list(dict.fromkeys(r["system"] for r in records))
    by_system = {s: [r for r in records if r["system"] == s] for s in systems}
    if args.common:
        shared = set.intersection(*({r["id"] for r in rs} for rs in by_system.values()))
        by_system = {s: [r for r in rs if r["id"] in shared] for s, rs in by_system.items()}
    console = Console(width=200)
    summary = Table("system", "questions", "median s/q", "p90 s/q", "calls/q", "tokens/q", "prefix reuse",
                    "tokens ÷ vanilla", "tokens ÷ rerank", title=f"latency and cost ({args.results})")
    mean_tokens = {s: statistics.mean(tokens(r["cost"]) for r in rs) for s, rs in by_system.items() if rs}
    for system, rs in by_system.items():
        if not rs:
            continue
        seconds = [r["output"]["usage"]["wall_seconds"] for r in rs]
        prompt = sum(r["cost"]["input_tokens"] for r in rs)
        reused = sum(r["cost"]["cached_tokens"] for r in rs)
        ratio = {b: (f"{mean_tokens[system] / mean_tokens[b]:.2f}" if b in mean_tokens else "—")
                 for b in ("vanilla", "rerank")}
        summary.add_row(system, str(len(rs)), f"{statistics.median(seconds):.1f}", f"{p90(seconds):.1f}",
                        f"{statistics.mean(r['cost']['calls'] for r in rs):.1f}", f"{mean_tokens[system]:.0f}",
                        f"{reused / prompt:.2f}" if prompt else "—", ratio["vanilla"], ratio["rerank"])
    console.print(summary)
    for system, rs in by_system.items():
        per_node: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        for r in rs:
            for node, counters in r["output"]["usage"]["per_node"].items():
                for key, value in counters.items():
                    per_node[node][key] += value / len(rs)
        nodes = Table("node", "calls/q", "prompt tok/q", "reused tok/q", "completion tok/q", "seconds/q",
                      title=f"{system}: per node ({len(rs)} questions)")
        for node, c in sorted(per_node.items(), key=lambda kv: -kv[1]["seconds"]):
            if c["calls"] or c["seconds"] >= 0.05:
                nodes.add_row(node, f"{c['calls']:.2f}", f"{c['input_tokens']:.0f}", f"{c['cached_tokens']:.0f}",
                              f"{c['output_tokens']:.0f}", f"{c['seconds']:.1f}")
        console.print(nodes)


if __name__ == "__main__":
    main()
