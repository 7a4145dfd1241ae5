"""Shared fixtures: a real HybridStore with a hash embedder, and scripted chat models."""

from __future__ import annotations

import itertools

import pytest

from verirag.models import register_model, unregister_model
from verirag.stores import HybridStore, make_document, register_store, unregister_store
from verirag.testing import HashEmbedder, ScriptedChatModel

DOCS = [
    make_document("Japan", "Japan is an island country in East Asia. Its capital and largest city is Tokyo."),
    make_document("Madagascar", "Madagascar is an island country in the Indian Ocean. "
                  "Its capital is Antananarivo."),
    make_document("Banana", "A banana is an elongated, edible fruit produced by several kinds of large "
                  "herbaceous flowering plants."),
    make_document("Oxford", "The University of Oxford is a collegiate research university in Oxford, "
                  "England. There is evidence of teaching as early as 1096."),
]
_names = itertools.count()


@pytest.fixture
def store(tmp_path):
    """A persistent hybrid store with four documents, registered under a unique name."""
    s = HybridStore(tmp_path / "store", embedder=HashEmbedder())
    s.add(DOCS)
    name = f"test-store-{next(_names)}"
    register_store(name, s)
    yield name, s
    unregister_store(name)


@pytest.fixture
def scripted():
    """Factory: ``scripted(respond)`` registers a ScriptedChatModel and returns (name, model)."""
    names = []

    def make(respond):
        name = f"scripted-{next(_names)}"
        model = ScriptedChatModel(respond=respond)
        register_model(name, model)
        names.append(name)
        return name, model

    yield make
    for name in names:
        unregister_model(name)
