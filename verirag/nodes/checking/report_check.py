"""report_check — the checked answer: the sentences that held, then a refusal naming what was left out.

The sentences are those that held against their own citations, with their markers; the refusal names the first
three left out ("The documents do not say that <sentence>."; nothing held: "The documents do not answer this
question.").
"""

from __future__ import annotations

from verirag import refusal
from verirag.graph.state import CheckState
from verirag.text import attach_citations

MAX_NAMED = 3


def report_check(state: CheckState) -> dict:
    """The verified answer: the sentences that held, then a refusal naming those left out."""
    checked = sorted(state["checked"], key=lambda c: c["index"])
    held = [c for c in checked if c["verdict"] == "supported"]
    dropped = [c for c in checked if c["verdict"] != "supported"]
    if not held:
        said = refusal.NOTHING_VERIFIED if dropped else None
    elif len(dropped) > MAX_NAMED:
        said = refusal.PART_UNKNOWN
    else:
        said = " ".join(refusal.not_said(c["text"]) for c in dropped) or None
    text = [attach_citations(c["text"], c["citations"]) for c in held]
    return {
        "verified_answer": " ".join(text + ([said] if said else [])),
        "refusal": said,
        "supported": not dropped,
    }
