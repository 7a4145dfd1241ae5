"""The support decisions on the verifier benchmark v2, per kind: each pair judged by
:func:`verirag.verify.decide` itself (guard, quote, calibrated judgment, threshold), so the
figures are the shipped decision's.

    .venv/bin/python benchmarks/verifier_v2_judge.py judge --decision grounded --split test   # resumable
    .venv/bin/python benchmarks/verifier_v2_judge.py refresh --decision grounded  # after a guard change
    .venv/bin/python benchmarks/verifier_v2_judge.py report
    .venv/bin/python benchmarks/verifier_v2_judge.py checks  # per step of the decision: the pairs it decided
    .venv/bin/python benchmarks/verifier_v2_judge.py corrections  # the writing stage's rewrite, per pair
    .venv/bin/python benchmarks/verifier_v2_judge.py restatements  # ... in the quote's words
    .venv/bin/python benchmarks/verifier_v2_judge.py ablate --split test  # each deciding step off in turn
    .venv/bin/python benchmarks/verifier_v2_judge.py ablation --split test  # its table

Records (one per pair and decision) go to ``benchmarks/verifier_v2/judgments.jsonl``: P(supported),
passed, the guard's missing terms, model calls and seconds.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "verifier_v2"
PAIRS = DATA / "pairs.jsonl"
JUDGMENTS = DATA / "judgments.jsonl"
CORRECTIONS = DATA / "corrections.jsonl"
RESTATEMENTS = DATA / "restatements.jsonl"
STEPS = DATA / "steps.jsonl.gz"  # the default decision's records with the step that decided each pair
ABLATION = DATA / "ablation.jsonl"  # gzip-compressed when committed
TAPE = DATA / "tape.jsonl.gz"  # the model's replies by prompt: the ablation asks each prompt once
DEFAULT = "grounded + subjects + slots"
_OFF = {"contrast_check": False, "atomic_claims": False, "slot_check": False, "subject_check": False}
# decision name -> Context fields (every lever named, whatever the defaults are)
DECISIONS: dict[str, dict[str, Any]] = {
    "grounded": _OFF,
    "grounded + contrast": {**_OFF, "contrast_check": True},
    "grounded + atoms": {**_OFF, "atomic_claims": True},
    "grounded + slots": {**_OFF, "slot_check": True},
    "grounded + subjects": {**_OFF, "subject_check": True},
    "grounded + subjects + slots": {**_OFF, "subject_check": True, "slot_check": True},
    "grounded + subjects + slots + atoms": {
        **_OFF,
        "subject_check": True,
        "slot_check": True,
        "atomic_claims": True,
    },
    "issup": {**_OFF, "support_decision": "issup"},
}


def _pairs(split: str | None) -> list[dict]:
    pairs = [json.loads(line) for line in PAIRS.read_text(encoding="utf-8").splitlines()]
    return [p for p in pairs if split is None or p["split"] == split]


def _grounded_stands(context, claim: str, docs: list, record: dict) -> bool:
    """Whether the decision's levers leave the grounded record as it is: one atom (atoms), the same
    quote (subjects), a failed claim (the slot check asks only claims that pass)."""
    from verirag.verify.claim import Claim
    from verirag.verify.evidence import named_quotes, quotes_for

    quoted = quotes_for(docs, claim)
    levers = [
        (context.atomic_claims, lambda: Claim.of(claim).atoms == (claim,)),
        (context.subject_check, lambda: named_quotes(docs, quoted, claim) == quoted),
        (context.slot_check, lambda: not record["passed"]),
    ]
    active = [unchanged for on, unchanged in levers if on]
    return bool(active) and all(unchanged() for unchanged in active)


def judge(decision: str, split: str | None, model_name: str, kinds: set[str]) -> None:
    """Judge every pair not yet judged under ``decision``; one record appended per pair."""
    from verirag import Context
    from verirag.jsonl import append_record, read_records
    from verirag.models import get_chat_model
    from verirag.stores import make_document
    from verirag.verify import decide
    from verirag.verify.claim import Claim
    from verirag.verify.parts import parts as parts_of

    done = {(r["id"], r["decision"]) for r in read_records(JUDGMENTS)}
    todo = [p for p in _pairs(split) if (p["id"], decision) not in done and (not kinds or p["kind"] in kinds)]
    todo.sort(key=lambda p: ([d["title"] for d in p["evidence"]], p["id"]))  # same evidence: prefix reuse
    model = get_chat_model(model_name)
    context = Context(**DECISIONS[decision])
    grounded = {r["id"]: r for r in read_records(JUDGMENTS) if r["decision"] == "grounded"}
    # "X + atoms" decides a one-atom claim exactly as X does
    base = decision.removesuffix(" + atoms") if decision.endswith(" + atoms") else None
    same_as_base = {r["id"]: r for r in read_records(JUDGMENTS) if r["decision"] == base}
    for i, pair in enumerate(todo, 1):
        docs = [make_document(d["title"], d["text"]) for d in pair["evidence"]]
        parts = len(parts_of(docs, Claim.of(pair["claim"]), context))
        source = (
            same_as_base.get(pair["id"]) if Claim.of(pair["claim"]).atoms == (pair["claim"],) else None
        ) or (
            grounded.get(pair["id"])
            if pair["id"] in grounded
            and parts == 1
            and _grounded_stands(context, pair["claim"], docs, grounded[pair["id"]])
            else None
        )
        if source is not None:
            append_record(JUDGMENTS, {**source, "decision": decision, "copied_from": source["decision"]})
            continue
        started = time.perf_counter()
        (check,) = decide(model, [(docs, pair["claim"])], f"Tell me about {docs[0]['title']}.", context)
        append_record(
            JUDGMENTS,
            {
                "id": pair["id"],
                "decision": decision,
                "model": model_name,
                "probability": round(check.probability, 5),
                "passed": check.passed,
                "decided_by": check.decided_by,
                "missing": check.missing,
                "asked": check.judgment is not None,
                "rival": check.rival,
                "seconds": round(time.perf_counter() - started, 3),
                **({"blanks": _blanks(context, pair["claim"], docs)} if context.slot_check else {}),
                **({"fills": _fills(check)} if context.slot_check else {}),
                **({"parts": parts} if parts > 1 else {}),
                "calls": len(check.replies),
            },
        )
        if i % 25 == 0 or i == len(todo):
            print(f"{decision}: {i}/{len(todo)}", flush=True)


def _fills(check) -> list[str]:
    """The slot check's replies (and any other extra call's), of the claim or of each of its parts."""
    decisions = [s for _, s in check.atoms] or [check]
    return [m.text for s in decisions for m in s.extra]


def _blanks(context, claim: str, docs: list) -> list[str]:
    """The slot check's questions of a claim, each with the quoted sentence it is read in (asked only if
    the claim passes the support question)."""
    from verirag.verify.checks import slots
    from verirag.verify.evidence import select

    evidence = select(docs, claim, context.subject_check)
    return [f"{question} | {read_in}" for _, question, read_in in slots.questions(claim, evidence)]


def refresh(decision: str, split: str | None, judged: bool = False) -> int:
    """Drop the records of ``decision`` whose guard no longer agrees with today's (the zero-token
    :func:`verirag.verify.pipeline.guarded`, per atom for an atoms decision; a pass read off a sentence) or,
    under
    the slot check, whose claim passed the support question and now gets other blanks, so ``judge``
    decides them anew; with ``judged`` (after a new calibration) every record the model judged.
    Returns how many were dropped."""
    from verirag import Context, calibration
    from verirag.jsonl import read_records
    from verirag.stores import make_document
    from verirag.verify.claim import Claim
    from verirag.verify.parts import parts
    from verirag.verify.pipeline import guarded, read_off

    if "issup" in decision:
        return 0
    pairs = {p["id"]: p for p in _pairs(split)}
    context = Context(**DECISIONS[decision])
    kept, dropped = [], 0
    for record in read_records(JUDGMENTS):
        pair = pairs.get(record["id"])
        if record["decision"] == decision and pair is not None:
            docs = [make_document(d["title"], d["text"]) for d in pair["evidence"]]
            claims = parts(docs, Claim.of(pair["claim"]), context)
            read = [read_off(docs, claim, None, context) is not None for claim in claims]  # no guard, no call
            missing = {
                t
                for c, r in zip(claims, read, strict=True)
                if not r
                for f in guarded(docs, c, context)[1]
                for t in f.terms
            }
            ranked = all(read)
            reblanked = (
                context.slot_check
                and not context.atomic_claims
                and record["asked"]
                and record["probability"] >= calibration.EMBEDDED.threshold
                and record.get("blanks") != _blanks(context, pair["claim"], docs)
            )
            zero_token_pass = not record["asked"] and not record["missing"]
            split = len(claims) != record.get("parts", 1)
            recalibrated = judged and record["asked"]
            if (
                missing != set(record["missing"])
                or reblanked
                or ranked != zero_token_pass
                or split
                or recalibrated
            ):
                dropped += 1
                continue
        kept.append(record)
    if dropped:
        text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in kept)
        JUDGMENTS.write_text(text, encoding="utf-8")
    return dropped


def _calls(decision: str, pair: dict, record: dict) -> int:
    """Model calls of one judgment: as recorded, else recomputed (the decision is deterministic): the
    support question when asked, plus one slot question per blank of a claim that passed it (atoms and
    contrast: not counted here)."""
    from verirag import Context, calibration
    from verirag.stores import make_document

    if "calls" in record:
        return int(record["calls"])
    fields = DECISIONS[decision]
    calls = int(record["asked"])
    if not (
        fields.get("slot_check")
        and record["asked"]
        and record["probability"] >= calibration.EMBEDDED.threshold
    ):
        return calls
    docs = [make_document(d["title"], d["text"]) for d in pair["evidence"]]
    return calls + len(_blanks(Context(**fields), pair["claim"], docs))


def report(split: str, out: Path | None) -> str:
    """Pass rate per kind for every judged decision, balanced accuracy, seconds per judgment."""
    from statistics import mean

    from verirag.jsonl import read_records

    pairs = {p["id"]: p for p in _pairs(split)}
    records: dict[str, dict[str, dict]] = {}
    for r in read_records(JUDGMENTS):
        if r["id"] in pairs:
            records.setdefault(r["decision"], {})[r["id"]] = r
    names = [d for d in DECISIONS if d in records]
    kinds = sorted({(p["label"], p["kind"]) for p in pairs.values()}, key=lambda k: (-k[0], k[1]))
    lines = [
        "| kind | label | pairs | " + " | ".join(f"{d}: pass" for d in names) + " |",
        "|---|---|---|" + "---|" * len(names),
    ]
    for label, kind in kinds:
        ids = [i for i, p in pairs.items() if p["kind"] == kind and p["label"] == label]
        cells = []
        for d in names:
            judged = [records[d][i]["passed"] for i in ids if i in records[d]]
            cells.append(f"{sum(judged) / len(judged):.3f} ({len(judged)})" if judged else "–")
        shown = "supported" if label else "not"
        lines.append(f"| {kind} | {shown} | {len(ids)} | " + " | ".join(cells) + " |")
    summary = []
    for d in names:
        judged = [(pairs[i], r) for i, r in records[d].items()]
        if len(judged) < len(pairs):  # a decision judged on some kinds only: per kind above, no summary
            summary.append(f"| {d} | {len(judged)} of {len(pairs)} | – | – | – | – | – | – | – | – |")
            continue
        by_kind: dict[tuple[int, str], list[bool]] = {}
        for p, r in judged:
            by_kind.setdefault((p["label"], p["kind"]), []).append(r["passed"])
        pos = [mean(v) for (label, _), v in by_kind.items() if label]
        neg = [1 - mean(v) for (label, _), v in by_kind.items() if not label]
        pos_all = [r["passed"] for p, r in judged if p["label"]]
        neg_all = [not r["passed"] for p, r in judged if not p["label"]]
        asked = [r for _, r in judged if r["asked"]]
        v1 = [(p, r) for p, r in judged if "v1" in p["source"]]  # v1's pairs, kept as kinds
        v1_pos = [r["passed"] for p, r in v1 if p["label"]]
        v1_neg = [not r["passed"] for p, r in v1 if not p["label"]]
        calls = mean(_calls(d, p, r) for p, r in judged) if "atoms" not in d and "contrast" not in d else None
        summary.append(
            f"| {d} | {len(judged)} | {(mean(pos_all) + mean(neg_all)) / 2:.3f} "
            f"| {(mean(v1_pos) + mean(v1_neg)) / 2:.3f} "
            f"| {(mean(pos) + mean(neg)) / 2:.3f} "
            f"| {max(1 - x for x in neg):.3f} | {min(pos):.3f} | {len(asked) / len(judged):.3f} "
            f"| {'–' if calls is None else f'{calls:.2f}'} | {mean(r['seconds'] for _, r in judged):.2f} |"
        )
    text = (
        f"Verifier benchmark v2, {split} split ({len(pairs)} pairs).\n\n"
        + "\n".join(lines)
        + "\n\n| decision | judged | balanced acc. (pairs) | v1's pairs: balanced acc. "
        "| balanced acc. (kinds averaged) "
        "| worst negative kind passes | worst positive kind passes | asked the model | calls/claim "
        "| s/judgment |\n|---|---|---|---|---|---|---|---|---|---|\n" + "\n".join(summary) + "\n"
    )
    if out:
        out.write_text(text, encoding="utf-8")
    return text


def checks(decision: str = DEFAULT) -> str:
    """Per step of the decision (``decided_by``), the pairs it decided on each split: true and false claims,
    passed and failed (records judged before ``decided_by`` was recorded are counted as "(not recorded)")."""
    from verirag.jsonl import read_records

    pairs = {p["id"]: p for p in _pairs(None)}
    rows: dict[tuple[str, str], list[int]] = {}
    for r in read_records(JUDGMENTS):
        if r["decision"] != decision or r["id"] not in pairs:
            continue
        pair = pairs[r["id"]]
        cell = rows.setdefault((pair["split"], r.get("decided_by", "(not recorded)")), [0, 0, 0, 0])
        cell[(1 - pair["label"]) * 2 + (not r["passed"])] += 1
    lines = [
        f"Verifier benchmark v2, decision {decision!r}: the pairs each step decided.\n",
        "| split | decided by | true, passed | true, failed | false, passed | false, failed |",
        "|---|---|---|---|---|---|",
    ]
    for (split, name), cell in sorted(rows.items()):
        lines.append(f"| {split} | {name} | " + " | ".join(map(str, cell)) + " |")
    return "\n".join(lines) + "\n"


def _rewrites(model_name: str, out: Path, failed, rewrite) -> None:
    """Each of the default decision's ``failed`` records as ``rewrite(failed, model, context)`` rewrites
    it, decided again: one record per pair to ``out`` (resumable); a kept rewrite is a new sentence, to label
    by hand."""
    from verirag import Context
    from verirag.jsonl import append_record, read_records
    from verirag.models import get_chat_model
    from verirag.stores import make_document
    from verirag.verify import decide
    from verirag.verify.verdict import Failed

    pairs = {p["id"]: p for p in _pairs(None)}
    done = {r["id"] for r in read_records(out)}
    model, context = get_chat_model(model_name), Context(**DECISIONS[DEFAULT])
    for record in read_records(JUDGMENTS):
        if record["decision"] != DEFAULT or record["passed"] or record["id"] in done or not failed(record):
            continue
        pair = pairs[record["id"]]
        docs = [make_document(d["title"], d["text"]) for d in pair["evidence"]]
        question = f"Tell me about {docs[0]['title']}."
        (check,) = decide(model, [(docs, pair["claim"])], question, context)
        failed = Failed(docs, pair["claim"], check, question)
        found = rewrite(failed, model, context) if not check.passed else None
        fixed = found.text if found is not None else None
        again = decide(model, [(docs, fixed)], question, context)[0] if fixed else None
        append_record(
            out,
            {
                "id": pair["id"],
                "kind": pair["kind"],
                "label": pair["label"],
                "claim": pair["claim"],
                "corrected": fixed or "",
                "kept": bool(again and again.passed),
            },
        )


def corrections(model_name: str) -> None:
    """Each pair the default decision failed with a rival term of its quote, as the quote fills the blank
    (rewrite ``corrected_term``), to ``corrections.jsonl``."""
    from verirag.verify.rewrites import corrected_term

    _rewrites(model_name, CORRECTIONS, lambda record: record.get("fills"), corrected_term.propose)


def restatements(model_name: str) -> None:
    """Each pair the guard failed, in its quote's words for the attribute it lacks
    (rewrite ``restated_attribute``; most pairs are not of that kind and get none), to
    ``restatements.jsonl``."""
    from verirag.verify.rewrites import restated_attribute

    _rewrites(model_name, RESTATEMENTS, lambda record: record.get("missing"), restated_attribute.propose)


def ablate(split: str, model_name: str) -> None:
    """Each step that decided a pair of ``split`` in :data:`STEPS`, switched off in turn (resumable).

    Only the pairs that step decided are decided again, by today's code, twice: as the default decides them
    (``on:<step>``) and with the step off (``off:<step>``); the model's replies are kept in :data:`TAPE`.
    """
    import sys

    from verirag import Context
    from verirag.jsonl import append_record, read_records
    from verirag.models import get_chat_model
    from verirag.stores import make_document
    from verirag.verify import SWITCHES, decide

    sys.path.append(str(DATA.parent.parent))
    from tests.replay import read_tape, taping, write_tape

    pairs = {p["id"]: p for p in _pairs(split)}
    base = [r for r in read_records(STEPS) if r["id"] in pairs]
    done = {(r["id"], r["name"]) for r in read_records(ABLATION)}  # and ablation.jsonl.gz's
    tape = read_tape(TAPE) if TAPE.exists() else {}
    model = taping(get_chat_model(model_name), tape)
    todo = [
        (r["id"], f"{side}:{step}", () if side == "on" else (step,))
        for step in SWITCHES
        for r in base
        if r["decided_by"] == step
        for side in ("on", "off")
    ]
    todo = [t for t in todo if t[:2] not in done]
    readings = {"parts", "verbatim", "rank", "denial", "listing"}  # the checks first, then the readings
    todo.sort(key=lambda t: (t[1][3:] in readings, [d["title"] for d in pairs[t[0]]["evidence"]], t))
    for i, (pair_id, name, off) in enumerate(todo, 1):
        pair = pairs[pair_id]
        docs = [make_document(d["title"], d["text"]) for d in pair["evidence"]]
        context = Context(**DECISIONS[DEFAULT], checks_off=off)
        (check,) = decide(model, [(docs, pair["claim"])], f"Tell me about {docs[0]['title']}.", context)
        append_record(
            ABLATION,
            {
                "id": pair_id,
                "name": name,
                "probability": round(check.probability, 5),
                "passed": check.passed,
                "decided_by": check.decided_by,
                "calls": len(check.replies),
            },
        )
        if i % 25 == 0 or i == len(todo):
            write_tape(TAPE, tape)
            print(f"ablate {split}: {i}/{len(todo)}", flush=True)
    write_tape(TAPE, tape)


def ablation(split: str) -> str:
    """Per step switched off: the pairs of ``split`` it alone decided (as :func:`ablate` recorded them). A
    guard check alone rejects a pair that passes without it; a reading alone passes one that fails without."""
    from collections import Counter

    from verirag.jsonl import read_records

    labels = {p["id"]: p["label"] for p in _pairs(split)}
    records = [r for r in read_records(ABLATION) if r["id"] in labels]
    verdicts = {(r["id"], r["name"]): r["passed"] for r in records}
    steps = sorted({r["name"][3:] for r in records if r["name"].startswith("on:")})
    lines = [
        "| step off | pairs it decided | true it alone rejected | false it alone caught "
        "| true it alone passed | false it alone passed | right − wrong |",
        "|---|---|---|---|---|---|---|",
    ]
    for step in steps:
        ids = [i for (i, n) in verdicts if n == f"on:{step}" and (i, f"off:{step}") in verdicts]
        counts = Counter(
            (labels[i], "rejected" if verdicts[(i, f"off:{step}")] else "passed")
            for i in ids
            if verdicts[(i, f"off:{step}")] != verdicts[(i, f"on:{step}")]
        )
        net = (
            counts[(0, "rejected")] + counts[(1, "passed")] - counts[(1, "rejected")] - counts[(0, "passed")]
        )
        lines.append(
            f"| {step} | {len(ids)} | {counts[(1, 'rejected')]} | {counts[(0, 'rejected')]} | "
            f"{counts[(1, 'passed')]} | {counts[(0, 'passed')]} | {net:+d} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--records", type=Path, default=None, help="judgments file (default: the committed)")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("checks", help="per step of the default decision, the pairs it decided")
    p_judge = sub.add_parser("judge", help="judge the pairs under one decision (resumable)")
    p_judge.add_argument("--decision", choices=list(DECISIONS), default="grounded")
    p_judge.add_argument("--split", choices=["calibration", "test"], default=None)
    p_judge.add_argument("--model", default="local")
    p_judge.add_argument("--kinds", default="", help="kinds separated by semicolons (default: all)")
    p_refresh = sub.add_parser("refresh", help="drop the records whose guard changed since (then judge)")
    p_refresh.add_argument("--decision", choices=list(DECISIONS), default="grounded")
    p_refresh.add_argument("--split", choices=["calibration", "test"], default=None)
    p_refresh.add_argument("--judged", action="store_true", help="also every record the model judged")
    p_report = sub.add_parser("report", help="the per-kind table")
    p_report.add_argument("--split", choices=["calibration", "test"], default="test")
    p_report.add_argument("--out", type=Path, default=DATA / "table.md")
    p_corrections = sub.add_parser("corrections", help="the default's failed pairs as their quote fills them")
    p_corrections.add_argument("--model", default="local")
    p_restatements = sub.add_parser("restatements", help="the guard's failed pairs in their quote's words")
    p_restatements.add_argument("--model", default="local")
    for name in ("ablate", "ablation"):
        p_step = sub.add_parser(
            name,
            help="each deciding step switched off in turn" + (" (its table)" if name == "ablation" else ""),
        )
        p_step.add_argument("--split", choices=["calibration", "test"], default="test")
        p_step.add_argument("--model", default="local")
    args = parser.parse_args(argv)
    if args.records is not None:
        global JUDGMENTS
        JUDGMENTS = args.records
    if args.command == "checks":
        print(checks())
    elif args.command == "judge":
        judge(args.decision, args.split, args.model, {k for k in args.kinds.split(";") if k})
    elif args.command == "ablate":
        ablate(args.split, args.model)
    elif args.command == "ablation":
        print(ablation(args.split))
    elif args.command == "corrections":
        corrections(args.model)
    elif args.command == "restatements":
        restatements(args.model)
    elif args.command == "refresh":
        print(f"{args.decision}: {refresh(args.decision, args.split, args.judged)} records dropped")
    else:
        print(report(args.split, args.out))


if __name__ == "__main__":
    main()
