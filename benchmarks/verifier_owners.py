"""Attributes given by "its" / "their": does the support decision keep the owner? (no model call)

    .venv/bin/python benchmarks/verifier_owners.py            # the zero-token steps' table, this checkout

``verifier_owners/sample.jsonl``: 60 corpus sentences that give an attribute with a possessive pronoun
("Its population was …"), drawn with ``random.Random(1127)`` from the 213 such sentences of the corpus.
``verifier_owners/written.jsonl``: for each, a helper blind to verirag's rules wrote one true sentence naming
the owner, and (44 of 60) one false sentence giving the value to another entity the paragraph names.
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

DATA = Path(__file__).resolve().parent / "verifier_owners"


def rows() -> list[tuple[int, str, list[Document]]]:
    """(label, sentence, documents) for every written sentence, each over its own paragraph."""
    drawn = {r["n"]: r for r in map(json.loads, (DATA / "sample.jsonl").read_text().splitlines())}
    out = []
    for written in map(json.loads, (DATA / "written.jsonl").read_text().splitlines()):
        source = drawn[written["n"]]
        documents = [make_document(source["title"], source["paragraph"])]
        out += [(1, written["true"], documents)]
        out += [(0, written["false"], documents)] if written.get("false") else []
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
    counts: Counter[tuple[int, str]] = Counter()
    for label, sentence, documents in rows():
        found = failed_by(sentence, documents, ctx)
        counts[label, "all"] += 1
        counts[label, "failed"] += bool(found)
        counts.update((label, check) for check in dict.fromkeys(found))
    print("| sentences | n | failed with no model call | by `attribute` |")
    print("|---|---:|---:|---:|")
    for label, name in ((1, "true"), (0, "false, another owner")):
        print(
            f"| {name} | {counts[label, 'all']} | {counts[label, 'failed']} | {counts[label, 'attribute']} |"
        )


if __name__ == "__main__":
    main()
