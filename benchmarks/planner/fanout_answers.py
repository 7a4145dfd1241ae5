"""The fan-out questions answered beside Vanilla: EM-recall, in all the answer and in verified sentences only.

Reads a run of benchmarks/cost.py over fanout_dev.json or fanout_sealed.json (RUN/results.jsonl[.gz]) and, if
present, RUN/verified_by_hand.jsonl.gz (one record per verified sentence: system, id, sentence, label 1/0,
reason). Prints per system: questions, EM-recall of the whole answer (a refusal's quoted passage left out),
EM-recall of its verified sentences alone (what verirag vouches for; Vanilla verifies nothing), verified
sentences and their precision by hand, calls and median seconds per question; for verirag, also the same
answers without the parts that asked the model's own members (``propose_members``): what it would vouch
for without them (derived from the same records; the calls and seconds are the run's).
--strip-notes scores against the gold answers without a labeller's notes in brackets ("8,807,523 (2025)"),
which neither system writes. Run from the repository root:
.venv/bin/python benchmarks/planner/fanout_answers.py docs/bench/RUN [--strip-notes]
"""

from __future__ import annotations

import argparse
import re
import statistics
from pathlib import Path

from verirag.eval.metrics import em_recall
from verirag.jsonl import read_records
from verirag.refusal import without_passage


def row(records: list[dict], labels: dict[tuple[str, str], int]) -> str:
    """One system's table row."""
    whole = statistics.mean(em_recall(without_passage(r["output"]["answer"]), r["answers"]) for r in records)
    said = [
        " ".join(s["text"] for s in r["output"]["sentences"] if s.get("verified_by", "none") != "none")
        for r in records
    ]
    vouched = statistics.mean(em_recall(t, r["answers"]) for t, r in zip(said, records, strict=True))
    verified = [
        (r["id"], s["text"])
        for r in records
        for s in r["output"]["sentences"]
        if s.get("verified_by", "none") != "none"
    ]
    judged = [labels[v] for v in verified if v in labels]
    precision = f"{sum(judged)}/{len(judged)}" if judged else "–"
    calls = statistics.mean(r["cost"]["calls"] for r in records)
    seconds = statistics.median(r["cost"]["seconds"] for r in records)
    system = records[0]["system"]
    return (
        f"| {system} | {len(records)} | {whole:.3f} | {vouched:.3f} | {len(verified)} | {precision} "
        f"| {calls:.1f} | {seconds:.1f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("run", type=Path)
    parser.add_argument(
        "--strip-notes",
        action="store_true",
        help='gold answers without a labeller\'s notes in brackets ("1,225,553 (2014)" -> "1,225,553")',
    )
    args = parser.parse_args()
    records = read_records(args.run / "results.jsonl")
    if args.strip_notes:
        records = [{**r, "answers": [_NOTE.sub("", a).strip() for a in r["answers"]]} for r in records]
    labels = {
        (r["id"], r["sentence"]): int(r["label"]) for r in read_records(args.run / "verified_by_hand.jsonl")
    }
    print(
        "| system | questions | EM-recall, whole answer | EM-recall, verified sentences | verified sentences "
        "| true by hand | calls/q | median s |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for system in dict.fromkeys(r["system"] for r in records):
        print(row([r for r in records if r["system"] == system], labels))
    planned = [without_proposed(r) for r in records if r["system"] == "verirag"]
    if any(p != r for p, r in zip(planned, (r for r in records if r["system"] == "verirag"), strict=True)):
        print(row(planned, labels).replace("| verirag |", "| verirag, the model's members left out |", 1))


_NOTE = re.compile(r"\s*\([^)]*\)")  # a labeller's note in a gold answer, which no answer writes


def without_proposed(record: dict) -> dict:
    """A verirag record as if no part had asked the model's own members: their sentences left out.

    Those parts are the ones marked ``proposed`` (the model's names a document placed in the set, or before
    96a1a61 the parts asking about the model's unchecked names) and every part asked after one of them.
    """
    plan = record["output"].get("plan", [])
    proposed = {p["index"] for p in plan if p.get("proposed")}
    for p in sorted(plan, key=lambda p: p["index"]):
        if p.get("depends_on") in proposed:
            proposed.add(p["index"])
    if not proposed:
        return record
    kept = [s for s in record["output"]["sentences"] if s.get("part") not in proposed]
    answer = " ".join(s["text"] for s in kept if s.get("verified_by", "none") != "none")
    return {**record, "output": {**record["output"], "sentences": kept, "answer": answer}}


if __name__ == "__main__":
    main()
