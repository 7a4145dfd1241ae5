"""Which words open sentences: the orthographic statistics behind verirag's cut after an abbreviation
(``verirag.text``), counted over the shipped corpus and written to ``verirag/data/sentence_openers.tsv``.

    .venv/bin/python benchmarks/sentence_openers.py            # rewrites the file (deterministic)

Punkt's orthographic heuristic, from a corpus: a word that is written in lower case inside sentences and
almost never capitalised there ("due", "the", "however") is, when it appears capitalised after an
abbreviation's full stop, the first word of the next sentence ("…in the U.S. Due in part…"); a word often
capitalised inside sentences ("Army", "State", "King") may be a name that the abbreviation belongs to
("the U.S. Army"), so no cut is made before it. For each word seen inside a sentence (not its first word,
not after a colon, quote, bracket or dash) the file lists how often it was written in lower case and
capitalised; words seen in lower case fewer than :data:`MIN_LOWER` times, or capitalised in more than
:data:`MAX_CAPITALISED` of their uses, are left out. The sentences are cut by sentencex with verirag's
patches but without this rule, so the file does not depend on itself.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from common import shipped_corpus

from verirag import text

OUT = Path(__file__).resolve().parent.parent / "verirag" / "data" / "sentence_openers.tsv"
MIN_LOWER = 10
MAX_CAPITALISED = 0.05
WORD = re.compile(r"(?<![\w'’-])([A-Za-z][a-z]+)(?![\w'’-])")
OPENING = ":\"“‘'([—–-"  # a capital after one of these may open a quotation or an aside


def count(paragraphs: list[str]) -> tuple[Counter, Counter]:
    """(lower-case uses, capitalised uses) of each word inside sentences, keyed by the lower-case word."""
    lower: Counter = Counter()
    capitalised: Counter = Counter()
    for paragraph in paragraphs:
        for sentence in text.split_with(paragraph, text.patched_sentencex_ends):
            for match in WORD.finditer(sentence):
                before = sentence[: match.start()].rstrip()
                if not before or before[-1] in OPENING:
                    continue
                word = match.group(1)
                (capitalised if word[0].isupper() else lower)[word.lower()] += 1
    return lower, capitalised


def main() -> None:
    lower, capitalised = count([d["extract"] for d in shipped_corpus()])
    rows = sorted(
        (w, n, capitalised[w])
        for w, n in lower.items()
        if n >= MIN_LOWER and capitalised[w] <= MAX_CAPITALISED * (n + capitalised[w])
    )
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(
        "# word\tlower-case uses\tcapitalised uses (inside sentences of the shipped corpus; "
        "benchmarks/sentence_openers.py)\n" + "".join(f"{w}\t{n}\t{c}\n" for w, n, c in rows),
        encoding="utf-8",
    )
    print(f"{len(rows)} words -> {OUT}")


if __name__ == "__main__":
    main()
