"""VTG's sentence generator (Appendix B, reworded): the next sentence of the answer, or the end signal."""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.messages import BaseMessage

from verirag.documents import Document
from verirag.prompts.memory import with_documents

END = "[END]"
# what the sentence must be; a reply that restates it is no sentence (the writer node treats it as said)
INSTRUCTIONS = (
    "Write only the next sentence of the answer: one complete sentence that states facts about the subject of "
    "the question (not about the documents), without citation markers. It must add new information that "
    "answers the question."
)


def next_sentence(documents: Sequence[Document], question: str, answer_so_far: str) -> list[BaseMessage]:
    """VTG sentence generator: one more sentence of the answer, or the end signal."""
    so_far = answer_so_far or "(nothing yet)"
    return with_documents(
        documents,
        (
            "Task: write the answer to the question one sentence at a time, using only facts from the documents.\n"
            f"Question: {question}\n"
            f"Answer so far: {so_far}\n"
            f"{INSTRUCTIONS} If the answer so far already answers the question "
            f"completely, or the documents say nothing more that is useful, write exactly {END}.\n"
            "Next sentence:"
        ),
    )
