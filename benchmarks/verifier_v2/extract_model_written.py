"""Collect the sentences verirag kept as verified in the committed bench runs, for hand labelling.

Reads ``docs/bench/*/results.jsonl`` (or the ``results.jsonl.gz`` a committed run keeps), keeps verirag
systems' sentences verified by citations or memory, dedupes them by (text, sorted cited titles) and writes
one candidate row per line, ordered by text. ``model_written.jsonl`` was made on 2026-11-25 from the runs
committed then; those runs are now only in git history (all of them are in ``docs/bench`` at commit 95012bf,
beside later runs: ``git archive 95012bf docs/bench | tar -x -C /tmp/old``, then
``--bench /tmp/old/docs/bench``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

from verirag.jsonl import read_records

ROOT = Path(__file__).resolve().parents[2]
VERIFIED = ("citations", "memory")


def row_id(text: str, titles: list[str]) -> str:
    return hashlib.sha256((text + "|" + "|".join(sorted(titles))).encode("utf-8")).hexdigest()[:12]


def candidates(bench: Path) -> list[dict]:
    rows: dict[tuple[str, tuple[str, ...]], dict] = {}
    for path in sorted({p.parent / "results.jsonl" for p in bench.glob("*/results.jsonl*")}):
        for record in read_records(path):
            if not str(record.get("system", "")).startswith("verirag"):
                continue
            output = record.get("output") or {}
            documents = output.get("documents") or {}
            for sentence in output.get("sentences") or []:
                if sentence.get("verified_by") not in VERIFIED:
                    continue
                docs = [documents[c] for c in sentence.get("citations") or [] if c in documents]
                evidence = [{"title": d.get("title", ""), "text": d.get("text", "")} for d in docs]
                titles = [e["title"] for e in evidence]
                key = (sentence["text"], tuple(sorted(titles)))
                row = rows.setdefault(
                    key,
                    {
                        "id": row_id(sentence["text"], titles),
                        "claim": sentence["text"],
                        "evidence": evidence,
                        "question": record.get("question", ""),
                        "runs": set(),
                        "verified_by": sentence["verified_by"],
                    },
                )
                row["runs"].add(path.parent.name)
    ordered = sorted(rows.values(), key=lambda r: (r["claim"], r["id"]))
    return [{**r, "runs": sorted(r["runs"])} for r in ordered]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bench", type=Path, default=ROOT / "docs" / "bench")
    parser.add_argument("--out", type=Path, help="write here instead of stdout")
    args = parser.parse_args()
    lines = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in candidates(args.bench))
    if args.out:
        args.out.write_text(lines, encoding="utf-8")
    else:
        sys.stdout.write(lines)


if __name__ == "__main__":
    main()
