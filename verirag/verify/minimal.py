"""VTG's citation simplifier at sentence granularity: a verified claim's quote cut to what it needs."""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.language_models.chat_models import BaseChatModel

from verirag.documents import Document
from verirag.graph.context import Context
from verirag.verify.pipeline import decide
from verirag.verify.verdict import Quote, Support


def minimal_quotes(
    model: BaseChatModel,
    documents: Sequence[Document],
    sentence: str,
    quotes: Sequence[Quote],
    question: str,
    ctx: Context,
) -> tuple[list[Quote], list[Support]]:
    """The quote cut down to the sentences the claim needs, and the checks asked.

    Each quoted sentence, in turn, is dropped for good when the rest of the quote still supports the claim
    (at least one is kept).
    """
    quotes, checks = list(quotes), []
    for quote in list(quotes):
        if len(quotes) == 1:
            break
        rest = [q for q in quotes if q != quote]
        (check,) = decide(
            model,
            [([d for d in documents if any(q.doc == d["id"] for q in rest)], sentence)],
            question,
            ctx,
            [rest],
        )
        checks.append(check)
        if check.passed:
            quotes = rest
    return quotes, checks
