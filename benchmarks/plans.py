"""Which questions the planner splits, per dataset (rules only, no model): a question it leaves whole
runs the graph unchanged, so on a set it never splits, the planner costs nothing but its one step.

    .venv/bin/python benchmarks/plans.py ../shared/bench/single_hop_dev.json \\
        ../shared/bench/unanswerable_dev.json ../shared/bench/multi_answer_dev.json \\
        benchmarks/multi_answer/dev.json
"""

from __future__ import annotations

import sys

from verirag.datasets import load_dataset
from verirag.plans import plan


def main() -> None:
    for path in sys.argv[1:]:
        items = load_dataset(path)
        split = [(item.question, plan(item.question)) for item in items]
        split = [(q, p) for q, p in split if len(p) > 1]
        print(f"{path}: {len(split)} of {len(items)} questions split")
        for question, parts in split:
            print(f"  {question}")
            for part in parts:
                after = part.depends_on
                wait = f" (for each member of part {after + 1})" if after is not None else ""
                print(f"    - {part.question}{wait}")


if __name__ == "__main__":
    main()
