"""Chat models that a process reaches by name alone (``--model import:tests.fakes:NAME``), for tests
that run verirag in another process: the CLI as a subprocess, the LangGraph server."""

from __future__ import annotations

import os
import re
import time

from verirag.prompts import decide_retrieval, grounded_refusal, judge_utility, missing_info_query, verify, writer
from verirag.stores.documents import Document, make_document
from verirag.testing import ScriptedChatModel, distribution_reply, judgment_reply, last_user_text


def _cite_japan(messages, kwargs):
    prompt = last_user_text(messages)
    if 'title="Japan"' not in prompt:
        return "The documents do not say."
    n = prompt[:prompt.index('title="Japan"')].count("<document number=")
    return f"The capital of Japan is Tokyo [{n}]."


japan = ScriptedChatModel(respond=_cite_japan)  # a one-answer writer that cites the Japan document

DOCS = ["not a model"]  # for the error test: an importable name that is not a chat model


# --- a scripted VTG model for the web page: every prompt of the graph, recognised by its constant text ---

_ARG = "\x00"  # placeholder argument: the fixed text of a prompt is what comes before it


def _shape(messages) -> tuple[str, str]:
    """(system text, first line of the last user message after its documents block)."""
    system = messages[0].text if messages and messages[0].type == "system" else ""
    task = last_user_text(messages).rsplit("</documents>", 1)[-1].strip()
    return system, task.split("\n", 1)[0]


def _fixed(messages) -> tuple[str, str]:
    return tuple(part.split(_ARG, 1)[0] for part in _shape(messages))


# built from verirag.prompts with placeholder arguments, so rewording a prompt changes these with it
PROMPTS = {
    "retrieve?": _fixed(decide_retrieval.messages(_ARG)),
    "select": _fixed(judge_utility.listwise(_ARG, [], _ARG)),
    "enough?": _fixed(verify.classify(_ARG, [])),
    "missing": _fixed(missing_info_query.messages(_ARG, [], "passage")),
    "next sentence": _fixed(writer.next_sentence([], _ARG, "")),
    "cite": _fixed(writer.cite([], _ARG)),
    "support": _fixed(writer.support([], _ARG, _ARG)),
    "relevance": _fixed(writer.relevance(Document(title=_ARG, text=_ARG), _ARG)),
    "queries": _fixed(writer.diverse_queries(_ARG, "", _ARG, 2)),
    "usefulness": _fixed(writer.usefulness(_ARG, _ARG)),
    "gap": _fixed(grounded_refusal.messages(_ARG, _ARG)),
}


def prompt_kind(messages) -> str:
    """Which of the graph's prompts ``messages`` is (a key of :data:`PROMPTS`)."""
    system, task = _shape(messages)
    for kind, (fixed_system, fixed_task) in PROMPTS.items():
        if system.startswith(fixed_system) and task.startswith(fixed_task):
            return kind
    raise ValueError(f"not a prompt of the graph: {system[:60]!r} / {task[:60]!r}")


def documents_in(prompt: str) -> list[tuple[int, str]]:
    """(number, text) of the documents rendered in a prompt (verirag.text.render_documents)."""
    blocks = re.findall(r'<document number="(\d+)" title="[^"]*">\n(.*?)\n</document>', prompt, re.S)
    return [(int(n), text) for n, text in blocks]


WEB_DOCS = [
    make_document("Japan", "Japan is an island country in East Asia. Its capital and largest city is Tokyo. "
                  "About 125 million people live in Japan.", "atlas/asia.pdf", page=3),
    make_document("Mount Fuji", "Mount Fuji is the highest mountain in Japan. It is an active volcano about "
                  "100 km south-west of Tokyo.", "guide.md", section="Mountains > Fuji"),
    make_document("Markup <b>test</b> page", "This page is about HTML. It shows <img src=x onerror=alert(1)> "
                  "and <b>bold</b> as plain text. Nothing here is about Japan."),
    make_document("Banana", "A banana is an elongated, edible fruit."),
]
JAPAN_QUESTION = "What is the capital of Japan?"
MARKUP_QUESTION = "What does the markup test page show?"
# per question, the sentences the writer writes in order, each with the words that support it (None:
# nothing does, so the sentence spends its trials and is kept unverified)
WEB_SCRIPTS = {
    JAPAN_QUESTION: [("Tokyo is the capital of Japan.", "Its capital and largest city is Tokyo."),
                     ("Mount Fuji, the highest mountain in Japan, is near Tokyo.",
                      "Mount Fuji is the highest mountain in Japan."),
                     ("Tokyo has one billion inhabitants.", None)],
    MARKUP_QUESTION: [("The test page shows <img src=x onerror=alert(1)> as text.",
                       "It shows <img src=x onerror=alert(1)> and <b>bold</b> as plain text.")],
}
_EVIDENCE = {sentence: words for script in WEB_SCRIPTS.values() for sentence, words in script}


def _sentence_in(task: str) -> str:
    return next(s for s in _EVIDENCE if s in task)


def _web_writer(messages, kwargs):
    kind, prompt = prompt_kind(messages), last_user_text(messages)
    documents, task = prompt.rsplit("</documents>", 1) if "</documents>" in prompt else ("", prompt)
    if kind in ("retrieve?", "enough?"):
        return judgment_reply(0.9)
    if kind == "select":
        return "Selected Documents: " + " ".join(str(n) for n, _ in documents_in(prompt)[:5])
    if kind == "next sentence":
        script = next(s for q, s in WEB_SCRIPTS.items() if q in task)
        return next((s for s, _ in script if s not in task), writer.END)  # the first one not written yet
    if kind == "cite":  # the documents holding the supporting words (unsupported: its first word)
        sentence = _sentence_in(task)
        words = _EVIDENCE[sentence] or sentence.split()[0]
        return sentence + "".join(f"[{n}]" for n, text in documents_in(documents)[:3] if words in text)
    if kind == "support":
        words = _EVIDENCE[_sentence_in(task)]
        supported = words is not None and words in documents
        return distribution_reply({"Fully": 0.9, "Partially": 0.05, "No": 0.05} if supported
                                  else {"Fully": 0.02, "Partially": 0.08, "No": 0.9})
    if kind == "relevance":
        return distribution_reply({"Relevant": 0.8, "Irrelevant": 0.2})
    if kind == "queries":
        return "Tokyo population\nTokyo inhabitants"
    if kind == "usefulness":
        return distribution_reply({"4": 0.5, "5": 0.5})
    if kind == "gap":
        return "how many people live in Tokyo"
    return "Tokyo is the capital of Japan."  # missing: a pseudo-passage


web_writer = ScriptedChatModel(respond=_web_writer)  # VTG over WEB_DOCS, answering every prompt of the graph


LATENCY = float(os.environ.get("VERIRAG_FAKE_LATENCY", "0.2"))
# "Qn is answered by An." is in no document, so the grounded decision's lexical guard would reject it:
# runs of the slow model judge with Self-RAG's ISSUP (the mechanics under load are the same)
SLOW_SUPPORT = "issup"


def _question_id(prompt: str) -> str:
    match = re.search(r"\bQ(\d+)\b", prompt)
    return match.group(1) if match else "?"


def _slow(messages, kwargs):
    """Answers any question "Q<n> ..." as "Q<n> is answered by A<n>." with one citation, through the
    one-answer writer or VTG's sentence loop (write, cite, judge support, end, critique)."""
    time.sleep(LATENCY)
    prompt, system = last_user_text(messages), messages[0].text
    n = _question_id(prompt.split("Question:")[-1] if "Question:" in prompt else prompt)
    if "Task: write the answer" in prompt:
        if "Answer so far: (nothing yet)" not in prompt:
            return writer.END
        if os.environ.get("VERIRAG_FAKE_LOG"):  # which process started which question (retry tests)
            with open(os.environ["VERIRAG_FAKE_LOG"], "a") as log:
                log.write(f"Q{n} {os.getpid()}\n")
        return f"Q{n} is answered by A{n}."
    if "Task: add citations" in prompt:
        return prompt.split("Sentence: ")[1].split("\n")[0] + "[1]"
    if "Task: judge how well" in prompt:
        return distribution_reply({"Fully": 0.9, "Partially": 0.05, "No": 0.05})
    if system.startswith("You rate how useful"):
        return distribution_reply({"4": 0.5, "5": 0.5})
    return f"Q{n} is answered by A{n} [1]."  # the one-answer writer (vanilla)


slow = ScriptedChatModel(respond=_slow)  # every call takes VERIRAG_FAKE_LATENCY seconds (default 0.2)
