"""A change measured on the same questions in one run: the tree at a git revision ("before") and this
tree ("now"), in two processes side by side, each keeping its model across questions as a batch does.

    .venv/bin/python benchmarks/before_after.py --before 7455179 --questions 6 --out docs/bench/prefix_states
    .venv/bin/python benchmarks/before_after.py --before HEAD --before-python /tmp/venv-avx2/bin/python \
        --questions 16 --out docs/bench/avx512       # the same code on another interpreter / llama.cpp build

Each process answers the first N questions of the dataset in order with the default Context and writes
one record per question to OUT/<side>.jsonl (resumable; "before" runs from a git worktree of the
revision, made under /tmp; ``--before-python`` runs it on another interpreter, e.g. a copy of .venv
with another build of llama-cpp-python). The report compares, per node and in all, prompt tokens,
tokens reused from the model's cache, tokens evaluated (prompt not reused + completion) and seconds,
and the quality of the two sides on the same questions: identical answers, correctness (ALCE str-em
against the dataset's gold), verified share and refusals.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIDES = ("before", "now")


def answer(side: str, items: list[dict], out: Path) -> None:
    """Answer ``items`` in order, appending each record to OUT/<side>.jsonl."""
    import llama_cpp

    import verirag
    from verirag.api import ask
    from verirag.eval.metrics import em_recall
    from verirag.jsonl import append_record, read_records

    print(
        f"{side}: verirag from {Path(verirag.__file__).parent}; llama.cpp: "
        f"{llama_cpp.llama_print_system_info().decode().strip()}",
        flush=True,
    )
    path = out / f"{side}.jsonl"
    done = {r["question"] for r in read_records(path)}  # <side>.jsonl, or its committed .gz
    for item in items:
        if item["question"] in done:
            continue
        result = ask(item["question"])
        golds = item.get("answers") or ([item["answer"]] if "answer" in item else [])
        unsupported = item.get("answer_not_in_corpus")  # unanswerable_dev: a string the corpus never states
        append_record(
            path,
            {
                "question": item["question"],
                "answer": result["answer"],
                "correctness": em_recall(result["answer"], golds) if golds else None,
                "unsupported_in_answer": bool(unsupported and em_recall(result["answer"], [unsupported]) > 0),
                "verified": [s["verified_by"] != "none" for s in result["sentences"]],
                "refusal": result["refusal"],
                "per_node": result["usage"]["per_node"],
                "wall_seconds": result["usage"]["wall_seconds"],
            },
        )
        print(f"{side}: {item['question']}", flush=True)


def report(out: Path) -> None:
    from cost import evaluated

    from verirag.jsonl import read_records

    runs = {s: {r["question"]: r for r in read_records(out / f"{s}.jsonl")} for s in SIDES}
    shared = [q for q in runs["before"] if q in runs["now"]]
    if not shared:
        sys.exit("no question answered by both sides yet")
    rows: dict[str, dict[str, dict[str, float]]] = {s: defaultdict(lambda: defaultdict(float)) for s in SIDES}
    for s in SIDES:
        for q in shared:
            for node, cost in runs[s][q]["per_node"].items():
                row = rows[s][node]
                row["prompt"] += cost["input_tokens"] / len(shared)
                row["reused"] += cost.get("cached_tokens", 0) / len(shared)
                row["evaluated"] += evaluated(cost) / len(shared)
                row["seconds"] += cost["seconds"] / len(shared)
    same = sum(runs["before"][q]["answer"] == runs["now"][q]["answer"] for q in shared)
    print(f"{len(shared)} questions, same answer on both sides: {same}\n")
    print("| | correctness | verified share | refusals | unsupported answer in the text | median s |")
    print("|---|---|---|---|---|---|")
    for s in SIDES:
        rs = [runs[s][q] for q in shared]
        verified = [v for r in rs for v in r["verified"]]
        share = f"{sum(verified) / len(verified):.3f}" if verified else "–"
        scored = [r["correctness"] for r in rs if r.get("correctness") is not None]
        correctness = f"{statistics.mean(scored):.3f}" if scored else "–"
        print(
            f"| {s} | {correctness} | {share} | {sum(bool(r['refusal']) for r in rs)} "
            f"| {sum(bool(r.get('unsupported_in_answer')) for r in rs)} "
            f"| {statistics.median(r['wall_seconds'] for r in rs):.1f} |"
        )
    print(
        "\n| node | prompt tokens/q before | now | reused before | now | evaluated before | now "
        "| seconds before | now |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    total: dict[str, dict[str, float]] = {s: defaultdict(float) for s in SIDES}
    nodes = rows["now"].keys() | rows["before"].keys()
    for node in sorted(nodes, key=lambda n: -rows["before"][n]["prompt"]):
        b, n = rows["before"][node], rows["now"][node]
        for s, r in (("before", b), ("now", n)):
            for k, v in r.items():
                total[s][k] += v
        if b["prompt"] or n["prompt"]:
            print(line(node, b, n))
    print(line("**all**", total["before"], total["now"]))
    b, n = total["before"], total["now"]
    print(
        f"\nevaluated tokens now ÷ before: {n['evaluated'] / b['evaluated']:.3f}; "
        f"seconds in nodes now ÷ before: {n['seconds'] / b['seconds']:.3f}"
    )


def line(name: str, before: dict, now: dict) -> str:
    """A table row: each column's figure before, then now."""
    columns = (("prompt", 0), ("reused", 0), ("evaluated", 0), ("seconds", 1))
    return f"| {name} | " + " | ".join(f"{before[k]:.{p}f} | {now[k]:.{p}f}" for k, p in columns) + " |"


def worktree(revision: str) -> Path:
    """A git worktree of ``revision`` under /tmp (made once)."""
    sha = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", revision], check=True, capture_output=True, text=True
    ).stdout.strip()
    path = Path("/tmp") / f"verirag-before-{sha}"
    if not path.exists():
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(path), sha], check=True)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", default="HEAD", help="git revision of the tree to compare with")
    parser.add_argument("--questions", type=int, default=6, help="the first N questions of the dataset")
    parser.add_argument(
        "--dataset", type=Path, default=ROOT.parent / "shared" / "bench" / "single_hop_dev.json"
    )
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "bench" / "before_after")
    parser.add_argument(
        "--before-python", default=sys.executable, help="interpreter of the before side (default: this one)"
    )
    parser.add_argument("--side", choices=SIDES, help=argparse.SUPPRESS)  # one child process
    parser.add_argument("--report-only", action="store_true")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    items = json.loads(args.dataset.read_text(encoding="utf-8"))["items"][: args.questions]
    if args.side:
        answer(args.side, items, args.out)
        return
    if not args.report_only:
        trees = {"before": (worktree(args.before), args.before_python), "now": (ROOT, sys.executable)}
        children = []
        for side, (tree, python) in trees.items():
            env = {**os.environ, "PYTHONPATH": str(tree)}  # ahead of the editable install of this tree
            children.append(
                subprocess.Popen(
                    [
                        python,
                        __file__,
                        "--questions",
                        str(args.questions),
                        "--dataset",
                        str(args.dataset),
                        "--out",
                        str(args.out.resolve()),
                        "--side",
                        side,
                    ],
                    env=env,
                )
            )
        if any(child.wait() for child in children):
            sys.exit("a side's run failed (its records so far are kept; run again to resume)")
    report(args.out)


if __name__ == "__main__":
    main()
