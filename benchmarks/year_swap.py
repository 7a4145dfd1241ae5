"""How the grounded support decision treats a year (or a name) swapped for another of the same paragraph,
and what a contrast check would cost (run by hand; measures, changes nothing).

    .venv/bin/python benchmarks/year_swap.py                  # judge (resumable), then the table
    .venv/bin/python benchmarks/year_swap.py --report-only    # the table from the committed records
    .venv/bin/python benchmarks/year_swap.py --kind names     # names instead (docs/bench/name_swap/)

The verifier benchmark's contradicted claims move a year to one the paragraph does not state, so the
lexical guard rejects them before any judgment. Here every supported claim of the benchmark
(benchmarks/verifier/pairs.jsonl, both parts) that states a year, from a paragraph that states other
years, is judged as it is and with each of its years replaced by each other year of the paragraph
("…founded in 1167" → "…founded in 1209" when the paragraph also tells of 1209). The table: how often
the decision passes the original, how often it passes a swapped claim (each a false claim whose year is
in the paragraph), and two contrast checks with the originals they keep and the swaps they let through:
strict (a claim passes only when every sibling fails) and relative (a claim passes only when its
P(supported) is above every sibling's). One record per claim in OUT/records.jsonl
(default docs/bench/year_swap/).

``--kind names`` does the same with names: a standalone capitalised word of the claim (not a stop word,
not next to another capitalised word) replaced by each such word of the paragraph that the claim does
not use ("…brought law and order to Bulgaria" → "…to Dnieper"), at most three per claim, so each false
claim names only what the paragraph names and only its relation is wrong — the dev runs' false
verifications ("The largest city of Pakistan is Lahore" from "…largest city of the Pakistani province
of Punjab"). Both generators are the ones the support decision's contrast check uses
(``verirag.verify.checks.contrast.year_swaps`` and ``name_swaps``), and "relative contrast" is its rule.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from verifier_benchmark import PAIRS

from verirag.jsonl import append_record, read_records
from verirag.verify.checks.contrast import name_swaps, year_swaps

ROOT = Path(__file__).resolve().parents[1]


MAX_NAME_SWAPS = 3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kind", choices=("years", "names"), default="years")
    parser.add_argument("--out", type=Path, help="default: docs/bench/year_swap or docs/bench/name_swap")
    parser.add_argument("--report-only", action="store_true")
    args = parser.parse_args()
    out = args.out or ROOT / "docs" / "bench" / ("year_swap" if args.kind == "years" else "name_swap")
    path = out / "records.jsonl"
    if not args.report_only:
        judge(path, args.kind)
    report(read_records(path), args.kind)


def judge(path: Path, kind: str = "years") -> None:
    """Judge every supported claim that has swaps, and its swaps, not yet in ``path``; one record per
    claim."""
    from verirag.documents import Document
    from verirag.graph.context import Context
    from verirag.models import get_chat_model
    from verirag.verify import decide

    ctx, model = Context.preset("local"), get_chat_model("local")
    done = {r["id"] for r in read_records(path)}  # records.jsonl, or the committed records.jsonl.gz
    path.parent.mkdir(parents=True, exist_ok=True)
    for line in PAIRS.read_text(encoding="utf-8").splitlines():
        pair = json.loads(line)
        alternatives = (
            year_swaps(pair["claim"], pair["evidence"]["text"])
            if kind == "years"
            else name_swaps(pair["claim"], pair["evidence"]["text"])[:MAX_NAME_SWAPS]
        )
        if pair["category"] != "supported" or not alternatives or pair["id"] in done:
            continue
        doc = Document(id=pair["id"], title=pair["evidence"]["title"], text=pair["evidence"]["text"])
        claims = [pair["claim"], *alternatives]
        decisions = decide(model, [([doc], c) for c in claims], pair["claim"], ctx)
        append_record(
            path,
            {
                "id": pair["id"],
                "kind": pair["kind"],
                "claims": claims,
                "p": [round(d.probability, 4) for d in decisions],
                "passed": [d.passed for d in decisions],
                "guard_missing": [d.missing for d in decisions],
            },
        )
        print(f"{pair['claim'][:70]}", flush=True)


def report(records: list[dict], kind: str = "years") -> None:
    """The table: originals (true claims) and swaps (false ones) passed by the decision and each check."""

    def strict(r: dict, i: int) -> bool:
        return r["passed"][i] and not any(p for j, p in enumerate(r["passed"]) if j != i)

    def relative(r: dict, i: int) -> bool:
        return r["passed"][i] and r["p"][i] > max(p for j, p in enumerate(r["p"]) if j != i)

    rules = {
        "passed by the decision": lambda r, i: r["passed"][i],
        "strict contrast": strict,
        "relative contrast": relative,
    }
    swapped = [(r, i) for r in records for i in range(1, len(r["p"]))]
    rows = {
        "originals (true)": [(r, 0) for r in records],
        f"{kind[:-1]} swapped in-paragraph (false)": swapped,
    }
    print("\n| | claims | " + " | ".join(rules) + " |\n|---|---|" + "---|" * len(rules))
    for name, cases in rows.items():
        cells = [sum(rule(r, i) for r, i in cases) for rule in rules.values()]
        print(f"| {name} | {len(cases)} | " + " | ".join(f"{c} ({c / len(cases):.2f})" for c in cells) + " |")


if __name__ == "__main__":
    main()
