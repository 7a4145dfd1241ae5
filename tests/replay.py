"""The support decision replayed: its verdicts on the verifier benchmarks' pairs, recorded once and held.

Two kinds of model answer the decision's questions here, so a replay needs no llama.cpp:

* a *tape* of the embedded model's own replies, keyed by the prompt (recorded with ``record``): a fixed
  sample of v1 and v2 pairs is decided as the real model decided it, and a prompt the tape does not hold
  fails the replay (the decision asked something it did not ask before);
* a *synthetic* judge whose P(Yes) and blank fills are a hash of the prompt: every pair of both benchmarks
  goes through the whole decision (readings, guard, judgment, contrast, slots, rewrites) in seconds.

    .venv/bin/python -m tests.replay record   # the tape, with the embedded model (about 5 minutes)
    .venv/bin/python -m tests.replay expect   # the verdicts both models give today (about 5 minutes)

``tests/unit/test_replay.py`` holds today's decision to the verdicts expected, byte for byte.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage

from verirag import Context
from verirag.documents import Document, make_document
from verirag.testing import ScriptedChatModel, judgment_reply

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data" / "replay"
TAPE = DATA / "tape.jsonl.gz"
EXPECTED = DATA / "verdicts.jsonl.gz"
BENCHMARKS = {
    "v1": ROOT / "benchmarks" / "verifier" / "pairs.jsonl",
    "v2": ROOT / "benchmarks" / "verifier_v2" / "pairs.jsonl",
}
TAPE_SAMPLE = 40  # pairs of each benchmark the real model decides (every kind, in turn)
# the decisions replayed: Context fields over the default
DECISIONS: dict[str, dict[str, Any]] = {
    "default": {},
    "atoms": {"atomic_claims": True},
    "contrast": {"contrast_check": True},
    "bare": {"slot_check": False, "subject_check": False},
    "issup": {"support_decision": "issup"},
}
TAPE_DECISIONS = ("default", "atoms")


def key(messages: list[BaseMessage], kwargs: dict[str, Any]) -> str:
    """The prompt's key: its messages and the call's arguments, hashed."""
    text = json.dumps([[m.type, m.text] for m in messages] + [sorted(kwargs.items())], ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def _stamped(reply: AIMessage, prompt: str) -> AIMessage:
    reply.response_metadata["prompt"] = prompt
    return reply


def synthetic(messages: list[BaseMessage], kwargs: dict[str, Any]) -> str | AIMessage:
    """A judge with no model: P(Yes) from the prompt's hash; a blank filled with a name of the passage."""
    prompt = key(messages, kwargs)
    h = int(prompt, 16)
    if kwargs.get("logprobs"):
        return _stamped(judgment_reply(0.35 + 0.65 * (h % 1000) / 1000), prompt)
    passage = messages[-1].text.rsplit("</documents>", 1)[0]
    names = [w.strip(".,;:()'\"") for w in passage.split() if w[:1].isupper() and len(w) > 3]
    text = "unknown" if not names or h % 5 == 0 else names[h % len(names)]
    return _stamped(AIMessage(content=text), prompt)


def taped(tape: dict[str, dict]) -> Callable[[list[BaseMessage], dict[str, Any]], AIMessage]:
    """A responder that replays the recorded reply of each prompt (KeyError: a prompt never recorded)."""

    def respond(messages: list[BaseMessage], kwargs: dict[str, Any]) -> AIMessage:
        prompt = key(messages, kwargs)
        if prompt not in tape:
            raise KeyError(f"the tape holds no reply to prompt {prompt}: {messages[-1].text[-200:]!r}")
        found = tape[prompt]
        return _stamped(
            AIMessage(content=found["content"], response_metadata=json.loads(json.dumps(found["metadata"]))),
            prompt,
        )

    return respond


def pairs(benchmark: str) -> list[dict]:
    """The benchmark's pairs, in file order."""
    return [json.loads(line) for line in BENCHMARKS[benchmark].read_text(encoding="utf-8").splitlines()]


def sample(benchmark: str, size: int = TAPE_SAMPLE) -> list[dict]:
    """A fixed sample of ``size`` pairs: the kinds taken in turn, each kind's pairs in file order."""
    by_kind: dict[str, list[dict]] = {}
    for pair in pairs(benchmark):
        by_kind.setdefault(str(pair.get("kind", pair.get("category", ""))), []).append(pair)
    out: list[dict] = []
    while len(out) < size and any(by_kind.values()):
        for kind in sorted(by_kind):
            if by_kind[kind] and len(out) < size:
                out.append(by_kind[kind].pop(0))
    return out


def documents(pair: dict) -> list[Document]:
    """The pair's evidence as documents (v1: one paragraph; v2: one or two)."""
    evidence = pair["evidence"] if isinstance(pair["evidence"], list) else [pair["evidence"]]
    return [make_document(d["title"], d["text"]) for d in evidence]


def _support(check: Any) -> dict:
    """A support decision as plain data: every field a caller reads, the replies as the prompts asked."""
    return {
        "probability": repr(check.probability),
        "passed": check.passed,
        "quotes": [q.as_dict() for q in check.quotes],
        "missing": list(check.missing),
        "rival": check.rival,
        "corrected": check.corrected,
        "judgment": check.judgment.probabilities if check.judgment else None,
        "atoms": [[atom, _support(s)] for atom, s in check.atoms],
        "asked": sorted(m.response_metadata["prompt"] for m in check.replies),
    }


def verdicts(model: ScriptedChatModel, chosen: list[dict], decisions: tuple[str, ...]) -> Iterator[dict]:
    """Each pair decided under each decision: the check, the writing stage's judgment, the minimal quote."""
    from verirag.verify import decide, judge_draft, minimal_quotes

    for pair in chosen:
        docs = documents(pair)
        question = f"Tell me about {docs[0]['title']}."
        for name in decisions:
            ctx = replace(Context(model="local"), **DECISIONS[name])
            (check,) = decide(model, [(docs, pair["claim"])], question, ctx)
            drafted, replies, fields = judge_draft(model, docs, pair["claim"], question, ctx)
            record = {
                "id": pair["id"],
                "decision": name,
                "check": _support(check),
                "draft": _support(drafted),
                "draft_asked": sorted(m.response_metadata["prompt"] for m in replies),
                "fields": {k: v for k, v in fields.items() if k != "atoms"},
            }
            if check.passed and name == "default":
                quotes, asked = minimal_quotes(model, docs, pair["claim"], check.quotes, question, ctx)
                record["minimal"] = [q.as_dict() for q in quotes]
                record["minimal_asked"] = [_support(c) for c in asked]
            yield record


def read_tape(path: Path = TAPE) -> dict[str, dict]:
    """The recorded replies, by prompt key."""
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return {r["key"]: r for r in map(json.loads, f)}


def read_expected() -> list[dict]:
    """The verdicts recorded by ``expect``."""
    with gzip.open(EXPECTED, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def replayed(every: int = 1) -> Iterator[dict]:
    """The verdicts today's decision gives: the tape's sample, then every ``every``-th pair of each
    benchmark under the synthetic judge."""
    tape = ScriptedChatModel(respond=taped(read_tape()))
    for benchmark in BENCHMARKS:
        for record in verdicts(tape, sample(benchmark), TAPE_DECISIONS):
            yield {"model": "tape", "benchmark": benchmark, **record}
    judge = ScriptedChatModel(respond=synthetic)
    for benchmark in BENCHMARKS:
        for record in verdicts(judge, pairs(benchmark)[::every], tuple(DECISIONS)):
            yield {"model": "synthetic", "benchmark": benchmark, **record}


def record() -> None:
    """Decide the tape's sample with the embedded model, keeping each prompt's reply (a prompt already
    on the tape is not asked again: a change of the decision adds only the prompts it asks anew)."""
    from verirag.models import get_chat_model

    tape: dict[str, dict] = read_tape() if TAPE.exists() else {}
    model = taping(get_chat_model("local"), tape)
    for benchmark in BENCHMARKS:
        for i, _ in enumerate(verdicts(model, sample(benchmark), TAPE_DECISIONS), 1):
            print(f"{benchmark}: {i} verdicts, {len(tape)} prompts", file=sys.stderr, flush=True)
    DATA.mkdir(parents=True, exist_ok=True)
    write_tape(TAPE, tape)


def expect() -> None:
    """Write the verdicts today's decision gives, for the replay test to hold."""
    lines = [json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n" for r in replayed()]
    with gzip.GzipFile(EXPECTED, "wb", mtime=0) as f:
        f.write("".join(lines).encode())
    print(f"{len(lines)} verdicts -> {EXPECTED.relative_to(ROOT)}")


# -- a dev run recorded, and replayed on other code --------------------------------------------------------
DEV_SETS = ("single_hop_dev.json", "unanswerable_dev.json")  # in ../shared/bench; the multi-answer set beside


def taping(real: Any, tape: dict[str, dict]) -> ScriptedChatModel:
    """A chat model that asks ``real`` once per prompt and keeps its whole reply in ``tape``."""

    def respond(messages: list[BaseMessage], kwargs: dict[str, Any]) -> AIMessage:
        prompt = key(messages, kwargs)
        if prompt not in tape:
            reply = real.invoke(messages, **kwargs)
            tape[prompt] = {
                "key": prompt,
                "content": reply.text,
                "metadata": json.loads(json.dumps(reply.response_metadata, default=str)),
                "usage": dict(reply.usage_metadata or {}),
            }
        return _stamped(from_tape(tape[prompt]), prompt)

    return ScriptedChatModel(respond=respond)


def from_tape(found: dict) -> AIMessage:
    return AIMessage(
        content=found["content"],
        response_metadata=json.loads(json.dumps(found["metadata"])),
        usage_metadata=found.get("usage") or None,
    )


def dev_run(out: Path, datasets: list[Path], limit: int, tape_path: Path, record: bool) -> None:
    """verirag on the first ``limit`` questions of each dataset, its model's replies recorded to (or, with
    ``record`` off, replayed from) ``tape_path``: the same code answers the same, other code is held to it."""
    from verirag.eval.runner import evaluate
    from verirag.models import get_chat_model, register_model

    tape = {} if record else read_tape(tape_path)

    def replay(messages: list[BaseMessage], kwargs: dict[str, Any]) -> AIMessage:
        return from_tape(tape[key(messages, kwargs)])

    model = taping(get_chat_model("local"), tape) if record else ScriptedChatModel(respond=replay)
    register_model("local", model)
    evaluate(datasets, ["verirag"], out, limit=limit)
    if record:
        write_tape(tape_path, tape)


def write_tape(path: Path, tape: dict[str, dict]) -> None:
    with gzip.GzipFile(path, "wb", mtime=0) as sink:
        sink.write("".join(json.dumps(tape[k], sort_keys=True) + "\n" for k in sorted(tape)).encode())


ADDED = {"decided_by", "found", "checks_off"}  # fields verirag/verify added to the contract and Context


def same_runs(before: Path, after: Path) -> list[str]:
    """The questions whose answer, sentences, calls or tokens differ between two runs' records (the fields
    :data:`ADDED` aside)."""
    from verirag.jsonl import read_records

    def without_added(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: without_added(v) for k, v in value.items() if k not in ADDED}
        return [without_added(v) for v in value] if isinstance(value, list) else value

    def kept(record: dict) -> str:
        output = without_added(json.loads(json.dumps(record["output"])))
        usage = output.pop("usage", {})
        per_node = {
            node: {k: v for k, v in spent.items() if "second" not in k}
            for node, spent in usage["per_node"].items()
        }
        return json.dumps([record["id"], record.get("scores"), output, per_node], sort_keys=True)

    def records(path: Path) -> list[dict]:  # a run's folder, or its results file
        return read_records(path / "results.jsonl" if path.is_dir() else path)

    old, new = ({r["id"]: kept(r) for r in records(p)} for p in (before, after))
    return [i for i in old if new.get(i) != old[i]] + [i for i in new if i not in old]


if __name__ == "__main__":
    command = sys.argv[1]
    if command in ("record", "expect"):
        {"record": record, "expect": expect}[command]()
    else:  # dev-record|dev-replay OUT TAPE LIMIT DATASET..., or dev-compare BEFORE AFTER
        if command == "dev-compare":
            differ = same_runs(Path(sys.argv[2]), Path(sys.argv[3]))
            print(f"{len(differ)} questions differ: {differ}")
            sys.exit(1 if differ else 0)
        out, tape_path, limit, *sets = sys.argv[2:]
        dev_run(Path(out), [Path(s) for s in sets], int(limit), Path(tape_path), command == "dev-record")
