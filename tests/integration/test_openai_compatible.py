"""Any OpenAI-compatible server by base URL: llama-cpp-python's own server on loopback, serving the
embedded model, used through `openai-compatible:MODEL@URL` — for generation and probability-scored
judgments."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from langchain_core.messages import HumanMessage, SystemMessage

from verirag.models import choice_probabilities, get_chat_model
from verirag.models.weights import local_model_path


@pytest.fixture(scope="module")
def llama_server():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    model = local_model_path()  # sha256-checked before the server loads it
    proc = subprocess.Popen([sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--host", "127.0.0.1",
                             "--port", str(port), "--n_ctx", "1024", "--logits_all", "true", "--n_threads", "2"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}/v1"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(f"{url}/models", timeout=2)
                break
            except OSError:
                if proc.poll() is not None:
                    pytest.fail("llama_cpp.server exited")
                time.sleep(1)
        else:
            pytest.fail("llama_cpp.server did not start")
        yield url
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)


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
