"""The selection levers side by side, per dataset, from a cost.py run's records (run by hand):

    .venv/bin/python benchmarks/selection.py docs/bench/selection/results.jsonl

Per system: evidence recall of D (the gold evidence title among the selected documents), correctness
(ALCE str-em recall), refusal rate, |D|, the utility judgment's seconds and calls per question, and the
whole run's median seconds, each ÷ Vanilla's where that means something.
"""

from __future__ import annotations

import statistics
import sys
from collections import defaultdict
from pathlib import Path

from verirag.jsonl import read_records


def table(path: Path) -> str:
    """The per-dataset markdown table of the records in ``path``."""
    groups: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for record in read_records(path):
        groups[(record["dataset"], record["system"])].append(record)
    lines = []
    for dataset in sorted({d for d, _ in groups}):
        systems = [s for d, s in groups if d == dataset]
        base = statistics.median(r["output"]["usage"]["wall_seconds"] for r in groups[(dataset, "vanilla")])
        lines += [
            f"\n{dataset}\n",
            "| system | questions | evidence recall of D | correctness | refusal | mean D | "
            "judge_utility s/q | judge_utility calls/q | median s (÷ Vanilla) |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for system in systems:
            rs = groups[(dataset, system)]
            evidence = [
                r["metrics"]["evidence_recall"] for r in rs if r["metrics"]["evidence_recall"] is not None
            ]
            correct = [r["metrics"]["correctness"] for r in rs if r["metrics"]["correctness"] is not None]
            judge = [r["output"]["usage"]["per_node"].get("judge_utility", {}) for r in rs]
            wall = statistics.median(r["output"]["usage"]["wall_seconds"] for r in rs)
            lines.append(
                f"| {system} | {len(rs)} | "
                + (f"{statistics.mean(evidence):.3f}" if evidence else "–")
                + " | "
                + (f"{statistics.mean(correct):.3f}" if correct else "–")
                + f" | {statistics.mean(r['metrics']['refuses'] for r in rs):.3f} "
                f"| {statistics.mean(len(r['retrieval']['selected']) for r in rs):.1f} "
                f"| {statistics.mean(j.get('seconds', 0) for j in judge):.1f} "
                f"| {statistics.mean(j.get('calls', 0) for j in judge):.1f} "
                f"| {wall:.1f} ({wall / base:.2f}) |"
            )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(table(Path(sys.argv[1])))
