"""The verifier benchmark: claim/evidence pairs made from the shipped corpus alone, and how well each
support decision separates supported claims from contradicted and unsupported ones.

    .venv/bin/python benchmarks/verifier_benchmark.py make     # pairs.jsonl (seeded, no model)
    .venv/bin/python benchmarks/verifier_benchmark.py judge    # judgments.jsonl (the model; resumable)
    .venv/bin/python benchmarks/verifier_benchmark.py report   # the table of every decision compared

Pairs (``benchmarks/verifier/pairs.jsonl``), from seeded random lead paragraphs, never from the bench
questions. For each paragraph P one of its sentences S is the claim's source:

* supported / verbatim — S against P;
* supported / reworded — S rewritten without changing its facts (the copula inverted: "X is the capital
  of Y" → "The capital of Y is X"; a leading pronoun resolved to P's title; a trailing clause or a
  parenthesis dropped), against P;
* contradicted — S with one fact swapped (a year moved, a number changed, or a name replaced by the
  title of another corpus article of the same topic and kind that P does not mention), against P;
* unsupported — S against the best BM25 neighbour paragraph of another article that does not restate it
  (fewer than 70 % of S's content words).

Paragraphs are split 40/60 into a calibration part (where thresholds and calibration maps are fitted)
and a test part (where every figure of the report is measured), by a hash of the title.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
from pathlib import Path

from common import Lexical, apply_logistic, auc, ece, fit_logistic, frozen_sentences, logit, shipped_corpus

from verirag import calibration
from verirag.verify.lexicon import YEAR

ROOT = Path(__file__).resolve().parent
DATA = ROOT / "verifier"
PAIRS = DATA / "pairs.jsonl"
JUDGMENTS = DATA / "judgments.jsonl"


# -- making pairs -----------------------------------------------------------------------------------
_PRONOUNS = {
    "It": "{t}",
    "He": "{t}",
    "She": "{t}",
    "They": "{t}",
    "Its": "{t}'s",
    "His": "{t}'s",
    "Her": "{t}'s",
    "Their": "{t}'s",
}
_CLAUSE = re.compile(r",\s+(?:which|who|where|while|although|whereas|making|including|followed by)\b")
_INVERT = re.compile(
    r"^(?P<subj>[A-Z][^,;()]{1,60}?) (?P<verb>is|was|are|were) (?P<pred>the (?:[\w'-]+ ){0,4}?"
    r"(?:of|in|on|for) [^,;()]+?)(?P<end>[.,;]|$)"
)
_NUM = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?![\w.]*\d)")


def _clean(text: str) -> str:
    text = re.sub(r"\s+([,.;:])", r"\1", " ".join(text.split()))
    text = text.rstrip(" ,;:")
    return text if text.endswith((".", "!", "?")) else text + "."


def reworded(sentence: str, title: str, first: bool, rng: random.Random) -> tuple[str, str] | None:
    """One meaning-preserving rewrite of ``sentence`` (kind, text), or None when no rule applies."""
    options: list[tuple[str, str]] = []
    m = _INVERT.match(sentence)
    named = m and (
        m.group("subj").split()[0] == title.split()[0]
        or (m.group("subj").split()[0] in {"The", "A", "An"} and re.search(r" [A-Z]", m.group("subj")))
    )
    if (
        m
        and named
        and m.group("pred").split()[-1].lower() not in {"or", "and", "of", "in", "on", "for", "the", "a"}
    ):
        subj = m.group("subj")
        subj = subj[0].lower() + subj[1:] if subj.startswith(("The ", "A ", "An ")) else subj
        pred = m.group("pred")
        options.append(("inverted", _clean(f"{pred[0].upper()}{pred[1:]} {m.group('verb')} {subj}")))
    word = sentence.split()[0]
    if not first and word in _PRONOUNS:
        options.append(("pronoun resolved", _clean(_PRONOUNS[word].format(t=title) + sentence[len(word) :])))
    clause = _CLAUSE.search(sentence)
    if clause and len(sentence[: clause.start()].split()) >= 5:
        options.append(("clause dropped", _clean(sentence[: clause.start()])))
    if "(" in sentence:
        dropped = _clean(re.sub(r"\s+\([^()]*\)", "", sentence))  # "(UEFA)", not a formula's "(OH)"
        if dropped != sentence and len(dropped.split()) >= 5:
            options.append(("parenthesis dropped", dropped))
    options = [(k, t) for k, t in options if t != sentence and len(t.split()) >= 4]
    return rng.choice(options) if options else None


def _kind(description: str) -> str:
    words = re.sub(r"\([^)]*\)", "", description or "").lower().split()
    return words[-1] if words else ""


def swapped(
    sentence: str, paragraph: str, title: str, names: dict, rng: random.Random
) -> tuple[str, str] | None:
    """``sentence`` with one fact changed (kind, text) that ``paragraph`` does not state, or None."""
    options: list[tuple[str, str]] = []
    for m in YEAR.finditer(sentence):
        for _ in range(20):
            year = int(m.group()) + rng.choice([-1, 1]) * rng.randint(2, 60)
            if str(year) not in paragraph and year <= 2025:
                options.append(("year changed", sentence[: m.start()] + str(year) + sentence[m.end() :]))
                break
    for m in _NUM.finditer(sentence):
        if YEAR.fullmatch(m.group()):
            continue
        value = float(m.group().replace(",", ""))
        if value < 2:
            continue
        new = value * rng.choice([0.5, 0.6, 1.5, 2, 3]) + rng.choice([0, 1, 3])
        text = f"{int(new):,}" if "," in m.group() else (f"{new:.1f}" if "." in m.group() else str(int(new)))
        if text != m.group() and text.replace(",", "") not in paragraph.replace(",", ""):
            options.append(("number changed", sentence[: m.start()] + text + sentence[m.end() :]))
    for name, (topic, kind) in names["mentioned"](sentence):
        pool = [n for n in names["by_kind"].get((topic, kind), []) if n != name and n not in paragraph]
        if kind and len(pool) >= 3:
            other = rng.choice(sorted(pool))
            options.append(("name replaced", re.sub(rf"\b{re.escape(name)}\b", other, sentence, count=1)))
    kinds = sorted({k for k, _ in options})
    if not kinds:
        return None
    chosen = rng.choice(kinds)  # each kind of swap as likely as the others, whatever their counts
    return rng.choice([o for o in options if o[0] == chosen])


def _names(corpus: list[dict]):
    info = {d["title"]: (d.get("topic") or "", _kind(d.get("description", ""))) for d in corpus}
    usable = {t: v for t, v in info.items() if len(t) >= 4 and t[0].isupper() and "(" not in t}
    by_kind: dict = {}
    by_topic: dict = {}
    for title, (topic, kind) in usable.items():
        by_kind.setdefault((topic, kind), []).append(title)
        by_topic.setdefault(topic, []).append(title)
    by_first: dict = {}
    for title in usable:
        by_first.setdefault(title.split()[0], []).append(title)

    def mentioned(sentence: str) -> list[tuple[str, tuple[str, str]]]:
        """Corpus titles named in the sentence as a whole name (not inside a longer capitalised name)."""
        found = []
        for word in set(re.findall(r"\b[A-Z][\w'-]+", sentence)):
            for title in by_first.get(word, []):
                alone = rf"(?<![A-Z][\w'-] )(?<![\w'-])\b{re.escape(title)}\b(?! [A-Z])(?![\w'-])"
                if re.search(alone, sentence):
                    found.append((title, usable[title]))
        return sorted(found)

    return {"mentioned": mentioned, "by_kind": by_kind, "by_topic": by_topic}


def split_of(title: str) -> str:
    return "calibration" if int(hashlib.sha256(title.encode()).hexdigest(), 16) % 10 < 4 else "test"


def make(n: int, seed: int) -> None:

    from verirag.verify.lexicon import content_words

    corpus = shipped_corpus()
    names = _names(corpus)
    lexical = Lexical([f"{d['title']} {d['extract']}" for d in corpus])
    rng = random.Random(seed)
    order = list(range(len(corpus)))
    rng.shuffle(order)
    pairs: list[dict] = []
    made = 0
    for index in order:
        if made == n:
            break
        doc = corpus[index]
        title, text = doc["title"].strip(), doc["extract"]
        sentences = frozen_sentences(text)
        if not 2 <= len(sentences) <= 12 or not 40 <= len(text.split()) <= 260 or "\n\n" in text:
            continue
        candidates = [(i, s) for i, s in enumerate(sentences) if 6 <= len(s.split()) <= 40]
        rng.shuffle(candidates)
        for i, sentence in candidates:
            rewrite = reworded(sentence, title, i == 0, rng)
            swap = swapped(sentence, text, title, names, rng)
            if not rewrite or not swap:
                continue
            words = content_words(sentence) - content_words(title)
            neighbour = next(
                (
                    corpus[j]
                    for j in lexical.search(sentence, 12)
                    if corpus[j]["title"] != doc["title"]
                    and len(words & content_words(corpus[j]["extract"])) < 0.7 * len(words)
                ),
                None,
            )
            if neighbour is None:
                continue
            evidence = {"title": title, "text": text}
            other = {"title": neighbour["title"].strip(), "text": neighbour["extract"]}
            base = {"paragraph": title, "split": split_of(title), "source_sentence": sentence}
            word = sentence.split()[
                0
            ]  # judged against another paragraph, the claim must say whom it is about
            standalone = (
                _clean(_PRONOUNS[word].format(t=title) + sentence[len(word) :])
                if i > 0 and word in _PRONOUNS
                else sentence
            )
            for category, kind, claim, ev in (
                ("supported", "verbatim", sentence, evidence),
                ("supported", rewrite[0], rewrite[1], evidence),
                ("contradicted", swap[0], swap[1], evidence),
                ("unsupported", "neighbour paragraph", standalone, other),
            ):
                pairs.append(
                    {
                        "id": hashlib.sha256(f"{title}|{category}|{claim}".encode()).hexdigest()[:12],
                        **base,
                        "category": category,
                        "kind": kind,
                        "label": int(category == "supported"),
                        "claim": claim,
                        "evidence": ev,
                    }
                )
            made += 1
            break
    DATA.mkdir(exist_ok=True)
    with PAIRS.open("w", encoding="utf-8") as fh:
        for pair in pairs:
            fh.write(json.dumps(pair, ensure_ascii=False) + "\n")
    counts: dict = {}
    for p in pairs:
        counts[(p["split"], p["category"])] = counts.get((p["split"], p["category"]), 0) + 1
    print(f"{len(pairs)} pairs from {made} paragraphs -> {PAIRS}")
    for key in sorted(counts):
        print(f"  {key[0]:12s} {key[1]:13s} {counts[key]}")


# -- judging ----------------------------------------------------------------------------------------
def _features(model_name: str):
    """Feature name -> function(pair) -> (value, seconds): the raw judgments every decision is built from
    (the model is loaded at its first use: the zero-token features need none)."""
    import time

    from verirag.models import choice_probabilities, get_chat_model
    from verirag.verify.checks.key_terms import missing_terms
    from verirag.verify.evidence import quote_text, select_quote

    def model():
        return get_chat_model(model_name)

    from verirag.prompts import critiques, entailment
    from verirag.prompts.documents import render_documents

    def quoted(pair):
        ev = pair["evidence"]
        spans = select_quote(pair["claim"], ev["text"])
        return [{"title": ev["title"], "text": quote_text(ev["text"], spans)}] if spans else []

    def question(pair):
        return f"Tell me about {pair['paragraph']}."

    def timed(ask):
        def run(pair):
            started = time.perf_counter()
            value = ask(pair)
            return value, round(time.perf_counter() - started, 3)

        return run

    def issup(docs_of):
        def ask(pair):
            docs = docs_of(pair)
            if not docs:
                return None
            j = choice_probabilities(
                model(),
                critiques.support(docs, question(pair), pair["claim"]),
                ["Fully", "Partially", "No"],
                default="No",
            )
            return {k: round(v, 5) for k, v in j.probabilities.items()}

        return timed(ask)

    def yes(docs_of):
        def ask(pair):
            docs = docs_of(pair)
            if not docs:
                return None
            j = choice_probabilities(
                model(),
                entailment.messages(render_documents(docs), pair["claim"]),
                ["Yes", "No"],
                default="No",
            )
            return round(j.probabilities["Yes"], 5)

        return timed(ask)

    def paragraph(pair):
        return [pair["evidence"]]

    return {
        "guard_missing": timed(
            lambda p: missing_terms(p["claim"], f"{p['evidence']['title']}. {p['evidence']['text']}")
        ),
        "quote": timed(lambda p: select_quote(p["claim"], p["evidence"]["text"])),
        "issup_paragraph": issup(paragraph),
        "yes_paragraph": yes(paragraph),
        "issup_quote": issup(quoted),
        "yes_quote": yes(quoted),
    }


CONTENT_FREE = {
    "id": "content-free",
    "paragraph": "N/A",
    "claim": "N/A",
    "evidence": {"title": "N/A", "text": "N/A"},
}


def judge(model_name: str, names: list[str], limit: int | None, split: str | None = None) -> None:
    """Compute every missing (pair, feature) judgment; append each as one line (resumable)."""
    from verirag.jsonl import append_record, read_records

    pairs = [json.loads(line) for line in PAIRS.read_text(encoding="utf-8").splitlines()][: limit or None]
    pairs = [p for p in pairs if split is None or p["split"] == split]
    pairs.sort(key=lambda p: (p["evidence"]["title"], p["id"]))  # same evidence consecutively: prefix reuse
    done = {(r["id"], r["feature"]) for r in read_records(JUDGMENTS)}
    features = _features(model_name)
    for name in names or list(features):
        todo = [p for p in [CONTENT_FREE, *pairs] if (p["id"], name) not in done]
        for i, pair in enumerate(todo, 1):
            value, seconds = features[name](pair)
            append_record(
                JUDGMENTS,
                {"id": pair["id"], "feature": name, "value": value, "seconds": seconds, "model": model_name},
            )
            if i % 25 == 0 or i == len(todo):
                print(f"{name}: {i}/{len(todo)}", flush=True)


# -- reporting --------------------------------------------------------------------------------------
def choose_threshold(scores: list[float], pairs: list[dict], max_false_pass: float = 0.05) -> float:
    """The threshold with the best balanced accuracy among those passing at most ``max_false_pass`` of
    each negative category (contradicted, unsupported): :func:`verirag.calibration.choose_threshold`."""
    return calibration.choose_threshold(
        scores, [p["label"] for p in pairs], [p["category"] for p in pairs], max_false_pass
    )


def _rates(scores: list[float], pairs: list[dict], threshold: float) -> dict:
    rates = {}
    for category in ("supported", "contradicted", "unsupported"):
        chosen = [s for s, p in zip(scores, pairs, strict=False) if p["category"] == category]
        rates[category] = sum(s >= threshold for s in chosen) / len(chosen) if chosen else float("nan")
    negatives = [s for s, p in zip(scores, pairs, strict=False) if not p["label"]]
    reject = sum(s < threshold for s in negatives) / len(negatives)
    rates["balanced accuracy"] = (rates["supported"] + reject) / 2
    return rates


def _issup(v: dict | None) -> float:
    return 0.0 if v is None else v["Fully"] + 0.5 * v["Partially"]


def _contextual(v: dict | None, free: dict) -> float:
    """Contextual calibration: divide each grade by its content-free probability, renormalise."""
    if v is None:
        return 0.0
    scaled = {k: v[k] / max(free[k], 1e-6) for k in v}
    total = sum(scaled.values())
    return _issup({k: x / total for k, x in scaled.items()})


def decisions(free: dict) -> dict:
    """Decision name -> (features used, raw score function, calibrated by a logistic map?)."""

    def yes(feature):
        return lambda f: f[feature] if f[feature] is not None else 0.0

    guard = "guard_missing"
    table = {
        "ISSUP ≥ 0.5 (Self-RAG; before)": (
            (["issup_paragraph"]),
            lambda f: _issup(f["issup_paragraph"]),
            False,
        ),
        "ISSUP, contextual calibration": (
            (["issup_paragraph"]),
            lambda f: _contextual(f["issup_paragraph"], free["issup_paragraph"]),
            True,
        ),
        "ISSUP, fitted map": ((["issup_paragraph"]), lambda f: _issup(f["issup_paragraph"]), True),
        "Yes/No P(Yes), fitted map": ((["yes_paragraph"]), yes("yes_paragraph"), True),
        "ISSUP + Yes/No, fitted": ((["issup_paragraph", "yes_paragraph"]), None, True),
        "ISSUP on the quote, fitted": ((["issup_quote"]), lambda f: _issup(f["issup_quote"]), True),
        "Yes/No on the quote, fitted": ((["yes_quote"]), yes("yes_quote"), True),
        "ISSUP + Yes/No on the quote, fitted": ((["issup_quote", "yes_quote"]), None, True),
        "lexical guard alone": (([guard]), lambda f: float(not f[guard]), False),
    }
    for name in list(table):
        if name.startswith(("ISSUP", "Yes/No")) and "before" not in name:
            used, score, fitted = table[name]
            table[f"guard + {name}"] = ([guard, *used], score, fitted)
    return table


def report(out: Path | None) -> None:
    """Print (and optionally write) the table of every decision on the test split."""
    from statistics import mean

    from verirag.jsonl import read_records

    pairs = [json.loads(line) for line in PAIRS.read_text(encoding="utf-8").splitlines()]
    values: dict = {}
    seconds: dict = {}
    for r in read_records(JUDGMENTS):
        values.setdefault(r["id"], {})[r["feature"]] = r["value"]
        seconds.setdefault(r["feature"], []).append(r["seconds"])
    free = values.get("content-free", {})
    lines = [
        "| decision | supported pass | contradicted pass | unsupported pass | balanced acc. | ROC AUC | ECE "
        "| threshold | s/judgment |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    fitted_maps, unmeasured = {}, []
    for name, (used, score, fitted) in decisions(free).items():
        model_features = [u for u in used if u != "guard_missing"]
        ready = [p for p in pairs if all(u in values.get(p["id"], {}) for u in used)]
        if len(ready) < len(pairs) or any(u not in free for u in model_features):
            missing = sorted(
                {u for u in model_features if any(u not in values.get(p["id"], {}) for p in pairs)}
            )
            unmeasured.append(f"{name} ({', '.join(missing)}: {len(pairs) - len(ready)} pairs not judged)")
            continue
        feats = [values[p["id"]] for p in ready]

        def raw(f, score=score, model_features=model_features):
            if score is not None:
                return [logit(score(f))]
            return [
                logit(_issup(f[u])) if u.startswith("issup") else logit(f[u] or 0.0) for u in model_features
            ]

        guarded = "guard_missing" in used and model_features
        cal = [
            (f, p)
            for f, p in zip(feats, ready, strict=False)
            if p["split"] == "calibration" and not (guarded and f["guard_missing"])
        ]
        weights = fit_logistic([raw(f) for f, _ in cal], [p["label"] for _, p in cal]) if fitted else None

        def probability(f, weights=weights, raw=raw, guarded=guarded, score=score):
            if guarded and f["guard_missing"]:
                return 0.0
            if weights is not None:
                return apply_logistic(weights, raw(f))
            return score(f)

        probs = [probability(f) for f in feats]
        cal_idx = [i for i, p in enumerate(ready) if p["split"] == "calibration"]
        test_idx = [i for i, p in enumerate(ready) if p["split"] == "test"]
        if "before" in name:
            threshold = 0.5
        else:
            threshold = choose_threshold([probs[i] for i in cal_idx], [ready[i] for i in cal_idx])
        tp, tpairs = [probs[i] for i in test_idx], [ready[i] for i in test_idx]
        rates = _rates(tp, tpairs, threshold)
        positives = [s for s, p in zip(tp, tpairs, strict=False) if p["label"]]
        negatives = [s for s, p in zip(tp, tpairs, strict=False) if not p["label"]]
        cost = sum(mean(seconds[u]) for u in model_features)
        fitted_maps[name] = {"weights": weights, "threshold": threshold}
        lines.append(
            f"| {name} | {rates['supported']:.3f} | {rates['contradicted']:.3f} | {rates['unsupported']:.3f} "
            f"| {rates['balanced accuracy']:.3f} | {auc(positives, negatives):.3f} "
            f"| {ece(tp, [p['label'] for p in tpairs]):.3f} | {threshold:.3f} | {cost:.2f} |"
        )
    test = [p for p in pairs if p["split"] == "test"]
    header = (
        f"Verifier benchmark, test split: {len(test)} pairs ({sum(p['label'] for p in test)} supported, "
        f"{sum(p['category'] == 'contradicted' for p in test)} contradicted, "
        f"{sum(p['category'] == 'unsupported' for p in test)} unsupported); maps and thresholds fitted on "
        f"the calibration split ({len(pairs) - len(test)} pairs).\n"
    )
    text = header + "\n" + "\n".join(lines) + "\n"
    if unmeasured:
        text += "\nNot measured (run `judge --features NAME` first): " + "; ".join(unmeasured) + ".\n"
    print(text)
    for name, m in fitted_maps.items():
        if m["weights"]:
            print(f"{name}: weights {m['weights']} threshold {m['threshold']:.4f}")
    if out:
        out.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p_make = sub.add_parser("make", help="write pairs.jsonl from the corpus (no model)")
    p_make.add_argument("-n", type=int, default=150, help="paragraphs (4 pairs each)")
    p_make.add_argument("--seed", type=int, default=13)
    p_judge = sub.add_parser("judge", help="run the model on every pair (resumable)")
    p_judge.add_argument("--model", default="local")
    p_judge.add_argument("--features", default="", help="comma-separated; default: all")
    p_judge.add_argument("--limit", type=int, default=None)
    p_judge.add_argument("--split", choices=["calibration", "test"], default=None, help="only this split")
    p_report = sub.add_parser("report", help="the table of every decision on the test split")
    p_report.add_argument("--out", type=Path, default=DATA / "table.md")
    args = parser.parse_args(argv)
    if args.command == "make":
        make(args.n, args.seed)
    elif args.command == "judge":
        judge(args.model, [f for f in args.features.split(",") if f], args.limit, args.split)
    else:
        report(args.out)


if __name__ == "__main__":
    main()
