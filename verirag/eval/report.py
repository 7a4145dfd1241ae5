"""Aggregate evaluation records into a markdown table and a plot of citation F1 against tokens."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from statistics import mean, median

from verirag.eval.metrics import f1

COLUMNS = [
    "system",
    "questions",
    "correctness",
    "citation recall",
    "citation precision",
    "citation F1",
    "verified share",
    "verified precision",
    "refusal rate",
    "over-refusal",
    "gold in verified",
    "evidence trials/q",
    "LLM calls/q",
    "evaluated tokens/q",
    "median s",
    "p90 s",
    "median s to 1st verified",
]
NOTES = """Columns: correctness = ALCE str-em recall of the gold answers (markers removed; – on unanswerable
questions); citation recall/precision/F1 = ALCE AutoAIS with the evaluation judge; verified share = kept
sentences verified by the system; verified precision = verified sentences the judge entails from their
citations; refusal rate = answers that say the documents do not answer (wholly or in part);
over-refusal = answers that are only a refusal although the question is answerable; gold in verified =
questions where an answer the documents do not contain appears in a verified sentence (must be 0);
evaluated tokens = prompt tokens not reused from the cache + completion tokens; s to 1st verified = from
the question to the first verified sentence on the custom stream (questions with one).
"""


def _mean(values: list) -> float | None:
    values = [v for v in values if v is not None]
    return mean(values) if values else None


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def summarize(records: Sequence[dict], systems: Sequence[str]) -> list[dict]:
    """One row per system (in the given order) with means (and time quantiles) over its questions."""
    rows = []
    for name in systems:
        rs = [r for r in records if r["system"] == name]
        if not rs:
            continue

        def m(key: str, rs: list[dict] = rs) -> float | None:
            return _mean([r["metrics"].get(key) for r in rs])

        recall, precision = m("citation_recall"), m("citation_precision")
        answerable = [r for r in rs if r["metrics"].get("correctness") is not None]
        unanswerable = [r for r in rs if r["metrics"].get("correctness") is None]
        kept = sum(r["metrics"].get("sentences", 0) for r in rs)
        verified = sum(r["metrics"].get("verified", 0) for r in rs)
        seconds = [r["cost"]["seconds"] for r in rs]
        rows.append(
            {
                "system": name,
                "questions": len(rs),
                "correctness": m("correctness"),
                "citation recall": recall,
                "citation precision": precision,
                "citation F1": f1(recall, precision)
                if recall is not None and precision is not None
                else None,
                "verified share": verified / kept if kept else None,
                "verified precision": (
                    sum(r["metrics"].get("verified_entailed", 0) for r in rs) / verified if verified else None
                ),
                "refusal rate": _mean([float(r["metrics"]["refuses"]) for r in unanswerable]),
                "over-refusal": _mean([float(r["metrics"]["only_refusal"]) for r in answerable]),
                "gold in verified": (
                    sum(bool(r["metrics"]["unsupported_in_verified"]) for r in unanswerable)
                    if unanswerable
                    else None
                ),
                "evidence trials/q": m("evidence_trials"),
                "LLM calls/q": mean(r["cost"]["calls"] for r in rs),
                "tokens/q": mean(r["cost"]["input_tokens"] + r["cost"]["output_tokens"] for r in rs),
                "evaluated tokens/q": mean(
                    r["cost"]["input_tokens"] - r["cost"].get("cached_tokens", 0) + r["cost"]["output_tokens"]
                    for r in rs
                ),
                "median s": median(seconds),
                "p90 s": _quantile(seconds, 0.9),
                "median s to 1st verified": (
                    median(first)
                    if (
                        first := [
                            r["cost"]["first_verified_seconds"]
                            for r in rs
                            if r["cost"].get("first_verified_seconds")
                        ]
                    )
                    else None
                ),
            }
        )
    return rows


def _iterations(record: dict) -> int:
    if "retrieval" in record:
        return int(record["retrieval"]["iterations"])
    per_node = record["output"]["usage"]["per_node"]
    # one call per iteration
    return int((per_node.get("verify_retrieval") or per_node.get("verify") or {}).get("calls", 0))


def retrieval_table(records: Sequence[dict], systems: Sequence[str]) -> str:
    """Evidence recall of the documents given to the writer, and LLatrieval's loop statistics."""
    lines = [
        (
            "| system | questions | evidence recall of D | verify-update iterations (count: questions) "
            "| LLM calls/q | retrieval-stage calls/q |"
        ),
        "|---|---|---|---|---|---|",
    ]
    stage = ("decide_retrieval", "judge_utility", "verify_retrieval", "verify", "missing_info_query")
    for name in systems:
        rs = [r for r in records if r["system"] == name]
        evidence = [
            r["metrics"]["evidence_recall"] for r in rs if r["metrics"]["evidence_recall"] is not None
        ]
        if not rs or not evidence:
            continue
        counts: dict[int, int] = {}
        for r in rs:
            counts[_iterations(r)] = counts.get(_iterations(r), 0) + 1
        histogram = ", ".join(f"{k}: {v}" for k, v in sorted(counts.items()))
        stage_calls = mean(
            sum(r["output"]["usage"]["per_node"].get(n, {}).get("calls", 0) for n in stage) for r in rs
        )
        lines.append(
            f"| {name} | {len(rs)} | {mean(evidence):.3f} | {histogram} | "
            f"{mean(r['cost']['calls'] for r in rs):.1f} | {stage_calls:.1f} |"
        )
    return "\n".join(lines) + "\n"


def _cell(value) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.1f}" if abs(value) >= 10 else f"{value:.3f}"
    return str(value)


def markdown_table(rows: Sequence[dict]) -> str:
    """The rows as a markdown table of :data:`COLUMNS`."""
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
        ax.annotate(
            row["system"],
            (row["tokens/q"], row["citation F1"]),
            textcoords="offset points",
            xytext=(5, 5),
            fontsize=9,
        )
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
    """``table.md`` (one table per dataset, then the retrieval stage) and ``plot.png`` (all records)."""
    datasets = list(dict.fromkeys(r.get("dataset", "") for r in records))
    parts = []
    for dataset in datasets:
        rows = summarize([r for r in records if r.get("dataset", "") == dataset], systems)
        parts.append((f"### {dataset}\n\n" if dataset else "") + markdown_table(rows))
    table = out / "table.md"
    table.write_text(
        "\n".join(parts) + "\n" + NOTES + "\n" + retrieval_table(records, systems), encoding="utf-8"
    )
    return {"table": table, "plot": plot(summarize(records, systems), out / "plot.png")}
