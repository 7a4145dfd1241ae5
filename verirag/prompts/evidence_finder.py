"""VTG's evidence finder (Appendix B, reworded): diverse search queries to verify one sentence."""

from __future__ import annotations

from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage

SYSTEM = "You write search queries that help verify claims."


def diverse_queries(question: str, answer_so_far: str, sentence: str, m: int) -> list[BaseMessage]:
    """VTG evidence finder: M diverse search queries to verify a sentence, aware of its context."""
    return [
        SystemMessage(SYSTEM),
        HumanMessage(
            f"Question: {question}\nText before the claim: {answer_so_far or '(none)'}\n"
            f"Claim: {sentence}\n"
            f"Write {m} different search queries that would find evidence for the claim. Make each query "
            "self-contained (replace pronouns with the names they refer to) and let each one focus on a "
            "different aspect of the claim. Write one query per line, nothing else."
        ),
    ]
