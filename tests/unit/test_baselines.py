"""Named systems (the baselines, LLatrieval, VTG, the ablations) are switches of the same graph."""

import json
import math
import re

import pytest
from langchain_core.messages import AIMessage

from tests.fakes import JAPAN_QUESTION, WEB_DOCS
from tests.scripted import run_main
from verirag import Context, ask
from verirag.graph.systems import SYSTEMS
from verirag.stores import HybridStore
from verirag.testing import HashEmbedder, last_user_text

RETRIEVAL_STAGE = {"decide_retrieval", "verify_retrieval"}  # plain top-k: no utility judgment
SELECTING = RETRIEVAL_STAGE | {"judge_utility"}
SENTENCE_LOOP = {
    "generate_sentence",
    "cite",
    "verify_citations",
    "verify_memory",
    "evidence_finder",
    "simplify_citations.quotes",
    "grounded_refusal",
}  # (one citation each: nothing to simplify)
# the nodes that ask the model under each system, for a question whose third sentence is unsupported (the
# answer written on past its first sentence, which answers the question: end_when_answered=false)
ASKING = {
    "closed-book": {"generate_answer"},
    "vanilla": {"generate_answer"},
    "rerank": {"generate_answer"},
    "llatrieval": {"judge_utility", "verify_retrieval", "generate_answer"},  # always retrieves: no decision
    "vtg": SENTENCE_LOOP,  # plain top-k, then VTG's loop
    "verirag": RETRIEVAL_STAGE | SENTENCE_LOOP,
    "verirag-listwise": SELECTING | SENTENCE_LOOP,
    "verirag-three-votes": SELECTING | SENTENCE_LOOP,
    "verirag-pointwise": SELECTING | SENTENCE_LOOP,
    "verirag-ranked": SELECTING | SENTENCE_LOOP,
    "verirag-small-judge": SELECTING | SENTENCE_LOOP,
    "verirag-contrast": RETRIEVAL_STAGE | SENTENCE_LOOP,
    "verirag-no-relation-checks": RETRIEVAL_STAGE | SENTENCE_LOOP,
    "verirag-atoms": RETRIEVAL_STAGE | SENTENCE_LOOP,
    "verirag-no-qg": RETRIEVAL_STAGE | SENTENCE_LOOP - {"evidence_finder"},  # searches with the sentence
    "verirag-no-verifier": RETRIEVAL_STAGE | {"generate_sentence", "cite"},  # nothing checked
    "verirag-no-simplifier": RETRIEVAL_STAGE | SENTENCE_LOOP,  # citations kept: scenarios/test_writing_stage
}
# judge_utility's calls over the four candidates: one listwise judgment; three shuffled votes stop after two
# that agree (a third cannot change the majority); one ranking prompt; one pointwise judgment per candidate
UTILITY_CALLS = {
    "verirag-listwise": 1,
    "verirag-three-votes": 2,
    "verirag-ranked": 1,
    "verirag-pointwise": len(WEB_DOCS),
}


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_each_named_system_asks_the_model_only_in_its_own_stages(system, tmp_path, monkeypatch, capsys):
    HybridStore(tmp_path / "store", embedder=HashEmbedder()).add(WEB_DOCS)
    switches, judge = dict(SYSTEMS[system]), []
    if switches.pop("utility_model", ""):  # its own model for the utility judgments: here the fake too
        judge = ["--set", "utility_model=import:tests.fakes:judge"]
    code, out, err = run_main(
        monkeypatch,
        capsys,
        "ask",
        JAPAN_QUESTION,
        "--json",
        "--system",
        system,
        "--model",
        "import:tests.fakes:web_writer",
        "--store",
        str(tmp_path / "store"),
        "--set",
        "end_when_answered=false",
        *judge,
    )
    assert code == 0, err
    result = json.loads(out)
    per_node = result["usage"]["per_node"]
    assert {node for node, counters in per_node.items() if counters["calls"]} == ASKING[system]
    if "generate_answer" in ASKING[system]:  # one answer; Rerank samples four (uncited: none to judge)
        assert per_node["generate_answer"]["calls"] == (4 if system == "rerank" else 1)
    assert {key: result["config"][key] for key in switches} == switches
    if judge:  # every utility judgment on the judge, none on the writer
        from tests.fakes import judge as judge_model

        assert judge_model.calls and len(judge_model.calls) == per_node["judge_utility"]["calls"]
    if system in UTILITY_CALLS:  # the cheaper utility judgments really are cheaper
        assert per_node["judge_utility"]["calls"] == UTILITY_CALLS[system]


def test_top_k_zero_answers_closed_book_without_touching_the_store(scripted):
    model_name, model = scripted(lambda m, kw: "Tokyo.")
    result = ask(
        "What is the capital of Japan?",
        Context(**{**SYSTEMS["closed-book"], "model": model_name, "store": "/nonexistent"}),
    )
    assert result["answer"] == "Tokyo."
    assert result["documents"] == {}
    assert "<documents>" not in last_user_text(model.calls[0][0])


def test_rerank_keeps_the_sample_with_the_best_citation_recall(store, scripted):
    store_name, _ = store
    samples = []

    def respond(messages, kwargs):
        prompt = last_user_text(messages)
        if kwargs.get("logprobs"):  # the entailment judge: only the Japan document supports the claim
            supports = "Tokyo is its capital and largest city" in prompt and "Claim: The capital" in prompt
            yes = 0.95 if supports else 0.05
            top = [{"token": "Yes", "logprob": math.log(yes)}, {"token": "No", "logprob": math.log(1 - yes)}]
            return AIMessage(
                "Yes" if yes > 0.5 else "No",
                response_metadata={"logprobs": {"content": [{"top_logprobs": top}]}},
            )
        samples.append(kwargs)
        japan_match = re.search(r'<document number="(\d+)" title="Japan">', prompt)
        banana_match = re.search(r'<document number="(\d+)" title="Banana">', prompt)
        assert japan_match is not None and banana_match is not None
        japan, banana = japan_match.group(1), banana_match.group(1)
        cite = japan if kwargs["seed"] == 3 else banana  # only the third sample cites correctly
        return f"The capital of Japan is Tokyo [{cite}]."

    model_name, _ = scripted(respond)
    context = Context(
        **{
            **SYSTEMS["rerank"],
            "model": model_name,
            "store": store_name,
            "top_k": 4,
            "sample_temperature": 0.9,
        }
    )
    result = ask("capital of Japan banana", context)
    assert [kw["seed"] for kw in samples] == [1, 2, 3, 4]
    assert all(kw["temperature"] == 0.9 for kw in samples)
    (doc,) = result["documents"].values()
    assert doc["title"] == "Japan"
    node = result["usage"]["per_node"]["generate_answer"]
    # four samples; two distinct (documents, claim) judgments: identical samples are judged once
    assert node["calls"] == 4 + 2
