"""The citer with its reply prefilled by the sentence, against the citer that copies the sentence before
its markers: same citations? how much faster? (run by hand; measures, changes nothing).

    .venv/bin/python benchmarks/cite_prefill.py                  # cite (resumable), then the table
    .venv/bin/python benchmarks/cite_prefill.py --report-only    # the table from the committed records

The cases are the kept sentences of verirag's answers in a committed eval run (default
docs/bench/one_vote/results.jsonl, 33 single-hop questions), each cited over the long-term memory its run
selected (the titles in the record, looked up in the default store, in the same order). Every sentence is
cited twice on the embedded model by the same prompt: once with the final assistant message that
``verirag.prompts.cite`` now sends (the model writes only the markers), once without it (the model copies
the sentence, then writes the markers; the prompt before this change). Each form runs in a model cache
scope of its own, and which form goes first alternates, so neither is served the other's KV states. One
record per sentence in OUT/records.jsonl (default docs/bench/cite_prefill/).
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from verirag.jsonl import append_record, read_records

ROOT = Path(__file__).resolve().parents[1]
FORMS = ("prefilled", "copied")


def cases(results: Path, system: str) -> list[dict]:
    """(question, memory titles, sentence) of every kept sentence of ``system`` in an eval run."""
    out = []
    for row in read_records(results):  # a committed run's results.jsonl is read from its results.jsonl.gz
        if row["system"] != system:
            continue
        for sentence in row["output"]["sentences"]:
            key = hashlib.sha256(f"{row['question']}\n{sentence['text']}".encode()).hexdigest()[:16]
            out.append(
                {
                    "id": key,
                    "question": row["question"],
                    "sentence": sentence["text"],
                    "memory": row["retrieval"]["selected"],
                    "run_citations": [row["output"]["documents"][c]["title"] for c in sentence["citations"]],
                }
            )
    return out


def cite_both(path: Path, results: Path, system: str) -> None:
    """Cite every case not yet in ``path`` in both forms; one record per case."""
    from verirag.graph.context import Context
    from verirag.models import cache_scope, get_chat_model
    from verirag.prompts import cite
    from verirag.stores import resolve_store
    from verirag.text import parse_citations

    ctx = Context.preset("local")
    model, store = get_chat_model("local"), resolve_store(ctx.store_path(), ctx.chroma_url)
    done = {r["id"] for r in read_records(path)}  # records.jsonl, or the committed records.jsonl.gz
    path.parent.mkdir(parents=True, exist_ok=True)
    for n, case in enumerate(cases(results, system)):
        if case["id"] in done:
            continue
        found = {d["title"]: d for d in store.search(case["question"], k=50)}
        memory = [found[title] for title in case["memory"] if title in found]
        if not memory:
            continue
        record = {**case, "memory_found": [d["title"] for d in memory]}
        prefilled = cite.cite(memory, case["sentence"])
        prompts = {"prefilled": prefilled, "copied": prefilled[:-1]}
        for form in FORMS if n % 2 == 0 else FORMS[::-1]:
            with cache_scope(f"cite:{form}"):
                started = time.perf_counter()
                reply = model.invoke(prompts[form], max_tokens=ctx.max_sentence_tokens + 16)
                seconds = time.perf_counter() - started
            _, numbers = parse_citations(reply.text)
            usage: Mapping[str, Any] = reply.usage_metadata or {}
            record[form] = {
                "reply": reply.text,
                "citations": [memory[i - 1]["title"] for i in numbers if 1 <= i <= len(memory)],
                "seconds": round(seconds, 3),
                "completion_tokens": usage.get("output_tokens"),
                "prompt_tokens": usage.get("input_tokens"),
                "reused_tokens": (usage.get("input_token_details") or {}).get("cache_read"),
            }
        append_record(path, record)
        print(
            f"{case['sentence'][:60]!r}: {record['prefilled']['citations']} / "
            f"{record['copied']['citations']}",
            flush=True,
        )


def report(records: list[dict]) -> None:
    """Print agreement and cost of the two forms."""
    same = sum(r["prefilled"]["citations"] == r["copied"]["citations"] for r in records)
    same_set = sum(set(r["prefilled"]["citations"]) == set(r["copied"]["citations"]) for r in records)
    print(f"sentences: {len(records)}; identical citations: {same}; same set: {same_set}")
    print(
        "| form | median s per call | mean s per call | completion tokens per call "
        "| evaluated tokens per call | uncited replies |"
    )
    print("|---|---|---|---|---|---|")
    for form in FORMS:
        calls = [r[form] for r in records]
        evaluated = [c["prompt_tokens"] - c["reused_tokens"] + c["completion_tokens"] for c in calls]
        print(
            f"| {form} | {statistics.median(c['seconds'] for c in calls):.2f} "
            f"| {statistics.mean(c['seconds'] for c in calls):.2f} "
            f"| {statistics.mean(c['completion_tokens'] for c in calls):.1f} "
            f"| {statistics.mean(evaluated):.1f} | {sum(not c['citations'] for c in calls)} |"
        )
    ratio = statistics.median(r["prefilled"]["seconds"] / r["copied"]["seconds"] for r in records)
    print(f"median of per-sentence seconds ratio prefilled / copied: {ratio:.2f}")
    for r in records:
        if r["prefilled"]["citations"] != r["copied"]["citations"]:
            print(
                f"differs: {r['sentence'][:70]!r}: prefilled {r['prefilled']['citations']}, "
                f"copied {r['copied']['citations']} (run: {r['run_citations']})"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--results", type=Path, default=ROOT / "docs" / "bench" / "one_vote" / "results.jsonl"
    )
    parser.add_argument("--system", default="verirag")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "bench" / "cite_prefill")
    parser.add_argument("--report-only", action="store_true")
    args = parser.parse_args()
    path = args.out / "records.jsonl"
    if not args.report_only:
        cite_both(path, args.results, args.system)
    report(read_records(path))


if __name__ == "__main__":
    main()
