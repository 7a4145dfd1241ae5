"""Rewrite ``bare_list``: a failed list claim without its members' directions, read off one sentence.

"The countries that border Hungary are Slovakia to the north, Ukraine to the east, …" whose directions the
document gives otherwise: "… are Slovakia, Ukraine, …" (:func:`verirag.verify.readings.listing.bare_list`).
"""

from __future__ import annotations

from langchain_core.language_models.chat_models import BaseChatModel

from verirag.graph.context import Context
from verirag.verify.readings.listing import bare_list
from verirag.verify.verdict import Failed, Rewrite


def propose(failed: Failed, model: BaseChatModel, ctx: Context) -> Rewrite | None:
    """The list with its members bare, to be read off the documents again; None: no direction to drop."""
    documents, sentence = failed.documents, failed.sentence
    bare = bare_list(sentence) if ctx.support_decision == "grounded" and documents else None
    return Rewrite(bare) if bare else None
