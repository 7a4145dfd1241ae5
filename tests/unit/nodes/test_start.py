"""start: the question checked, the store and judge found, and every field the run reads set."""

from __future__ import annotations

import pytest
from langgraph.runtime import Runtime

from verirag import Context
from verirag.errors import InvalidQuestionError, ModelNotAvailableError, StoreNotFoundError
from verirag.graph.node import as_node
from verirag.graph.state import initial
from verirag.nodes.start import start


def test_the_question_is_stripped_and_every_field_the_run_reads_is_set(store):
    name, _ = store
    update = as_node(start)(
        {"question": "  What is the capital of Japan?\n"}, Runtime(context=Context(store=name))
    )
    question = "What is the capital of Japan?"
    assert {k: v for k, v in update.items() if k != "usage"} == initial(question)
    assert update["question"] == update["query"] == question
    assert update["selected"] == update["long_term_memory"] == update["short_term_memory"] == []
    assert (update["iteration"], update["trials"], update["draft"], update["retrieval_verified"]) == (
        0,
        0,
        None,
        True,
    )
    assert update["usage"]["start"]["calls"] == 0


@pytest.mark.parametrize(
    "question, reason", [("", "empty"), ("   \n", "empty"), (None, "empty"), ("Why? " * 10, "limit is 20")]
)
def test_a_bad_question_is_rejected_in_one_line(question, reason):
    with pytest.raises(InvalidQuestionError, match=reason):
        as_node(start)({"question": question}, Runtime(context=Context(max_question_chars=20, top_k=0)))


def test_a_store_folder_without_an_index_fails_before_any_model_and_closed_book_needs_none(tmp_path):
    missing = Context(store=str(tmp_path / "nowhere"), model="no-such-model")
    with pytest.raises(StoreNotFoundError, match="verirag ingest"):
        as_node(start)({"question": "Q?"}, Runtime(context=missing))
    closed_book = Context(store=str(tmp_path / "nowhere"), top_k=0)
    assert as_node(start)({"question": "Q?"}, Runtime(context=closed_book))["question"] == "Q?"


def test_a_judge_that_cannot_load_fails_at_the_start_unless_the_judgments_are_off():
    judged = Context(top_k=0, utility_model="no-such-judge", utility_mode="listwise")
    with pytest.raises(ModelNotAvailableError, match="no-such-judge"):
        as_node(start)({"question": "Q?"}, Runtime(context=judged))
    off = Context(top_k=0, utility_model="no-such-judge", utility_mode="off")
    assert as_node(start)({"question": "Q?"}, Runtime(context=off))["question"] == "Q?"
