"""Resolving the run's model and store from the :class:`Context` strings (cached per process)."""

from __future__ import annotations

from langchain_core.language_models.chat_models import BaseChatModel
from langgraph.runtime import Runtime

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
