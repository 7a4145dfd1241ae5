"""The model planner (plan_by=model; hybrid from the same replies) beside the rules, on the planner sets.

Asks the Context's model for each question's JSON plan under the schema (llama.cpp's grammar on the local
model), appends one record per question to model_planner.jsonl.gz's plain twin (resumable), and prints,
per set and half, the questions split by the rules, the model and hybrid (the rules where they split, the
model where they do not), the replies that were no valid plan, and the seconds per plan; then, from
plans_by_hand.jsonl, the fan-out plans judged right by hand (its README says how). The sample is the
first N questions of each chosen half in file order (--limit; 0: all); the sealed halves only with --sealed,
the fresh sealed fan-out sets (fanout_fresh.jsonl, fanout_fresh2.jsonl) only with --fresh, --fresh2, the
plan-only pool's dev sample and its sealed draws with --pool, --pool-sealed2 (3, 4), the fan-out questions
written blind with --written, --written2 … --written24. The prompt shows the bank's worked plans nearest
each question (never the question's own).
Run from the repository root: .venv/bin/python benchmarks/planner/model_planner.py --limit 10
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Iterator
from pathlib import Path

from verirag.jsonl import append_record, read_records
from verirag.models import get_chat_model
from verirag.nodes.planning.plan import model_plan
from verirag.plans import from_reply, plan
from verirag.plans.examples import NEAREST

HERE = Path(__file__).resolve().parent
OUT = HERE / "model_planner.jsonl"
# a fresh or pool set's one half: "fresh", "fresh2", "pool_dev", "pool_sealed2"
SETS = (
    "single_part",
    "fanout",
    "fanout_fresh",
    "fanout_fresh2",
    "fanout_pool_dev",
    "fanout_pool_sealed2",
    "fanout_pool_sealed3",
    "fanout_pool_sealed4",
    "fanout_written",
    "fanout_written2",
    "fanout_written3",
    "fanout_written4",
    "fanout_written5",
    "fanout_written6",
    "fanout_written7",
    "fanout_written8",
    "fanout_written9",
    "fanout_written10",
    "fanout_written11",
    "fanout_written12",
    "fanout_written13",
    "fanout_written14",
    "fanout_written15",
    "fanout_written16",
    "fanout_written17",
    "fanout_written18",
    "fanout_written19",
    "fanout_written20",
    "fanout_written21",
    "fanout_written22",
    "fanout_written23",
    "fanout_written24",
)
WRITTEN = ("", *map(str, range(2, 25)))  # the sets written blind: written, written2 … written24


def questions(halves: tuple[str, ...], limit: int) -> list[dict]:
    """(set, half, id, question) of the first ``limit`` questions of each set's chosen halves."""
    chosen = []
    for name in SETS:
        records = read_records(HERE / f"{name}.jsonl")
        for half in halves:
            rows = [r for r in records if r["split"] == half]
            chosen += [
                {"set": name, "half": half, "id": r["id"], "question": r["question"]}
                for r in rows[: limit or None]
            ]
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", default="local")
    parser.add_argument("--limit", type=int, default=10, help="questions per set and half (0: all)")
    parser.add_argument("--sealed", action="store_true", help="the sealed halves too (score once)")
    parser.add_argument("--fresh", action="store_true", help="the fresh sealed fan-out set (score once)")
    parser.add_argument("--fresh2", action="store_true", help="the second fresh sealed set (score once)")
    parser.add_argument("--pool", action="store_true", help="the plan-only pool's dev sample")
    parser.add_argument("--pool-sealed2", action="store_true", help="its second sealed draw (score once)")
    parser.add_argument("--pool-sealed3", action="store_true", help="its third sealed draw (score once)")
    parser.add_argument("--pool-sealed4", action="store_true", help="its fourth sealed draw (score once)")
    for n in WRITTEN:  # --written, --written2 … : the sets written blind, each scored once
        parser.add_argument(f"--written{n}", action="store_true", help=f"fan-out set written{n} (score once)")
    parser.add_argument(
        "--nearest", type=int, default=NEAREST, help="worked plans of the bank shown (0: none)"
    )
    parser.add_argument("--out", type=Path, default=OUT, help="the records (another prompt: another file)")
    args = parser.parse_args()
    halves = ("dev",) + ("sealed",) * args.sealed + ("fresh",) * args.fresh + ("fresh2",) * args.fresh2
    halves += ("pool_dev",) * args.pool + ("pool_sealed2",) * args.pool_sealed2
    halves += ("pool_sealed3",) * args.pool_sealed3 + ("pool_sealed4",) * args.pool_sealed4
    halves += tuple(f"written{n}" for n in WRITTEN if getattr(args, f"written{n}"))
    done = {r["id"] for r in read_records(args.out)}
    model = get_chat_model(args.model)
    for q in questions(halves, args.limit):
        if q["id"] in done:
            continue
        start = time.perf_counter()
        _, reply = model_plan(model, q["question"], nearest=args.nearest)
        seconds = time.perf_counter() - start
        append_record(
            args.out, {**q, "model": args.model, "reply": str(reply.content), "seconds": round(seconds, 1)}
        )
        print(f"{seconds:6.1f} s  {q['set']:11} {q['question'][:70]}", flush=True)
    records = [r for r in read_records(args.out) if r["half"] in halves]
    print(
        "\n| set | half | n | split: rules | model | hybrid | model's split not valid | s per plan (median) |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for name in SETS:
        for half in halves:
            rows = [r for r in records if r["set"] == name and r["half"] == half]
            if not rows:
                continue
            rules = [len(plan(r["question"])) >= 2 for r in rows]
            model_parts = [from_reply(r["reply"], r["question"]) for r in rows]
            modelled = [len(p) >= 2 for p in model_parts]
            invalid = sum(
                '"uses_answer_of"' in r["reply"] and r["reply"].count('"question"') >= 2 and not m
                for r, m in zip(rows, modelled, strict=True)
            )
            hybrid = [a or b for a, b in zip(rules, modelled, strict=True)]
            median = statistics.median(r["seconds"] for r in rows)
            print(
                f"| {name} | {half} | {len(rows)} | {sum(rules)} | {sum(modelled)} | {sum(hybrid)} "
                f"| {invalid} | {median:.1f} |"
            )
    right_by_hand(halves)
    nearest_by_hand(halves)


def by_half(name: str, halves: tuple[str, ...]) -> Iterator[tuple[str, list[dict]]]:
    """(half, its rows) of the judged records ``name`` for each of ``halves`` that has any."""
    records = read_records(HERE / name)
    for half in halves:
        rows = [r for r in records if r["half"] == half]
        if rows:
            yield half, rows


def nearest_by_hand(halves: tuple[str, ...]) -> None:
    """Plans judged by hand in one pass (plans_nearest.jsonl): the rules, the model with the fixed examples
    only, with the nearest worked plans too, and both orders of hybrid (whose plan runs where both split)."""
    judged = list(by_half("plans_nearest.jsonl", halves))
    if judged:
        print(
            "\n| half | n | plan right by hand: rules | model, fixed examples | model, nearest plans too ",
            end="",
        )
        print("| hybrid: rules first | hybrid: model first |\n|---|---:|---:|---:|---:|---:|---:|")
    for half, rows in judged:
        n = len(rows)
        counts = [
            sum(r["rules_right"] for r in rows),
            sum(r["model_right"] for r in rows) if all("model_right" in r for r in rows) else None,
            sum(r["nearest_right"] for r in rows),
            sum(r["rules_right"] if r["rules"] else r["nearest_right"] for r in rows),
            sum(r["nearest_right"] if r["nearest"] else r["rules_right"] for r in rows),
        ]
        cells = ["–" if c is None else f"{c} ({c / n:.2f})" for c in counts]
        print(f"| {half} | {n} | " + " | ".join(cells) + " |")


def right_by_hand(halves: tuple[str, ...]) -> None:
    """The fan-out plans judged by hand (plans_by_hand.jsonl): right per planner, hybrid as it would run."""
    judged = list(by_half("plans_by_hand.jsonl", halves))
    if judged:
        print(
            "\n| fan-out half | n | plan right by hand: rules | model | hybrid |\n|---|---:|---:|---:|---:|"
        )
    for half, rows in judged:
        hybrid = sum(r["rules_right"] if r["rules"] else r.get("model_right", False) for r in rows)
        n = len(rows)
        rules, model = sum(r["rules_right"] for r in rows), sum(r.get("model_right", False) for r in rows)
        asked = any(
            r.get("model_why", "not asked") != "not asked" for r in rows
        )  # a set the model did not plan
        print(
            f"| {half} | {n} | {rules} ({rules / n:.2f}) | "
            + (f"{model} ({model / n:.2f}) | {hybrid} ({hybrid / n:.2f}) |" if asked else "– | – |")
        )


if __name__ == "__main__":
    main()
