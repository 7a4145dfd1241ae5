"""The graph end to end with a scripted model over a real (hash-embedded) store."""

import re

import pytest

from verirag import Context, ask
from verirag.errors import InvalidQuestionError
from verirag.graph.systems import SYSTEMS
from verirag.testing import last_user_text
from verirag.workflow import graph


def vanilla(**kw):
    """The writer alone: plain top-k retrieval, no retrieval judgments."""
    return Context(**{**SYSTEMS["vanilla"], **kw})


def _number_of(title, prompt):
    match = re.search(rf'<document number="(\d+)" title="{title}">', prompt)
    assert match, f"{title} not in prompt"
    return int(match.group(1))


def test_answer_cites_the_document_the_model_cited(store, scripted):
    store_name, s = store

    def respond(messages, kwargs):
        n = _number_of("Madagascar", last_user_text(messages))
        return f"The capital of Madagascar is Antananarivo [{n}]. It is an island country. [{n}][99]"

    model_name, model = scripted(respond)
    result = ask("What is the capital of Madagascar?", vanilla(model=model_name, store=store_name, top_k=3))
    madagascar = next(d for d in s.search("Madagascar", 4) if d["title"] == "Madagascar")
    assert [s["citations"] for s in result["sentences"]] == [[madagascar["id"]], [madagascar["id"]]]
    # renumbered: the first cited document is [1], whatever its position in the prompt was
    assert result["answer"] == ("The capital of Madagascar is Antananarivo [1]. It is an island country [1].")
    assert list(result["documents"]) == [madagascar["id"]]
    assert result["documents"][madagascar["id"]]["title"] == "Madagascar"
    assert all(s["verified_by"] == "none" and s["support"] is None for s in result["sentences"])
    assert result["usage"]["per_node"]["generate_answer"]["calls"] == 1
    assert result["usage"]["total"]["input_tokens"] > 0
    assert result["config"]["top_k"] == 3
    assert len(model.calls) == 1


def test_bibliography_follows_first_citation_order(store, scripted):
    store_name, _ = store

    def respond(messages, kwargs):
        prompt = last_user_text(messages)
        j, m = _number_of("Japan", prompt), _number_of("Madagascar", prompt)
        return f"Tokyo is in Japan [{j}]. Antananarivo is in Madagascar [{m}][{j}]."

    model_name, _ = scripted(respond)
    result = ask("capital of Japan and Madagascar", vanilla(model=model_name, store=store_name, top_k=4))
    titles = [d["title"] for d in result["documents"].values()]
    assert titles == ["Japan", "Madagascar"]
    assert result["answer"] == "Tokyo is in Japan [1]. Antananarivo is in Madagascar [2][1]."


def test_retrieved_text_reaches_the_prompt_only_inside_document_blocks(store, scripted):
    store_name, _ = store
    model_name, model = scripted(lambda m, kw: "Tokyo [1].")
    ask("What is the capital of Japan?", vanilla(model=model_name, store=store_name, top_k=2))
    prompt = last_user_text(model.calls[0][0])
    body = prompt.split("</documents>")[0]
    assert "Tokyo is its capital and largest city." in body
    assert prompt.rstrip().endswith("Question: What is the capital of Japan?\nAnswer:")


@pytest.mark.parametrize("question", ["", "   \n", "x" * 100_000])
def test_bad_questions_are_rejected_before_any_model_call(store, scripted, question):
    store_name, _ = store
    model_name, model = scripted(lambda m, kw: "unused")
    with pytest.raises(InvalidQuestionError):
        ask(question, vanilla(model=model_name, store=store_name))
    with pytest.raises(InvalidQuestionError):  # the graph itself also refuses (Studio, sub-graph use)
        graph.invoke({"question": question}, context=vanilla(model=model_name, store=store_name))
    assert model.calls == []


def test_graph_declares_input_and_output_schemas():
    assert set(graph.get_input_jsonschema()["properties"]) == {"question"}
    assert {"answer", "sentences", "documents", "usage"} <= set(graph.get_output_jsonschema()["properties"])


def test_every_run_and_every_part_starts_at_the_start_node():
    from verirag.workflow import builder

    for drawn in (graph.get_graph(), builder(planner=False).compile().get_graph()):
        (first,) = [e.target for e in drawn.edges if e.source == "__start__"]
        assert first == "start"
    assert [e.target for e in graph.get_graph().edges if e.source == "start"] == ["plan"]


def test_a_run_whose_store_folder_has_no_index_fails_at_the_start_before_any_model_call(tmp_path, scripted):
    from verirag.errors import StoreNotFoundError

    model_name, model = scripted(lambda m, kw: "unused")
    with pytest.raises(StoreNotFoundError):
        ask("What is the capital of Japan?", vanilla(model=model_name, store=str(tmp_path / "none")))
    with pytest.raises(InvalidQuestionError):  # the question first, whatever the store
        ask("  ", vanilla(model=model_name, store=str(tmp_path / "none")))
    assert model.calls == []
