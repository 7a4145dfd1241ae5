"""The real local model (Qwen2.5-Coder-1.5B GGUF, llama.cpp) end to end over the shipped corpus."""

import json
import subprocess
import sys

from langchain_core.messages import HumanMessage, SystemMessage

from verirag import Context, ask
from verirag.graph.systems import SYSTEMS
from verirag.models import choice_probabilities, get_chat_model

QUESTION = "Who painted the Mona Lisa?"


def test_vanilla_answer_cites_the_paragraph_that_holds_the_answer(corpus_store):
    result = ask(QUESTION, Context.preset("local", **SYSTEMS["vanilla"]))
    cited_titles = {doc["title"] for doc in result["documents"].values()}
    assert "Mona Lisa" in cited_titles, result
    assert "Leonardo" in result["answer"] and "[1]" in result["answer"]
    assert all(c in result["documents"] for s in result["sentences"] for c in s["citations"])
    assert result["usage"]["total"]["calls"] == 1


def test_the_cli_answers_with_a_verified_quoted_sentence_from_the_known_paragraph(corpus_store):
    """The README's first command ends with `verirag ask` on the embedded model: the same, as a process."""
    proc = subprocess.run(
        [sys.executable, "-m", "verirag.cli", "ask", QUESTION, "--json"],
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    verified = [s for s in result["sentences"] if s["verified_by"] in ("citations", "memory")]
    assert verified and "Leonardo" in result["answer"], result["sentences"]
    cited = {result["documents"][c]["title"] for s in verified for c in s["citations"]}
    assert "Mona Lisa" in cited, result
    for sentence in verified:  # each verified sentence carries the verbatim words that support it
        assert 0.0 <= sentence["support"] <= 1.0 and sentence["quotes"]
        for quote in sentence["quotes"]:
            assert result["documents"][quote["doc"]]["text"][quote["start"] : quote["end"]].strip()
    nodes = result["usage"]["per_node"]
    for node in ("verify_retrieval", "generate_sentence", "cite", "verify_citations"):
        assert nodes[node]["calls"] >= 1, node
    assert nodes["judge_utility"]["calls"] == 0  # the default selection: the plain top-k
    assert all(counters.get("from_text", 0) == 0 for counters in nodes.values())  # scored by probability


def test_judgments_get_token_probabilities_from_the_local_backend():
    model = get_chat_model("local")
    system = SystemMessage("Answer with Yes or No only.")

    def p_yes(document: str) -> float:
        question = (
            f"Document: {document}\nClaim: The capital of France is Paris.\n"
            "Does the document support the claim?"
        )
        judgment = choice_probabilities(model, [system, HumanMessage(question)], ["Yes", "No"], "No")
        assert not judgment.from_text  # scored from logprobs, not parsed from text
        return judgment.probabilities["Yes"]

    assert p_yes("Paris is the capital and largest city of France.") > 0.8
    assert p_yes("Bananas are yellow fruits grown in the tropics.") < 0.5


def test_the_local_model_continues_a_final_assistant_message_so_the_citer_writes_only_markers():
    from verirag.documents import Document
    from verirag.prompts import cite

    documents = [
        Document(id="a", title="Banana", text="Bananas are yellow fruits grown in the tropics."),
        Document(id="b", title="Mona Lisa", text="The Mona Lisa is a portrait by Leonardo."),
    ]
    messages = cite.cite(documents, "Leonardo da Vinci painted the Mona Lisa.")
    reply = get_chat_model("local").invoke(messages, max_tokens=48)
    assert "[2]" in reply.text and "Leonardo" not in reply.text, reply.text  # continued, not restated
    closed = get_chat_model("local").invoke(messages[:-1], max_tokens=48)  # the same prompt, no prefill
    assert "Leonardo" in closed.text and "[2]" in closed.text, closed.text


def test_a_restored_kv_state_continues_exactly_as_the_live_cache():
    """The local model saves its KV cache after each call and restores the saved state that shares the
    longest prefix with a later prompt. A judgment over a document, asked right after another judgment
    over it (live cache) or after an unrelated, longer prompt (restored state), reuses the same prefix and
    gives the same probabilities to the last digit."""
    from verirag.models import local
    from verirag.models.weights import local_model_path

    model = local.LocalChatModel(model_path=str(local_model_path()), n_ctx=2048)  # its own context
    document = (
        "The Mona Lisa is a half-length portrait painting by Italian artist Leonardo da Vinci. "
        "Considered an archetypal masterpiece of the Italian Renaissance, it has been described "
        "as the best known, the most visited, the most written about, the most sung about, and "
        "the most parodied work of art in the world."
    )
    system = SystemMessage("Answer with Yes or No only.")

    def judge(claim: str) -> tuple[dict, int]:
        reply = model.invoke(
            [system, HumanMessage(f"Document: {document}\nClaim: {claim}\nSupported?")],
            logprobs=True,
            top_logprobs=5,
            max_tokens=1,
        )
        top = reply.response_metadata["logprobs"]["content"][0]["top_logprobs"]
        assert reply.usage_metadata is not None
        reused = reply.usage_metadata["input_token_details"]["cache_read"]
        return {t["token"]: t["logprob"] for t in top}, reused

    def fresh() -> None:
        context = local._contexts.pop(model._key(), None)
        if context:
            context.llm.close()

    unrelated = [SystemMessage("You write short poems."), HumanMessage("A poem about the sea. " * 40)]
    try:
        fresh()
        judge("Leonardo da Vinci painted the Mona Lisa.")
        live, live_reused = judge("The Mona Lisa is a sculpture.")
        fresh()
        judge("Leonardo da Vinci painted the Mona Lisa.")
        model.invoke(unrelated, max_tokens=1)  # longer than the judgment: the live cache is overwritten
        restored, restored_reused = judge("The Mona Lisa is a sculpture.")
        assert restored_reused == live_reused > 60  # the system prompt and the document
        assert restored == live
    finally:
        fresh()


def test_the_installed_llama_cpp_uses_this_cpus_avx512_and_never_amx():
    """scripts/install.sh compiles llama.cpp for the instruction sets /proc/cpuinfo lists (AVX-512 prefills
    about 1.5x faster than AVX2 alone on the project's Xeon) but never AMX, which segfaults there."""
    import llama_cpp

    info = llama_cpp.llama_print_system_info().decode()
    cpu = set(open("/proc/cpuinfo", encoding="utf-8").read().split())
    assert "AMX" not in info, info
    assert "AVX2 = 1" in info, info
    if {"avx512f", "avx512cd", "avx512vl", "avx512dq", "avx512bw"} <= cpu:
        extensions = {"avx512vbmi": "AVX512_VBMI", "avx512_vnni": "AVX512_VNNI", "avx512_bf16": "AVX512_BF16"}
        for name in ["AVX512"] + [build for flag, build in extensions.items() if flag in cpu]:
            assert f"{name} = 1" in info, (name, info)


def test_one_prompts_first_token_ranks_the_useful_document_first_in_every_order():
    from verirag.prompts import judge_utility
    from verirag.stores import make_document

    documents = [
        make_document("Banana", "A banana is an elongated, edible fruit."),
        make_document("Mona Lisa", "The Mona Lisa is a portrait painted by Leonardo da Vinci."),
        make_document("Paris", "Paris is the capital of France."),
    ]
    for order in ([0, 1, 2], [1, 0, 2], [2, 0, 1]):
        shown = [documents[i] for i in order]
        judgment = choice_probabilities(
            get_chat_model("local"), judge_utility.ranked(shown, QUESTION), ["1", "2", "3"], "1"
        )
        assert not judgment.from_text, judgment
        assert shown[int(judgment.best) - 1]["title"] == "Mona Lisa", judgment.probabilities


def test_the_embedded_small_model_makes_the_utility_judgments_while_the_default_writes(corpus_store):
    from verirag.parsing import parse_selection
    from verirag.prompts import judge_utility
    from verirag.stores import make_document

    small = get_chat_model("local-0.5b")  # sha256-checked like the 1.5B
    documents = [
        make_document("Banana", "A banana is an elongated, edible fruit."),
        make_document("Mona Lisa", "The Mona Lisa is a portrait painted by Leonardo da Vinci."),
    ]
    reply = small.invoke(judge_utility.listwise(documents, QUESTION, 2), max_tokens=16)
    assert "0.5b" in reply.response_metadata["model_name"]
    assert 2 in (parse_selection(reply.text, 2, 2) or []), reply.text
    result = ask(
        QUESTION,
        Context.preset(
            "local", **SYSTEMS["llatrieval"], utility_model="local-0.5b", max_retrieval_iterations=1
        ),
    )
    assert result["usage"]["per_node"]["judge_utility"]["calls"] >= 1
    assert "Mona Lisa" in {d["title"] for d in result["documents"].values()}
    assert "Leonardo" in result["answer"]
