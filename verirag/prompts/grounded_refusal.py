"""What part of the question the verified answer leaves open (Trust-Score's grounded refusal).

Named in a few words, so the answer can end by saying plainly what the documents do not answer.
"""

from __future__ import annotations

from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage

NONE = "NONE"
SYSTEM = f"""You compare a question with an answer that is known to be correct but may be incomplete.
Name the part of the question that the answer does not answer, in a few words taken from the question (a noun phrase, for example "the capital of Peru" or "when it was founded").
Do not answer the question and do not add facts.
If the answer fully answers the question, reply exactly {NONE}."""


def messages(question: str, answer: str) -> list[BaseMessage]:
    """The prompt asking what part of ``question`` the ``answer`` leaves unanswered."""
    return [
        SystemMessage(SYSTEM),
        HumanMessage(f"Question: {question}\nAnswer: {answer}\nPart of the question not answered:"),
    ]
