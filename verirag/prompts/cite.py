"""VTG's citation generator (Appendix B, reworded): 1-3 citations for one sentence.

The reply is prefilled with the sentence itself (a final assistant message), so the model writes only
the markers instead of copying the sentence token by token: decoding is the slow part of a local
model's call, and the sentence cannot change on the way. A server that does not continue a final
assistant message writes the sentence with its markers instead; the node reads the markers either way.
"""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.messages import AIMessage, BaseMessage

from verirag.documents import Document
from verirag.prompts.memory import with_documents


def cite(documents: Sequence[Document], sentence: str) -> list[BaseMessage]:
    """VTG citation generator: 1-3 citations for one sentence."""
    return [
        *with_documents(
            documents,
            (
                "Task: add citations to the sentence below. Append the numbers of the documents that support it, "
                "in square brackets like [1][3], without changing the sentence. Cite at least one and at most "
                "three documents, and only as many as needed.\n"
                f"Sentence: {sentence}\n"
                "Sentence with citations:"
            ),
        ),
        AIMessage(sentence.rstrip().rstrip(".")),
    ]
