"""An answer as a person reads it, in Jupyter: ``AnswerView(result)`` shows itself as HTML.

It shows the sentences with their [n] markers and verified marks, the refusal, the parts, the sources with
their quoted words, and the cost line. Every piece of text from the documents, the question or the model is
escaped: it is data, never markup.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import Any

from verirag.documents import location
from verirag.graph.state import answer_sentences
from verirag.text import attach_citations
from verirag.usage import cost_line
from verirag.verify.verdict import why

VERIFIED = {"citations": "verified by its citations", "memory": "verified against the memory, then cited"}


def merge_spans(spans: Iterable[tuple[int, int]], length: int) -> list[tuple[int, int]]:
    """Spans clipped to ``[0, length]``, empty ones dropped, overlapping or touching ones merged, in order."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted((max(0, int(s)), min(length, int(e))) for s, e in spans):
        if end <= start:
            continue
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def highlight(text: str, spans: Iterable[tuple[int, int]]) -> str:
    """``text`` escaped, with the character ``spans`` wrapped in ``<mark>``."""
    parts, at = [], 0
    for start, end in merge_spans(spans, len(text)):
        parts += [html.escape(text[at:start]), f"<mark>{html.escape(text[start:end])}</mark>"]
        at = end
    return "".join(parts) + html.escape(text[at:])


def quoted_spans(result: dict[str, Any], doc_id: str) -> list[tuple[int, int]]:
    """Every quote of a document over all sentences (sentences without ``quotes`` add none)."""
    return [
        (q["start"], q["end"])
        for s in result.get("sentences") or []
        for q in s.get("quotes") or []
        if q.get("doc") == doc_id
    ]


def _sentence(sentence: Mapping[str, Any], numbers: dict[str, int]) -> str:
    cited = [numbers[c] for c in sentence.get("citations") or [] if c in numbers]
    text = html.escape(attach_citations(sentence.get("text", ""), cited))
    how = VERIFIED.get(sentence.get("verified_by", "none"))
    support = sentence.get("support")
    detail = f" (support {support:.2f})" if isinstance(support, (int, float)) else ""
    detail += f"; decided by {why(sentence)}" if sentence.get("decided_by") else ""
    if how:
        return f'<span class="verirag-verified" title="{html.escape(how + detail)}">{text} ✓</span>'
    return (
        f'<span class="verirag-unverified" style="color:#8a5a00" '
        f'title="{html.escape("not verified against its sources" + detail)}">{text} ⚠ unverified</span>'
    )


def render_html(result: dict[str, Any]) -> str:
    """The HTML of one output contract (see the module docstring)."""
    numbers = {doc_id: n for n, doc_id in enumerate(result.get("documents") or {}, 1)}
    parts = ['<div class="verirag-answer">', f"<p><b>Q:</b> {html.escape(result.get('question', ''))}</p>"]
    config = result.get("config") or {}
    kept = result.get("sentences") or []
    shown: list[Any] = answer_sentences(kept, config.get("unverified", "drop"), config.get("writer", "vtg"))
    sentences = [_sentence(s, numbers) for s in shown]
    if sentences:
        parts.append("<p>" + " ".join(sentences) + "</p>")
    if result.get("refusal"):
        parts.append(f'<p class="verirag-refusal"><i>{html.escape(result["refusal"])}</i></p>')
    elif not sentences:
        parts.append("<p><i>No answer: the documents do not support one.</i></p>")
    if result.get("plan"):
        items = "".join(
            f"<li>{html.escape(p.get('question', ''))} — "
            f"{'✓ verified' if p.get('verified') else 'not answered by the documents'}</li>"
            for p in result["plan"]
        )
        parts.append(f'<p class="verirag-plan"><small>The question in parts:</small></p><ol>{items}</ol>')
    left_out = [s for s in kept if s not in shown]
    if left_out:
        items = "".join(f"<li><s>{html.escape(s.get('text', ''))}</s></li>" for s in left_out)
        parts.append(
            f'<p class="verirag-left-out"><small>Not verified, left out of the answer:</small></p>'
            f"<ul>{items}</ul>"
        )
    if numbers:
        parts.append('<ol class="verirag-sources">')
        for doc_id, doc in (result.get("documents") or {}).items():
            where = location(doc)
            where = f" <small>({html.escape(where)})</small>" if where else ""
            text = highlight(doc.get("text", ""), quoted_spans(result, doc_id))
            parts.append(
                f"<li><b>{html.escape(doc.get('title', ''))}</b>{where}<br>"
                f'<span style="white-space:pre-wrap">{text}</span></li>'
            )
        parts.append("</ol>")
    if result.get("usage"):
        parts.append(f'<p class="verirag-cost"><small>{html.escape(cost_line(result["usage"]))}</small></p>')
    return "\n".join(parts + ["</div>"])


class AnswerView:
    """Wraps an output contract (``ask()``'s result) so Jupyter shows it as HTML; ``str()`` is the answer."""

    def __init__(self, result: dict[str, Any]):
        self.result = result

    def _repr_html_(self) -> str:
        return render_html(self.result)

    def __str__(self) -> str:
        return self.result.get("answer", "")


class Rows:
    """A list of dicts that Jupyter shows as an HTML table (every cell escaped); ``str()`` is plain text."""

    def __init__(self, rows: list[dict[str, Any]], columns: list[str] | None = None):
        self.rows = rows
        self.columns = columns or list(dict.fromkeys(key for row in rows for key in row))

    @staticmethod
    def _cell(value: Any) -> str:
        if isinstance(value, float):
            return f"{value:.3f}"
        if isinstance(value, (list, tuple)):
            return ", ".join(map(str, value))
        return "" if value is None else str(value)

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(c)}</th>" for c in self.columns)
        body = "".join(
            "<tr>"
            + "".join(f"<td>{html.escape(self._cell(row.get(c)))}</td>" for c in self.columns)
            + "</tr>"
            for row in self.rows
        )
        return f'<table class="verirag-rows"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'

    def __str__(self) -> str:
        return "\n".join(" | ".join(self._cell(row.get(c)) for c in self.columns) for row in self.rows)
