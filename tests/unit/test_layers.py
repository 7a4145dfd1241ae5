"""The package's layers point down (docs/architecture.md): every import inside verirag, at module level
or inside a function, goes to the same layer or a lower one; nothing under verirag.graph or
verirag.nodes reaches verirag.eval, even through other modules."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "verirag"

# lowest first; a module's layer is the first prefix that names it (docs/architecture.md)
LAYERS = [
    (
        "plain values",
        [
            "verirag.documents",
            "verirag.datasets",
            "verirag.errors",
            "verirag.paths",
            "verirag.registry",
            "verirag.jsonl",
            "verirag.usage",
            "verirag.refusal",
        ],
    ),
    (
        "text",
        [
            "verirag.text",
            "verirag.parsing",
            "verirag.answers",
            "verirag.citations",
            "verirag.withhold",
            "verirag.syntax",
        ],
    ),
    ("resources and prompts", ["verirag.stores", "verirag.models", "verirag.prompts"]),
    ("graph vocabulary", ["verirag.graph"]),
    ("support decision", ["verirag.calibration", "verirag.verify"]),
    ("critiques and plans", ["verirag.critiques", "verirag.beam", "verirag.plans"]),
    ("nodes", ["verirag.nodes"]),
    ("assembly", ["verirag.workflow", "verirag.diagram"]),
    (
        "users of the graph",
        [
            "verirag.api",
            "verirag.batch",
            "verirag.cli",
            "verirag.cluster",
            "verirag.checkpoints",
            "verirag.view",
            "verirag.web",
            "verirag.eval",
            "verirag.testing",
            "verirag",
        ],
    ),
]


def layer(module: str) -> int:
    for index, (_, prefixes) in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return index
    raise AssertionError(f"{module} is in no layer: add it to LAYERS and docs/architecture.md")


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def imports(path: Path) -> set[str]:
    """Every verirag module a file imports, anywhere in it ("from verirag.x import y" counts x.y when
    that is a module), with the packages whose ``__init__`` that import runs ("verirag.a.b" runs
    verirag/a/__init__.py; the package's face, verirag/__init__.py, is left out: it sits on top)."""
    names = set()
    known = modules()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names if a.name.startswith("verirag")}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("verirag"):
            names.add(node.module)
            names |= {f"{node.module}.{a.name}" for a in node.names if f"{node.module}.{a.name}" in known}
    parents = {".".join(n.split(".")[:i]) for n in names for i in range(2, n.count(".") + 1)}
    return names | {p for p in parents if p in known}


def test_every_import_points_down_or_sideways():
    upward = []
    for name, path in modules().items():
        if name == "verirag":
            continue  # the package's face re-exports the public API from above
        for target in imports(path):
            if target != "verirag" and layer(target) > layer(name):
                upward.append(
                    f"{name} ({LAYERS[layer(name)][0]}) imports {target} ({LAYERS[layer(target)][0]})"
                )
    assert not upward, "\n".join(sorted(upward))


def reached(start: str) -> set[str]:
    """Every verirag module ``start`` imports, directly or through others."""
    known = modules()
    seen: set[str] = set()
    todo = [start]
    while todo:
        current = todo.pop()
        if current in seen or current not in known:
            continue
        seen.add(current)
        todo += list(imports(known[current]))
    return seen


def test_nothing_under_graph_or_nodes_reaches_eval():
    for start in [n for n in modules() if n.startswith(("verirag.graph", "verirag.nodes"))]:
        assert not any(s.startswith("verirag.eval") for s in reached(start)), f"{start} reaches verirag.eval"


def test_the_run_time_users_never_reach_eval():
    """The API, batch, cluster, web page and view answer questions; the evaluation harness stands on them,
    not under them (the CLI's ``eval`` and ``calibrate`` commands import it inside those commands)."""
    for start in [
        "verirag.api",
        "verirag.batch",
        "verirag.cluster",
        "verirag.view",
        "verirag.web",
        "verirag.checkpoints",
    ]:
        assert not any(s.startswith("verirag.eval") for s in reached(start)), f"{start} reaches verirag.eval"


def test_the_checker_sees_an_upward_import(tmp_path):
    """The checks above would fail on a node importing the evaluation (the mistake they guard against)."""
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from verirag.eval.metrics import em_recall\n")
    assert "verirag.eval.metrics" in imports(bad)
    assert layer("verirag.eval.metrics") > layer("verirag.nodes.writing.generate_answer")


def test_every_module_imports_on_its_own_without_the_packages_face():
    """No import cycle hides behind verirag/__init__.py's order: in a fresh interpreter whose ``verirag``
    package runs no __init__, each module imports on its own (all verirag modules forgotten in between)."""
    script = f"""
import importlib, sys, types
names = {sorted(n for n in modules() if n != "verirag")!r}
failed = []
for name in names:
    for loaded in [m for m in sys.modules if m == "verirag" or m.startswith("verirag.")]:
        del sys.modules[loaded]
    face = types.ModuleType("verirag")
    face.__path__ = [{str(PACKAGE)!r}]
    sys.modules["verirag"] = face
    try:
        importlib.import_module(name)
    except Exception as exc:
        failed.append(f"{{name}}: {{type(exc).__name__}}: {{exc}}")
print("\\n".join(failed))
"""
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0 and not proc.stdout.strip(), proc.stdout + proc.stderr
