"""simplify_citations: VTG's simplifier, each citation the rest can do without dropped, then the quotes."""

from __future__ import annotations

from langgraph.runtime import Runtime

from tests.scripted import S1, VTG_DOCUMENTS, Q, Writer, a_draft, a_state, vtg_context
from verirag.graph.node import as_node
from verirag.nodes.writing.simplify_citations import simplify_citations

JAPAN, TOKYO = VTG_DOCUMENTS["Japan"], VTG_DOCUMENTS["Tokyo"]
WHOLE = [{"doc": JAPAN["id"], "start": 0, "end": len(JAPAN["text"])}]  # tier 1's evidence: all of Japan
STATE = a_state(
    Q,
    draft=a_draft(S1, [TOKYO["id"], JAPAN["id"]], status="supported", verified_by="citations", quotes=WHOLE),
    long_term_memory=[JAPAN, TOKYO],
)


def test_a_citation_the_rest_can_do_without_is_dropped_and_the_quote_is_made_minimal(scripted):
    name, model = scripted(Writer([], cite={}, needs={S1: ["Japan"]}))
    update = as_node(simplify_citations)(STATE, Runtime(context=vtg_context(name)))
    draft = update["draft"]
    assert draft["citations"] == [JAPAN["id"]] and draft["status"] == "simplified"
    assert [JAPAN["text"][q["start"] : q["end"]] for q in draft["quotes"]] == ["Tokyo is its capital."]
    usage = update["usage"]
    asked = usage["simplify_citations"]["calls"] + usage["simplify_citations.quotes"]["calls"]
    assert usage["simplify_citations"]["calls"] >= 2 and asked == len(model.calls)  # each call in one entry


def test_without_the_simplifier_and_quotes_the_set_is_kept_and_nothing_is_asked(scripted):
    name, model = scripted(Writer([], cite={}, needs={S1: ["Japan"]}))
    context = vtg_context(name, simplifier=False, quotes=False)
    update = as_node(simplify_citations)(STATE, Runtime(context=context))
    assert update["draft"]["citations"] == [TOKYO["id"], JAPAN["id"]] and update["draft"]["quotes"] == []
    assert model.calls == [] and update["usage"]["simplify_citations"]["calls"] == 0
