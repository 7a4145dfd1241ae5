"""Prompt of the members proposed when the documents list none: the model names a set's members itself.

No document is in it: the names are the model's own, and the answer says so; only what each member's own
part then verifies is presented as fact.
"""

from __future__ import annotations

from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage

SYSTEM = (
    "You name the members of a set from your own knowledge. Reply with the names only, separated by "
    "commas, most likely first, no more than asked. If you do not know them, reply: unknown."
)


def messages(question: str, limit: int) -> list[BaseMessage]:
    """Chat messages asking for the members ``question`` asks for, at most ``limit`` of them."""
    return [SystemMessage(SYSTEM), HumanMessage(f"Question: {question}\nAt most {limit} names:")]
