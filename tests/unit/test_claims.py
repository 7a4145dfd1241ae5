"""docs/claims.md names, for every behaviour README.md and docs/ present as working, the test that holds
it: every named test must exist, in a folder CI runs; and README.md and docs/ must not name a test, a test
file or a benchmark script that does not exist."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CLAIMS = ROOT / "docs" / "claims.md"
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
REFERENCE = re.compile(r"`(tests/[\w/]+\.py)::(test_\w+)`")
CI_RUNS = ("tests/unit/", "tests/integration/")  # scripts/test.sh: pytest tests/unit, then tests/integration
WITHOUT_A_TEST = ("measured: ", "not run", "not tested")  # figures, and what cannot run on these machines


@cache
def defined_tests(path: Path) -> frozenset[str]:
    """The test functions a module defines (parsed, not imported: a test inside a string is not one)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    functions = (node for node in tree.body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef))
    return frozenset(node.name for node in functions if node.name.startswith("test_"))


def claim_rows() -> list[tuple[str, str]]:
    """(claim, evidence) of every row of the tables in docs/claims.md."""
    rows = []
    for line in CLAIMS.read_text(encoding="utf-8").splitlines():
        if line.startswith("| ") and not line.startswith("| claim |"):
            claim, evidence = (cell.strip() for cell in line.strip().strip("|").split(" | "))
            rows.append((claim, evidence))
    return rows


def test_every_claim_names_a_test_or_says_why_it_has_none():
    rows = claim_rows()
    assert len(rows) >= 100
    unsupported = [
        claim
        for claim, evidence in rows
        if not REFERENCE.search(evidence) and not evidence.startswith(WITHOUT_A_TEST)
    ]
    assert unsupported == []


def test_every_test_the_claims_name_exists_where_ci_runs_it():
    references = REFERENCE.findall(CLAIMS.read_text(encoding="utf-8"))
    missing = [
        f"{file}::{name}"
        for file, name in references
        if not file.startswith(CI_RUNS)
        or not (ROOT / file).is_file()
        or name not in defined_tests(ROOT / file)
    ]
    assert references and missing == []


def test_the_readme_and_docs_name_only_tests_files_and_scripts_that_exist():
    every_test = frozenset().union(*(defined_tests(path) for path in (ROOT / "tests").rglob("test_*.py")))
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        named = set(re.findall(r"`(test_\w+)`", text))
        assert named <= every_test, (doc.name, sorted(named - every_test))
        # (a path after "REV:" is in git history, e.g. `git show 1570461^:benchmarks/old.py`)
        paths = set(
            re.findall(r"(?<![\w/:])((?:tests|benchmarks|scripts)/[\w/.-]+\.(?:py|sh|jsonl)(?:\.gz)?)", text)
        )
        assert all((ROOT / path).is_file() for path in paths), (
            doc.name,
            sorted(path for path in paths if not (ROOT / path).is_file()),
        )
