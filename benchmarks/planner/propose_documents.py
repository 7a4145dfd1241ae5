"""The model's own members of a set, asked without documents (``propose_members`` today) and over the set's
top five documents, beside each other on a seeded sample of the fan-out sets' first-hop sets.

Scored against the members the gold answers' evidence titles name (a name matches a title's subject when
one holds the other's words): gold members named, and names that are gold members. Appends one record per
set to OUT (resumable) and prints the table. Measured and not taken (docs/benchmarks.md, session 33).
Run from the repository root: .venv/bin/python benchmarks/planner/propose_documents.py --out F [--limit 60]
"""

from __future__ import annotations

import argparse
import json
import random
import re
from pathlib import Path

from verirag import plans
from verirag.graph.context import Context
from verirag.jsonl import append_record, read_records
from verirag.models import get_chat_model
from verirag.prompts import propose_members as prompt
from verirag.prompts.memory import with_documents
from verirag.stores.registry import resolve_store
from verirag.verify.lexicon import title_subject

HERE = Path(__file__).resolve().parent
NAMES = 10
TASK = (
    "Task: name the members of the set the question asks for. Take the names the documents give; where they "
    "give none, name them from your own knowledge. Reply with the names only, separated by commas, most "
    "likely first, no more than {limit}. If you do not know them, reply: unknown.\n"
    "Question: {question}\nNames:"
)


def first_set(question: str) -> str:
    """The plan's first-hop part that a later one waits on ("" when none)."""
    plan = plans.plan(question)
    waited = {p.depends_on for p in plan}
    return next((p.question for i, p in enumerate(plan) if p.depends_on is None and i in waited), "")


def sample(limit: int) -> list[tuple[str, str, list[str]]]:
    """(question, set, gold members) for ``limit`` fan-out questions whose plan opens with a set, seeded."""
    found = []
    for path in sorted(HERE.glob("fanout_*.json")):
        for item in json.loads(path.read_text())["items"]:
            gold = sorted({g["evidence_title"] for g in item["gold_answers"] if g.get("evidence_title")})
            asked = first_set(item["question"]) if len(gold) >= 2 else ""
            if asked:
                found.append((item["question"], asked, gold))
    return random.Random(33).sample(found, min(limit, len(found)))


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9 ]", "", text.lower().removeprefix("the ")).strip()


def matches(name: str, title: str) -> bool:
    """Whether a proposed name is the member a gold evidence title names ("Atlantic" for "Atlantic Ocean")."""
    a, b = _norm(name), _norm(title_subject(title))
    return bool(a) and (a == b or a in b.split() or b in a or (len(a) > 3 and a in b))


def report(records: list[dict]) -> None:
    """Gold members named and names that are gold, per way of asking."""
    print(f"| asked ({len(records)} sets) | gold members named | names that are gold members |")
    print("|---|---:|---:|")
    for way in ("bare", "docs"):
        named = sum(any(matches(n, t) for n in r[way]) for r in records for t in r["gold"])
        gold = sum(len(r["gold"]) for r in records)
        right = sum(any(matches(n, t) for t in r["gold"]) for r in records for n in r[way])
        names = sum(len(r[way]) for r in records)
        print(
            f"| {way} | {named}/{gold} ({named / gold:.2f}) | {right}/{names} ({right / max(1, names):.2f}) |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--limit", type=int, default=60)
    parser.add_argument("--report-only", action="store_true")
    args = parser.parse_args()
    out = Path(args.out)
    done = {r["question"] for r in read_records(out)}
    if not args.report_only:
        store, model = resolve_store(Context().store_path()), get_chat_model("local")
        for question, asked, gold in sample(args.limit):
            if question in done:
                continue
            bare = model.invoke(prompt.messages(asked, NAMES), max_tokens=80).text
            documents = store.search(asked, 5)
            task = TASK.format(limit=NAMES, question=asked)
            shown = model.invoke(with_documents(documents, task), max_tokens=80).text
            append_record(
                out,
                {
                    "question": question,
                    "set": asked,
                    "gold": gold,
                    "bare": plans.proposed(bare, asked, NAMES),
                    "docs": plans.proposed(shown, asked, NAMES),
                    "bare_text": bare,
                    "docs_text": shown,
                    "titles": [d["title"] for d in documents],
                },
            )
    report(read_records(out))


if __name__ == "__main__":
    main()
