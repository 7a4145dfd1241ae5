"""What every step of the support decision says of a sentence, each asked whatever the others said.

    .venv/bin/python benchmarks/combine.py features --set v3 [--missing]   # -> verifier_v3/features.jsonl.gz
    .venv/bin/python benchmarks/combine.py features --set v2cal

For each part of a claim (as the decision splits it): the reading that settles it, every guard finding, the
model's P(Yes) on the quote and the slot reader's rival fill, from the tape of the model's replies
(``verifier_v3/tape.jsonl.gz``; a prompt not on it is asked of the embedded model and added). These are the
features a combined decision is fitted on.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
from functools import partial
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.append(str(HERE.parent))
FEATURES = HERE / "verifier_v3" / "features.jsonl.gz"
V2 = HERE / "verifier_v2" / "pairs.jsonl"
SLOTS_FROM = 0.5  # P(Yes) from which the slot reader is asked
SAMPLE = 80  # v2 calibration pairs asked (a seeded sample: on no tape, each costs the model)


from verirag.calibration import EMBEDDED, carried_threshold, fit_logistic  # noqa: E402
from verirag.verify import weighing  # noqa: E402
from verirag.verify.verdict import Finding  # noqa: E402


def rows(which: str) -> list[dict]:
    """The labelled sentences of a set: v3 (both halves), v2cal or v2test."""
    if which == "v3":
        import verifier_v3

        return [
            {
                "id": r["id"],
                "set": f"v3{r['split']}",
                "label": r["label"],
                "claim": r["claim"],
                "evidence": r["evidence"],
                "kind": r.get("kind") or r.get("source", ""),
            }
            for r in verifier_v3.sentences()
        ]
    split = {"v2cal": "calibration", "v2test": "test"}[which]
    out = []
    soft = _soft_decided() if which == "v2test" else None
    for line in V2.read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        if r["split"] == split and (soft is None or r["id"] in soft):
            out.append(
                {
                    "id": r["id"],
                    "set": which,
                    "label": r["label"],
                    "claim": r["claim"],
                    "evidence": r["evidence"],
                    "kind": r["kind"],
                }
            )
    return out


def _soft_decided() -> set[str]:
    """The v2 test pairs the chain failed by a finding the weighing weighs (``verifier_v2/steps``): the only
    ones the weighing can pass that the chain did not, besides those the judge decided."""
    steps = [json.loads(x) for x in gzip.open(V2.parent / "steps.jsonl.gz", "rt")]
    weights = dict.fromkeys(WEIGHED, 0.0)
    return {
        r["id"]
        for r in steps
        if r["decided_by"] in {n.split(":")[0] for n in WEIGHED}
        and not weighing.vetoed([Finding(r["decided_by"], tuple(r["missing"]))], weights)
    }


class Missing(Exception):
    pass


def features(which: str, dry: bool) -> None:
    import verifier_v3
    from langchain_core.messages import AIMessage

    from tests.replay import key, taping
    from verirag import Context
    from verirag.stores import make_document
    from verirag.testing import ScriptedChatModel
    from verirag.verify.checks import entailment, slots
    from verirag.verify.claim import Claim
    from verirag.verify.parts import parts
    from verirag.verify.pipeline import guarded, read_off

    tape = verifier_v3._tape()
    missing: list[str] = []
    if dry:

        def respond(messages: list, kwargs: dict[str, Any]) -> AIMessage:
            prompt = key(messages, kwargs)
            if prompt not in tape:
                missing.append(prompt)
                raise Missing
            from tests.replay import from_tape

            return from_tape(tape[prompt])

        model: Any = ScriptedChatModel(respond=respond)
    else:
        from verirag.models import get_chat_model

        model = taping(get_chat_model("local"), tape)
    ctx = Context()
    done = set()
    if FEATURES.exists() and not dry:
        done = {json.loads(x)["id"] for x in gzip.open(FEATURES, "rt")}
    todo = [r for r in rows(which) if r["id"] not in done]
    if which == "v2cal":  # a seeded sample: the v2 prompts are on no tape, and each costs the model
        import random

        todo = random.Random(51).sample(todo, min(SAMPLE, len(todo)))
    todo.sort(key=lambda r: r["set"] != "v3dev")  # the dev half first: it is what a combination is fitted on
    short = 0
    for i, row in enumerate(todo, 1):
        docs = [make_document(d["title"], d["text"]) for d in row["evidence"]]
        atoms = parts(docs, Claim.of(row["claim"]), ctx) if docs else [row["claim"]]
        out = []
        try:
            for atom in atoms:
                reading = read_off(docs, atom, None, ctx)
                evidence, found = guarded(docs, atom, ctx)
                record: dict[str, Any] = {
                    "text": atom,
                    "reading": reading.decided_by if reading else "",
                    "found": [f.as_dict() for f in found],
                    "quoted": bool(evidence.documents),
                }
                if evidence.documents and not weighing.vetoed(
                    found, ASKED
                ):  # a veto whatever the weights: not asked
                    ask = entailment.question(ctx, evidence.documents, "", atom)
                    (j,) = entailment.judge(model, [ask], ctx)
                    record["p_yes"] = round(j.probabilities["Yes"], 5)
                    record["from_text"] = j.from_text
                    # a rival fill only lowers the score: a doubted claim fails without asking the reader
                    asked = slots.questions(atom, evidence) if record["p_yes"] >= SLOTS_FROM else []
                    replies = slots.ask(model, [slots.messages(r, c) for _, c, r in asked], ctx)
                    record["slots"] = [
                        (f[0].said if (f := slots.failed(reply, blank, evidence)) else "")
                        for (blank, _, _), reply in zip(asked, replies, strict=True)
                    ]
                out.append(record)
        except Missing:
            short += 1
            continue
        if not dry:
            with gzip.open(FEATURES, "at") as out_file:
                out_file.write(
                    json.dumps({k: row[k] for k in ("id", "set", "label", "kind")} | {"parts": out}) + "\n"
                )
            if i % 25 == 0:
                verifier_v3._save_tape(tape)
                print(f"{which}: {i}/{len(todo)}", flush=True)
    if dry:
        print(f"{which}: {len(todo)} sentences, {short} need the model, {len(set(missing))} prompts missing")
    else:
        verifier_v3._save_tape(tape)


# the findings a weighing may weigh (any other vetoes, a rival fill of the slot reader too): a name the quote
# lacks, or states in another form. A list's member was weighed too and let v2's "list, one member false"
# pass (5 of 35); weighing it is not taken
WEIGHED = ("key_terms:form", "key_terms:name")
ASKED = dict.fromkeys((*WEIGHED, "logit"), 0.0)  # what the features collector asks the judge beyond
L2 = 1.0


def _findings(part: dict) -> list[Finding]:
    return [Finding(f["check"], tuple(f.get("terms", ()))) for f in part["found"]]


def vector(part: dict) -> dict[str, float]:
    """A part's features (:func:`verirag.verify.weighing.features`)."""
    return weighing.features(
        _findings(part), part.get("p_yes") or 0.0, any(part.get("slots") or ()), part.get("quote", "")
    )


def chain(part: dict) -> bool:
    """Today's decision read off the features: a reading passes, any finding fails, then P, then slots."""
    if part["reading"]:
        return True
    if part["found"] or not part["quoted"]:
        return False
    return EMBEDDED.probability(part["p_yes"]) >= EMBEDDED.threshold and not any(part["slots"])


def weighed_pass(part: dict, weights: dict[str, float], cut: float) -> bool:
    """The weighed decision read off the features."""
    if part["reading"]:
        return True
    if (
        not part["quoted"]
        or weighing.vetoed(_findings(part), weights, part.get("quote", ""))
        or _vetoed_by_rival(part, weights)
    ):
        return False
    return weighing.score(weights, vector(part)) >= cut


def _vetoed_by_rival(part: dict, weights: dict[str, float]) -> bool:
    return any(part.get("slots") or ()) and "slots" not in weights


def load() -> list[dict]:
    """The features, each part with its quote (the guard's evidence, read again: no model call)."""
    from verirag import Context
    from verirag.stores import make_document
    from verirag.verify.pipeline import guarded

    records = [json.loads(x) for x in gzip.open(FEATURES, "rt")]
    evidence = {r["id"]: r["evidence"] for r in rows("v3")} | {
        pair["id"]: pair["evidence"] for pair in map(json.loads, V2.read_text(encoding="utf-8").splitlines())
    }
    ctx = Context()
    for record in records:
        docs = [make_document(d["title"], d["text"]) for d in evidence[record["id"]]]
        for part in record["parts"]:
            part["quote"] = guarded(docs, part["text"], ctx)[0].joined if docs else ""
    return records


def training(records: list[dict], names: list[str]) -> list[tuple[dict, int]]:
    """Parts with a known label that the weights decide: every part of a true sentence, the one part of a
    false one; not read off, quoted, no finding without a weight."""
    weights = dict.fromkeys(names, 0.0)
    return [
        (p, r["label"])
        for r in records
        if r["label"] == 1 or len(r["parts"]) == 1
        for p in r["parts"]
        if not p["reading"]
        and p["quoted"]
        and not weighing.vetoed(_findings(p), weights, p.get("quote", ""))
        and not _vetoed_by_rival(p, weights)
    ]


def fitted(records: list[dict], l2: float = L2) -> dict[str, float]:
    """Weights of ``logit`` and :data:`WEIGHED`; a finding fitted to count for a claim counts nothing
    instead (a finding is never evidence of support: weighed at 0, the rest refitted)."""
    names, neutral = ["logit", *WEIGHED], dict[str, float]()
    while True:
        rows = training(records, [*names, *neutral])
        w = fit_logistic([[vector(p).get(n, 0.0) for n in names] for p, _ in rows], [y for _, y in rows], l2)
        weights = dict(zip(["bias", *names], w, strict=True))
        up = {n: 0.0 for n in names[1:] if weights[n] > 0}
        if not up:
            return weights | neutral
        names, neutral = [n for n in names if n not in up], neutral | up


def rates(records: list[dict], decide: Any) -> str:
    t = [all(decide(p) for p in r["parts"]) for r in records if r["label"] == 1]
    f = [all(decide(p) for p in r["parts"]) for r in records if r["label"] == 0]
    return f"{_share(t)} / {_share(f)}"


def _share(passed: list[bool]) -> str:
    return f"{sum(passed) / max(1, len(passed)):.2f} ({sum(passed)}/{len(passed)})"


def _fold(r: dict, k: int, folds: int) -> bool:
    return int(hashlib.sha256(r["id"].encode()).hexdigest(), 16) % folds == k


CUTS = (0.6, 0.7, 0.75, 0.8, 0.818, 0.85, 0.9)


def chain_cut(weights: dict[str, float]) -> float:
    """The weighed threshold at which a claim without findings passes exactly as in the embedded chain."""
    return carried_threshold(EMBEDDED, tuple(weights.items()))


def fit(sets: list[str], folds: int = 5) -> None:
    """Weights fitted on ``sets``; true / false pass rates by cut, in-sample and cross-validated (by
    sentence), beside the chain's."""
    records = [r for r in load() if r["set"] in sets]
    weights = fitted(records)
    print(json.dumps(weights), f"chain's cut through them: {chain_cut(weights):.4f}")
    print(f"chain (today): {rates(records, chain)}")
    for which in ("v3dev", "v2cal", "v2test"):
        chosen = [r for r in load() if r["set"] == which]
        cut = chain_cut(weights)
        print(
            f"{which} at the chain's cut: chain {rates(chosen, chain)}, "
            f"weighed {rates(chosen, partial(weighed_pass, weights=weights, cut=cut))}"
        )
    held: dict[float, list[tuple[int, bool]]] = {cut: [] for cut in CUTS}
    for k in range(folds):
        w = fitted([r for r in records if not _fold(r, k, folds)])
        for cut in CUTS:
            held[cut] += [
                (r["label"], all(weighed_pass(p, w, cut) for p in r["parts"]))
                for r in records
                if _fold(r, k, folds)
            ]
    for cut in CUTS:
        t = [ok for y, ok in held[cut] if y == 1]
        f = [ok for y, ok in held[cut] if y == 0]
        print(
            f"cut {cut:.2f}: in-sample {rates(records, partial(weighed_pass, weights=weights, cut=cut))}"
            f"   cross-validated {sum(t) / len(t):.2f} / {sum(f) / len(f):.2f}"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("features")
    p.add_argument("--set", choices=["v3", "v2cal", "v2test"], required=True)
    p.add_argument("--missing", action="store_true", help="count what the tape lacks; ask nothing")
    p = sub.add_parser("fit")
    p.add_argument("--sets", default="v3dev,v2cal")
    args = parser.parse_args(argv)
    if args.command == "fit":
        fit(args.sets.split(","))
    else:
        features(args.set, args.missing)


if __name__ == "__main__":
    main()
