"""Integration tests run the real embedded model over the real shipped corpus.

They need the default store (``scripts/test.sh`` runs ``verirag ingest`` first). A missing store FAILS
these tests with a clear message: they are never skipped.
"""

import pytest

from verirag.paths import default_store_path
from verirag.stores import open_store


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/integration" in str(item.fspath):
            item.add_marker(pytest.mark.integration)


@pytest.fixture(scope="session")
def corpus_store():
    store = open_store(default_store_path())
    if not store.exists():
        pytest.fail(f"no store at {store.path}: run `verirag ingest` (scripts/test.sh does) first")
    assert store.count() >= 10_000, "the shipped corpus is not fully indexed"
    return store
