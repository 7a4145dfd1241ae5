from pathlib import Path

from verirag.diagram import block, readme_block

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_diagram_matches_the_graph():
    current = readme_block(README.read_text(encoding="utf-8"))
    assert current is not None, "README.md lost its graph markers"
    assert current == block(), "README diagram is stale: run python -m verirag.diagram --write"


def test_readme_first_screen_gives_the_two_commands():
    first_screen = "\n".join(README.read_text(encoding="utf-8").splitlines()[:25])
    assert "bash scripts/setup.sh" in first_screen and "bash scripts/test.sh" in first_screen
    ci = (README.parent / ".ci" / "run").read_text()
    assert "scripts/test.sh" in ci


def test_the_graph_is_drawn_as_an_image_with_every_node_placed(tmp_path):
    from verirag.diagram import ROWS, png
    from verirag.workflow import graph

    path = png(tmp_path / "graph.png")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert set(graph.get_graph().nodes) == {node for row in ROWS for node in row}  # none on a spare row


def test_the_defaults_are_the_ones_benchmarks_md_chose():
    """docs/benchmarks.md names each default its measurement chose (the selection, the end of an answer);
    Context's defaults are those."""
    import re

    from verirag import Context

    text = (README.parent / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    lines = dict(re.findall(r"^Chosen default ([a-z ]+): (.+)\.$", text, re.MULTILINE))
    assert {"selection", "end of an answer"} <= set(lines)
    chosen = dict(pair.strip("` ").split("=") for line in lines.values() for pair in line.split(","))
    assert {key: str(getattr(Context(), key)) for key in chosen} == chosen
