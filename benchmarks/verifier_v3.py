"""Verifier benchmark v3: sentences written by models (never by templates), labelled by hand.

    .venv/bin/python benchmarks/verifier_v3.py restate --paragraphs 36   # the model restates, then falsifies
    .venv/bin/python benchmarks/verifier_v3.py collect                   # -> verifier_v3/sentences.jsonl
    .venv/bin/python benchmarks/verifier_v3.py judge --split dev [--checks-off a,b] [--name NAME]
    .venv/bin/python benchmarks/verifier_v3.py report                    # per source and kind, both halves
    .venv/bin/python benchmarks/verifier_v3.py ablation                  # per step: true lost, false caught

Sources: the writer's sentences on the dev questions (verified or not) and Vanilla's, from committed run
records; closed-book and Vanilla answers on a seeded sample of FanOutQA's TEST split and on shared/bench
(``verifier_v3/runs/``); the embedded model restating a corpus paragraph in its own words (compound,
comparison, inference, paraphrase, reformatted date or number, implied subject) and then changing one fact
of each restatement. ``labels.jsonl`` holds the hand labels (1 true / 0 false against the evidence, with a
one-line reason). The split is by the first evidence title (sha256): ``dev`` or ``sealed``; the sealed half
is pinned by ``tests/unit/test_verifier_v3.py`` and only scored, never read for ideas.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path

from langchain_core.language_models.chat_models import BaseChatModel

HERE = Path(__file__).resolve().parent
DATA = HERE / "verifier_v3"
RESTATED = DATA / "restated.jsonl"
SENTENCES = DATA / "sentences.jsonl"
LABELS = DATA / "labels.jsonl"
JUDGMENTS = DATA / "judgments.jsonl"
TAPE = DATA / "tape.jsonl.gz"
sys.path.append(str(HERE.parent))  # tests.replay: the tape of the model's replies
DOCS_BENCH = HERE.parent / "docs" / "bench"
# committed run records whose sentences are taken (the newest dev runs; Vanilla beside verirag)
RECORDS = (
    DOCS_BENCH / "single_hop_5d43955" / "results.jsonl",
    DOCS_BENCH / "unanswerable_6fd678b" / "results.jsonl",
    DOCS_BENCH / "multi_5d43955" / "results.jsonl",
    DATA / "runs" / "fanout_test" / "results.jsonl",  # read as .gz (verirag.jsonl)
    DATA / "runs" / "closed_book_dev" / "results.jsonl",
)
QUESTION_SETS = {  # a run's dataset name -> the kind of its Vanilla and closed-book sentences
    "single_hop_dev": "single-hop dev",
    "unanswerable_dev": "unanswerable dev",
    "unanswerable_first20": "unanswerable dev",
    "dev": "multi-answer dev",
    "fanout_test_sample": "FanOutQA test",
}
SOURCE_OF_SYSTEM = {"verirag": "verirag", "vanilla": "vanilla", "closed-book": "closed-book"}

# the embedded model, one small task per call (it copies or loops when asked for several kinds at once)
TASKS = {
    "paraphrase": "Say this sentence in other words, as one sentence that names its subject. Reply with the "
    "sentence only.\n\nSentence: {first}",
    "compound": "These two sentences come from a paragraph about {title}. Join them into one sentence that "
    "names its subject. Reply with the sentence only.\n\n{first} {second}",
    "changed": "Change exactly one fact in this sentence (a number, a date, a name or a place) so that it "
    "becomes false, and keep the rest. Reply with the changed sentence only.\n\nSentence: {first}",
}


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def split_of(title: str) -> str:
    """``dev`` or ``sealed``, by the first evidence title's sha256 (half and half)."""
    return "dev" if int(_sha(title)[:8], 16) % 2 == 0 else "sealed"


def _read(path: Path) -> list[dict]:
    from verirag.jsonl import read_records

    return read_records(path)


def _append(path: Path, record: dict) -> None:
    from verirag.jsonl import append_record

    append_record(path, record)


def paragraphs(count: int, seed: int = 51) -> list[dict]:
    """``count`` corpus paragraphs drawn at random (seeded), 60-200 words each."""
    sys.path.insert(0, str(HERE))
    from common import shipped_corpus

    corpus = [
        {"title": p["title"], "text": p["extract"]}
        for p in shipped_corpus()
        if 60 <= len(p["extract"].split()) <= 200
    ]
    corpus.sort(key=lambda p: p["title"])
    return random.Random(seed).sample(corpus, count)


def restate(count: int, model_name: str) -> None:
    """The embedded model paraphrases a paragraph's sentence, joins it with the next, and falsifies it
    (the first ``count`` drawn paragraphs; resumable)."""
    from langchain_core.messages import HumanMessage

    from verirag.models import get_chat_model
    from verirag.text import split_sentences

    done = {r["title"] for r in _read(RESTATED)}
    model = get_chat_model(model_name)
    for i, para in enumerate(paragraphs(count), 1):
        said = split_sentences(para["text"])
        if para["title"] in done or len(said) < 2:
            continue
        first = random.Random(para["title"]).randrange(len(said) - 1)
        fields = {"title": para["title"], "first": said[first], "second": said[first + 1]}
        started = time.perf_counter()
        written = {
            task: str(model.invoke([HumanMessage(prompt.format(**fields))], max_tokens=120).content)
            .strip()
            .strip('"')
            for task, prompt in TASKS.items()
        }
        _append(
            RESTATED,
            {
                **para,
                **fields,
                "model": model_name,
                "written": written,
                "seconds": round(time.perf_counter() - started, 1),
            },
        )
        print(f"{i}/{count} {para['title']}", flush=True)


def _evidence(record: dict, citations: list[str]) -> list[dict]:
    docs = record["output"].get("documents") or {}
    chosen = [docs[c] for c in citations if c in docs] or list(docs.values())[:2]
    return [{"title": d["title"], "text": d["text"]} for d in chosen]


def _retrieved(rows: list[dict]) -> dict[str, list[dict]]:
    """Per question, the first two documents any system of the records retrieved (for closed-book)."""
    found: dict[str, list[dict]] = {}
    for row in rows:
        docs = list((row["output"].get("documents") or {}).values())[:2]
        if docs and row["question"] not in found:
            found[row["question"]] = [{"title": d["title"], "text": d["text"]} for d in docs]
    return found


def _from_records() -> list[dict]:
    from verirag.refusal import is_refusal

    rows = [row for path in RECORDS for row in _read(path) if "output" in row]
    retrieved = _retrieved([r for r in rows if r["system"] != "closed-book"])
    out = []
    for row in rows:
        source = SOURCE_OF_SYSTEM.get(row["system"])
        if source is None:
            continue
        for sentence in row["output"]["sentences"]:
            text = sentence["text"].strip()
            if not text or is_refusal(text):
                continue
            if source == "closed-book":
                evidence = retrieved.get(row["question"], [])
            else:
                evidence = _evidence(row, sentence["citations"])
            if not evidence:
                continue
            kind = "verified" if sentence.get("verified_by") not in (None, "none") else "unverified"
            out.append(
                {
                    "source": source,
                    "kind": kind if source == "verirag" else QUESTION_SETS[row["dataset"]],
                    "question": row["question"],
                    "claim": text,
                    "evidence": evidence,
                }
            )
    return out


def _helper_sample() -> list[dict]:
    """Of the helper model's 6 true and 5 false sentences per paragraph (``written_*.jsonl``): 3 true, the
    kinds in turn (each kind in half the paragraphs), and 2 false drawn by the title (seeded)."""
    rows = [r for path in sorted(DATA.glob("written_*.jsonl")) for r in _read(path)]
    by_title: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        by_title[row["title"]].append(row)
    chosen = []
    for i, (title, written) in enumerate(sorted(by_title.items())):
        true = [r for r in written if r["intended"] == 1]
        false = [r for r in written if r["intended"] == 0]
        chosen += [true[(i + k) % len(true)] for k in (0, 2, 4)]
        chosen += random.Random(title).sample(false, 2)
    return chosen


def _from_restatements() -> list[dict]:
    out = []
    for row in _read(RESTATED):
        evidence = [{"title": row["title"], "text": row["text"]}]
        for task, text in row["written"].items():
            source = "changed (embedded)" if task == "changed" else "restatement (embedded)"
            out.append({"source": source, "kind": task, "claim": text, "evidence": evidence})
    texts = {p["title"]: p["text"] for p in paragraphs(48)}
    for row in _helper_sample():
        source = "restatement (helper)" if row["intended"] == 1 else "changed (helper)"
        kind = row["kind"].removeprefix("changed: ")
        evidence = [{"title": row["title"], "text": texts[row["title"]]}]
        out.append({"source": source, "kind": kind, "claim": row["claim"], "evidence": evidence})
    return out


def collect() -> int:
    """Every sentence of the sources, once per (claim, evidence), with its id and half."""
    seen: set[str] = set()
    rows = []
    for item in _from_records() + _from_restatements():
        key = _sha(item["claim"] + "\x00" + "\x00".join(d["title"] for d in item["evidence"]))[:12]
        if key in seen:
            continue
        seen.add(key)
        rows.append({"id": key, "split": split_of(item["evidence"][0]["title"]), **item})
    SENTENCES.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(Counter((r["split"], r["source"]) for r in rows))
    return len(rows)


def sentences(split: str | None = None, labelled: bool = True) -> list[dict]:
    """The benchmark's sentences (of one half), each with its hand label when ``labelled``."""
    labels = {r["id"]: r for r in _read(LABELS)}
    rows = [json.loads(line) for line in SENTENCES.read_text(encoding="utf-8").splitlines()]
    rows = [r for r in rows if split is None or r["split"] == split]
    if labelled:
        rows = [
            {**r, "label": labels[r["id"]]["label"]}
            for r in rows
            if labels.get(r["id"], {}).get("label") is not None
        ]
    return rows


def _taped_model(model_name: str) -> tuple[BaseChatModel, dict[str, dict]]:
    """The model behind a tape of its replies (``tape.jsonl.gz``): a prompt asked before is answered
    from the tape, so an ablation re-decides only what the switched-off step changed."""
    from tests.replay import taping
    from verirag.models import get_chat_model

    tape = _tape()
    return taping(get_chat_model(model_name), tape), tape


def _tape() -> dict[str, dict]:
    from tests.replay import read_tape

    return read_tape(TAPE) if TAPE.exists() else {}


def _save_tape(tape: dict[str, dict]) -> None:
    """The tape with this process's replies added to what is on disk (another judge may have added some)."""
    from tests.replay import write_tape

    tape.update({k: v for k, v in _tape().items() if k not in tape})
    write_tape(TAPE, tape)


def judge(
    split: str,
    name: str,
    checks_off: tuple[str, ...],
    model_name: str,
    scope: str = "",
    threshold: float | None = None,
) -> None:
    """Decide every sentence of ``split`` not yet judged under ``name`` (resumable). With ``scope``
    (a step's name), only the sentences that step decided under the default are decided again; the
    others keep the default's verdict (no other sentence can change when that step is off)."""
    from verirag import Context
    from verirag.stores import make_document
    from verirag.verify import decide

    records = _read(JUDGMENTS)
    done = {(r["id"], r["name"]) for r in records}
    default = {r["id"]: r for r in records if r["name"] == "default"}
    todo = [r for r in sentences(split, labelled=False) if (r["id"], name) not in done]
    todo.sort(key=lambda r: ([d["title"] for d in r["evidence"]], r["id"]))  # shared prefixes
    model, tape = _taped_model(model_name)
    context = Context(checks_off=checks_off, support_threshold=threshold)
    for i, row in enumerate(todo, 1):
        if scope and default[row["id"]]["decided_by"] != scope:
            _append(
                JUDGMENTS,
                {**default[row["id"]], "name": name, "checks_off": list(checks_off), "copied": True},
            )
            continue
        docs = [make_document(d["title"], d["text"]) for d in row["evidence"]]
        started = time.perf_counter()
        question = row.get("question") or f"Tell me about {docs[0]['title']}."
        (check,) = decide(model, [(docs, row["claim"])], question, context)
        _append(
            JUDGMENTS,
            {
                "id": row["id"],
                "name": name,
                "checks_off": list(checks_off),
                "model": model_name,
                "probability": round(check.probability, 5),
                "passed": check.passed,
                "decided_by": check.decided_by,
                "missing": check.missing,
                "calls": len(check.replies),
                "seconds": round(time.perf_counter() - started, 3),
            },
        )
        if i % 25 == 0 or i == len(todo):
            _save_tape(tape)
            print(f"{name} {split}: {i}/{len(todo)}", flush=True)
    _save_tape(tape)


def ablate(split: str, model_name: str) -> None:
    """Each step that decided a sentence of ``split`` under the default, switched off in turn."""
    from verirag.verify import SWITCHES

    steps = Counter(r["decided_by"] for r in _read(JUDGMENTS) if r["name"] == "default")
    for step in SWITCHES:
        if steps.get(step):
            judge(split, f"off:{step}", (step,), model_name, scope=step)


def _rate(passed: list[bool]) -> str:
    return f"{sum(passed) / len(passed):.2f} ({sum(passed)}/{len(passed)})" if passed else "-"


def report(names: Sequence[str] = ("default",), kinds: bool = True) -> str:
    """Per half, source (and kind): the share of true sentences that pass and of false ones that pass,
    one pair of columns per decision."""
    records = _read(JUDGMENTS)
    verdicts = {n: {r["id"]: r["passed"] for r in records if r["name"] == n} for n in names}
    head = "| half | source | kind | true | false | " + " | ".join(
        f"`{n}`: true pass | `{n}`: false pass" for n in names
    )
    lines = [head + " |", "|---" * (5 + 2 * len(names)) + "|"]
    for split in ("dev", "sealed"):
        groups: dict[tuple[str, str], list[dict]] = defaultdict(list)
        for row in sentences(split):
            groups[("all", "")].append(row)
            groups[(row["source"], "")].append(row)
            if kinds:
                groups[(row["source"], row["kind"])].append(row)
        for (source, kind), members in sorted(groups.items(), key=lambda g: (g[0][0] != "all", g[0])):
            cells = []
            for n in names:
                judged = [r for r in members if r["id"] in verdicts[n]]
                cells += [
                    _rate([verdicts[n][r["id"]] for r in judged if r["label"] == label]) for label in (1, 0)
                ]
            true = sum(r["label"] == 1 for r in members)
            lines.append(
                f"| {split} | {source} | {kind} | {true} | {len(members) - true} | "
                + " | ".join(cells)
                + " |"
            )
    return "\n".join(lines)


def ablation(base: str = "default") -> str:
    """Per switched-off step: the verdicts it alone decided. A guard check or the model alone rejects (the
    sentence passes without it); a reading alone passes (the sentence fails without it)."""
    records = _read(JUDGMENTS)
    names = sorted({r["name"] for r in records if r["name"].startswith("off:")})
    by_name = {n: {r["id"]: r["passed"] for r in records if r["name"] == n} for n in [base, *names]}
    lines = [
        "| step off | half | true it alone rejected | false it alone caught | true it alone passed "
        "| false it alone passed | right − wrong |",
        "|---|---|---|---|---|---|---|",
    ]
    for name in names:
        for split in ("dev", "sealed"):
            off, on = by_name[name], by_name[base]
            rows = [r for r in sentences(split) if r["id"] in off and r["id"] in on]
            counts = Counter(
                (r["label"], "rejected" if off[r["id"]] else "passed")
                for r in rows
                if off[r["id"]] != on[r["id"]]
            )
            net = (
                counts[(0, "rejected")]
                + counts[(1, "passed")]
                - counts[(1, "rejected")]
                - counts[(0, "passed")]
            )
            lines.append(
                f"| {name[4:]} | {split} | {counts[(1, 'rejected')]} | {counts[(0, 'rejected')]} | "
                f"{counts[(1, 'passed')]} | {counts[(0, 'passed')]} | {net:+d} |"
            )
    return "\n".join(lines)


def errors(name: str = "default") -> str:
    """The DEV half's wrong verdicts under ``name`` (the sealed half's are never listed)."""
    verdicts = {r["id"]: r for r in _read(JUDGMENTS) if r["name"] == name}
    lines = []
    for row in sentences("dev"):
        verdict = verdicts.get(row["id"])
        if verdict is None or verdict["passed"] == bool(row["label"]):
            continue
        wrong = "true failed" if row["label"] else "false passed"
        lines.append(
            f"{wrong} | {verdict['decided_by']} {verdict['missing']} P={verdict['probability']} | "
            f"{row['source']}/{row['kind']} | {row['claim']} || {row['evidence'][0]['title']}"
        )
    return "\n".join(sorted(lines))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p_restate = sub.add_parser("restate", help="the embedded model restates and falsifies drawn sentences")
    p_restate.add_argument("--paragraphs", type=int, default=48)
    p_restate.add_argument("--model", default="local")
    sub.add_parser("collect", help="write sentences.jsonl from every source")
    p_judge = sub.add_parser("judge", help="decide the labelled sentences of one half (resumable)")
    p_judge.add_argument("--split", choices=["dev", "sealed"], required=True)
    p_judge.add_argument("--checks-off", default="", help="steps switched off, comma-separated")
    p_judge.add_argument("--name", default=None, help="records' name (default: 'default' or 'off:<steps>')")
    p_judge.add_argument("--model", default="local")
    p_judge.add_argument("--scope", default="", help="re-decide only what this step decided under `default`")
    p_judge.add_argument(
        "--threshold", type=float, default=None, help="P(supported) to pass (default: the model's)"
    )
    p_report = sub.add_parser("report", help="the per-source table")
    p_report.add_argument("--names", default="default", help="decisions compared, comma-separated")
    p_report.add_argument("--sources", action="store_true", help="per source only (no kinds)")
    p_ablate = sub.add_parser("ablate", help="judge again with each deciding step off (from the tape)")
    p_ablate.add_argument("--split", choices=["dev", "sealed"], required=True)
    p_ablate.add_argument("--model", default="local")
    sub.add_parser("ablation", help="per switched-off step, what it alone decided")
    p_errors = sub.add_parser("errors", help="the dev half's wrong verdicts (never the sealed half's)")
    p_errors.add_argument("--name", default="default")
    args = parser.parse_args(argv)
    if args.command == "restate":
        restate(args.paragraphs, args.model)
    elif args.command == "collect":
        print(collect(), "sentences")
    elif args.command == "judge":
        off = tuple(s.strip() for s in args.checks_off.split(",") if s.strip())
        name = args.name or ("off:" + ",".join(off) if off else "default")
        judge(args.split, name, off, args.model, args.scope, args.threshold)
    elif args.command == "ablate":
        ablate(args.split, args.model)
    elif args.command == "report":
        print(report(args.names.split(","), kinds=not args.sources))
    elif args.command == "errors":
        print(errors(args.name))
    else:
        print(ablation())


if __name__ == "__main__":
    main()
