"""A support decision as an immutable value that explains itself: what decided it and what each check found.

:class:`Support` is built once per claim (later steps make a new one with :func:`dataclasses.replace`); its
``decided_by`` names the check, reading or rewrite that settled it, and ``findings`` what the checks found.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from langchain_core.messages import AIMessage

from verirag.documents import Document
from verirag.models import Judgment


@dataclass(frozen=True)
class Quote:
    """A span of a document's text: the evidence a claim was judged against."""

    doc: str  # document id
    start: int
    end: int

    def as_dict(self) -> dict:
        """The quote as a dict: ``doc``, ``start`` and ``end``."""
        return {"doc": self.doc, "start": self.start, "end": self.end}


@dataclass(frozen=True)
class Finding:
    """What one check found against a claim: the terms its quote lacks, or the claim as the quote reads it."""

    check: str  # the check's name (verirag.verify.pipeline)
    terms: tuple[str, ...] = ()  # the claim's terms the quote lacks or states otherwise
    said: str = ""  # a rival reading: the sibling rated as likely, or the claim as its quote fills a blank

    def as_dict(self) -> dict:
        """The finding as a dict: ``check`` and, where set, ``terms`` and ``said``."""
        return (
            {"check": self.check}
            | ({"terms": list(self.terms)} if self.terms else {})
            | ({"said": self.said} if self.said else {})
        )


@dataclass(frozen=True)
class Support:
    """One support decision: P(supported), whether it passed, and why."""

    probability: float  # P(supported) on the decision's scale
    passed: bool
    decided_by: str  # the check, reading or rewrite that settled it (verirag.verify.pipeline names them)
    quotes: tuple[Quote, ...] = ()  # empty: the whole documents (issup)
    findings: tuple[Finding, ...] = ()  # what the checks found, in the pipeline's order
    judgment: Judgment | None = None  # None: decided without a model call
    atoms: tuple[tuple[str, Support], ...] = ()  # a claim decided part by part: each part's decision
    extra: tuple[AIMessage, ...] = ()  # replies of its other calls (siblings, blank fills, rewrites)
    corrected: str = ""  # the claim as its quote fills a blank the slot check failed with a rival term

    @classmethod
    def joint(
        cls, kept: Sequence[tuple[str, Support]], decided_by: str, extra: Sequence[AIMessage] = ()
    ) -> Support:
        """The decision of the parts ``kept`` (each passed) taken together, settled by ``decided_by``."""
        return cls(
            min(s.probability for _, s in kept),
            True,
            decided_by,
            tuple({(q.doc, q.start, q.end): q for _, s in kept for q in s.quotes}.values()),
            (),
            next((s.judgment for _, s in kept if s.judgment is not None), None),
            tuple(kept),
            tuple(extra),
        )

    @property
    def missing(self) -> list[str]:
        """The claim's terms the checks found missing or misplaced in its quote, each once."""
        return list(dict.fromkeys(t for f in self.findings for t in f.terms))

    @property
    def rival(self) -> str:
        """The rival reading that failed it (the contrast or slot check), or ""."""
        return next((f.said for f in self.findings if f.said), "")

    @property
    def replies(self) -> list[AIMessage]:
        """Every model reply this decision asked for, each once: the usage ledger's view of its calls."""
        own = ([self.judgment.message] if self.judgment else []) + list(self.extra)
        return list({id(m): m for m in own + [m for _, s in self.atoms for m in s.replies]}.values())

    def explained(self) -> dict:
        """The output contract's view of why: ``decided_by`` and what the checks found."""
        return {"decided_by": self.decided_by, "found": [f.as_dict() for f in self.findings]}


@dataclass(frozen=True)
class Failed:
    """A draft the decision failed, as a rewrite reads it: its documents, sentence, check and question."""

    documents: Sequence[Document]
    sentence: str
    check: Support
    question: str


@dataclass(frozen=True)
class Rewrite:
    """A failed claim rewritten to what may hold of it (:data:`verirag.verify.pipeline.REWRITES`)."""

    text: str  # "": none, though the model was asked
    support: Support | None = None  # held already (its parts' or its sentence's decision); None: decide again
    omitted: tuple[str, ...] = ()  # the parts of the claim it leaves out
    asked: tuple[AIMessage, ...] = ()  # the replies proposing it took
    parts: tuple[str, ...] = ()  # a rewrite decided statement by statement: its statements, each alone
    heads: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # a part kept only where these hold


def atom_records(check: Support) -> list[dict]:
    """The contract's view of a check's parts: text, verdict, P(supported) and quotes of each."""
    return [
        {
            "text": atom,
            "verified": s.passed,
            "support": round(s.probability, 4),
            "quotes": [q.as_dict() for q in s.quotes],
        }
        for atom, s in check.atoms
    ]


def why(record: Mapping[str, Any]) -> str:
    """One line saying what settled a sentence record of the contract: "key_terms: 1475", "slots: …".

    A weighed verdict names its first finding: "weighing: key_terms osaka".
    """
    decided = record.get("decided_by") or ""
    found: Mapping[str, Any] = next(
        (f for f in record.get("found") or [] if f.get("check") == decided or decided == "weighing"), {}
    )
    detail = ", ".join(found.get("terms") or []) or found.get("said", "")
    if decided == "weighing" and found:  # what was weighed: "weighing: key_terms osaka"
        detail = f"{found['check']} {detail}".strip()
    return f"{decided}: {detail}" if detail else decided
