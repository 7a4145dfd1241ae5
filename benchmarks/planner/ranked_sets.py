"""The members ``propose_members`` reads from documents for every ranking set the planner sets ask.

Plans every question of the planner sets and ``../shared/bench`` with the rules, keeps each first-hop part
that is a ranking ("Which are the three biggest islands of Mediterranean?"), and runs ``ranked`` over the
default store (retrieval only, no model): one record per ranking with the members found, each with its rank,
the document that ranks it and the sentence. With --before RECORDS, the rankings whose members changed.
With --gold SET (a set of ``ranked/``: set questions written blind, members labelled by hand), each question
is asked as the first hop of a fan-out question (", and what is each known for?" after it) and the members
found are scored against the labels: a member is right at its labelled rank. --table RECORDS prints the table
of such a run again (``docs/bench/ranked_*``).
Run from the repository root:
    .venv/bin/python benchmarks/planner/ranked_sets.py --out F [--before G | --gold S] | --table R
"""

from __future__ import annotations

import argparse
import json
import re
import unicodedata
from pathlib import Path

from verirag import plans
from verirag.graph.context import Context
from verirag.jsonl import read_records
from verirag.nodes.planning.propose_members import RANK_DOCS, ranked
from verirag.plans import ranks
from verirag.stores import Retriever
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


THEN = ", and what is each known for?"  # a second hop, so that the set is planned as a first one


def _name(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", unicodedata.normalize("NFKD", text).lower()).strip()


def _right(found: list, members: list[dict]) -> bool:
    """Whether a member found (rank, name, title, quote) is the labelled member of that rank."""
    rank, name, title = found[0], _name(found[1]), _name(found[2])
    return any(
        m["rank"] == rank and (name in _name(m["member"]) or _name(m["member"]) in f"{name} {title}")
        for m in members
    )


def scored_against(gold: Path, store: Retriever) -> list[dict]:
    """Each labelled set question's first hop, ranking read, members found and whether each is right."""
    records = []
    for item in read_records(gold):
        parts = plans.plan(item["question"].rstrip(" .?") + THEN)
        first = next((p.question for i, p in enumerate(parts) if any(q.depends_on == i for q in parts)), "")
        found = [[f["rank"], f["member"], f["title"], f["quote"]] for f in ranked(first, store, RANK_DOCS)]
        records.append(
            {
                "id": item["id"],
                "kind": item["kind"],
                "first": first,
                "read": bool(first and ranks.ranking(first)),
                "members": [[*f, _right(f, item["members"])] for f in found],
                "stated": sum(bool(m["stated"]) for m in item["members"]),
                "labelled": len(item["members"]),
            }
        )
    return records


def table(records: list[dict]) -> str:
    """Per kind: questions, read as a ranking, given members, members found and right, stated members."""
    rows = ["| kind | questions | read as ranking | given members | found | right | stated (labelled) |"]
    rows.append("|---|---:|---:|---:|---:|---:|---:|")
    for kind in sorted({r["kind"] for r in records}) + ["all"]:
        rs = [r for r in records if kind in ("all", r["kind"])]
        found = [m for r in rs for m in r["members"]]
        rows.append(
            f"| {kind} | {len(rs)} | {sum(r['read'] for r in rs)} | {sum(bool(r['members']) for r in rs)} | "
            f"{len(found)} | {sum(m[-1] for m in found)} | {sum(r['stated'] for r in rs)} "
            f"({sum(r['labelled'] for r in rs)}) |"
        )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="")
    parser.add_argument("--before", default="")
    parser.add_argument("--gold", default="")
    parser.add_argument("--table", default="")
    args = parser.parse_args()
    if args.table:
        if not read_records(Path(args.table)):
            parser.error(f"no records in {args.table}")
        print(table(read_records(Path(args.table))))
        return
    if not args.out:
        parser.error("--out is required")
    if args.gold:
        gold = Path(args.gold)
        if not gold.is_file():
            parser.error(f"no such set: {gold}")
        records = scored_against(gold, resolve_store(Context().store_path()))
        Path(args.out).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
        print(table(records))
        return
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
