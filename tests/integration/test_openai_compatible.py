"""Any OpenAI-compatible server by base URL: llama-cpp-python's own server on loopback, serving the
embedded model, used through `openai-compatible:MODEL@URL` — for generation and probability-scored
judgments, and by `verirag ask --model openai-compatible:…` through the whole graph."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from langchain_core.messages import HumanMessage, SystemMessage

from tests.servers import serve
from verirag.models import choice_probabilities, get_chat_model
from verirag.models.weights import local_model_path

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def llama_server():
    model = local_model_path()  # sha256-checked before the server loads it

    # --logits_all: llama-cpp-python returns log-probabilities only for a model loaded with it
    def command(port):
        return [
            sys.executable,
            "-m",
            "llama_cpp.server",
            "--model",
            str(model),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--n_ctx",
            "2048",
            "--logits_all",
            "true",
            "--n_threads",
            "2",
        ]

    with serve(command, lambda port: f"http://127.0.0.1:{port}/v1/models") as port:
        yield f"http://127.0.0.1:{port}/v1"


def test_generation_and_judgments_through_an_openai_compatible_server(llama_server):
    model = get_chat_model(f"openai-compatible:qwen@{llama_server}")
    reply = model.invoke([HumanMessage("What is the capital of France? One word.")], max_tokens=8)
    assert "Paris" in reply.text
    system = SystemMessage("Answer with Yes or No only.")

    def p_yes(document: str) -> float:
        judgment = choice_probabilities(
            model,
            [
                system,
                HumanMessage(
                    f"Document: {document}\nClaim: The capital of France is Paris.\n"
                    "Does the document support the claim?"
                ),
            ],
            ["Yes", "No"],
            "No",
        )
        assert not judgment.from_text  # the server's logprobs were used
        return judgment.probabilities["Yes"]

    assert p_yes("Paris is the capital and largest city of France.") > 0.8
    assert p_yes("Bananas are yellow fruits grown in the tropics.") < 0.5


# small caps, so that one question takes a minute or two on 2 cores: one window of 4 candidates judged
# once (listwise, so the server makes a utility judgment too), D of 2 documents, one sentence with at most
# one evidence-finder trial of one query and document
SMALL = {
    "utility_mode": "listwise",
    "candidates_per_query": 4,
    "window": 4,
    "utility_samples": 1,
    "top_k": 2,
    "max_retrieval_iterations": 1,
    "max_sentences": 1,
    "max_trials": 1,
    "evidence_queries": 1,
    "evidence_docs": 1,
}
JUDGMENT_NODES = (
    "decide_retrieval",
    "verify_retrieval",
    "verify_citations",
    "verify_memory",
    "simplify_citations",
)


def test_verirag_ask_runs_the_whole_graph_on_the_server_with_judgments_scored_from_logprobs(
    llama_server, corpus_store
):
    model = f"openai-compatible:qwen@{llama_server}"
    settings = [arg for key, value in SMALL.items() for arg in ("--set", f"{key}={value}")]
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "verirag.cli",
            "ask",
            "Who painted the Mona Lisa?",
            "--json",
            "--model",
            model,
            *settings,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1200,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    result = json.loads(proc.stdout)
    per_node = result["usage"]["per_node"]
    for node in (
        "decide_retrieval",
        "judge_utility",
        "verify_retrieval",
        "generate_sentence",
        "cite",
        "verify_citations",
    ):
        assert per_node[node]["calls"] >= 1, (node, per_node)
    assert result["sentences"] and result["config"]["model"] == model
    # every judgment was read from the server's next-token log-probabilities, none from the reply's text
    assert sum(per_node[node]["calls"] for node in JUDGMENT_NODES if node in per_node) >= 3
    assert {node: counters["from_text"] for node, counters in per_node.items()} == dict.fromkeys(per_node, 0)
    assert all(per_node[node]["fallbacks"] == 0 for node in JUDGMENT_NODES if node in per_node)
