import math
from dataclasses import replace

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from verirag import calibration
from verirag.models.scoring import choice_probabilities, probabilities_from_logprobs
from verirag.testing import ScriptedChatModel


def _logprob_reply(pairs):
    top = [{"token": t, "logprob": math.log(p)} for t, p in pairs]
    return AIMessage(
        content=pairs[0][0],
        response_metadata={
            "logprobs": {
                "content": [{"token": pairs[0][0], "logprob": top[0]["logprob"], "top_logprobs": top}]
            }
        },
    )


def test_probabilities_come_from_token_logprobs_when_present():
    model = ScriptedChatModel(
        respond=lambda m, kw: _logprob_reply([("Yes", 0.6), (" yes", 0.1), ("No", 0.2), ("Maybe", 0.1)])
    )
    judgment = choice_probabilities(model, [HumanMessage("q")], ["Yes", "No"], default="No")
    assert not judgment.from_text and judgment.parsed
    assert judgment.probabilities["Yes"] == pytest.approx(0.7 / 0.9)
    assert judgment.best == "Yes"
    # the model was asked for the next-token distribution only
    kwargs = model.calls[0][1]
    assert kwargs["logprobs"] is True and kwargs["max_tokens"] == 1 and kwargs["top_logprobs"] >= 5


def test_text_is_the_fallback_when_no_logprobs():
    model = ScriptedChatModel(respond=lambda m, kw: "No, it does not.")
    judgment = choice_probabilities(model, [HumanMessage("q")], ["Yes", "No"], default="Yes")
    assert judgment.from_text and judgment.probabilities == {"Yes": 0.0, "No": 1.0}


def test_unparseable_reply_falls_back_to_the_default_and_says_so():
    model = ScriptedChatModel(respond=lambda m, kw: "¯\\_(ツ)_/¯")
    judgment = choice_probabilities(model, [HumanMessage("q")], ["Yes", "No"], default="No")
    assert not judgment.parsed and judgment.best == "No"


def test_multi_token_choices_match_on_their_first_token():
    probs = probabilities_from_logprobs(
        [
            {"token": "Fully", "logprob": math.log(0.5)},
            {"token": "Part", "logprob": math.log(0.25)},
            {"token": "No", "logprob": math.log(0.25)},
        ],
        ["Fully supported", "Partially supported", "No support"],
    )
    assert probs == pytest.approx({"Fully supported": 0.5, "Partially supported": 0.25, "No support": 0.25})


def test_the_ledger_counts_per_node_the_judgments_read_from_text(vtg_store, scripted):
    from tests.scripted import JUDGMENTS, S1, Q, Writer, prompt_kind, vtg_context
    from verirag.api import run

    per_node, judgments = {}, {}
    for logprobs in (True, False):
        script = Writer([S1], cite={S1: ["Japan"]}, needs={S1: ["Japan"]})

        def respond(messages, kwargs, script=script, logprobs=logprobs):
            reply = script(messages, kwargs)  # judgments carry log-probabilities...
            return reply if logprobs or prompt_kind(messages) not in JUDGMENTS else reply.text  # ...or not

        name, model = scripted(respond)
        if not logprobs:  # a bare "Yes" is worth its measured precision (what `verirag calibrate` fits)
            calibration.register(name, replace(calibration.EMBEDDED, text_yes=0.9))
        out, _ = run(Q, vtg_context(name))
        assert out["sentences"][0]["verified_by"] == "citations"  # "Yes" read either way
        per_node[logprobs] = out["usage"]["per_node"]
        judgments[logprobs] = sum(prompt_kind(m) in JUDGMENTS for m, _ in model.calls)
    assert all(counters["from_text"] == 0 for counters in per_node[True].values())
    assert judgments[False] > 0 and sum(c["from_text"] for c in per_node[False].values()) == judgments[False]
    verify = per_node[False]["verify_citations"]
    assert verify["from_text"] == 1 < verify["calls"]  # its one judgment; the slot check's fills are not
    assert per_node[False]["cite"]["from_text"] == 0  # not a judgment
