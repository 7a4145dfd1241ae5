"""Resolving the run's model and store from the :class:`Context` strings (cached per process)."""

from __future__ import annotations

from langchain_core.language_models.chat_models import BaseChatModel
from langgraph.runtime import Runtime

from verirag.errors import InvalidQuestionError
from verirag.graph.context import Context
from verirag.models import get_chat_model
from verirag.stores import Retriever
from verirag.stores.registry import resolve_store


def model(runtime: Runtime[Context], spec: str = "") -> BaseChatModel:
    """The run's chat model, or the one ``spec`` names (a node's own model, e.g. ``utility_model``)."""
    return get_chat_model(spec or runtime.context.model)


def store(runtime: Runtime[Context]) -> Retriever:
    """The run's document store (its context's ``store`` and ``chroma_url``)."""
    return resolve_store(runtime.context.store_path(), runtime.context.chroma_url)


def check_store(context: Context) -> None:
    """Raise :class:`~verirag.errors.StoreNotFoundError` before any model loads if the store has no index.

    That is when the run will retrieve from a store folder that has no index (``verirag ingest`` first).
    """
    if context.top_k > 0:
        found = resolve_store(context.store_path(), context.chroma_url)
        if hasattr(found, "manifest"):
            found.manifest()


def check_question(question: object, max_chars: int) -> str:
    """Return the stripped question, or raise :class:`InvalidQuestionError` with a one-line reason."""
    if not isinstance(question, str) or not question.strip():
        raise InvalidQuestionError("the question is empty")
    question = question.strip()
    if len(question) > max_chars:
        raise InvalidQuestionError(
            f"the question has {len(question):,} characters; the limit is {max_chars:,} "
            "(Context.max_question_chars)"
        )
    return question
