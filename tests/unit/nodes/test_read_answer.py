"""read_answer: an answer written elsewhere as sentences with the numbers they cite, and its documents."""

from __future__ import annotations

import pytest
from langgraph.runtime import Runtime

from verirag import Context
from verirag.errors import InvalidAnswerError
from verirag.graph.node import as_node
from verirag.nodes.checking.read_answer import read_answer

DOCUMENTS = ["Japan's capital is Tokyo.", {"title": "Kyoto", "text": "Kyoto was the capital."}]


def test_the_answer_is_read_as_numbered_sentences_over_documents_numbered_from_one():
    state = {"answer": "Tokyo is the capital [1]. Kyoto was^2^. Osaka is big.", "documents": DOCUMENTS}
    update = as_node(read_answer)(state, Runtime(context=Context()))
    assert update["sentences"] == [
        {"index": 0, "text": "Tokyo is the capital.", "citations": [1]},
        {"index": 1, "text": "Kyoto was.", "citations": [2]},
        {"index": 2, "text": "Osaka is big.", "citations": []},
    ]
    assert update["sources"] == [
        {"id": "1", "title": "", "text": "Japan's capital is Tokyo."},
        {"id": "2", "title": "Kyoto", "text": "Kyoto was the capital."},
    ]
    assert update["usage"]["read_answer"]["calls"] == 0


@pytest.mark.parametrize(
    "answer, documents, message",
    [
        ("Tokyo is the capital [3].", DOCUMENTS, r"cites \[3\], but there are 2 documents"),
        ("  ", DOCUMENTS, "empty"),
        ("Tokyo [1].", "Japan's capital is Tokyo.", "must be a list"),
        ("Tokyo [1].", [42], "document 1 has no text"),
    ],
)
def test_bad_input_is_one_clear_error(answer, documents, message):
    with pytest.raises(InvalidAnswerError, match=message):
        as_node(read_answer)({"answer": answer, "documents": documents}, Runtime(context=Context()))
