"""read_answer — an answer written elsewhere as sentences with the numbers they cite, and its documents.

The sentences come from :func:`verirag.answers.cited_sentences`; the documents are read as verirag's:
``[n]`` is the n-th, whether given as {"title", "text"} dicts, strings, LangChain ``Document``s or the
contract's {id: document}.
"""

from __future__ import annotations

from typing import Any

from verirag.answers import cited_sentences
from verirag.documents import Document
from verirag.errors import InvalidAnswerError
from verirag.graph.state import CheckState
from verirag.withhold import as_data


def source(number: int, doc: Any) -> Document:
    """One given document as verirag's, its id its number, its sentences addressed to the model withheld."""
    title, text = _title_text(number, doc)
    return as_data(Document(id=str(number), title=title, text=text))


def _title_text(number: int, doc: Any) -> tuple[str, str]:
    """A given document's title and text, whatever form it was given in."""
    if isinstance(doc, str):
        title, text = "", doc
    elif hasattr(doc, "page_content"):  # a LangChain Document
        title, text = str((doc.metadata or {}).get("title", "")), doc.page_content
    elif isinstance(doc, dict) and isinstance(doc.get("text", doc.get("page_content")), str):
        title = str(doc.get("title") or (doc.get("metadata") or {}).get("title", ""))
        text = str(doc.get("text", doc.get("page_content")))
    else:
        raise InvalidAnswerError(
            f"document {number} has no text (give a string, a {{'title', 'text'}} "
            f"dict or a LangChain Document)"
        )
    return title, text


def read_answer(state: CheckState) -> dict:
    """The answer's sentences with the numbers they cite; InvalidAnswerError for bad input."""
    answer, documents = state.get("answer"), state.get("documents")
    if not isinstance(answer, str) or not answer.strip():
        raise InvalidAnswerError("the answer to check is empty")
    if isinstance(documents, dict):  # the output contract's documents, in [n] order
        documents = list(documents.values())
    if not isinstance(documents, list):
        raise InvalidAnswerError("documents must be a list ([n] is the n-th)")
    sentences = cited_sentences(answer, state.get("citations"))
    for i, (text, numbers) in enumerate(sentences, 1):
        outside = [n for n in numbers if not 1 <= n <= len(documents)]
        if outside:
            raise InvalidAnswerError(
                f"sentence {i} ({text[:60]!r}) cites [{outside[0]}], but there are {len(documents)} documents"
            )
    return {
        "sentences": [
            {"index": i, "text": text, "citations": numbers} for i, (text, numbers) in enumerate(sentences)
        ],
        "sources": [source(n, d) for n, d in enumerate(documents, 1)],
        "given": [_title_text(n, d)[1] for n, d in enumerate(documents, 1)],
    }
