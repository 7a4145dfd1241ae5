"""generate_answer — one prompt for a whole cited answer (ALCE "Vanilla"). The first, simple writer of
the graph; citation numbers in the reply are mapped back to stable document ids at once."""

from __future__ import annotations

import time
from typing import Sequence

from langgraph.runtime import Runtime

from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.state import Sentence, State
from verirag.prompts import generate_answer as prompt
from verirag.stores.documents import Document
from verirag.text import parse_citations, split_sentences
from verirag.usage import node_usage


def cited_sentences(reply: str, documents: Sequence[Document], max_citations: int = 3) -> list[Sentence]:
    """Split a cited reply into sentences; ``[n]`` becomes the id of the n-th document.

    Numbers outside 1..len(documents) are dropped, and at most ``max_citations`` are kept (ALCE).
    """
    sentences: list[Sentence] = []
    for raw in split_sentences(reply):
        text, numbers = parse_citations(raw)
        if not text:
            continue
        ids = [documents[n - 1]["id"] for n in numbers if 1 <= n <= len(documents)][:max_citations]
        sentences.append(Sentence(text=text, citations=ids, support=None, verified_by="none"))
    return sentences


def generate_answer(state: State, runtime: Runtime[Context]) -> dict:
    """Ask the model for a cited answer over long-term memory."""
    started = time.perf_counter()
    documents = state.get("long_term_memory") or []
    reply = resources.model(runtime).invoke(prompt.messages(documents, state["question"]),
                                            max_tokens=runtime.context.max_answer_tokens)
    return {
        "sentences": cited_sentences(reply.text, documents),
        "usage": node_usage("generate_answer", [reply], seconds=time.perf_counter() - started),
    }
