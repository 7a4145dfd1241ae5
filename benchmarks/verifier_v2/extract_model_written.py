"""Collect the sentences verirag kept as verified in the committed bench runs, for hand labelling.

Reads ``docs/bench/*/results.jsonl``, keeps verirag systems' sentences verified by citations or memory,
dedupes them by (text, sorted cited titles) and writes one candidate row per line, ordered by text.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VERIFIED = ("citations", "memory")


def row_id(text: str, titles: list[str]) -> str:
    return hashlib.sha256((text + "|" + "|".join(sorted(titles))).encode("utf-8")).hexdigest()[:12]


def candidates(bench: Path) -> list[dict]:
    rows: dict[tuple[str, tuple[str, ...]], dict] = {}
    for path in sorted(bench.glob("*/results.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            record = json.loads(line)
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
