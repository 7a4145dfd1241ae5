"""verirag's own overhead next to the model's time (run by hand, not in CI).

    .venv/bin/python benchmarks/overhead.py [--questions 10] [--latency 0.2] [--concurrency 4] [--single-hop]

A scripted model sleeps ``latency`` seconds per call and answers plausibly (documents are selected and
verified, sentences pass or fail verification in turn, so every loop runs). With ``--single-hop`` it
answers like a single-hop question should go: the selection agrees across shuffles, one sentence is
written, verified at tier 1, and the answer ends (the calls a single-hop question needs). The store is a real
HybridStore (Chroma + BM25) with a hash embedder over a synthetic corpus. For each question it records
the wall time and the intervals during which at least one model call was running, and prints a table:

* sequential     — calls × latency (what a strictly one-call-at-a-time run would cost);
* rounds         — groups of calls that ran together (the k-sampling votes of a window, the simplifier's
  first round, the evidence finder's searches); every other call is its own round;
* critical path  — rounds × latency: the lower bound on wall time given the calls' dependencies;
* model busy     — union of the call intervals;
* overhead       — wall − model busy: everything verirag, LangGraph, the store and Python add.

The run uses the ``local`` preset's sizes with ``max_concurrency=4`` (``--concurrency``), as a remote API
allows; with ``--concurrency 1`` every call is its own round, which shows what concurrency saves.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.scripted

from tests.scripted import asks_for_the_first_sentence, prompt_kind  # noqa: E402
from verirag import Context  # noqa: E402
from verirag.api import run  # noqa: E402
from verirag.models import register_model  # noqa: E402
from verirag.prompts import generate_sentence  # noqa: E402
from verirag.stores import HybridStore, make_document, register_store  # noqa: E402
from verirag.testing import HashEmbedder, ScriptedChatModel, distribution_reply, last_user_text  # noqa: E402

TOPICS = ["river", "mountain", "city", "forest", "desert", "island", "lake", "valley", "volcano", "coast"]


class SleepyModel:
    def __init__(self, latency: float, single_hop: bool = False):
        self.latency = latency
        self.single_hop = single_hop
        self.intervals: list[tuple[float, float]] = []
        self.lock = threading.Lock()
        self.sentences = 0

    def __call__(self, messages, kwargs):
        start = time.perf_counter()
        time.sleep(self.latency)
        reply = self.answer(messages, kwargs)
        with self.lock:
            self.intervals.append((start, time.perf_counter()))
        return reply

    def answer(self, messages, kwargs):
        kind, prompt = prompt_kind(messages), last_user_text(messages)
        if kind in ("support", "entails"):  # every other sentence fails tier 1 (single hop: none)
            yes = 0.95 if self.sentences % 2 or self.single_hop else 0.2
            return distribution_reply({"Yes": yes, "Fully": yes, "No": 1 - yes})
        if kind == "enough?" and self.single_hop:  # the documents hold the answer: verification passes
            return distribution_reply({"Yes": 0.95, "No": 0.05})  # (P(answerable) 0.99 on the calibrated map)
        if kind in ("retrieve?", "enough?"):  # (otherwise P(answerable) 0.43: the verify-update loop runs)
            return distribution_reply({"Yes": 0.8, "No": 0.2})
        if kind in ("usefulness", "relevance"):
            return distribution_reply({"4": 0.6, "5": 0.4, "Relevant": 0.8, "Irrelevant": 0.2})
        if kind == "select":
            if self.single_hop:  # the same documents, wherever the shuffle puts them
                titles = re.findall(r'title="([^"]*)"', prompt)
                return "Selected Documents: " + " ".join(str(titles.index(t) + 1) for t in sorted(titles)[:3])
            return "Selected Documents: 1 2 3"
        if kind == "next sentence":
            self.sentences += 1
            done = self.sentences > (1 if self.single_hop else 3)
            if not asks_for_the_first_sentence(messages) and done:
                return generate_sentence.END
            if self.single_hop:  # the first document's words: a sentence its citation supports
                first = re.search(r'<document number="1"[^>]*>\n(.*?)\n</document>', prompt, re.S)
                assert first is not None
                return first.group(1)
            return f"The {TOPICS[self.sentences % 10]} is described in the documents."
        if kind == "cite":
            n = len(re.findall(r"<document number=", prompt))
            return "Sentence [1]" if self.single_hop else f"Sentence [1][{min(2, n)}]"
        if kind == "gap":
            return "the rest"
        return "first query\nsecond query"


def busy_time(intervals: list[tuple[float, float]]) -> tuple[float, int]:
    """Union of the call intervals, and the number of rounds (groups of calls that overlapped)."""
    total, end, rounds = 0.0, float("-inf"), 0
    for start, stop in sorted(intervals):
        if start >= end:
            rounds += 1
        if stop > end:
            total += stop - max(start, end)
            end = stop
    return total, rounds


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--questions", type=int, default=10)
    parser.add_argument("--latency", type=float, default=0.2)
    parser.add_argument("--concurrency", type=int, default=4, help="max_concurrency (1: one call at a time)")
    parser.add_argument("--single-hop", action="store_true", help="one verified sentence per question")
    args = parser.parse_args()
    folder = tempfile.mkdtemp()
    store = HybridStore(folder, embedder=HashEmbedder())
    store.add(
        [
            make_document(f"{t.title()} {i}", f"The {t} number {i} is a {t} with feature {i % 7}.")
            for i in range(300)
            for t in TOPICS[i % 10 : i % 10 + 1]
        ]
    )
    register_store("overhead", store)
    table = Table(
        "question",
        "calls",
        "rounds",
        "sequential s",
        "critical path s",
        "model busy s",
        "wall s",
        "overhead s",
        "overhead %",
        "wall / critical path",
    )
    rows = []
    for q in range(args.questions):
        model = SleepyModel(args.latency, args.single_hop)
        register_model("sleepy", ScriptedChatModel(respond=model))
        # the local preset's sizes, with concurrent calls as a remote API allows (the local preset runs one
        # call at a time because its model is CPU-bound)
        context = Context.preset("local", model="sleepy", store="overhead", max_concurrency=args.concurrency)
        started = time.perf_counter()
        run(f"Which {TOPICS[q % 10]} has feature {q % 7}?", context)
        wall = time.perf_counter() - started
        busy, rounds = busy_time(model.intervals)
        calls = len(model.intervals)
        rows.append((wall, busy, calls, rounds))
        table.add_row(
            str(q + 1),
            str(calls),
            str(rounds),
            f"{calls * args.latency:.2f}",
            f"{rounds * args.latency:.2f}",
            f"{busy:.2f}",
            f"{wall:.2f}",
            f"{wall - busy:.3f}",
            f"{100 * (wall - busy) / wall:.1f}",
            f"{wall / (rounds * args.latency):.3f}",
        )
    wall, busy = sum(r[0] for r in rows), sum(r[1] for r in rows)
    calls, rounds = sum(r[2] for r in rows), sum(r[3] for r in rows)
    table.add_row(
        "all",
        str(calls),
        str(rounds),
        f"{calls * args.latency:.2f}",
        f"{rounds * args.latency:.2f}",
        f"{busy:.2f}",
        f"{wall:.2f}",
        f"{wall - busy:.3f}",
        f"{100 * (wall - busy) / wall:.1f}",
        f"{wall / (rounds * args.latency):.3f}",
    )
    Console(width=160).print(table)
    Console().print(
        f"median overhead per question: {statistics.median(r[0] - r[1] for r in rows):.3f} s; "
        f"calls per question: {calls / len(rows):.1f}; wall / critical path: "
        f"{wall / (rounds * args.latency):.3f}"
    )


if __name__ == "__main__":
    main()
