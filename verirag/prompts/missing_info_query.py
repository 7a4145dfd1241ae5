"""LLatrieval's missing-info query: name what the current documents lack.

As a pseudo-passage (the "passage" style, default) or as a new question (the "question" style). Asked right
after the retrieval verification failed on the same D, over the same shared prefix
(:mod:`verirag.prompts.memory`: system text, then the documents), so on the local model it pays only for its
own task, not for the documents again.
"""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.messages import BaseMessage

from verirag.documents import Document
from verirag.prompts.memory import with_documents

PASSAGE_TASK = (
    "Task: the documents do not fully answer the question. Write a short passage (two or three sentences) "
    "that states, from your own knowledge, the information an answer needs and the documents do not "
    "contain; if the documents do not address the question at all, write a passage that answers it.\n"
    "Question: {question}\n"
    "Output only the passage: no analysis, no repetition of the question or the documents.\nPassage:"
)

QUESTION_TASK = (
    "Task: the documents do not fully answer the question. Write one new search question that asks for "
    "exactly the information an answer needs and the documents do not contain.\n"
    "Question: {question}\n"
    "Output only the new question.\nNew question:"
)


def messages(documents: Sequence[Document], question: str, style: str) -> list[BaseMessage]:
    """The prompt naming what ``documents`` lack for ``question``, in the ``style`` asked."""
    task = PASSAGE_TASK if style == "passage" else QUESTION_TASK
    return with_documents(documents, task.format(question=question))
