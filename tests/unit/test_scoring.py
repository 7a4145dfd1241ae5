import math

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from verirag.models.scoring import choice_probabilities, probabilities_from_logprobs
from verirag.testing import ScriptedChatModel


def _logprob_reply(pairs):
    top = [{"token": t, "logprob": math.log(p)} for t, p in pairs]
    return AIMessage(content=pairs[0][0], response_metadata={"logprobs": {"content": [
        {"token": pairs[0][0], "logprob": top[0]["logprob"], "top_logprobs": top}]}})


def test_probabilities_come_from_token_logprobs_when_present():
    model = ScriptedChatModel(respond=lambda m, kw: _logprob_reply([("Yes", 0.6), (" yes", 0.1),
                                                                    ("No", 0.2), ("Maybe", 0.1)]))
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
    probs = probabilities_from_logprobs([{"token": "Fully", "logprob": math.log(0.5)},
                                         {"token": "Part", "logprob": math.log(0.25)},
                                         {"token": "No", "logprob": math.log(0.25)}],
                                        ["Fully supported", "Partially supported", "No support"])
    assert probs == pytest.approx({"Fully supported": 0.5, "Partially supported": 0.25, "No support": 0.25})
