"""Wall time of the real CLI, `verirag ask`, over the first N questions of a dataset (run by hand).

    .venv/bin/python benchmarks/ask_wall_time.py ../shared/bench/single_hop_dev.json -n 5 \
        [-- --system vanilla]

Prints each answer with its time, then a table with the median. Process start, model load and store
open are included, as a user would see them.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from verirag.datasets import load_dataset


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("dataset", type=Path)
    parser.add_argument("-n", type=int, default=5)
    parser.add_argument("ask_args", nargs="*", help="extra arguments for verirag ask (after --)")
    args = parser.parse_args()
    console = Console()
    verirag = str(Path(sys.executable).with_name("verirag"))
    table = Table("question", "seconds", "verified", "answer")
    times = []
    for item in load_dataset(args.dataset)[: args.n]:
        started = time.perf_counter()
        proc = subprocess.run(
            [verirag, "ask", item.question, "--json", *args.ask_args],
            capture_output=True,
            text=True,
            check=False,
        )
        seconds = time.perf_counter() - started
        if proc.returncode != 0:
            console.print(f"[red]failed[/] {item.question}: {proc.stderr.strip()}")
            continue
        result = json.loads(proc.stdout)
        times.append(seconds)
        verified = sum(s["verified_by"] != "none" for s in result["sentences"])
        table.add_row(
            item.question, f"{seconds:.1f}", f"{verified}/{len(result['sentences'])}", result["answer"]
        )
    console.print(table)
    if times:
        console.print(f"median {statistics.median(times):.1f} s over {len(times)} question(s)")


if __name__ == "__main__":
    main()
