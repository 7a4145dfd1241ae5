"""The model's own set members, kept only where a document places them in the set: the check, by hand labels.

Each (set question, proposed member) of docs/bench/proposed_members_by_hand.jsonl.gz that both helpers
labelled alike is turned into its claim (``verirag.plans.membership``: "Estonia is one of the Baltic
states.") and checked with ``verirag.check`` against each of the three documents the default store finds for
the claim, one at a time, as ``propose_members`` checks it; the member is kept when one supports it. --out F
runs the check (the real model) and writes one record per member; --table F prints the table of such records
again (docs/bench/proposed_members_checked.jsonl.gz, made before the claim read questions other than "Which
are …?" / "What are …?": 232 members). Run from the repository root:
    .venv/bin/python benchmarks/planner/members_checked.py --out F | --table F
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path

from verirag import api
from verirag.graph.context import Context
from verirag.jsonl import read_records
from verirag.nodes.planning.propose_members import CLAIM_DOCS
from verirag.plans import membership, ranks
from verirag.stores.registry import resolve_store

LABELS = Path("docs/bench/proposed_members_by_hand.jsonl")


def run(out: Path) -> None:
    """Check every agreed member's claim; one record per member, written as it is decided."""
    store = resolve_store(Context().store_path())
    with out.open("w", encoding="utf-8") as sink:
        for r in read_records(LABELS):
            claim = membership.claim(r["set_question"], r["member"])
            if r["label"] != r["label_second"] or r["label"] not in (0, 1) or claim is None:
                continue
            docs, started, verdict = store.search(claim, CLAIM_DOCS), time.time(), None
            for doc in docs:
                checked = api.check(f"{claim} [1]", [doc], question=r["set_question"])["sentences"][0]
                verdict = verdict or checked
                if checked["verdict"] == "supported":
                    verdict = checked
                    break
            record = {
                "q": r["set_question"],
                "m": r["member"],
                "label": r["label"],
                "rank": ranks.ranking(r["set_question"]) is not None,
                "claim": claim,
                "verdict": verdict["verdict"] if verdict else "unsupported",
                "decided_by": verdict.get("decided_by") if verdict else "no_documents",
                "titles": [d["title"] for d in docs],
                "secs": round(time.time() - started, 1),
            }
            sink.write(json.dumps(record, ensure_ascii=False) + "\n")
            sink.flush()


def table(path: Path) -> str:
    """Members kept, by hand label and by whether the set is a ranking."""
    counts = Counter((r["rank"], r["label"], r["verdict"] == "supported") for r in read_records(path))
    rows = ["| set | members | in the set: kept | outside it: kept |", "|---|---:|---:|---:|"]
    for name, rank in (("not a ranking", False), ("a ranking", True), ("all", None)):
        n = {
            k: sum(v for (r, *key), v in counts.items() if rank in (None, r) and tuple(key) == k)
            for k in ((1, True), (1, False), (0, True), (0, False))
        }
        inside, outside = n[(1, True)] + n[(1, False)], n[(0, True)] + n[(0, False)]
        rows.append(
            f"| {name} | {inside + outside} | {n[(1, True)]} of {inside} | {n[(0, True)]} of {outside} |"
        )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="")
    parser.add_argument("--table", default="")
    args = parser.parse_args()
    if args.out:
        run(Path(args.out))
    print(table(Path(args.out or args.table)))


if __name__ == "__main__":
    main()
