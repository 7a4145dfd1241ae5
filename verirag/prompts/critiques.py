"""Self-RAG's critiques, asked of a chat model and scored by the probability of the answer token.

ISSUP (is the sentence supported by the documents?), ISREL (is the document relevant to the question?) and
ISUSE (how useful is the answer?). The grounded support decision asks :mod:`verirag.prompts.entailment`'s
question about a quote instead of ISSUP's.
"""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage

from verirag.documents import Document
from verirag.prompts.memory import with_documents


def support(documents: Sequence[Document], question: str, sentence: str) -> list[BaseMessage]:
    """Self-RAG ISSUP: is the sentence fully, partially or not supported by the documents?"""
    return with_documents(
        documents,
        (
            "Task: judge how well the documents support the sentence, which is part of an answer to the "
            f"question.\nQuestion: {question}\nSentence: {sentence}\n"
            "Reply with one of: Fully (everything the sentence states is in the documents), Partially (some of "
            "it), No (none of it, or the documents contradict it).\nSupport:"
        ),
    )


def relevance(document: Document, question: str) -> list[BaseMessage]:
    """Self-RAG ISREL: is the document relevant to the question?"""
    return with_documents(
        [document],
        (
            f"Task: judge whether the document is relevant to the question.\nQuestion: {question}\n"
            "Reply with one word: Relevant (it gives information useful for answering the question) or "
            "Irrelevant.\nRelevance:"
        ),
    )


USEFULNESS_SYSTEM = "You rate how useful an answer is to a question, whether or not it is true."


def usefulness(question: str, answer: str) -> list[BaseMessage]:
    """Self-RAG ISUSE: perceived utility of the whole answer, 1 (useless) to 5 (very useful)."""
    return [
        SystemMessage(USEFULNESS_SYSTEM),
        HumanMessage(
            f"Question: {question}\nAnswer: {answer}\n"
            "Rate the usefulness of the answer from 1 (not useful) to 5 (complete and very "
            "useful). Reply with the digit only.\nRating:"
        ),
    ]
