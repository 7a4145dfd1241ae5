"""Sentences a helper wrote blind to verirag's rules, one true and one false per corpus sentence: what the
support decision's zero-token steps fail (no model call).

    .venv/bin/python benchmarks/verifier_written.py            # this checkout's table, every set

Each set is ``verifier_written/<set>/sample.jsonl`` (corpus sentences with their paragraph, drawn at random)
and ``written.jsonl`` (for each, a "true" sentence the paragraph states and a "false" one it does not, either
may be null):
- ``owners``: 60 sentences that give an attribute with "its" / "their" (``random.Random(1127)`` of the
  corpus's 213); the false sentence gives the value to another entity the paragraph names;
- ``scope``: 50 sentences that give a number of a metropolitan, urban or greater area
  (``random.Random(1129)`` of the corpus's 142); the false sentence gives it to the place itself;
- ``quantified``: 50 sentences that open with "Most", "Many", "Some" or "Several" and a plural
  (``random.Random(1130)`` of the corpus's 321); the false sentence says it of all of them;
- ``definite``, ``definite2``: 70 sentences each that open "The <noun> …" about the lead's subject without
  naming it, in a lead naming other things (``random.Random(1201)`` of the corpus's 1,195, then
  ``random.Random(1202)`` of the rest); the true sentence names the subject, the false one gives the same to
  another name of the paragraph.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from verirag import Context
from verirag.documents import Document, make_document
from verirag.verify.claim import Claim
from verirag.verify.parts import parts
from verirag.verify.pipeline import guarded, read_off

DATA = Path(__file__).resolve().parent / "verifier_written"
SETS = ("owners", "scope", "quantified", "definite", "definite2")


def rows(name: str) -> list[tuple[int, str, list[Document]]]:
    """(label, sentence, documents) for every written sentence of a set, each over its own paragraph."""
    drawn = {r["n"]: r for r in map(json.loads, (DATA / name / "sample.jsonl").read_text().splitlines())}
    out = []
    for written in map(json.loads, (DATA / name / "written.jsonl").read_text().splitlines()):
        source = drawn[written["n"]]
        documents = [make_document(source["title"], source["paragraph"])]
        out += [
            (label, written[key], documents) for label, key in ((1, "true"), (0, "false")) if written[key]
        ]
    return out


def failed_by(sentence: str, documents: list[Document], ctx: Context) -> list[str]:
    """The zero-token steps (readings, guard) that fail the sentence, part by part."""
    found: list[str] = []
    for claim in parts(documents, Claim.of(sentence), ctx):
        if read_off(documents, claim, None, ctx) is None:
            found += [f.check for f in guarded(documents, claim, ctx)[1]]
    return found


def main() -> None:
    ctx = Context()
    print("| set | sentences | n | failed with no model call | the steps that fail most |")
    print("|---|---|---:|---:|---|")
    for name in SETS:
        counts: Counter[tuple[int, str]] = Counter()
        for label, sentence, documents in rows(name):
            found = failed_by(sentence, documents, ctx)
            counts[label, ""] += 1
            counts[label, "failed"] += bool(found)
            counts.update((label, f"`{check}`") for check in dict.fromkeys(found))
        for label, kind in ((1, "true"), (0, "false")):
            steps = sorted(
                ((n, c) for (lab, c), n in counts.items() if lab == label and "`" in c), reverse=True
            )
            most = ", ".join(f"{c} {n}" for n, c in steps[:3]) or "–"
            print(f"| {name} | {kind} | {counts[label, '']} | {counts[label, 'failed']} | {most} |")


if __name__ == "__main__":
    main()
