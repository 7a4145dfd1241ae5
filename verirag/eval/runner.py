"""``verirag eval``: run systems over a dataset, score each answer, append results as JSONL (so an
interrupted run resumes where it stopped), then write a markdown table and a plot."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Callable, Sequence

from verirag.api import run
from verirag.eval.datasets import Item, load_dataset
from verirag.eval.metrics import citation_scores, em_recall, evidence_recall
from verirag.eval.report import write_report
from verirag.eval.systems import system_overrides
from verirag.graph.context import Context
from verirag.jsonl import append_record, read_records
from verirag.models import get_chat_model
from verirag.models.entailment import EntailmentJudge, ModelJudge
from verirag.usage import node_usage, totals

RESULTS = "results.jsonl"


def score_question(system: str, item: Item, context: Context, judge: EntailmentJudge) -> dict:
    """Run one system on one question and score the answer (ALCE metrics + correctness + cost)."""
    started = time.perf_counter()
    output, state = run(item.question, context)
    seconds = time.perf_counter() - started
    judge_before = len(getattr(judge, "replies", []))
    citations = citation_scores(output["answer"], list(output["documents"].values()), judge)
    judge_replies = getattr(judge, "replies", [])[judge_before:]
    retrieved = [d.get("title", "") for d in state.get("long_term_memory") or []]
    return {
        "system": system,
        "id": item.id,
        "question": item.question,
        "answers": item.answers,
        "output": output,
        "metrics": {
            "correctness": em_recall(output["answer"], item.answers),
            **{f"citation_{k}": v for k, v in citations.as_dict().items()},
            "evidence_recall": evidence_recall(retrieved, item.evidence_titles),
            "unverified_sentences": sum(s["verified_by"] == "none" for s in output["sentences"]),
        },
        "retrieval": {"iterations": state.get("iteration", 0),
                      "retrieve_probability": state.get("retrieve_probability"),
                      "verifications": [{"score": v["score"], "passed": v["passed"]}
                                        for v in state.get("verifications") or []],
                      "selected": retrieved},
        "cost": {**totals(output["usage"]["per_node"]), "seconds": round(seconds, 3)},
        "judge_cost": totals(node_usage("judge", judge_replies)),
    }


def evaluate(dataset: str | Path, systems: Sequence[str], out_dir: str | Path, limit: int | None = None,
             context: Context | None = None, judge: EntailmentJudge | None = None,
             progress: Callable[[str, Item], None] | None = None) -> dict[str, Path]:
    """Evaluate ``systems`` on ``dataset``; return the paths of the results, table and plot.

    Questions run in dataset order, each through every system before the next, so an interrupted run
    compares the systems on the same questions (``--limit`` then reports exactly those). Questions
    already in ``out_dir/results.jsonl`` for a system are skipped (resume). ``progress(system, item)``
    is called after each pair is scored or skipped.
    """
    items = load_dataset(dataset)[: limit or None]
    overrides = {name: system_overrides(name) for name in systems}  # validate names first
    context = context or Context()
    judge = judge or ModelJudge(get_chat_model(context.model), context.judge_threshold, context.max_concurrency)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    results = out / RESULTS
    done = {(r["system"], r["id"]) for r in read_records(results)}
    contexts = {name: replace(context, **overrides[name]) for name in systems}
    for item in items:  # question-major: a stopped run has compared every system on the same questions
        for name in systems:
            if (name, item.id) not in done:
                append_record(results, score_question(name, item, contexts[name], judge))
            if progress:
                progress(name, item)
    ids = {item.id for item in items}
    records = [r for r in read_records(results) if r["id"] in ids and r["system"] in systems]
    return {"results": results, **write_report(records, systems, out)}
