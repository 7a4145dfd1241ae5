"""Members the model proposes for a set, with and without the titles of the documents found for it.

For each hand-labelled set part of the written fan-out sets (the first part, with parts waiting on it), asks
the model the set twice: as ``propose_members`` did before (no documents: "from your own knowledge") and as it
does now (beside the titles of the ``TITLE_DOCS`` documents found for the set, :mod:`verirag.prompts.
propose_members`). A name is right where it is a hand member's article title (or that title's name before a
comma or parenthesis, or inside it). Prints per set file and in all: names proposed, right, precision, and the
hand members found; writes one record per set to OUT (jsonl). Run from the repository root:
.venv/bin/python benchmarks/planner/proposed_members.py OUT.jsonl [SET.jsonl ...]
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

from langchain_core.messages import HumanMessage, SystemMessage

from verirag import plans
from verirag.graph.context import Context
from verirag.jsonl import read_records
from verirag.models import get_chat_model
from verirag.nodes.planning.propose_members import MOST_NAMES, PROPOSAL_TOKENS, TITLE_DOCS
from verirag.prompts import propose_members as prompt
from verirag.stores.registry import resolve_store

HERE = Path(__file__).resolve().parent
BEFORE = (  # the prompt before the titles (8862bed and earlier): the model's own knowledge alone
    "You name the members of a set from your own knowledge. Reply with the names only, separated by "
    "commas, most likely first, no more than asked. If you do not know them, reply: unknown."
)
SYSTEMS = ("before", "titles")


def _norm(name: str) -> str:
    return re.sub(r"^the ", "", name.lower()).strip()


def right(name: str, titles: list[str]) -> bool:
    """Whether a proposed name is one of the hand members (their articles' titles)."""
    name = _norm(name)
    for title in map(_norm, titles):
        bare = title.split(",")[0].split(" (")[0]
        if name in (title, bare) or len(name) > 3 and (name in bare or bare in name):
            return True
    return False


def sets(paths: list[Path]) -> list[dict]:
    """The hand set parts: question, the titles of the members' parts, the file."""
    out = []
    for path in paths:
        for record in read_records(path):
            parts = record["parts"]
            waiting = [p for p in parts[1:] if p["depends_on"] == 0]
            titles = sorted({p.get("title") or p.get("looked_in") for p in waiting} - {None})
            if parts and parts[0]["depends_on"] is None and titles:
                out.append(
                    {"id": record["id"], "set": path.stem, "q": parts[0]["question"], "titles": titles}
                )
    return out


def ask(rows: list[dict], out: Path) -> None:
    """Both prompts' members for each set, one record per set."""
    ctx = Context()
    limit = min(MOST_NAMES, ctx.max_parts * max(1, min(ctx.max_sentences, ctx.top_k)))
    store, model = resolve_store(ctx.store_path(), ctx.chroma_url), get_chat_model(ctx.model)
    with out.open("w") as f:
        for row in rows:
            docs = store.search(row["q"], TITLE_DOCS)
            before = [SystemMessage(BEFORE), HumanMessage(f"Question: {row['q']}\nAt most {limit} names:")]
            replies = {
                "before": model.invoke(before, max_tokens=PROPOSAL_TOKENS).text,
                "titles": model.invoke(
                    prompt.messages(row["q"], limit, docs), max_tokens=PROPOSAL_TOKENS
                ).text,
            }
            members = {k: plans.proposed(v, row["q"], limit) for k, v in replies.items()}
            shown = [d["title"] for d in docs]
            f.write(json.dumps({**row, "shown": shown, "replies": replies, "members": members}) + "\n")


def table(records: list[dict]) -> str:
    """Per set file and in all: names, right, precision, hand members found, for each prompt."""
    lines = [
        "| sets | n | prompt | names | right | precision | members found |",
        "|---|---|---|---|---|---|---|",
    ]
    groups = sorted({r["set"] for r in records})
    for group in [*groups, "all"]:
        rows = [r for r in records if group in ("all", r["set"])]
        for system in SYSTEMS:
            names = [(m, r["titles"]) for r in rows for m in r["members"][system]]
            ok = sum(right(m, t) for m, t in names)
            found = sum(any(right(m, [t]) for m in r["members"][system]) for r in rows for t in r["titles"])
            members = sum(len(r["titles"]) for r in rows)
            lines.append(
                f"| {group} | {len(rows)} | {system} | {len(names)} | {ok} | {ok / max(1, len(names)):.2f} "
                f"| {found}/{members} = {found / members:.2f} |"
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("sets", type=Path, nargs="*")
    parser.add_argument("--table-only", action="store_true", help="print the table of OUT's records")
    args = parser.parse_args()
    if not args.table_only:
        paths = args.sets or sorted(HERE.glob("fanout_written1[0-7].jsonl"))
        ask(sets(paths), args.out)
    print(table(list(read_records(args.out))))


if __name__ == "__main__":
    main()
