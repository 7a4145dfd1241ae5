"""The rules planner (verirag.plans.plan) on the two hand-labelled sets: which questions it splits, into what.

Writes rules_planner.jsonl ({"id", "set", "split", "parts"}) beside this file and prints a short table.
Run from the repository root: .venv/bin/python benchmarks/planner/rules_planner.py
It ends with plan right by hand per half, as judged (plans_by_hand.jsonl).

The per-question listing shows the dev half only (the sealed half is counted, never listed), unless
--details all. --baseline PATH also counts the splits of another copy of the planner (a checkout's root, for
example a worktree of the commit before a change, or a single-file plans.py of an older commit), so one run
gives the before and after counts.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from verirag.plans import plan

HERE = Path(__file__).resolve().parent


def load(name: str) -> list[dict]:
    return [
        json.loads(line) for line in (HERE / name).read_text(encoding="utf-8").splitlines() if line.strip()
    ]


def parts_of(question: str, planner: Callable = plan) -> list[dict]:
    return [{"question": p.question, "depends_on": p.depends_on, "group": p.group} for p in planner(question)]


def planner_from(path: str, questions: list[str]) -> Callable:
    """``plan`` of another copy: a checkout's root (its ``verirag`` package), or a single-file plans.py.

    A checkout is asked in one process that imports its package, for ``questions`` only.
    """
    if Path(path).is_dir():
        counts = _checkout_counts(path, questions)
        return lambda question: [None] * counts[question]
    spec = importlib.util.spec_from_file_location("baseline_plans", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["baseline_plans"] = module
    spec.loader.exec_module(module)
    return module.plan


def _checkout_counts(root: str, questions: list[str]) -> dict[str, int]:
    """How many parts a checkout's planner gives each question, from a process that imports its package."""
    code = (
        "import json, sys; from verirag.plans import plan; "
        "print(json.dumps({q: len(plan(q)) for q in json.load(sys.stdin)}))"
    )
    env = {**os.environ, "PYTHONPATH": root}
    done = subprocess.run(  # run in the checkout: "-c" puts the working directory first on the path
        [sys.executable, "-c", code],
        input=json.dumps(questions),
        env=env,
        cwd=root,
        capture_output=True,
        text=True,
    )
    return dict(json.loads(done.stdout))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--details", choices=("dev", "all"), default="dev", help="which half's questions to list"
    )
    parser.add_argument(
        "--baseline", help="another copy of the planner (a checkout) to count splits for as well"
    )
    parser.add_argument(
        "--dev-only", action="store_true", help="count the dev half only (no sealed or all rows)"
    )
    args = parser.parse_args()
    shown = ("dev",) if args.details == "dev" else ("dev", "sealed")
    halves = ("dev",) if args.dev_only else ("dev", "sealed", "all")
    rows = []
    single, fanout = load("single_part.jsonl"), load("fanout.jsonl")
    for r in single:
        parts = parts_of(r["question"])
        rows.append(
            {
                "id": r["id"],
                "set": "single_part",
                "split": len(parts) >= 2,
                "parts": parts,
                "half": r["split"],
            }
        )
    for r in fanout:
        parts = parts_of(r["question"])
        rows.append(
            {"id": r["id"], "set": "fanout", "split": len(parts) >= 2, "parts": parts, "half": r["split"]}
        )
    with (HERE / "rules_planner.jsonl").open("w", encoding="utf-8") as f:
        for row in rows:
            f.write(
                json.dumps({k: row[k] for k in ("id", "set", "split", "parts")}, ensure_ascii=False) + "\n"
            )

    print(f"{'set':12} {'half':7} {'n':>4} {'split':>6}")
    for name in ("single_part", "fanout"):
        for half in halves:
            sel = [r for r in rows if r["set"] == name and (half == "all" or r["half"] == half)]
            print(f"{name:12} {half:7} {len(sel):4d} {sum(r['split'] for r in sel):6d}")
    if args.baseline:
        before = planner_from(args.baseline, [r["question"] for r in single + fanout])
        print(f"\nbaseline {args.baseline}:")
        for name, records in (("single_part", single), ("fanout", fanout)):
            for half in halves:
                sel = [r for r in records if half == "all" or r["split"] == half]
                count = sum(len(before(r["question"])) >= 2 for r in sel)
                print(f"{name:12} {half:7} {len(sel):4d} {count:6d}")

    by_id = {r["id"]: r for r in fanout}
    same = 0
    fan_split = [r for r in rows if r["set"] == "fanout" and r["split"] and r["half"] in halves]
    for r in fan_split:
        rules_first = sum(p["depends_on"] is None for p in r["parts"])
        hand_first = sum(p["depends_on"] is None for p in by_id[r["id"]]["parts"])
        same += rules_first == hand_first
    print(f"fanout splits with the hand first-wave part count: {same} of {len(fan_split)}")

    print(f"\nsingle-part questions split (wrongly), {args.details} half listed:")
    q = {r["id"]: r for r in single}
    for r in rows:
        if r["set"] == "single_part" and r["split"] and r["half"] in shown:
            print(f"  [{r['half']}] {q[r['id']]['question']}")
            for i, p in enumerate(r["parts"]):
                print(
                    f"      {i}: {p['question']}"
                    + (f"  (waits for {p['depends_on']})" if p["depends_on"] is not None else "")
                )
    print(f"\nfanout questions split, {args.details} half listed:")
    for r in fan_split:
        if r["half"] not in shown:
            continue
        h = by_id[r["id"]]
        first_wave = sum(p["depends_on"] is None for p in h["parts"])
        print(f"  [{r['half']}] {h['question']}  (hand first wave {first_wave})")
        for i, p in enumerate(r["parts"]):
            print(
                f"      {i}: {p['question']}"
                + (f"  (waits for {p['depends_on']})" if p["depends_on"] is not None else "")
            )
    print("\nplan right by hand (plans_by_hand.jsonl) as judged, and the rules before a change where judged:")
    judged = load("plans_by_hand.jsonl")
    for half in dict.fromkeys(r["half"] for r in judged):
        sel = [r for r in judged if r["half"] == half]
        right = sum(r["rules_right"] for r in sel)
        earlier = [r for r in sel if "rules_before_right" in r]
        was = f"  before: {sum(r['rules_before_right'] for r in earlier)}" if earlier else ""
        print(f"  {half:12} {len(sel):4d}  right: {right} ({right / len(sel):.2f}){was}")


if __name__ == "__main__":
    main()
