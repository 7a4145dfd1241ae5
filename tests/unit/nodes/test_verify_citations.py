"""verify_citations: tier 1 of VTG's verifier, the draft against the documents it cites."""

from __future__ import annotations

from langgraph.runtime import Runtime

from tests.scripted import S1, VTG_DOCUMENTS, Q, Writer, a_draft, a_state, vtg_context
from verirag.graph.node import as_node
from verirag.nodes.writing.verify_citations import verify_citations

JAPAN, TOKYO = VTG_DOCUMENTS["Japan"], VTG_DOCUMENTS["Tokyo"]


def state(*cited):
    return a_state(
        Q, draft=a_draft(S1, [d["id"] for d in cited], status="cited"), long_term_memory=[JAPAN, TOKYO]
    )


def test_cited_documents_that_support_it_verify_it_with_their_quote(scripted):
    name, model = scripted(Writer([], cite={}, needs={S1: ["Japan"]}))
    update = as_node(verify_citations)(state(JAPAN), Runtime(context=vtg_context(name)))
    draft = update["draft"]
    assert (draft["status"], draft["verified_by"], draft["citations"]) == (
        "supported",
        "citations",
        [JAPAN["id"]],
    )
    assert draft["support"] > 0.5
    quoted = [JAPAN["text"][q["start"] : q["end"]] for q in draft["quotes"] if q["doc"] == JAPAN["id"]]
    assert "Tokyo is its capital." in quoted and len(quoted) == len(draft["quotes"])  # its evidence
    entry = update["usage"]["verify_citations"]
    assert entry["calls"] == len(model.calls) >= 1 and entry["fallbacks"] == 0


def test_cited_documents_that_do_not_support_it_fail_it(scripted):
    name, _ = scripted(Writer([], cite={}, needs={S1: ["Japan"]}))
    update = as_node(verify_citations)(state(TOKYO), Runtime(context=vtg_context(name)))
    draft = update["draft"]
    assert (draft["status"], draft["verified_by"]) == ("unsupported", "none")
    assert draft["support"] < 0.5


def test_an_uncited_draft_fails_without_a_call(scripted):
    name, model = scripted(Writer([], cite={}, needs={S1: ["Japan"]}))
    update = as_node(verify_citations)(state(), Runtime(context=vtg_context(name)))
    assert (update["draft"]["status"], update["draft"]["support"]) == ("unsupported", 0.0)
    assert model.calls == [] and update["usage"]["verify_citations"]["calls"] == 0
