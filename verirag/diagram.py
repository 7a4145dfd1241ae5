"""Print the graph's mermaid diagram, or rewrite it in README.md: ``python -m verirag.diagram [--write]``.

The README's diagram sits between two markers; a test fails when it no longer matches the code.
"""

from __future__ import annotations

import sys
from pathlib import Path

BEGIN, END = "<!-- graph:begin -->", "<!-- graph:end -->"


def mermaid() -> str:
    from verirag.workflow import graph

    return graph.get_graph().draw_mermaid().strip()


def block() -> str:
    return f"{BEGIN}\n```mermaid\n{mermaid()}\n```\n{END}"


def readme_block(text: str) -> str | None:
    if BEGIN not in text or END not in text:
        return None
    return text[text.index(BEGIN):text.index(END) + len(END)]


def main() -> None:
    if "--write" in sys.argv:
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
