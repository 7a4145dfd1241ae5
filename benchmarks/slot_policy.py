"""Which cache the local model gives up when its pool of llama.cpp contexts is full: the old rule (every
cache weighted by its length) against the one verirag uses (a cache no prompt reused lately counts
nothing), on the same questions, in two processes run side by side.

    .venv/bin/python benchmarks/slot_policy.py --questions 8 --out docs/bench/slot_policy

Each process answers the first N single-hop dev questions in order with the default Context, keeping its
pool across questions as a batch does, and writes one record per question to OUT/<policy>.jsonl
(resumable). The table compares, per node and in all: prompt tokens, tokens reused from the cache,
tokens evaluated (prompt not reused + completion) and seconds, and whether both processes gave the same
answers (the cache changes where a prompt is evaluated, not what it says).
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
POLICIES = ("before", "now")


def answer(policy: str, questions: list[str], out: Path) -> None:
    """Answer ``questions`` in order under ``policy``, appending each record to OUT/<policy>.jsonl."""
    from verirag.api import ask
    from verirag.jsonl import append_record, read_records
    from verirag.models import local

    if policy == "before":
        local.RECENT_CALLS = math.inf  # every cache counts as in use: the length-weighted rule alone
    path = out / f"{policy}.jsonl"
    done = {r["question"] for r in read_records(path)} if path.exists() else set()
    for question in questions:
        if question in done:
            continue
        result = ask(question)
        append_record(path, {"question": question, "answer": result["answer"],
                             "per_node": result["usage"]["per_node"],
                             "wall_seconds": result["usage"]["wall_seconds"]})
        print(f"{policy}: {question}", flush=True)


def report(out: Path) -> None:
    from cost import evaluated

    from verirag.jsonl import read_records

    runs = {p: {r["question"]: r for r in read_records(out / f"{p}.jsonl")} for p in POLICIES}
    shared = [q for q in runs["before"] if q in runs["now"]]
    if not shared:
        sys.exit("no question answered by both policies yet")
    rows: dict[str, dict[str, dict[str, float]]] = {p: defaultdict(lambda: defaultdict(float))
                                                    for p in POLICIES}
    for p in POLICIES:
        for q in shared:
            for node, cost in runs[p][q]["per_node"].items():
                row = rows[p][node]
                row["prompt"] += cost["input_tokens"] / len(shared)
                row["reused"] += cost.get("cached_tokens", 0) / len(shared)
                row["evaluated"] += evaluated(cost) / len(shared)
                row["seconds"] += cost["seconds"] / len(shared)
    same = sum(runs["before"][q]["answer"] == runs["now"][q]["answer"] for q in shared)
    print(f"{len(shared)} questions, same answer under both policies: {same}\n")
    print("| node | prompt tokens/q | reused before | reused now | evaluated before | evaluated now "
          "| seconds before | seconds now |")
    print("|---|---|---|---|---|---|---|---|")
    nodes = sorted(rows["now"], key=lambda n: -rows["before"][n]["prompt"])
    total = {p: defaultdict(float) for p in POLICIES}
    for node in nodes:
        b, n = rows["before"][node], rows["now"][node]
        for p, r in (("before", b), ("now", n)):
            for k, v in r.items():
                total[p][k] += v
        if b["prompt"] or n["prompt"]:
            print(f"| {node} | {n['prompt']:.0f} | {b['reused']:.0f} | {n['reused']:.0f} "
                  f"| {b['evaluated']:.0f} | {n['evaluated']:.0f} "
                  f"| {b['seconds']:.1f} | {n['seconds']:.1f} |")
    b, n = total["before"], total["now"]
    print(f"| **all** | {n['prompt']:.0f} | {b['reused']:.0f} | {n['reused']:.0f} | {b['evaluated']:.0f} "
          f"| {n['evaluated']:.0f} | {b['seconds']:.1f} | {n['seconds']:.1f} |")
    print(f"\nevaluated tokens now ÷ before: {n['evaluated'] / b['evaluated']:.3f}; "
          f"seconds in nodes now ÷ before: {n['seconds'] / b['seconds']:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--questions", type=int, default=8, help="the first N single-hop dev questions")
    parser.add_argument("--dataset", type=Path,
                        default=ROOT.parent / "shared" / "bench" / "single_hop_dev.json")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "bench" / "slot_policy")
    parser.add_argument("--policy", choices=POLICIES, help=argparse.SUPPRESS)  # one child process
    parser.add_argument("--report-only", action="store_true")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    items = json.loads(args.dataset.read_text(encoding="utf-8"))["items"][: args.questions]
    questions = [item["question"] for item in items]
    if args.policy:
        answer(args.policy, questions, args.out)
        return
    if not args.report_only:
        children = [subprocess.Popen([sys.executable, __file__, "--questions", str(args.questions),
                                      "--dataset", str(args.dataset), "--out", str(args.out),
                                      "--policy", policy]) for policy in POLICIES]
        if any(child.wait() for child in children):
            sys.exit("a policy's run failed (its records so far are kept; run again to resume)")
    report(args.out)


if __name__ == "__main__":
    main()
