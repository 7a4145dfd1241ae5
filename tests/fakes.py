"""Chat models that a process reaches by name alone (``--model import:tests.fakes:NAME``), for tests
that run verirag in another process: the CLI as a subprocess, the LangGraph server."""

from __future__ import annotations

import os
import re
import threading
import time
from collections import Counter

from langchain_core.messages import AIMessage

from tests.scripted import asks_for_the_first_sentence, documents_in, fill_reply, line_after, prompt_kind
from verirag.documents import make_document
from verirag.prompts import generate_sentence
from verirag.testing import ScriptedChatModel, distribution_reply, judgment_reply, last_user_text


def _cite_japan(messages, kwargs):
    prompt = last_user_text(messages)
    if 'title="Japan"' not in prompt:
        return "The documents do not say."
    n = prompt[: prompt.index('title="Japan"')].count("<document number=")
    return f"The capital of Japan is Tokyo [{n}]."


japan = ScriptedChatModel(respond=_cite_japan)  # a one-answer writer that cites the Japan document

DOCS = ["not a model"]  # for the error test: an importable name that is not a chat model


# --- a scripted VTG model for the web page: every prompt of the graph (tests.scripted.prompt_kind) ---

WEB_DOCS = [
    make_document(
        "Japan",
        "Japan is an island country in East Asia. Tokyo is its capital and largest city. "
        "About 125 million people live in Japan.",
        "atlas/asia.pdf",
        page=3,
    ),
    make_document(
        "Mount Fuji",
        "Mount Fuji is the highest mountain in Japan. It is an active volcano about "
        "100 km south-west of Tokyo.",
        "guide.md",
        section="Mountains > Fuji",
    ),
    make_document(
        "Markup <b>test</b> page",
        "This page is about HTML. It shows <img src=x onerror=alert(1)> "
        "and <b>bold</b> as plain text. Nothing here is about Japan.",
    ),
    make_document("Banana", "A banana is an elongated, edible fruit."),
]
JAPAN_QUESTION = "What is the capital of Japan?"
MARKUP_QUESTION = "What does the markup test page show?"
# three parts, each asked on its own; Atlantis is in no document
PLANNED_QUESTION = 'What are "Mount Fuji", "Banana" and "Atlantis"?'
# per question, the sentences the writer writes in order, each with the words that support it (None:
# nothing does, so the sentence spends its trials and is kept unverified)
WEB_SCRIPTS: dict[str, list[tuple[str, str | None]]] = {
    JAPAN_QUESTION: [
        ("Tokyo is the capital of Japan.", "Tokyo is its capital and largest city."),
        (
            "Mount Fuji, the highest mountain in Japan, is near Tokyo.",
            "Mount Fuji is the highest mountain in Japan.",
        ),
        ("About 125 million people live in Tokyo.", None),
    ],
    "What is Mount Fuji?": [
        ("Mount Fuji is the highest mountain in Japan.", "Mount Fuji is the highest mountain in Japan.")
    ],
    "What is Banana?": [
        ("A banana is an elongated, edible fruit.", "A banana is an elongated, edible fruit.")
    ],
    MARKUP_QUESTION: [
        (
            "The test page shows <img src=x onerror=alert(1)> as text.",
            "It shows <img src=x onerror=alert(1)> and <b>bold</b> as plain text.",
        )
    ],
}
_EVIDENCE = {sentence: words for script in WEB_SCRIPTS.values() for sentence, words in script}


def _sentence_in(task: str, evidence: dict[str, str | None] = _EVIDENCE) -> str:
    return next(s for s in evidence if s in task)


def _web_writer(
    messages,
    kwargs,
    scripts: dict[str, list[tuple[str, str | None]]] = WEB_SCRIPTS,
    evidence_of: dict[str, str | None] = _EVIDENCE,
):
    kind, prompt = prompt_kind(messages), last_user_text(messages)
    documents, task = prompt.rsplit("</documents>", 1) if "</documents>" in prompt else ("", prompt)
    if kind in ("retrieve?", "enough?", "useful?"):
        return judgment_reply(0.9)
    if kind == "select":
        return "Selected Documents: " + " ".join(str(n) for n, _ in documents_in(prompt)[:5])
    if kind == "rank":  # the first document the likeliest, then each next one less
        numbers = [n for n, _ in documents_in(prompt)]
        return distribution_reply({str(n): 1 / n / sum(1 / m for m in numbers) for n in numbers})
    if kind == "next sentence":  # the first sentence of the question's script not written yet (none: end)
        script = next((s for q, s in scripts.items() if q in task), [])
        return next((s for s, _ in script if s not in task), generate_sentence.END)
    if kind == "cite":  # the documents holding the supporting words (unsupported: its first word)
        sentence = _sentence_in(task, evidence_of)
        words = evidence_of[sentence] or sentence.split()[0]
        return sentence + "".join(f"[{n}]" for n, text in documents_in(documents)[:3] if words in text)
    if kind in ("support", "entails"):  # ISSUP, or the grounded decision's question about a quote
        evidence = evidence_of[_sentence_in(task, evidence_of)]
        supported = evidence is not None and evidence in documents
        if kind == "entails":
            return judgment_reply(0.97 if supported else 0.03)
        return distribution_reply(
            {"Fully": 0.9, "Partially": 0.05, "No": 0.05}
            if supported
            else {"Fully": 0.02, "Partially": 0.08, "No": 0.9}
        )
    if kind == "relevance":
        return distribution_reply({"Relevant": 0.8, "Irrelevant": 0.2})
    if kind == "queries":
        return "Tokyo population\nTokyo inhabitants"
    if kind == "usefulness":
        return distribution_reply({"4": 0.5, "5": 0.5})
    if kind == "gap":
        return "how many people live in Tokyo"
    if kind == "fill":  # a faithful reader: the blank as a supported sentence of the script fills it
        return fill_reply(
            line_after(task, "Sentence: "),
            list(evidence_of),
            lambda s: (evidence := evidence_of[s]) is not None and evidence in documents,
        )
    return "Tokyo is the capital of Japan."  # missing: a pseudo-passage


web_writer = ScriptedChatModel(respond=_web_writer)  # VTG over WEB_DOCS, answering every prompt of the graph
judge = ScriptedChatModel(respond=_web_writer)  # the same replies, as a second model (``utility_model``)


# --- web_writer for many users at once (tests/integration/test_concurrency.py) ---

# (place, what it is, a role there, who holds it): one document and one question per place; the answer
# sentence names its own place and person and is in no document (the document says it the other way
# round), so any sentence found in another run's stream or state came from that other run
_CROWD = [
    ("Veldrania", "a river town", "harbour master", "Ilsa Korrin"),
    ("Quorvath", "a mountain village", "bell ringer", "Tomas Ebberly"),
    ("Marrowdeep", "a mining town", "mayor", "Odile Fenwright"),
    ("Sallowmere", "a lake island", "lighthouse keeper", "Piet Hardacre"),
    ("Tindralis", "a desert oasis", "well keeper", "Yusra Damell"),
    ("Brackenholt", "a forest hamlet", "head forester", "Gideon Alcott"),
    ("Ostrevane", "a coastal city", "chief librarian", "Marguerite Osei"),
    ("Dunmirrow", "a border fort", "garrison captain", "Rurik Valemont"),
    ("Caskarran", "a hill town", "cheese maker", "Agnes Tollivar"),
    ("Wendlemoor", "a marsh village", "ferryman", "Coll Brennick"),
    ("Zephyrine", "a windmill town", "miller", "Hanne Vossberg"),
    ("Glimmerhold", "a glass-making town", "master glassblower", "Orla Quennell"),
    ("Ambervale", "an orchard valley", "beekeeper", "Linus Marchetti"),
]
CROWD_DOCS = [
    make_document(place, f"{place} is {what}. The {role} of {place} is {who}.", f"towns/{place.lower()}.md")
    for place, what, role, who in _CROWD
]
CROWD_SCRIPTS: dict[str, list[tuple[str, str | None]]] = {
    f"Who is the {role} of {place}?": [
        (f"{who} is the {role} of {place}.", f"The {role} of {place} is {who}.")
    ]
    for place, _, role, who in _CROWD
}
CROWD_ANSWERS = {question: script[0][0] for question, script in CROWD_SCRIPTS.items()}  # its one sentence
_CROWD_EVIDENCE = {sentence: words for script in CROWD_SCRIPTS.values() for sentence, words in script}
CROWD_LATENCY = 0.2  # seconds per call, so that concurrent runs are in flight together


def _crowd(messages, kwargs):
    time.sleep(CROWD_LATENCY)
    return _web_writer(messages, kwargs, CROWD_SCRIPTS, _CROWD_EVIDENCE)


crowd = ScriptedChatModel(respond=_crowd)  # web_writer's replies over CROWD_DOCS, each call CROWD_LATENCY s


# --- web_writer for tests that drive a verirag process from outside (kill it, take its model down) ---

_seen: Counter[str] = Counter()  # calls of each prompt kind in this process


def _subject(kind: str, messages) -> str:
    """What a call is about: the sentence written, cited or judged (empty for the other prompts)."""
    task = last_user_text(messages).rsplit("</documents>", 1)[-1]
    if kind == "next sentence":
        return _web_writer(messages, {})
    return next((s for s in _EVIDENCE if s in task), "") if kind in ("cite", "support", "entails") else ""


def _recorded(messages, kwargs):
    """web_writer's replies, steered by the environment of the process:

    * ``VERIRAG_FAKE_LOG=FILE``: every call appends ``PID<TAB>KIND<TAB>SUBJECT`` (:func:`read_log`);
    * ``VERIRAG_FAKE_HANG=KIND:N``: the N-th call of that prompt kind in this process never returns, so a
      test can kill the process in the middle of a run;
    * ``VERIRAG_FAKE_DOWN=KIND``: every call of that kind raises ``TimeoutError`` (a model server down).
    """
    kind = prompt_kind(messages)
    _seen[kind] += 1
    if os.environ.get("VERIRAG_FAKE_LOG"):
        with open(os.environ["VERIRAG_FAKE_LOG"], "a") as log:
            log.write(f"{os.getpid()}\t{kind}\t{_subject(kind, messages)}\n")
    if os.environ.get("VERIRAG_FAKE_HANG") == f"{kind}:{_seen[kind]}":
        threading.Event().wait()  # until the test kills this process
    if os.environ.get("VERIRAG_FAKE_DOWN") == kind:
        raise TimeoutError("model server unreachable")
    return _web_writer(messages, kwargs)


recorded = ScriptedChatModel(respond=_recorded)


def read_log(path) -> list[tuple[int, str, str]]:
    """The calls :data:`recorded` logged: (process id, prompt kind, subject), in order."""
    if not os.path.exists(path):
        return []
    with open(path) as log:
        return [
            (int(pid), kind, subject)
            for pid, kind, subject in (line.rstrip("\n").split("\t") for line in log)
        ]


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
    prompt = last_user_text(messages)
    n = _question_id(prompt.split("Question:")[-1] if "Question:" in prompt else prompt)
    kind = prompt_kind(messages)
    if kind == "next sentence":
        if not asks_for_the_first_sentence(messages):
            return generate_sentence.END
        if os.environ.get("VERIRAG_FAKE_LOG"):  # which process started which question (retry tests)
            with open(os.environ["VERIRAG_FAKE_LOG"], "a") as log:
                log.write(f"Q{n} {os.getpid()}\n")
        return f"Q{n} is answered by A{n}."
    if kind == "cite":
        return prompt.split("Sentence: ")[1].split("\n")[0] + "[1]"
    if kind in ("support", "entails"):
        return distribution_reply({"Fully": 0.9, "Yes": 0.97, "Partially": 0.05, "No": 0.05})
    if kind == "usefulness":
        return distribution_reply({"4": 0.5, "5": 0.5})
    return f"Q{n} is answered by A{n} [1]."  # the one-answer writer (vanilla)


slow = ScriptedChatModel(respond=_slow)  # every call takes VERIRAG_FAKE_LATENCY seconds (default 0.2)


def _verbatim_reader(messages, kwargs):
    """Entailment judge of the calibrate tests: P(Yes) 0.95 for a claim its documents hold verbatim, else
    0.3; a slot question gets what its passage has in the blank's place, verbatim, else "unknown"."""
    text = last_user_text(messages)
    if "What goes in the blank?" in text:
        passage, masked = text.rsplit("Sentence: ", 1)
        left, _, right = masked.split("\n", 1)[0].rstrip(".").partition("___")
        found = re.search(re.escape(left) + r"(.+?)" + re.escape(right), passage)
        return AIMessage(found.group(1) if found else "unknown")
    documents, claim = text.rsplit("Claim: ", 1)
    return judgment_reply(0.95 if claim.split("\n", 1)[0].rstrip(".") in documents else 0.3)


verbatim_reader = ScriptedChatModel(respond=_verbatim_reader)
