"""finalize — the output contract: documents renumbered [1]..[n], the answer text and its bibliography.

Cited documents are renumbered in order of first citation (the first cited document is [1]). With
``unverified="drop"`` the text holds the verified sentences and then the refusal, if any; every kept sentence
stays in ``sentences`` (the dropped ones with ``verified_by: "none"``), and the documents they cite follow the
answer's own in ``documents``, so [1]..[n] still number the answer's sources.
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from verirag.documents import Document, public
from verirag.graph.context import Context
from verirag.graph.state import State, answer_sentences
from verirag.text import attach_citations


def bibliography(sentences: list, memory: list[Document]) -> dict[str, dict]:
    """Cited documents by id, in order of first citation, as the output contract shows them."""
    by_id = {d["id"]: d for d in memory}
    ordered: dict[str, dict] = {}
    for sentence in sentences:
        for doc_id in sentence["citations"]:
            if doc_id in by_id and doc_id not in ordered:
                ordered[doc_id] = public(by_id[doc_id])
    return ordered


def finalize(state: State, runtime: Runtime[Context]) -> dict:
    """Compose ``answer`` and ``documents`` from the kept sentences; record the run's ``config``."""
    sentences = state["sentences"]
    shown = answer_sentences(sentences, runtime.context.unverified, runtime.context.writer)
    memory = list(state["cited_documents"].values()) + state["long_term_memory"] + state["short_term_memory"]
    documents = bibliography(shown, memory)
    number = {doc_id: i for i, doc_id in enumerate(documents, 1)}
    parts = [attach_citations(s["text"], [number[c] for c in s["citations"] if c in number]) for s in shown]
    refusal = state["refusal"]
    documents.update({k: v for k, v in bibliography(sentences, memory).items() if k not in documents})
    return {
        "answer": " ".join(parts + ([refusal] if refusal else [])),
        "documents": documents,
        "refusal": refusal,
        "critique": state["critique"],
        "config": runtime.context.as_dict(),
    }
