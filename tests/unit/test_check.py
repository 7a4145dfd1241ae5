"""Checking an answer written elsewhere: the Python API, the graph a parent agent adds as a node, and
``verirag check`` on the command line, driven by a scripted judge that finds a sentence supported
exactly when the documents it is shown include every title in ``NEEDS[sentence]``."""

from __future__ import annotations

import json
import operator
from typing import Annotated, Any

import pytest
from langchain_core.documents import Document as LangChainDocument
from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

from tests.scripted import (
    JUDGMENTS,
    fill_reply,
    judged_sentence,
    line_after,
    prompt_kind,
    run_main,
    support_reply,
    titles_in,
)
from verirag import check, refusal
from verirag.answers import cited_sentences
from verirag.errors import InvalidAnswerError
from verirag.nodes.checking.read_answer import source
from verirag.workflow import check_graph

DOCS = [
    {"title": "Japan", "text": "Japan is an island country in East Asia. Tokyo is its capital."},
    {"title": "Kyoto", "text": "Kyoto was the capital of Japan for more than a thousand years."},
]
TOKYO = "Tokyo is the capital of Japan."
KYOTO = "Kyoto was the capital of Japan for more than a thousand years."
OSAKA = "Osaka is the capital of Japan."
NEEDS = {TOKYO: ["Japan"], KYOTO: ["Kyoto"]}


def judging(needs, reads=None):
    """The scripted judge: supported exactly when the documents shown include every title it needs;
    a blank is filled with ``reads`` when given (what the quote says), else as a supported sentence would."""

    def judge(messages, kwargs):
        kind, prompt = prompt_kind(messages), "\n".join(m.text for m in messages[1:])
        shown = set(titles_in(prompt))
        if kind in JUDGMENTS:
            ok = set(needs.get(judged_sentence(messages), {"?"})) <= shown
            return support_reply(messages, 0.97 if ok else 0.02)
        if kind == "fill":
            if reads is not None:
                return reads
            return fill_reply(line_after(prompt, "Sentence: "), list(needs), lambda s: set(needs[s]) <= shown)
        raise AssertionError(f"unexpected prompt {kind}")

    return judge


judge = judging(NEEDS)


@pytest.mark.parametrize(
    "answer",
    [
        "Tokyo is the capital [1][2]. Kyoto was [2].",
        "Tokyo is the capital [1, 2]. Kyoto was [2].",
        "Tokyo is the capital^1,2^. Kyoto was^2^.",
    ],
)
def test_citation_markers_of_every_common_style_are_read(answer):
    assert cited_sentences(answer) == [("Tokyo is the capital.", [1, 2]), ("Kyoto was.", [2])]


def test_an_answer_without_markers_takes_its_citations_beside_it():
    assert cited_sentences("Tokyo is the capital. Kyoto was. Osaka is big.", [[1], [2, 1]]) == [
        ("Tokyo is the capital.", [1]),
        ("Kyoto was.", [2, 1]),
        ("Osaka is big.", []),
    ]


def test_each_sentence_gets_its_verdict_quote_and_the_citation_that_would_hold_it(scripted):
    name, _ = scripted(judge)
    result = check(f"{TOKYO[:-1]} [1]. {KYOTO[:-1]} [1]. {OSAKA}", DOCS, model=name)
    tokyo, kyoto, osaka = result["sentences"]
    assert (tokyo["verdict"], kyoto["verdict"], osaka["verdict"]) == ("supported", "unsupported", "uncited")
    (quote,) = tokyo["quotes"]
    assert DOCS[0]["text"][quote["start"] : quote["end"]] == "Tokyo is its capital." and quote["doc"] == "1"
    assert kyoto["suggested"] == [2] and osaka["suggested"] == []  # the document that holds it, or none
    assert result["supported"] is False
    assert result["verified_answer"] == (
        "Tokyo is the capital of Japan [1]. "
        f"{refusal.PART_MISSING.format(gap='that ' + KYOTO[:-1])} "
        f"{refusal.PART_MISSING.format(gap='that ' + OSAKA[:-1])}"
    )
    assert result["usage"]["per_node"]["check_sentence"]["runs"] == 3
    # each verdict names the step that settled it and what the steps found
    assert tokyo["decided_by"] == "entailment" and tokyo["found"] == []
    assert kyoto["decided_by"] == "key_terms"
    assert kyoto["found"][0] == {"check": "key_terms", "terms": ["kyoto"]}


def test_a_list_sentence_holds_only_if_every_member_does(scripted):
    docs = [{"title": "Tokyo", "text": "Tokyo, Osaka and Nagoya are cities of Japan."}]
    members = [f"Cities of Japan include {city}." for city in ("Tokyo", "Osaka", "Nagoya")]
    name, _ = scripted(judging({m: ["Tokyo"] for m in members}, reads="Tokyo, Osaka and Nagoya"))
    (held,) = check(
        "Cities of Japan include Tokyo, Osaka and Nagoya [1].", docs, model=name, atomic_claims=True
    )["sentences"]
    (failed,) = check(
        "Cities of Japan include Tokyo, Osaka and Lahore [1].", docs, model=name, atomic_claims=True
    )["sentences"]
    assert held["verdict"] == "supported" and failed["verdict"] == "unsupported"
    assert [(a["text"], a["verified"]) for a in failed["atoms"]] == [
        ("Cities of Japan include Tokyo.", True),
        ("Cities of Japan include Osaka.", True),
        ("Cities of Japan include Lahore.", False),
    ]


def test_documents_as_langchain_documents_strings_or_the_contract(scripted):
    name, _ = scripted(judge)
    as_langchain = [LangChainDocument(page_content=d["text"], metadata={"title": d["title"]}) for d in DOCS]
    as_contract = {f"id{i}": {**d, "source": ""} for i, d in enumerate(DOCS)}
    for documents in (as_langchain, as_contract):
        result = check(f"{KYOTO[:-1]} [2].", documents, model=name)
        assert result["supported"], documents
    assert source(2, "Kyoto was the capital.") == {"id": "2", "title": "", "text": "Kyoto was the capital."}
    assert check("Tokyo is the capital. Kyoto was.", DOCS, citations=[[1], [2]], model=name)["sentences"][0][
        "citations"
    ] == [1]


def test_the_output_of_a_langchain_retrieval_chain_is_checked_as_it_comes(scripted):
    """The README's recipe: ``create_retrieval_chain``'s ``answer`` and ``context`` go in as they are."""
    from langchain_classic.chains import create_retrieval_chain
    from langchain_classic.chains.combine_documents import create_stuff_documents_chain
    from langchain_core.embeddings import DeterministicFakeEmbedding
    from langchain_core.prompts import ChatPromptTemplate
    from langchain_core.runnables import RunnableLambda
    from langchain_core.vectorstores import InMemoryVectorStore

    store = InMemoryVectorStore(DeterministicFakeEmbedding(size=16))
    store.add_documents(
        [LangChainDocument(page_content=d["text"], metadata={"title": d["title"]}) for d in DOCS]
    )

    def writer(prompt):  # another system's writer: cites by the order of the documents it was shown
        shown = prompt.to_string()
        tokyo = 1 + (shown.index(DOCS[1]["text"]) < shown.index(DOCS[0]["text"]))
        return f"{TOKYO[:-1]} [{tokyo}]. {OSAKA[:-1]} [{3 - tokyo}]."

    prompt = ChatPromptTemplate.from_messages(
        [("system", "Answer from these documents:\n\n{context}"), ("human", "{input}")]
    )
    chain = create_retrieval_chain(
        store.as_retriever(search_kwargs={"k": 2}),
        create_stuff_documents_chain(RunnableLambda(writer), prompt),
    )
    out = chain.invoke({"input": "What is the capital of Japan?"})
    name, _ = scripted(judge)
    result = check(out["answer"], out["context"], model=name)
    assert [s["verdict"] for s in result["sentences"]] == ["supported", "unsupported"]
    japan = 1 + [d.metadata["title"] for d in out["context"]].index("Japan")  # [n]: the n-th as given
    assert result["verified_answer"].startswith(f"{TOKYO[:-1]} [{japan}].")


@pytest.mark.parametrize(
    "answer, documents, message",
    [
        ("  ", DOCS, "the answer to check is empty"),
        ("Tokyo [1].", [{"title": "no text"}], "document 1 has no text"),
        ("Tokyo [1].", "Japan", "documents must be a list"),
        (
            "Tokyo is big [1]. Kyoto was the capital [7].",
            DOCS,
            r"sentence 2 \('Kyoto was the capital.'\) cites \[7\], but there are 2 documents",
        ),
    ],
)
def test_bad_input_is_one_clear_error(scripted, answer, documents, message):
    name, model = scripted(judge)
    with pytest.raises(InvalidAnswerError, match=message):
        check(answer, documents, model=name)
    assert model.calls == []


def test_a_parent_agent_adds_the_checker_as_a_node_after_its_writer(scripted):
    class Agent(TypedDict, total=False):
        question: str
        answer: str
        documents: list
        checked: Annotated[list, operator.add]
        verified_answer: str
        supported: bool

    def writer(state: Agent) -> dict:
        return {"answer": f"{TOKYO[:-1]} [1]. {OSAKA}", "documents": DOCS}

    parent: StateGraph[Agent, Any] = StateGraph(Agent)  # the context (a dict) goes to the checker as is
    parent.add_node("writer", writer)
    parent.add_node("check", check_graph)
    parent.add_edge(START, "writer")
    parent.add_edge("writer", "check")
    parent.add_edge("check", END)
    name, _ = scripted(judge)
    # (namespace, mode, chunk) triples, with subgraphs and several modes (langgraph types them as dicts)
    events: list[Any] = list(
        parent.compile().stream(
            {"question": "What is the capital of Japan?"},
            context={"model": name},
            stream_mode=["custom", "values"],
            subgraphs=True,
        )
    )
    final = [chunk for ns, mode, chunk in events if mode == "values" and not ns][-1]
    assert final["verified_answer"].startswith("Tokyo is the capital of Japan [1]. The documents do not say")
    assert final["supported"] is False
    verdicts = [chunk for _, mode, chunk in events if mode == "custom" and chunk["event"] == "verdict"]
    assert sorted(v["verdict"] for v in verdicts) == ["supported", "uncited"]


def test_the_command_line_gates_on_every_sentence_holding_and_resumes(
    scripted, tmp_path, monkeypatch, capsys
):
    name, model = scripted(judge)
    alce = tmp_path / "answers.jsonl"
    alce.write_text(
        "\n".join(
            json.dumps({"question": "Capital of Japan?", "output": output, "docs": DOCS})
            for output in (f"{TOKYO[:-1]} [1].", f"{OSAKA[:-1]} [1].")
        )
        + "\n"
    )
    code, out, _ = run_main(monkeypatch, capsys, "check", str(alce), "--model", name)
    assert code == 1 and "unsupported" in out and "supported" in out
    words = " ".join(out.replace("│", " ").split())
    assert "decided by" in out and "entailment" in out  # what settled each one; for Osaka the name the
    assert {"weighing:", "key_terms", "osaka"} <= set(words.split())  # quote lacks, weighed with P(Yes)
    written = (tmp_path / "answers.jsonl.checked.jsonl").read_text().splitlines()
    verdicts = [json.loads(line) for line in written]
    assert [(v["line"], v["supported"]) for v in verdicts] == [(1, True), (2, False)]
    calls = len(model.calls)
    code, _, _ = run_main(monkeypatch, capsys, "check", str(alce), "--model", name)
    assert code == 1 and len(model.calls) == calls  # verdicts already written are kept, not checked again
    alce.write_text(json.dumps({"question": "q", "answer": f"{TOKYO[:-1]} [1].", "documents": DOCS}) + "\n")
    code, _, _ = run_main(
        monkeypatch, capsys, "check", str(alce), "--model", name, "--out", str(tmp_path / "held.jsonl")
    )
    assert code == 0  # verirag's contract format, every sentence held


def test_the_command_line_states_the_decisions_measured_false_flag_rate(
    scripted, tmp_path, monkeypatch, capsys
):
    from verirag.verify.rates import MEASURED

    name, _ = scripted(judge)
    alce = tmp_path / "answers.jsonl"
    alce.write_text(json.dumps({"question": "q", "output": f"{TOKYO[:-1]} [1].", "docs": DOCS}) + "\n")
    code, out, _ = run_main(monkeypatch, capsys, "check", str(alce), "--model", name)
    assert code == 0 and f"No measured false-flag rate for model {name}" in " ".join(out.split())
    local = MEASURED["local"]
    monkeypatch.setitem(MEASURED, name, local)  # the scripted judge given the embedded model's figures
    for settings, measured in (([], True), (["--set", "checks_off=slots"], False)):
        code, out, _ = run_main(
            monkeypatch,
            capsys,
            "check",
            str(alce),
            "--model",
            name,
            "--out",
            str(tmp_path / f"{measured}.jsonl"),
            *settings,
        )
        words = " ".join(out.split())
        assert code == 0
        if measured:
            assert f"flagged {local.true_flagged:.0%} of the true ones" in words
            assert f"caught {local.false_caught:.0%} of the false ones" in words
        else:
            assert "No measured false-flag rate for these settings" in words


@pytest.mark.parametrize(
    "content, message",
    [
        ("{not json\n", "answers.jsonl:1: invalid JSON"),
        ('{"question": "q"}\n', "answers.jsonl:1: expected an answer"),
        ('{"output": "", "docs": []}\n', "the answer to check is empty"),
    ],
)
def test_bad_input_on_the_command_line_is_one_line_and_status_2(
    scripted, tmp_path, monkeypatch, capsys, content, message
):
    name, _ = scripted(judge)
    (tmp_path / "answers.jsonl").write_text(content)
    code, _, error = run_main(monkeypatch, capsys, "check", str(tmp_path / "answers.jsonl"), "--model", name)
    assert code == 2 and message in error and len(error.strip().splitlines()) == 1


def test_the_default_decision_is_judged_on_every_context_field_the_support_decision_reads():
    import re
    from pathlib import Path

    from verirag import cli

    verify = Path(cli.__file__).parent / "verify"
    read = {f for p in verify.glob("*.py") for f in re.findall(r"\bctx\.([a-z_]+)", p.read_text())}
    assert read - {"model"} == set(cli._DECISION_FIELDS)  # the rates are per model, looked up by it
