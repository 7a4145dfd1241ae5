"""answer_part: one part of a planned question through the graph without its planner (a nested run)."""

from __future__ import annotations

from dataclasses import replace

from langgraph.runtime import Runtime

from tests.scripted import (
    S1,
    S2,
    Q,
    Script,
    Writer,
    nothing_verified,
    prompt_kind,
    retrieval_context,
    vtg_context,
)
from verirag.graph.node import as_node
from verirag.nodes.planning.answer_part import answer_part_with
from verirag.workflow import builder

PART = {
    "index": 1,
    "origin": 1,
    "question": Q,
    "depends_on": 0,
    "members": ["Japan"],
    "member_questions": [Q],
    "proposed": False,
}


def answer_part():
    """The node as the graph builds it: over the pipeline without a planner."""
    return as_node(answer_part_with(builder(planner=False).compile(name="verirag-part")))


def test_a_part_is_answered_within_part_sentences_and_its_sentences_carry_its_index(vtg_store, scripted):
    events: list[dict] = []
    script = Writer([S1, S2], cite={S1: ["Japan"], S2: ["Kyoto"]}, needs={S1: ["Japan"], S2: ["Kyoto"]})
    name, model = scripted(script)
    runtime = Runtime(context=vtg_context(name, part_sentences=1), stream_writer=events.append)
    update = answer_part()(PART, runtime)
    (part,) = update["parts"]
    assert script.generated == [S1]  # max_sentences capped at part_sentences: S2 never asked for
    assert (part["index"], part["question"], part["depends_on"], part["members"]) == (1, Q, 0, ["Japan"])
    assert part["answer"] == "Tokyo is the capital of Japan [1]." and part["verified"] is True
    assert [(s["text"], s["part"]) for s in part["sentences"]] == [(S1, 1)]
    assert [d["title"] for d in part["documents"].values()] == ["Japan"] and part["refusal"] is None
    assert [(e["event"], e["part"], e["sentence"]["text"]) for e in events] == [("sentence", 1, S1)]
    # the nested run's ledger joins the graph's, beside the part's own entry
    assert update["usage"]["cite"]["calls"] == 1 and update["usage"]["answer_part"]["runs"] == 1
    assert sum(e["calls"] for e in update["usage"].values()) == len(model.calls)


def test_a_part_that_verifies_nothing_is_recorded_unverified_with_its_refusal(vtg_store, scripted):
    name, _ = scripted(Writer([S1], cite={S1: ["Japan"]}, needs={}))  # nothing supports S1
    update = answer_part()(PART, Runtime(context=vtg_context(name, max_trials=0)))
    (part,) = update["parts"]
    assert part["verified"] is False and nothing_verified(part["refusal"])
    assert part["answer"] == part["refusal"] and [s["part"] for s in part["sentences"]] == [1]


def test_a_part_retrieves_without_asking_and_keeps_at_most_part_top_k_documents(vtg_store, scripted):
    script = Writer([S1], cite={S1: ["Japan"]}, needs={S1: ["Japan"]})
    name, model = scripted(script)
    context = vtg_context(name, top_k=2, part_top_k=1, retrieval_threshold=0.5, part_sentences=1)
    update = answer_part()(PART, Runtime(context=context))
    (part,) = update["parts"]
    assert [d["title"] for d in part["documents"].values()] == ["Japan"]  # one of the two top_k would give
    assert update["usage"]["decide_retrieval"]["calls"] == 0 and part["verified"] is True
    closed_book = answer_part()(PART, Runtime(context=vtg_context(name, top_k=0, part_sentences=1)))
    assert closed_book["parts"][0]["documents"] == {}  # top_k = 0 still never retrieves


def test_a_part_asking_several_members_has_part_sentences_and_part_top_k_for_each(vtg_store, scripted):
    osaka = "Osaka is a city in the Kansai region of Japan."
    script = Writer(
        [S1, osaka], cite={S1: ["Japan"], osaka: ["Osaka"]}, needs={S1: ["Japan"], osaka: ["Osaka"]}
    )
    name, _ = scripted(script)
    context = vtg_context(name, part_sentences=1, part_top_k=1, top_k=5, end_when_answered=False)
    both = {**PART, "members": ["Japan", "Osaka"], "member_questions": [Q, "Where is Osaka?"]}
    update = answer_part()(both, Runtime(context=context))
    (part,) = update["parts"]
    assert script.memories[0] == ["Japan", "Osaka"]  # each member's best document, by its own question
    assert [(s["text"], s["verified_by"]) for s in part["sentences"]] == [
        (S1, "citations"),
        (osaka, "citations"),
    ]
    assert part["members"] == ["Japan", "Osaka"]


def test_a_part_asking_several_members_leaves_its_refusal_to_the_composer(vtg_store, scripted):
    osaka = "Osaka is the largest city of Japan."  # the documents do not say so: unverified
    both = {**PART, "members": ["Japan", "Osaka"], "member_questions": [Q, "Where is Osaka?"]}
    for part, gap_calls in [(PART, 1), (both, 0)]:
        script = Writer(
            [S1, osaka], cite={S1: ["Japan"], osaka: ["Osaka"]}, needs={S1: ["Japan"], osaka: ["Tokyo"]}
        )
        asked: list[str] = []

        def respond(messages, kwargs, script=script, asked=asked):
            asked.append(prompt_kind(messages))
            return "the largest city of Japan" if asked[-1] == "gap" else script(messages, kwargs)

        name, _ = scripted(respond)
        context = vtg_context(name, part_sentences=2, max_trials=0, end_when_answered=False)
        (answered,) = answer_part()(part, Runtime(context=context))["parts"]
        assert [s["verified_by"] for s in answered["sentences"]] == ["citations", "none"]
        # one member: its own refusal names the gap; several: no call whose text the composer replaces
        assert asked.count("gap") == gap_calls and bool(answered["refusal"]) == bool(gap_calls)


def test_a_part_verifies_its_documents_at_most_part_retrieval_iterations_times(japan_store, scripted):
    script = Script(verify_p=lambda titles, n: 0.01)  # the documents never answer: the loop runs to its cap
    name, _ = scripted(script)
    context = retrieval_context(name, max_retrieval_iterations=3, part_retrieval_iterations=1)
    answer_part()(PART, Runtime(context=context))
    assert len(script.verify_calls) == 1 and script.queries_asked == 0  # R = 1: no update, not two
    script.verify_calls.clear()
    answer_part()(PART, Runtime(context=replace(context, part_retrieval_iterations=5)))
    assert len(script.verify_calls) == 3 and script.queries_asked == 2  # never past the question's own R
