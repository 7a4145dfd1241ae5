"""report_check: the sentences that held, with their markers, then a refusal naming those left out."""

from __future__ import annotations

import pytest
from langgraph.runtime import Runtime

from verirag import Context, refusal
from verirag.graph.node import as_node
from verirag.nodes.checking.report_check import report_check


def checked(index, text, verdict, citations=(1,)):
    return {"index": index, "text": text, "citations": list(citations), "verdict": verdict}


def test_the_held_sentences_in_order_then_what_was_left_out():
    state = {
        "checked": [
            checked(2, "The capital is Osaka.", "unsupported"),
            checked(0, "Tokyo is big.", "supported", [2, 1]),
            checked(1, "It has no river.", "uncited", []),
        ]
    }
    update = as_node(report_check)(state, Runtime(context=Context()))
    assert update["verified_answer"] == (
        "Tokyo is big [2][1]. The documents do not say that it has no river. "
        "The documents do not say that the capital is Osaka."
    )
    assert update["supported"] is False and update["refusal"].startswith(refusal.PREFIX)
    assert update["usage"]["report_check"]["calls"] == 0


@pytest.mark.parametrize(
    "verdicts, said",
    [
        (["supported", "supported"], None),
        (["unsupported", "uncited"], refusal.NOTHING_VERIFIED),
        (["supported"] + ["unsupported"] * 4, refusal.PART_UNKNOWN),  # more left out than can be named
    ],
)
def test_the_refusal_follows_how_much_held(verdicts, said):
    state = {"checked": [checked(i, f"Sentence {i}.", v) for i, v in enumerate(verdicts)]}
    update = as_node(report_check)(state, Runtime(context=Context()))
    assert update["refusal"] == said and update["supported"] is (said is None)
    assert update["verified_answer"].endswith(said or "Sentence 1 [1].")
