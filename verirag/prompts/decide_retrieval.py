"""Self-RAG's ``Retrieve`` reflection, asked of a chat model: would looking up documents help?"""

from __future__ import annotations

from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage

SYSTEM = """You decide whether answering a request needs facts looked up in documents.
Reply "Yes" when the answer depends on factual knowledge (people, places, dates, numbers, events, definitions).
Reply "No" only when no facts are needed, for example a greeting, simple arithmetic or rewording given text.
Reply with one word: Yes or No."""


def messages(question: str) -> list[BaseMessage]:
    """The prompt asking whether retrieving documents would help to answer ``question``."""
    return [
        SystemMessage(SYSTEM),
        HumanMessage(f"Request: {question}\nWould retrieving documents help to answer it? Yes or No:"),
    ]
