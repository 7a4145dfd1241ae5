"""LLatrieval's retrieval verification: can these documents support answering the question?

Classification (Yes/No, scored by probability) or score-and-filter (0-10, accepted at >= tau). Both ask over
the writing stage's shared prefix (:mod:`verirag.prompts.memory`: the same system text, then the documents):
the D that passes becomes long-term memory in the same order, so the first sentence's prompt reuses this
prompt's cached documents and pays only for its own task.
"""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.messages import BaseMessage

from verirag.documents import Document
from verirag.prompts.memory import with_documents

CLASSIFY_TASK = (
    "Task: judge whether the documents are enough to answer the question. Reply Yes if together they "
    "contain the information needed for a direct, accurate and complete answer; reply No if something the "
    "answer needs is missing.\nQuestion: {question}\n"
    "Do the documents contain what is needed to answer the question? Reply with one word, Yes or No:"
)

SCORE_TASK = (
    "Task: score how well the documents support answering the question, from 0 (no support) to 10 (they "
    "contain everything a direct, accurate answer needs).\nQuestion: {question}\n"
    "Reply with the score only, in square brackets, for example [7].\nScore (0-10):"
)


def classify(documents: Sequence[Document], question: str) -> list[BaseMessage]:
    """The classification prompt: can the documents support answering the question (Yes/No)?"""
    return with_documents(documents, CLASSIFY_TASK.format(question=question))


def score(documents: Sequence[Document], question: str) -> list[BaseMessage]:
    """The score-and-filter prompt: how well the documents support answering the question (0-10)."""
    return with_documents(documents, SCORE_TASK.format(question=question))
