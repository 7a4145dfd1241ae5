"""Members the model named itself (``propose_members``), judged by hand: in the set asked, or not.

Reads docs/bench/proposed_members_by_hand.jsonl.gz (each set question and proposed member of the committed
fan-out runs, labelled 1/0/"?" by two helpers blind to the runs and each other) and each run's results and
verified_by_hand records. Prints the members by agreed label, and the verified sentences of the parts that
asked them: supported by their cited text (the run's labels) and of a member in the set. Run from the root:
.venv/bin/python benchmarks/planner/proposed_by_hand.py
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from verirag.jsonl import read_records

BENCH = Path("docs/bench")


def main() -> None:
    members = {
        (r["set_question"], r["member"]): r["label"] if r["label"] == r["label_second"] else "?"
        for r in read_records(BENCH / "proposed_members_by_hand.jsonl")
    }
    agreed = Counter(str(label) for label in members.values())
    print(f"proposed members: {len(members)}; in the set {agreed['1']}, outside {agreed['0']}", end="")
    print(f", unsure or split {agreed['?']}")
    sentences: Counter[tuple[bool, bool]] = Counter()
    for run in sorted(BENCH.glob("fanout_*")):
        if not (run / "verified_by_hand.jsonl.gz").exists():
            continue
        labels = {(r["id"], r["sentence"]): r["label"] for r in read_records(run / "verified_by_hand.jsonl")}
        for record in read_records(run / "results.jsonl"):
            if record["system"] != "verirag":
                continue
            plan = {p["index"]: p for p in record["output"].get("plan", [])}
            for s in record["output"]["sentences"]:
                part = plan.get(s.get("part"))
                if s["verified_by"] == "none" or not part or not part.get("proposed"):
                    continue
                source = plan[part["depends_on"]]["question"]
                member = all(members.get((source, m)) == 1 for m in part["members"])
                sentences[(bool(labels[(record["id"], s["text"])]), member)] += 1
    total = sum(sentences.values())
    print(f"verified sentences of their parts: {total}")
    print("| supported by the cited text | of a member in the set | sentences |")
    print("|---|---|---:|")
    for (supported, member), n in sorted(sentences.items(), reverse=True):
        print(f"| {'yes' if supported else 'no'} | {'yes' if member else 'no or unsure'} | {n} |")


if __name__ == "__main__":
    main()
