"""Many users at once with the real embedded model: throughput and latency at 1, 2, 4 and 8 concurrent users.

    .venv/bin/python benchmarks/concurrency.py [--users 1,2,4,8] [--out benchmarks/concurrency]

At each level N, the first N questions of ``../shared/bench/single_hop_dev.json`` are handed over at once to
``verirag.batch.answer_many`` (N threads of one process, one model, the default Context and store); a
question's latency runs from then to its answer. Prints answers per minute and p50 / p95 latency per level,
and appends one record per question to ``<out>/records.jsonl``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUESTIONS = ROOT.parent / "shared" / "bench" / "single_hop_dev.json"


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile of ``values``."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(share * len(ordered) + 0.5) - 1))]


def level(users: int, questions: list[str], out: Path) -> str:
    """One level: ``users`` questions at once; its table row."""
    from verirag import Context
    from verirag.batch import answer_many
    from verirag.jsonl import append_record

    chosen = questions[:users]
    started = time.perf_counter()
    done: dict[int, float] = {}

    def finished(index: int, result: dict) -> None:
        done[index] = time.perf_counter() - started
        append_record(
            out / "records.jsonl",
            {
                "users": users,
                "question": chosen[index],
                "seconds": round(done[index], 2),
                "answer": result.get("answer", ""),
                "error": result.get("error"),
            },
        )

    answer_many(chosen, Context(), concurrency=users, on_result=finished)
    wall = time.perf_counter() - started
    latencies = list(done.values())
    per_minute = 60 * len(latencies) / wall
    return (
        f"| {users} | {len(latencies)} | {per_minute:.2f} | {statistics.median(latencies):.1f} "
        f"| {percentile(latencies, 0.95):.1f} | {wall:.1f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--users", default="1,2,4,8")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "concurrency")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    questions = [item["question"] for item in json.loads(QUESTIONS.read_text(encoding="utf-8"))["items"]]
    print("| users | answers | answers per minute | p50 s | p95 s | wall s |\n|---|---|---|---|---|---|")
    for users in (int(n) for n in args.users.split(",")):
        print(level(users, questions, args.out), flush=True)


if __name__ == "__main__":
    main()
