"""Shared fixtures: real HybridStores with a hash embedder ("store", "vtg", "japan") and scripted chat
models (``scripted(respond)``). Scripted models themselves live in tests/scripted.py."""

from __future__ import annotations

import itertools

import pytest

from tests.hypothesis_ci import pytest_configure, pytest_report_header  # noqa: F401  (CI: explore, print seed)
from verirag import calibration
from verirag.models import register_model, unregister_model
from verirag.stores import HybridStore, make_document, register_store, unregister_store
from verirag.testing import HashEmbedder, ScriptedChatModel

# tests/scripted.py holds assertions of its own (interrupted_then_resumed): pytest's failure reports
# show their values as in a test module
pytest.register_assert_rewrite("tests.scripted")

DOCS = [
    make_document("Japan", "Japan is an island country in East Asia. Tokyo is its capital and largest city."),
    make_document(
        "Madagascar", "Madagascar is an island country in the Indian Ocean. Its capital is Antananarivo."
    ),
    make_document(
        "Banana",
        "A banana is an elongated, edible fruit produced by several kinds of large "
        "herbaceous flowering plants.",
    ),
    make_document(
        "Oxford",
        "The University of Oxford is a collegiate research university in Oxford, "
        "England. There is evidence of teaching as early as 1096.",
    ),
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


def _registered_store(path, name, docs):
    s = HybridStore(path, embedder=HashEmbedder())
    s.add(docs)
    register_store(name, s)
    return s


@pytest.fixture
def vtg_store(tmp_path):
    """The writing-stage store, registered as "vtg" (tests.scripted.VTG_DOCS)."""
    from tests.scripted import VTG_DOCS

    yield _registered_store(tmp_path / "vtg", "vtg", [make_document(t, x) for t, x in VTG_DOCS.items()])
    unregister_store("vtg")


JAPAN_TOPICS = [
    "Japan Tokyo capital",
    "Osaka Kansai city",
    "Kyoto temples city",
    "Nagoya Chubu city",
    "Sendai Tohoku city",
    "Japan islands archipelago",
    "Tokyo Skytree tower",
    "Japanese language",
    "Mount Fuji volcano Japan",
    "Hokkaido island Japan",
    "Okinawa islands Japan",
    "Banana fruit",
]


@pytest.fixture
def japan_store(tmp_path):
    """The retrieval-stage store, registered as "japan": twelve short documents."""
    docs = [make_document(t.split()[0] + " " + t.split()[1], f"{t}. More about {t}.") for t in JAPAN_TOPICS]
    yield _registered_store(tmp_path / "japan", "japan", docs)
    unregister_store("japan")


@pytest.fixture
def scripted():
    """Factory: ``scripted(respond)`` registers a ScriptedChatModel and returns (name, model)."""
    names = []

    def make(respond):
        name = f"scripted-{next(_names)}"
        model = ScriptedChatModel(respond=respond)
        register_model(name, model)
        calibration.register(name, calibration.EMBEDDED)  # it plays the embedded model
        names.append(name)
        return name, model

    yield make
    for name in names:
        unregister_model(name)
        calibration.register(name, None)
