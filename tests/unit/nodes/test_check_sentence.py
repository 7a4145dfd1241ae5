"""check_sentence: one sentence of an answer written elsewhere against the documents it cites."""

from __future__ import annotations

import pytest
from langgraph.runtime import Runtime

from tests.scripted import Writer
from verirag import Context
from verirag.graph.node import as_node
from verirag.nodes.checking.check_sentence import check_sentence
from verirag.nodes.checking.read_answer import source

TOKYO = "Tokyo is the capital of Japan."
SOURCES = [
    source(1, {"title": "Kyoto", "text": "Kyoto was the capital of Japan for more than a thousand years."}),
    source(2, {"title": "Japan", "text": "Japan is an island country in East Asia. Tokyo is its capital."}),
]


def check(scripted, citations):
    events: list[dict] = []
    name, model = scripted(Writer([], cite={}, needs={TOKYO: ["Japan"]}))
    state = {"sentence": {"index": 0, "text": TOKYO, "citations": citations}, "sources": SOURCES}
    update = as_node(check_sentence)(state, Runtime(context=Context(model=name), stream_writer=events.append))
    (record,) = update["checked"]
    assert events == [{"event": "verdict", **record}]  # the verdict is streamed as soon as it is decided
    assert update["usage"]["check_sentence"]["calls"] == len(model.calls) >= 1
    return record


def test_a_sentence_its_citation_holds_is_supported_with_its_minimal_quote(scripted):
    record = check(scripted, [2])
    assert (record["verdict"], record["suggested"], record["citations"]) == ("supported", [], [2])
    (quote,) = record["quotes"]
    assert (
        quote["doc"] == "2" and SOURCES[1]["text"][quote["start"] : quote["end"]] == "Tokyo is its capital."
    )


@pytest.mark.parametrize("citations, verdict", [([1], "unsupported"), ([], "uncited")])
def test_a_sentence_its_citations_do_not_hold_gets_the_citation_that_would(scripted, citations, verdict):
    record = check(scripted, citations)
    assert (record["verdict"], record["quotes"], record["suggested"]) == (verdict, [], [2])
