"""``verirag eval``: run systems over a dataset, score each answer, append results as JSONL (so an
interrupted run resumes where it stopped), then write a markdown table and a plot."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from verirag.api import run
from verirag.citations import EntailmentJudge, citation_scores
from verirag.eval.datasets import Item, load_dataset
from verirag.eval.metrics import JUDGE_THRESHOLD, em_recall, evidence_recall, trust_scores
from verirag.eval.report import write_report
from verirag.eval.systems import system_overrides
from verirag.graph.context import Context
from verirag.jsonl import append_record, read_records
from verirag.models import get_chat_model
from verirag.models.entailment import ModelJudge
from verirag.usage import node_usage, totals

RESULTS = "results.jsonl"


def score_question(system: str, item: Item, context: Context, judge: EntailmentJudge,
                   dataset: str = "") -> dict:
    """Run one system on one question and score the answer (ALCE metrics, correctness, trust, cost)."""
    started = time.perf_counter()
    output, state = run(item.question, context)
    seconds = time.perf_counter() - started
    judge_before = len(getattr(judge, "replies", []))
    if context.writer == "answer":  # as ALCE: the reply as written, against the documents the model saw
        cited_text, cited_docs = (state.get("raw_answer", output["answer"]),
                                  list(state.get("long_term_memory") or []))
    else:
        cited_text, cited_docs = output["answer"], list(output["documents"].values())
    citations = citation_scores(cited_text, cited_docs, judge)
    trust = trust_scores(output["answer"], output["sentences"], output["documents"], judge,
                         item.unsupported_answers)
    judge_replies = getattr(judge, "replies", [])[judge_before:]
    retrieved = [d.get("title", "") for d in state.get("long_term_memory") or []]
    per_node = output["usage"]["per_node"]
    return {
        "system": system,
        "dataset": dataset,
        "id": item.id,
        "question": item.question,
        "answers": item.answers,
        "unsupported_answers": item.unsupported_answers,
        "output": output,
        "metrics": {
            "correctness": em_recall(output["answer"], item.answers) if item.answerable else None,
            **{f"citation_{k}": v for k, v in citations.as_dict().items()},
            "evidence_recall": evidence_recall(retrieved, item.evidence_titles) if item.answerable else None,
            "unverified_sentences": trust["sentences"] - trust["verified"],
            **trust,
            "evidence_trials": per_node.get("evidence_finder", {}).get("runs", 0),
        },
        "retrieval": {"iterations": state.get("iteration", 0),
                      "retrieve_probability": state.get("retrieve_probability"),
                      "verifications": [{"score": v["score"], "passed": v["passed"]}
                                        for v in state.get("verifications") or []],
                      "selected": retrieved},
        "cost": {**totals(per_node), "seconds": round(seconds, 3),
                 "first_verified_seconds": output["usage"].get("first_verified_seconds")},
        "judge_cost": totals(node_usage("judge", judge_replies)),
    }


def evaluate(datasets: str | Path | Sequence[str | Path], systems: Sequence[str], out_dir: str | Path,
             limit: int | None = None, context: Context | None = None, judge: EntailmentJudge | None = None,
             progress: Callable[[str, Item], None] | None = None) -> dict[str, Path]:
    """Evaluate ``systems`` on one or more datasets; return the paths of the results, table and plot.

    Questions run in dataset order (``limit``: the first N of each dataset), each through every system
    before the next, so an interrupted run compares the systems on the same questions. Questions already
    in ``out_dir/results.jsonl`` for a system are skipped (resume). ``progress(system, item)`` is called
    after each pair is scored or skipped. The default judge is the run's model, accepting at
    :data:`verirag.eval.metrics.JUDGE_THRESHOLD`.
    """
    paths = [Path(d) for d in ([datasets] if isinstance(datasets, (str, Path)) else datasets)]
    work = [(path.stem, item) for path in paths for item in load_dataset(path)[: limit or None]]
    overrides = {name: system_overrides(name) for name in systems}  # validate names first
    context = context or Context()
    judge = judge or ModelJudge(get_chat_model(context.model), JUDGE_THRESHOLD, context.max_concurrency)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    results = out / RESULTS
    done = {(r["system"], r["id"]) for r in read_records(results)}
    contexts = {name: replace(context, **overrides[name]) for name in systems}
    for dataset, item in work:  # question-major: a stopped run compared every system on the same questions
        for name in systems:
            if (name, item.id) not in done:
                append_record(results, score_question(name, item, contexts[name], judge, dataset))
            if progress:
                progress(name, item)
    ids = {item.id for _, item in work}
    records = [r for r in read_records(results) if r["id"] in ids and r["system"] in systems]
    return {"results": results, **write_report(records, systems, out)}
