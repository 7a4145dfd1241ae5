"""In CI (``CI=true``) the property tests draw new examples on every run, print the seed they drew
from, and that seed replays the run (tests/hypothesis_ci.py)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROPERTY = """
import os
from hypothesis import given, settings, strategies as st

@settings(max_examples=20)
@given(st.integers(0, 10**12))
def test_draws(x):
    with open(os.environ["DRAWN"], "a") as out:
        out.write(f"{x}\\n")
"""


def run_in_ci(folder: Path, name: str, *args: str) -> tuple[str, list[str]]:
    """Run the property test as CI does; return the seed pytest printed and the values drawn."""
    drawn = folder / f"{name}.txt"
    env = {**os.environ, "CI": "true", "PYTHONPATH": str(ROOT), "DRAWN": str(drawn)}
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "tests.hypothesis_ci",
            "-p",
            "no:cacheprovider",
            str(folder / "test_property.py"),
            *args,
        ],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    seed = re.search(r"^hypothesis seed (\d+) \(replay: --hypothesis-seed=\1\)$", proc.stdout, re.M)
    assert seed, proc.stdout
    return seed.group(1), drawn.read_text().split()


def test_ci_runs_explore_new_examples_and_replay_from_the_printed_seed(tmp_path):
    (tmp_path / "test_property.py").write_text(PROPERTY)
    first_seed, first = run_in_ci(tmp_path, "first")
    second_seed, second = run_in_ci(tmp_path, "second")
    assert first_seed != second_seed and set(first) != set(second)  # not the same examples every run
    replay_seed, replay = run_in_ci(tmp_path, "replay", f"--hypothesis-seed={first_seed}")
    assert replay_seed == first_seed and replay == first
