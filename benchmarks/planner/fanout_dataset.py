"""fanout.jsonl as evaluation datasets: one per half, for answering the fan-out questions beside Vanilla.

A question's gold answers are the answers the corpus states to the parts no other part waits for (its last
hop: the attribute of each member, or each named member's part), the first form where the hand label gives
two ("6,190 m" of "6,190 m" / "20,310 feet"), with the part's evidence title. A question none of whose last
parts the corpus states is left out: nothing it asks can be found, and EM-recall has no gold to count.
Writes fanout_dev.json and fanout_sealed.json beside this file, and fanout_fresh.json and
fanout_fresh2.json from fanout_fresh.jsonl and fanout_fresh2.jsonl (the fresh sealed sets, drawn after the
planner was fitted). Run from the repository root:
.venv/bin/python benchmarks/planner/fanout_dataset.py
"""

from __future__ import annotations

import json
from pathlib import Path

from verirag.jsonl import read_records

HERE = Path(__file__).resolve().parent
SOURCE = (
    "benchmarks/planner/fanout.jsonl (FanOutQA test split, hand-labelled against the shipped corpus): gold "
    "answers are the last-hop answers the corpus states, scored by EM-recall"
)


def item(record: dict) -> dict | None:
    """The dataset item of one fan-out record (None when the corpus states none of its last parts)."""
    parts = record["parts"]
    waited_on = {p["depends_on"] for p in parts if p["depends_on"] is not None}
    gold = [
        {"answer": p["answer"][0], "evidence_title": p["title"], "sub_question": p["question"]}
        for i, p in enumerate(parts)
        if i not in waited_on and p["stated"]
    ]
    if not gold:
        return None
    return {
        "id": record["id"],
        "question": record["question"],
        "gold_answers": gold,
        "evidence_titles": record["in_corpus"],
        "plan_shape": record["plan_shape"],
    }


def main() -> None:
    fresh_sets = ("fanout_fresh.jsonl", "fanout_fresh2.jsonl")
    records = [r for name in ("fanout.jsonl", *fresh_sets) for r in read_records(HERE / name)]
    for half in ("dev", "sealed", "fresh", "fresh2"):
        items = [i for r in records if r["split"] == half and (i := item(r)) is not None]
        out = HERE / f"fanout_{half}.json"
        fresh = half.startswith("fresh")
        source = SOURCE.replace("fanout.jsonl", f"fanout_{half}.jsonl") if fresh else SOURCE
        out.write_text(json.dumps({"source": source, "items": items}, indent=1, ensure_ascii=False) + "\n")
        golds = sum(len(i["gold_answers"]) for i in items)
        print(f"{out.name}: {len(items)} questions, {golds} gold answers")


if __name__ == "__main__":
    main()
