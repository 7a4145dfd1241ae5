"""Closed-book and ALCE-Rerank are switches of the same graph."""

import math
import re

from langchain_core.messages import AIMessage

from verirag import Context, ask
from verirag.eval.systems import SYSTEMS
from verirag.testing import last_user_text


def test_top_k_zero_answers_closed_book_without_touching_the_store(scripted):
    model_name, model = scripted(lambda m, kw: "Tokyo.")
    result = ask("What is the capital of Japan?", Context(**{**SYSTEMS["closed-book"], "model": model_name,
                                                             "store": "/nonexistent"}))
    assert result["answer"] == "Tokyo."
    assert result["documents"] == {}
    assert "<documents>" not in last_user_text(model.calls[0][0])


def test_rerank_keeps_the_sample_with_the_best_citation_recall(store, scripted):
    store_name, _ = store
    samples = []

    def respond(messages, kwargs):
        prompt = last_user_text(messages)
        if kwargs.get("logprobs"):  # the entailment judge: only the Japan document supports the claim
            yes = 0.95 if "Its capital and largest city is Tokyo" in prompt and "Claim: The capital" in prompt \
                else 0.05
            top = [{"token": "Yes", "logprob": math.log(yes)}, {"token": "No", "logprob": math.log(1 - yes)}]
            return AIMessage("Yes" if yes > 0.5 else "No",
                             response_metadata={"logprobs": {"content": [{"top_logprobs": top}]}})
        samples.append(kwargs)
        japan = re.search(r'<document number="(\d+)" title="Japan">', prompt).group(1)
        banana = re.search(r'<document number="(\d+)" title="Banana">', prompt).group(1)
        cite = japan if kwargs["seed"] == 3 else banana  # only the third sample cites correctly
        return f"The capital of Japan is Tokyo [{cite}]."

    model_name, _ = scripted(respond)
    context = Context(**{**SYSTEMS["rerank"], "model": model_name, "store": store_name, "top_k": 4,
                         "sample_temperature": 0.9})
    result = ask("capital of Japan banana", context)
    assert [kw["seed"] for kw in samples] == [1, 2, 3, 4]
    assert all(kw["temperature"] == 0.9 for kw in samples)
    (doc,) = result["documents"].values()
    assert doc["title"] == "Japan"
    node = result["usage"]["per_node"]["generate_answer"]
    # four samples; two distinct (documents, claim) judgments: identical samples are judged once
    assert node["calls"] == 4 + 2
