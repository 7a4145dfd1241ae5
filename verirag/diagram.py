"""The graph drawn from the code: ``python -m verirag.diagram [--write | --png FILE]``.

The README's mermaid diagram sits between two markers; a test fails when it no longer matches the code.
:func:`png` draws the same graph as an image offline (matplotlib; mermaid's renderer needs the network):
retrieval nodes on the left, writing nodes on the right, conditional edges dashed.
"""

from __future__ import annotations

import sys
from pathlib import Path

BEGIN, END = "<!-- graph:begin -->", "<!-- graph:end -->"


def mermaid() -> str:
    """The compiled graph as mermaid text."""
    from verirag.workflow import graph

    return graph.get_graph().draw_mermaid().strip()


def block() -> str:
    """The README's diagram block: the mermaid graph between the two markers."""
    return f"{BEGIN}\n```mermaid\n{mermaid()}\n```\n{END}"


def readme_block(text: str) -> str | None:
    """The diagram block of a README text, markers included; ``None`` when a marker is missing."""
    if BEGIN not in text or END not in text:
        return None
    return text[text.index(BEGIN) : text.index(END) + len(END)]


STAGE_COLOURS = {"planning": "#fdf0d5", "retrieval": "#dbe9ff", "writing": "#e6f4e1", "": "#eeeeee"}
# rows of the drawing, top to bottom (a layout hint only: nodes and edges come from the compiled graph)
ROWS = [
    ["__start__"],
    ["start"],
    ["plan"],
    ["answer_part", "propose_members", "next_parts", "decide_retrieval"],
    ["retrieve", "missing_info_query"],
    ["judge_utility"],
    ["verify_retrieval"],
    ["generate_answer", "generate_sentence"],
    ["cite", "evidence_finder"],
    ["verify_citations", "verify_memory"],
    ["simplify_citations"],
    ["keep_sentence"],
    ["grounded_refusal"],
    ["critique_answer"],
    ["finalize", "compose_answer"],
    ["__end__"],
]


def png(path: str | Path) -> Path:
    """Draw the graph into a PNG file."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from verirag.workflow import graph

    drawn = graph.get_graph()
    edges = [(e.source, e.target, e.conditional) for e in drawn.edges]
    placed = {node for row in ROWS for node in row}
    rows = [[n for n in row if n in drawn.nodes] for row in ROWS]
    rows += [[n for n in drawn.nodes if n not in placed]]  # a node added since: drawn on the last row
    rows = [row for row in rows if row]
    position = {
        node: ((i + 1) / (len(row) + 1), -level)
        for level, row in enumerate(rows)
        for i, node in enumerate(row)
    }
    fig, ax = plt.subplots(figsize=(8, 0.6 * (len(rows) + 1)), dpi=120)
    for source, target, conditional in edges:
        (x0, y0), (x1, y1) = position[source], position[target]
        style = {
            "arrowstyle": "->",
            "color": "#777",
            "linestyle": "--" if conditional else "-",
            "connectionstyle": "arc3,rad=0.15" if y1 >= y0 else "arc3",
            "shrinkA": 12,
            "shrinkB": 12,
        }
        ax.annotate("", xy=(x1, y1), xytext=(x0, y0), arrowprops=style)
    for node, (x, y) in position.items():
        box = {"boxstyle": "round,pad=0.3", "facecolor": STAGE_COLOURS[_stage(node)], "edgecolor": "#999"}
        ax.text(x, y, node, ha="center", va="center", fontsize=8, bbox=box)
    ax.set_xlim(0, 1)
    ax.set_ylim(-len(rows) + 0.4, 0.6)
    ax.set_axis_off()
    ax.set_title(
        "verirag: planning (yellow), retrieval stage (blue), writing stage (green); "
        "dashed = conditional edge",
        fontsize=9,
    )
    fig.savefig(path, bbox_inches="tight")
    plt.close(fig)
    return Path(path)


def _stage(node: str) -> str:
    import importlib.util

    for stage in ("planning", "retrieval", "writing"):
        if importlib.util.find_spec(f"verirag.nodes.{stage}.{node}") is not None:
            return stage
    return ""


def main() -> None:
    """Print the block, ``--write`` it into the README, or draw it with ``--png FILE``."""
    if "--png" in sys.argv:
        print(png(sys.argv[sys.argv.index("--png") + 1]))
    elif "--write" in sys.argv:
        readme = Path(__file__).resolve().parents[1] / "README.md"
        text = readme.read_text(encoding="utf-8")
        current = readme_block(text)
        if current is None:
            raise SystemExit(f"{readme}: no {BEGIN} … {END} markers")
        readme.write_text(text.replace(current, block()), encoding="utf-8")
    else:
        print(block())


if __name__ == "__main__":
    main()
