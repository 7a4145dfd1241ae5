"""Any OpenAI-compatible server by base URL: llama-cpp-python's own server on loopback, serving the
embedded model, used through `openai-compatible:MODEL@URL` — for generation and probability-scored
judgments."""

from __future__ import annotations

import sys

import pytest
from langchain_core.messages import HumanMessage, SystemMessage

from verirag.models import choice_probabilities, get_chat_model
from verirag.models.weights import local_model_path

from tests.servers import serve


@pytest.fixture(scope="module")
def llama_server():
    model = local_model_path()  # sha256-checked before the server loads it
    command = lambda port: [sys.executable, "-m", "llama_cpp.server", "--model", str(model),  # noqa: E731
                            "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "1024", "--logits_all", "true",
                            "--n_threads", "2"]
    with serve(command, lambda port: f"http://127.0.0.1:{port}/v1/models") as port:
        yield f"http://127.0.0.1:{port}/v1"


def test_generation_and_judgments_through_an_openai_compatible_server(llama_server):
    model = get_chat_model(f"openai-compatible:qwen@{llama_server}")
    reply = model.invoke([HumanMessage("What is the capital of France? One word.")], max_tokens=8)
    assert "Paris" in reply.text
    system = SystemMessage("Answer with Yes or No only.")

    def p_yes(document: str) -> float:
        judgment = choice_probabilities(model, [system, HumanMessage(
            f"Document: {document}\nClaim: The capital of France is Paris.\nDoes the document support the claim?")],
            ["Yes", "No"], "No")
        assert not judgment.from_text  # the server's logprobs were used
        return judgment.probabilities["Yes"]

    assert p_yes("Paris is the capital and largest city of France.") > 0.8
    assert p_yes("Bananas are yellow fruits grown in the tropics.") < 0.5
