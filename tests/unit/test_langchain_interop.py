"""LangChain's retrievers, vector stores and Documents in and out of verirag, with a scripted model."""

from __future__ import annotations

import gc
import weakref

import pytest
from langchain_core.documents import Document as LangChainDocument
from langchain_core.embeddings import DeterministicFakeEmbedding
from langchain_core.vectorstores import InMemoryVectorStore
from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

from tests.scripted import S1, VTG_DOCS, Q, Writer
from tests.scripted import vtg_context as ctx
from verirag import Context
from verirag.api import run
from verirag.documents import from_langchain, to_langchain
from verirag.errors import VeriragError
from verirag.stores import HybridStore, register_store, resolve_store, unregister_store
from verirag.stores.langchain_retriever import LangChainRetriever, store_name
from verirag.stores.registry import store_for_run
from verirag.testing import HashEmbedder
from verirag.workflow import graph

LC_DOCS = [
    LangChainDocument(page_content=text, metadata={"title": title}) for title, text in VTG_DOCS.items()
]


def japan() -> Writer:
    """The scripted writer of one sentence citing Japan (a writer is used up by one run)."""
    return Writer([S1], cite={S1: ["Japan"]}, needs={S1: ["Japan"]})


def vector_store() -> InMemoryVectorStore:
    """An in-memory LangChain vector store holding the writing-stage documents (fake embeddings)."""
    store = InMemoryVectorStore(DeterministicFakeEmbedding(size=16))
    store.add_documents(LC_DOCS)
    return store


def test_a_langchain_vector_store_is_the_store_of_a_run_and_the_output_converts_back(scripted):
    name, _ = scripted(japan())
    out, _ = run(Q, ctx(name, top_k=len(LC_DOCS)), retriever=vector_store())
    assert out["answer"] == "Tokyo is the capital of Japan [1]."
    ((key, cited),) = [(key, to_langchain(d)) for key, d in out["documents"].items()]
    assert cited.page_content == VTG_DOCS["Japan"] and cited.metadata["title"] == "Japan"
    assert key == cited.id == from_langchain(cited)["id"]  # the same document both ways


def test_a_store_given_to_a_run_is_registered_for_that_run_only(scripted):
    name, _ = scripted(japan())
    store = vector_store()
    out, _ = run(Q, ctx(name, top_k=len(LC_DOCS)), retriever=store)
    assert (
        out["config"]["store"] == store_name(store) and out["answer"] == "Tokyo is the capital of Japan [1]."
    )
    alive = weakref.ref(store)
    del store
    gc.collect()
    assert alive() is None  # no registration left behind holds the caller's store


def test_a_store_the_caller_registered_under_its_run_name_stays_registered(scripted):
    name, _ = scripted(japan())
    store = vector_store()
    register_store(store_name(store), store)
    try:
        run(Q, ctx(name, top_k=len(LC_DOCS)), retriever=store)
        assert resolve_store(store_name(store)).source is store  # type: ignore[attr-defined]
    finally:
        unregister_store(store_name(store))


def test_a_store_shared_by_runs_at_once_stays_registered_until_the_last_one_ends():
    store = vector_store()
    with store_for_run(store) as first:
        with store_for_run(store) as second:
            assert first == second == store_name(store)
        assert resolve_store(first).source is store  # type: ignore[attr-defined]  # the other run goes on
    alive = weakref.ref(store)
    del store
    gc.collect()
    assert alive() is None


def test_a_registered_langchain_retriever_serves_a_parent_graph_with_the_runs_k(scripted):
    class AgentState(TypedDict, total=False):
        question: str
        answer: str

    name, _ = scripted(japan())
    retriever = vector_store().as_retriever(search_kwargs={"k": 1})
    register_store("lc-retriever", retriever)
    try:
        assert len(resolve_store("lc-retriever").search(Q, 6)) == 6  # verirag's k, not the retriever's 1
        parent = StateGraph(AgentState, context_schema=Context)
        parent.add_node("research", graph)
        parent.add_edge(START, "research")
        parent.add_edge("research", END)
        out = parent.compile().invoke({"question": Q}, context=ctx(name, store="lc-retriever", top_k=6))
        assert out["answer"] == "Tokyo is the capital of Japan [1]."
    finally:
        unregister_store("lc-retriever")


def test_a_chroma_vector_store_through_langchain_chroma_is_searched(tmp_path):
    from langchain_chroma import Chroma

    chroma = Chroma(
        "interop", DeterministicFakeEmbedding(size=16), persist_directory=str(tmp_path / "chroma")
    )
    chroma.add_documents(LC_DOCS)
    store = LangChainRetriever(chroma)
    assert store.count() is None  # langchain-chroma has no public count: unknown, never read from its insides
    found = store.search("Tokyo", 3)
    assert len(found) == 3 and {d["title"] for d in found} <= set(VTG_DOCS)
    assert all(d["text"] == VTG_DOCS[d["title"]] for d in found)


class CountingStore(InMemoryVectorStore):
    """A vector store with a count of its own (LangChain's interface has none)."""

    def count(self) -> int:
        """How many documents it holds."""
        return len(self.store)


def test_a_store_is_counted_only_by_its_own_public_count():
    assert LangChainRetriever(vector_store()).count() is None  # InMemoryVectorStore says nothing
    assert LangChainRetriever(vector_store().as_retriever()).count() is None
    counting = CountingStore(DeterministicFakeEmbedding(size=16))
    counting.add_documents(LC_DOCS[:2])
    assert LangChainRetriever(counting).count() == 2
    assert LangChainRetriever(counting.as_retriever()).count() == 2  # a retriever answers with its store's


def test_langchain_documents_go_into_a_verirag_store_and_bad_stores_are_one_line(tmp_path):
    store = HybridStore(tmp_path / "store", embedder=HashEmbedder())
    assert store.add(LC_DOCS) == len(LC_DOCS)
    assert store.add([from_langchain(LC_DOCS[0])]) == 0  # the same ids as verirag's own documents
    assert store.search("Kyoto capital thousand years", 1)[0]["title"] == "Kyoto"
    with pytest.raises(VeriragError, match="not list"):
        LangChainRetriever([])
