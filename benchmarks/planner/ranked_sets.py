"""The members ``propose_members`` reads from documents for every ranking set the planner sets ask.

Plans every question of the planner sets and ``../shared/bench`` with the rules, keeps each first-hop part
that is a ranking ("Which are the three biggest islands of Mediterranean?"), and runs ``ranked`` over the
default store (retrieval only, no model): one record per ranking with the members found, each with its rank,
the document that ranks it and the sentence. With --before RECORDS, the rankings whose members changed.
Run from the repository root: .venv/bin/python benchmarks/planner/ranked_sets.py --out F [--before G]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from verirag import plans
from verirag.graph.context import Context
from verirag.jsonl import read_records
from verirag.nodes.planning.propose_members import RANK_DOCS, ranked
from verirag.plans import ranks
from verirag.stores.registry import resolve_store

HERE = Path(__file__).resolve().parent
SHARED = HERE.parents[2] / "shared" / "bench"


def scored(path: Path) -> bool:
    """Whether a set may be read: a set written blind is sealed until its plans are scored (its
    ``model_planner_written<N>.jsonl.gz`` is committed with the scoring)."""
    name = path.stem.removeprefix("fanout_")
    return not name.startswith("written") or (HERE / f"model_planner_{name}.jsonl.gz").exists()


def questions() -> list[str]:
    """Every question of the planner sets and the shared dev sets, once, in file order (no sealed set)."""
    found: list[str] = []
    for path in sorted(HERE.glob("*.jsonl")):
        if not path.name.startswith(("model_planner", "plans_", "rules_planner", "propose_")) and scored(
            path
        ):
            found += [r["question"] for r in read_records(path) if "question" in r]
    for path in sorted(SHARED.glob("*.json")):
        data = json.loads(path.read_text())
        found += [item["question"] for item in (data["items"] if isinstance(data, dict) else data)]
    return list(dict.fromkeys(found))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--before", default="")
    args = parser.parse_args()
    asked = [p.question for q in questions() for p in plans.plan(q) if p.depends_on is None]
    rankings = [q for q in dict.fromkeys(asked) if ranks.ranking(q)]
    store = resolve_store(Context().store_path())
    records = [
        {
            "set": q,
            "members": [
                [f["rank"], f["member"], f["title"], f["quote"]] for f in ranked(q, store, RANK_DOCS)
            ],
        }
        for q in rankings
    ]
    Path(args.out).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
    given = [r for r in records if r["members"]]
    members = sum(len(r["members"]) for r in given)
    print(f"{len(records)} rankings; given members: {len(given)}; members: {members}")
    if args.before:
        before = {r["set"]: [m[1] for m in r["members"]] for r in read_records(Path(args.before))}
        for r in records:
            if before.get(r["set"]) != [m[1] for m in r["members"]]:
                print(f"{r['set']}\n  before {before.get(r['set'])}\n  after  {[m[1] for m in r['members']]}")


if __name__ == "__main__":
    main()
