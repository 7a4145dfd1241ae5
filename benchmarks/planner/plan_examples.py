"""Writes verirag/data/plan_examples.jsonl: the worked plans the model's planning prompt draws from.

Only dev halves: the plan-only pool's dev sample (fanout_pool_dev.jsonl) and the rest of its dev half
(fanout_pool_bank.jsonl), each decomposed by hand, and the single-part set's dev half kept whole. A plan
of more parts than the reply's schema allows (6) is left out. Each line: ``question`` and ``parts`` in the
reply's own form (``question``, ``uses_answer_of``). Run from the repository root:
.venv/bin/python benchmarks/planner/plan_examples.py [--check]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from verirag.jsonl import read_records
from verirag.prompts.plan import SCHEMA

HERE = Path(__file__).resolve().parent
OUT = HERE.parent.parent / "verirag" / "data" / "plan_examples.jsonl"
MOST = SCHEMA["properties"]["parts"]["maxItems"]  # type: ignore[index]


def examples() -> list[dict]:
    """The bank's rows, in source order."""
    rows = []
    for name in ("fanout_pool_dev", "fanout_pool_bank"):
        for r in read_records(HERE / f"{name}.jsonl"):
            parts = [{"question": p["question"], "uses_answer_of": p["depends_on"]} for p in r["parts"]]
            if len(parts) <= MOST:
                rows.append({"question": r["question"], "parts": parts})
    for r in read_records(HERE / "single_part.jsonl"):
        if r["split"] == "dev":
            rows.append(
                {"question": r["question"], "parts": [{"question": r["question"], "uses_answer_of": None}]}
            )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--check", action="store_true", help="exit 1 when the shipped bank differs")
    args = parser.parse_args()
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in examples())
    if args.check:
        sys.exit(0 if OUT.read_text(encoding="utf-8") == text else 1)
    OUT.write_text(text, encoding="utf-8")
    print(f"{text.count(chr(10))} examples -> {OUT}")


if __name__ == "__main__":
    main()
