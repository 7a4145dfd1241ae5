"""Chat models that a process reaches by name alone (``--model import:tests.fakes:NAME``), for tests
that run verirag in another process: the CLI as a subprocess, the LangGraph server."""

from __future__ import annotations

import os
import re
import time

from verirag.prompts import writer
from verirag.testing import ScriptedChatModel, distribution_reply, last_user_text


def _cite_japan(messages, kwargs):
    prompt = last_user_text(messages)
    if 'title="Japan"' not in prompt:
        return "The documents do not say."
    n = prompt[:prompt.index('title="Japan"')].count("<document number=")
    return f"The capital of Japan is Tokyo [{n}]."


japan = ScriptedChatModel(respond=_cite_japan)  # a one-answer writer that cites the Japan document

DOCS = ["not a model"]  # for the error test: an importable name that is not a chat model


LATENCY = float(os.environ.get("VERIRAG_FAKE_LATENCY", "0.2"))


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
