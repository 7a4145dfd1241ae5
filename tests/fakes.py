"""Chat models that a process reaches by name alone (``--model import:tests.fakes:NAME``), for tests
that run verirag in another process: the CLI as a subprocess, the LangGraph server."""

from __future__ import annotations

from verirag.testing import ScriptedChatModel, last_user_text


def _cite_japan(messages, kwargs):
    prompt = last_user_text(messages)
    if 'title="Japan"' not in prompt:
        return "The documents do not say."
    n = prompt[:prompt.index('title="Japan"')].count("<document number=")
    return f"The capital of Japan is Tokyo [{n}]."


japan = ScriptedChatModel(respond=_cite_japan)  # a one-answer writer that cites the Japan document

DOCS = ["not a model"]  # for the error test: an importable name that is not a chat model
