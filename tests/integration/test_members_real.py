"""The real embedded model decides whether a document places a named member in a set (``propose_members``):
a Baltic state's claim holds against its own lead, a neighbour's does not."""

from __future__ import annotations

from verirag import Context
from verirag.models import get_chat_model
from verirag.nodes.planning.propose_members import checked


def test_a_member_is_kept_only_where_a_shipped_lead_places_it_in_the_set(corpus_store):
    found, replies = checked(
        get_chat_model("local"),
        corpus_store,
        "Which are the Baltic states?",
        ["Poland", "Estonia"],
        Context(),
    )
    assert [name for name, _ in found] == ["Estonia"]  # Poland borders the Baltic Sea, yet is no Baltic state
    sentence, document = found[0][1]
    assert sentence["text"] == "Estonia is one of the Baltic states."
    assert sentence["citations"] == [document["id"]] and sentence["quotes"]
    assert replies  # the model judged the claims: Poland's reached it
