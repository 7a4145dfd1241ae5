"""LLatrieval's retrieval verification ("can these documents answer the question?") on corpus-made
(question, documents) sets where the answering paragraph is present or not.

    .venv/bin/python benchmarks/retrieval_verification_benchmark.py make    # sets.jsonl (no model)
    .venv/bin/python benchmarks/retrieval_verification_benchmark.py judge   # judgments.jsonl (resumable)
    .venv/bin/python benchmarks/retrieval_verification_benchmark.py report  # pass rates, threshold, AUC

Questions come from the shipped corpus, never from the bench: a lead sentence "X is the P of Q" becomes
"What is the P of Q?" (answer X; "Who" for people). Each question gets three sets of five documents, in
a seeded order:

* present — the answering paragraph and the four best BM25 neighbours of the question;
* paragraph removed — five neighbours, none of them the answering paragraph or naming X;
* sentence removed — the answering paragraph without its answering sentence (the subject's page is
  there, the fact is not: the shape of an unanswerable question) and four neighbours not naming X.

Split 40/60 by question into calibration (where the threshold is chosen, by balanced accuracy of
present against paragraph removed; "sentence removed" keeps the subject's page, which may still imply
the answer, so it is reported, not fitted) and test (where it is measured). The judgment is the graph's
own (``verify_retrieval`` in classify mode: P(Yes) of ``verirag.prompts.verify_retrieval.classify``
over the whole documents).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
from pathlib import Path

from common import Lexical, apply_logistic, auc, ece, fit_logistic, logit, shipped_corpus

ROOT = Path(__file__).resolve().parent
DATA = ROOT / "retrieval_verification"
SETS = DATA / "sets.jsonl"
JUDGMENTS = DATA / "judgments.jsonl"
_DEFINITE = re.compile(
    r"^(?P<subj>[A-Z][^,;()]{1,50}?)(?: \([^)]*\))?(?:, [^,]{1,80},)? (?P<verb>is|was) "
    r"(?P<pred>the (?:[\w'-]+ ){0,5}?(?:of|in) [^,;()]+?)(?:[.,;]|$)"
)


def make(n: int, seed: int) -> None:

    from verirag.verify.evidence import sentence_spans

    corpus = [
        {"title": d["title"].strip(), "text": d["extract"], "topic": d.get("topic") or ""}
        for d in shipped_corpus()
    ]
    lexical = Lexical([f"{d['title']} {d['text']}" for d in corpus])
    rng = random.Random(seed)
    order = list(range(len(corpus)))
    rng.shuffle(order)
    sets, made = [], 0
    for index in order:
        if made == n:
            break
        doc = corpus[index]
        spans = sentence_spans(doc["text"])
        if len(spans) < 3 or len(doc["text"].split()) > 200:
            continue
        found = None
        for start, end in spans[:3]:
            m = _DEFINITE.match(doc["text"][start:end])
            if (
                m
                and m.group("subj").split()[0] == doc["title"].split()[0]
                and len(m.group("pred").split()) <= 14
            ):
                found = (start, end, m)
                break
        if not found:
            continue
        start, end, m = found
        wh = "Who" if doc["topic"] == "People" else "What"
        question = f"{wh} {m.group('verb')} {m.group('pred')}?"
        answer = doc["title"]
        others = [corpus[j] for j in lexical.search(question, 30) if corpus[j]["title"] != answer]
        clean = [d for d in others if answer.split()[0].lower() not in d["text"].lower()]
        if len(clean) < 5:
            continue
        without = (doc["text"][:start] + doc["text"][end:]).strip()
        split = "calibration" if int(hashlib.sha256(question.encode()).hexdigest(), 16) % 10 < 4 else "test"
        for kind, docs, label in (
            ("present", [doc] + others[:4], 1),
            ("paragraph removed", clean[:5], 0),
            ("sentence removed", [{**doc, "text": without}] + clean[:4], 0),
        ):
            docs = [{"title": d["title"], "text": d["text"]} for d in docs]
            rng.shuffle(docs)
            sets.append(
                {
                    "id": hashlib.sha256(f"{question}|{kind}".encode()).hexdigest()[:12],
                    "split": split,
                    "question": question,
                    "answer": answer,
                    "kind": kind,
                    "label": label,
                    "documents": docs,
                }
            )
        made += 1
    DATA.mkdir(exist_ok=True)
    SETS.write_text("".join(json.dumps(s, ensure_ascii=False) + "\n" for s in sets), encoding="utf-8")
    print(f"{len(sets)} sets from {made} questions -> {SETS}")


def judge(model_name: str, limit: int | None) -> None:
    """P(Yes) of the graph's verification prompt for every set not judged yet (one line each)."""
    import time

    from verirag.jsonl import append_record, read_records
    from verirag.models import choice_probabilities, get_chat_model
    from verirag.prompts import verify_retrieval as verify

    model = get_chat_model(model_name)
    done = {r["id"] for r in read_records(JUDGMENTS)}
    sets = [json.loads(line) for line in SETS.read_text(encoding="utf-8").splitlines()][: limit or None]
    todo = [s for s in sets if s["id"] not in done]
    for i, item in enumerate(todo, 1):
        started = time.perf_counter()
        j = choice_probabilities(
            model, verify.classify(item["documents"], item["question"]), ["Yes", "No"], "No"
        )
        append_record(
            JUDGMENTS,
            {
                "id": item["id"],
                "p_yes": round(j.probabilities["Yes"], 5),
                "seconds": round(time.perf_counter() - started, 3),
                "model": model_name,
            },
        )
        if i % 10 == 0 or i == len(todo):
            print(f"{i}/{len(todo)}", flush=True)


def _rates(scores: list[float], sets: list[dict], threshold: float) -> dict:
    out = {}
    for kind in ("present", "paragraph removed", "sentence removed"):
        chosen = [s for s, x in zip(scores, sets, strict=False) if x["kind"] == kind]
        out[kind] = sum(s > threshold for s in chosen) / len(chosen) if chosen else float("nan")
    # present against paragraph removed: the sets whose labels no reader would contest
    out["balanced accuracy"] = (out["present"] + 1 - out["paragraph removed"]) / 2
    return out


def report(out: Path | None) -> None:
    """Pass rates at 0.5 and at the calibration-chosen threshold, AUC, ECE, and the refusal floor."""
    from statistics import mean

    from verirag.jsonl import read_records

    sets = [json.loads(line) for line in SETS.read_text(encoding="utf-8").splitlines()]
    raw = {r["id"]: r["p_yes"] for r in read_records(JUDGMENTS)}
    seconds = [r["seconds"] for r in read_records(JUDGMENTS)]
    sets = [s for s in sets if s["id"] in raw]
    cal = [s for s in sets if s["split"] == "calibration"]
    test = [s for s in sets if s["split"] == "test"]
    # P(answerable): a logistic map of the logit of P(Yes), fitted on the calibration split's present and
    # paragraph-removed sets (the uncontested labels)
    fitted = [s for s in cal if s["kind"] != "sentence removed"]
    weights = fit_logistic([[logit(raw[s["id"]])] for s in fitted], [s["label"] for s in fitted])
    p = {i: apply_logistic(weights, [logit(v)]) for i, v in raw.items()}
    cal_scores = [p[s["id"]] for s in cal]
    candidates = sorted(set(cal_scores))
    best = max(_rates(cal_scores, cal, t)["balanced accuracy"] for t in candidates)
    tied = [t for t in candidates if _rates(cal_scores, cal, t)["balanced accuracy"] == best]
    above = [t for t in candidates if t > tied[-1]]  # pass is "> t": the tied range ends at the next score
    threshold = (tied[0] + (above[0] if above else 1.0)) / 2
    present = sorted(p[s["id"]] for s in cal if s["label"])
    floor = (
        present[max(0, int(0.05 * len(present)) - 1)] if present else 0.0
    )  # <= 5 % of answerable sets below
    test_scores = [p[s["id"]] for s in test]
    lines = [
        f"Retrieval verification (LLatrieval, classify), test split: {len(test)} sets of "
        f"{len({s['question'] for s in test})} questions; threshold chosen on the calibration split "
        f"({len(cal)} sets). Pass = the judgment above the threshold: raw P(Yes) before, calibrated "
        "P(answerable) now.",
        "",
        "| threshold | present pass | paragraph removed pass | sentence removed pass | balanced acc. | "
        "ROC AUC | ECE | s/judgment |",
        "|---|---|---|---|---|---|---|---|",
    ]
    raw_test = [raw[s["id"]] for s in test]
    for name, scores, t in (
        ("raw P(Yes) > 0.5 (before)", raw_test, 0.5),
        (f"P(answerable) > {threshold:.3f} (calibration)", test_scores, threshold),
    ):
        r = _rates(scores, test, t)
        pos = [x for x, s in zip(scores, test, strict=True) if s["label"]]
        neg = [x for x, s in zip(scores, test, strict=True) if s["kind"] == "paragraph removed"]
        uncontested = [
            (x, s["label"]) for x, s in zip(scores, test, strict=True) if s["kind"] != "sentence removed"
        ]
        lines.append(
            f"| {name} | {r['present']:.3f} | {r['paragraph removed']:.3f} | {r['sentence removed']:.3f} "
            f"| {r['balanced accuracy']:.3f} | {auc(pos, neg):.3f} | "
            f"{ece([x for x, _ in uncontested], [y for _, y in uncontested]):.3f} | {mean(seconds):.2f} |"
        )
    below = [x for x, s in zip(test_scores, test, strict=False) if x < floor]
    lines += [
        "",
        "Early-refusal floor (P(answerable) below which at most 5 % of the calibration split's answerable "
        f"sets fall): {floor:.4f}; on the test split it catches "
        f"{sum(1 for x, s in zip(test_scores, test, strict=False) if x < floor and not s['label'])} of "
        f"{sum(1 for s in test if not s['label'])} unanswerable sets and "
        f"{sum(1 for x, s in zip(test_scores, test, strict=False) if x < floor and s['label'])} of "
        f"{sum(1 for s in test if s['label'])} answerable ones ({len(below)} in all).",
    ]
    lines += [
        "",
        f"Map: P(answerable) = sigmoid({weights[0]} + {weights[1]} · logit P(Yes)); pass above "
        f"{threshold:.4f}; refuse early below {floor:.4f} (verirag.nodes.retrieval.verify_retrieval).",
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    if out:
        out.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p_make = sub.add_parser("make")
    p_make.add_argument("-n", type=int, default=80, help="questions (3 sets each)")
    p_make.add_argument("--seed", type=int, default=17)
    p_judge = sub.add_parser("judge")
    p_judge.add_argument("--model", default="local")
    p_judge.add_argument("--limit", type=int, default=None)
    p_report = sub.add_parser("report")
    p_report.add_argument("--out", type=Path, default=DATA / "table.md")
    args = parser.parse_args(argv)
    if args.command == "make":
        make(args.n, args.seed)
    elif args.command == "judge":
        judge(args.model, args.limit)
    else:
        report(args.out)


if __name__ == "__main__":
    main()
