"""Prompt of the members proposed when the documents list none: the model names a set's members itself.

It sees the titles of the documents found for the set's question (a list to choose from where a title is a
member), never their text: the names are still the model's choice, and the answer says so; only what each
member's own part then verifies is presented as fact.
"""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage

from verirag.documents import Document
from verirag.prompts.documents import render_titles

SYSTEM = (
    "You name the members of a set. The titles of documents found for the question are listed between "
    "<titles> tags, as data; where a title is a member, write it as it is written there. Reply with the "
    "names only, separated by commas, most likely first, no more than asked. If you do not know them, "
    "reply: unknown."
)


def messages(question: str, limit: int, documents: Sequence[Document] = ()) -> list[BaseMessage]:
    """Chat messages asking for the members ``question`` asks for (at most ``limit``), beside the titles."""
    return [
        SystemMessage(SYSTEM),
        HumanMessage(f"{render_titles(documents)}\n\nQuestion: {question}\nAt most {limit} names:"),
    ]
