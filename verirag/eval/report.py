"""Aggregate evaluation records into a markdown table and a plot of citation F1 against tokens."""

from __future__ import annotations

from pathlib import Path
from statistics import mean
from typing import Sequence

from verirag.eval.metrics import f1

COLUMNS = ["system", "questions", "correctness", "citation recall", "citation precision", "citation F1",
           "evidence recall", "unverified sentences/q", "LLM calls/q", "tokens/q", "seconds/q"]


def summarize(records: Sequence[dict], systems: Sequence[str]) -> list[dict]:
    """One row per system (in the given order) with means over its questions."""
    rows = []
    for name in systems:
        rs = [r for r in records if r["system"] == name]
        if not rs:
            continue
        m = lambda key: mean(r["metrics"][key] for r in rs)  # noqa: E731
        evidence = [r["metrics"]["evidence_recall"] for r in rs if r["metrics"]["evidence_recall"] is not None]
        recall, precision = m("citation_recall"), m("citation_precision")
        rows.append({
            "system": name, "questions": len(rs), "correctness": m("correctness"),
            "citation recall": recall, "citation precision": precision, "citation F1": f1(recall, precision),
            "evidence recall": mean(evidence) if evidence else None,
            "unverified sentences/q": m("unverified_sentences"),
            "LLM calls/q": mean(r["cost"]["calls"] for r in rs),
            "tokens/q": mean(r["cost"]["input_tokens"] + r["cost"]["output_tokens"] for r in rs),
            "seconds/q": mean(r["cost"]["seconds"] for r in rs),
        })
    return rows


def _cell(value) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.1f}" if abs(value) >= 10 else f"{value:.3f}"
    return str(value)


def markdown_table(rows: Sequence[dict]) -> str:
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    lines += ["| " + " | ".join(_cell(row[c]) for c in COLUMNS) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def plot(rows: Sequence[dict], path: Path) -> Path:
    """Scatter of citation F1 (y) against tokens per question (x), one labelled point per system."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 4), dpi=120)
    for row in rows:
        ax.scatter(row["tokens/q"], row["citation F1"], s=40)
        ax.annotate(row["system"], (row["tokens/q"], row["citation F1"]), textcoords="offset points",
                    xytext=(5, 5), fontsize=9)
    ax.set_xlabel("tokens per question (prompt + completion)")
    ax.set_ylabel("citation F1 (ALCE)")
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlim(left=0)
    ax.grid(alpha=0.3)
    ax.set_title("Citation quality against cost")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


def write_report(records: Sequence[dict], systems: Sequence[str], out: Path) -> dict[str, Path]:
    rows = summarize(records, systems)
    table = out / "table.md"
    table.write_text(markdown_table(rows), encoding="utf-8")
    return {"table": table, "plot": plot(rows, out / "plot.png")}
