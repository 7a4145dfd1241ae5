"""Rewrite ``listed_members``: a failed list claim kept to the members one quoted sentence gives it.

"… are China, Laos, Cambodia and Thailand." from "… bordered by China …, and Laos and Cambodia …": "… are
China, Laos, and Cambodia."; the members left out go to ``omitted``. Held by that sentence, no model call.
"""

from __future__ import annotations

from langchain_core.language_models.chat_models import BaseChatModel

from verirag.graph.context import Context
from verirag.verify.readings.listing import bare_list, listed_members
from verirag.verify.verdict import Failed, Quote, Rewrite, Support


def propose(failed: Failed, model: BaseChatModel, ctx: Context) -> Rewrite | None:
    """The list restated with the members its quoted sentence gives (:func:`listed_members`), or None."""
    documents, sentence = failed.documents, failed.sentence
    if ctx.support_decision != "grounded" or not documents:
        return None
    found = listed_members(
        bare_list(sentence) or sentence, [(d.get("title", ""), d["text"]) for d in documents]
    )
    if found is None:
        return None
    text, left, index, span = found
    quote = Quote(documents[index]["id"], *span)
    return Rewrite(text, Support(1.0, True, "listed_members", (quote,)), tuple(left))
