"""Chroma in client/server mode: `chroma run` on loopback, used through the same HybridStore."""

from __future__ import annotations

import pytest

from tests import servers
from verirag import Context
from verirag.api import run
from verirag.eval.systems import SYSTEMS
from verirag.stores import HybridStore, make_document
from verirag.testing import HashEmbedder, last_user_text


@pytest.fixture(scope="module")
def chroma_server(tmp_path_factory):
    with servers.chroma_server(tmp_path_factory.mktemp("chroma-server")) as url:
        yield url


def test_store_and_graph_work_against_a_chroma_server(chroma_server, tmp_path, scripted):
    docs = [make_document("Japan", "Its capital is Tokyo."), make_document("Banana", "A fruit.")]
    store = HybridStore(tmp_path / "local-part", embedder=HashEmbedder(), chroma_url=chroma_server)
    assert store.add(docs) == 2 and store.add(docs) == 0
    assert not (tmp_path / "local-part" / "chroma").exists()  # vectors live on the server
    assert store.search("capital of Japan", 1)[0]["title"] == "Japan"

    from verirag.stores import register_store, unregister_store

    register_store("served", store)
    try:
        name, model = scripted(lambda m, kw: "Tokyo [1]." if 'title="Japan"' in last_user_text(m) else "No.")
        out, _ = run("capital of Japan?", Context(**{**SYSTEMS["vanilla"], "model": name, "store": "served",
                                                     "top_k": 1}))
        assert [d["title"] for d in out["documents"].values()] == ["Japan"]
    finally:
        unregister_store("served")


def test_an_unreachable_chroma_server_is_a_clear_error(tmp_path):
    from verirag.errors import StoreUnavailableError

    with pytest.raises(StoreUnavailableError, match="cannot open the Chroma store at http://127.0.0.1:9"):
        HybridStore(tmp_path, embedder=HashEmbedder(), chroma_url="http://127.0.0.1:9").add(
            [make_document("a", "b")])
