"""``verirag eval``: run systems over a dataset, score each answer, then write a markdown table and a plot.

Results are appended as JSONL as they come, so an interrupted run resumes where it stopped.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from verirag.api import run
from verirag.citations import EntailmentJudge, citation_scores
from verirag.datasets import Item, load_dataset
from verirag.errors import VeriragError
from verirag.eval.metrics import JUDGE_THRESHOLD, em_recall, evidence_recall, trust_scores
from verirag.eval.report import write_report
from verirag.graph.context import Context
from verirag.graph.systems import system_overrides
from verirag.jsonl import append_record, read_records
from verirag.models import cache_scope, get_chat_model
from verirag.models.entailment import ModelJudge
from verirag.usage import node_usage, totals

RESULTS = "results.jsonl"


class RecordingJudge:
    """The run's judge, keeping P(Yes) of every check it is asked (when it scores by probability).

    A record can then be scored again at another threshold without asking the model (:func:`rescore`).
    """

    def __init__(self, judge: EntailmentJudge):
        self.judge = judge
        self.checks: list[list] = []
        self.threshold = getattr(judge, "threshold", None)

    def prefetch(self, checks) -> None:
        """Pass the checks on to the judge's own ``prefetch``, when it has one."""
        if hasattr(self.judge, "prefetch"):
            self.judge.prefetch(checks)

    def entails(self, documents, claim) -> bool:
        """The judge's decision; when the judge gives a probability, it is kept with the check."""
        if not hasattr(self.judge, "probability") or not documents:
            return self.judge.entails(documents, claim)
        p = self.judge.probability(documents, claim)
        self.checks.append([[d.get("id", "") for d in documents], claim, round(p, 5)])
        return p > self.threshold


class _Recorded:
    """A judge answering from a record's kept probabilities, at a threshold of the caller's choice.

    Another threshold can need a check the run never asked (ALCE's precision asks whether the other
    citations still entail a sentence only when one citation alone does not): ``judge`` (the run's
    judge, scoring by probability) answers it from the record's documents, and it is kept in ``added``.
    """

    def __init__(
        self,
        checks: list[list],
        threshold: float,
        documents: dict | None = None,
        judge: EntailmentJudge | None = None,
    ):
        self.p = {(tuple(ids), claim): p for ids, claim, p in checks}
        self.threshold = threshold
        self.documents, self.judge = documents or {}, judge
        self.added: list[list] = []

    def entails(self, documents, claim) -> bool:
        if not documents:
            return False
        ids = tuple(d.get("id", "") for d in documents)
        if (ids, claim) not in self.p:
            probability = getattr(self.judge, "probability", None)
            if probability is None or not all(i in self.documents for i in ids):
                raise VeriragError(
                    f"the record has no judgment of {claim!r} against {list(ids)} and no "
                    "judge to ask: score it with the run's judge"
                )
            p = round(probability([{**self.documents[i], "id": i} for i in ids], claim), 5)
            self.p[(ids, claim)] = p
            self.added.append([list(ids), claim, p])
        return self.p[(ids, claim)] > self.threshold


def _metrics(
    item_answers: Sequence[str],
    unsupported: Sequence[str],
    output: dict,
    cited_text: str,
    cited_docs: list,
    judge: EntailmentJudge,
    evidence: float | None,
    trials: int,
) -> dict:
    citations = citation_scores(cited_text, cited_docs, judge)
    trust = trust_scores(output["answer"], output["sentences"], output["documents"], judge, unsupported)
    return {
        "correctness": em_recall(output["answer"], item_answers) if item_answers else None,
        **{f"citation_{k}": v for k, v in citations.as_dict().items()},
        "evidence_recall": evidence,
        "unverified_sentences": trust["sentences"] - trust["verified"],
        **trust,
        "evidence_trials": trials,
    }


def _with_ids(documents: dict) -> dict:
    """The contract's documents (id -> document) with each one carrying its id, as the judge reads them."""
    return {i: {**d, "id": i} for i, d in documents.items()}


def rescore(record: dict, threshold: float, judge: EntailmentJudge | None = None) -> dict:
    """The record's metrics with the judge accepting above ``threshold``, from its kept probabilities.

    A record without them keeps its metrics; a check the record lacks is asked of ``judge`` and kept.
    """
    if "judgments" not in record or record.get("judge_threshold") == threshold:
        return record
    documents = _with_ids(record["output"]["documents"])
    recorded = _Recorded(record["judgments"], threshold, documents, judge)
    output = {**record["output"], "documents": documents}
    docs = [{"id": i} for i in record["cited"]["documents"]]
    with cache_scope("judge"):  # the checks asked again share the judge's saved states, as when scored
        metrics = _metrics(
            record["answers"],
            record.get("unsupported_answers", []),
            output,
            record["cited"]["text"],
            docs,
            recorded,
            record["metrics"].get("evidence_recall"),
            record["metrics"]["evidence_trials"],
        )
    return {
        **record,
        "metrics": metrics,
        "judge_threshold": threshold,
        "judgments": record["judgments"] + recorded.added,
    }


def score_question(
    system: str, item: Item, context: Context, judge: EntailmentJudge, dataset: str = ""
) -> dict:
    """Run one system on one question and score the answer (ALCE metrics, correctness, trust, cost).

    The system runs in a model cache scope of its own and the judge in another (see
    :func:`verirag.models.cache_scope`): a system reuses only what it evaluated itself, as if it were alone.
    """
    started = time.perf_counter()
    with cache_scope(f"system:{system}"):
        output, state = run(item.question, context)
    seconds = time.perf_counter() - started
    judge_before = len(getattr(judge, "replies", []))
    if context.writer == "answer":  # as ALCE: the reply as written, against the documents the model saw
        cited_text, cited_docs = (
            state.get("raw_answer", output["answer"]),
            list(state["long_term_memory"]),
        )
    else:
        cited_text = output["answer"]
        cited_docs = list(_with_ids(output["documents"]).values())
    recording = RecordingJudge(judge)
    retrieved = [d.get("title", "") for d in state["long_term_memory"]]
    per_node = output["usage"]["per_node"]
    with cache_scope("judge"):
        metrics = _metrics(
            item.answers,
            item.unsupported_answers,
            {**output, "documents": _with_ids(output["documents"])},
            cited_text,
            cited_docs,
            recording,
            evidence_recall(retrieved, item.evidence_titles) if item.answerable else None,
            per_node.get("evidence_finder", {}).get("runs", 0),
        )
    judge_replies = getattr(judge, "replies", [])[judge_before:]
    return {
        "system": system,
        "dataset": dataset,
        "id": item.id,
        "question": item.question,
        "answers": item.answers,
        "unsupported_answers": item.unsupported_answers,
        "output": output,
        "metrics": metrics,
        # what the judge was asked, with P(Yes): the record can be scored again at another threshold
        "cited": {"text": cited_text, "documents": [d.get("id", "") for d in cited_docs]},
        "judgments": recording.checks,
        "judge_threshold": recording.threshold,
        "retrieval": {
            "iterations": state["iteration"],
            "retrieve_probability": state["retrieve_probability"],
            "verifications": [{"score": v["score"], "passed": v["passed"]} for v in state["verifications"]],
            "selected": retrieved,
        },
        "cost": {
            **totals(per_node),
            "seconds": round(seconds, 3),
            "first_verified_seconds": output["usage"].get("first_verified_seconds"),
        },
        "judge_cost": totals(node_usage("judge", judge_replies)),
    }


def evaluate(
    datasets: str | Path | Sequence[str | Path],
    systems: Sequence[str],
    out_dir: str | Path,
    limit: int | None = None,
    context: Context | None = None,
    judge: EntailmentJudge | None = None,
    progress: Callable[[str, Item], None] | None = None,
) -> dict[str, Path]:
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
    threshold = getattr(judge, "threshold", None)
    if threshold is not None:  # every record scored at this run's judge threshold
        records = [rescore(r, threshold, judge) for r in records]
    return {"results": results, **write_report(records, systems, out)}
