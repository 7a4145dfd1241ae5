"""Rewrite ``restated_attribute``: a claim failed only for attribute words its quote lacks, in the quote's.

"The lead vocalist of Led Zeppelin is Robert Plant." over "The band comprised vocalist Robert Plant, …": the
quote, asked "Robert Plant is the ___ of Led Zeppelin.", fills the blank with words it writes ("vocalist"),
and the claim is decided again as "Robert Plant is the vocalist of Led Zeppelin.". Only where the quote could
fill a blank of the claim as written otherwise, and kept only when it fills each with the claim's own term.
"""

from __future__ import annotations

import re

from langchain_core.language_models.chat_models import BaseChatModel

from verirag.graph.context import Context
from verirag.prompts.documents import render_documents
from verirag.verify.blanks import BLANK, UNKNOWN, fills
from verirag.verify.checks import slots
from verirag.verify.checks.attribute import unstated_attributes
from verirag.verify.claim import Claim
from verirag.verify.evidence import best_sentence, cut
from verirag.verify.verdict import Failed, Rewrite

_RELATION_WORDS = re.compile(r"(?:^|\s)([a-z][\w-]*(?: [a-z][\w-]*){0,3})\W*$")  # "Queen's lead singer."


def propose(failed: Failed, model: BaseChatModel, ctx: Context) -> Rewrite | None:
    """The claim in its quote's words for the attribute, or None; the replies asked come with it."""
    documents, sentence, check = failed.documents, failed.sentence, failed.check
    if ctx.support_decision != "grounded" or not check.missing:
        return None
    evidence = cut(documents, check.quotes)  # the guard's quote, as it read it
    claim = Claim.of(sentence)
    held = claim.attribute
    if (
        not evidence.documents
        or held is None
        or set(check.missing) != set(unstated_attributes(claim.statements, evidence.texts))
    ):
        return None
    if any(" of " in m for m in check.missing):  # another owner's attribute, not other words for it
        return None
    blanks = slots.questions(sentence, evidence)
    if not blanks:  # nothing the reader could tie the sentence's relation to
        return None
    value, verb, attribute, owner = held
    masked = f"{value} {verb} the {BLANK} of {owner}."
    asks = [slots.messages(render_documents([best_sentence(evidence, masked)]), masked)]
    asks += [slots.messages(read_in, clause) for _, clause, read_in in blanks]
    replies = tuple(slots.ask(model, asks, ctx))
    words = _RELATION_WORDS.search((replies[0].text.strip().splitlines() or [""])[0])
    if words is None or words[1] in (attribute, UNKNOWN):
        return Rewrite("", asked=replies)
    if not all(fills(r.text, b) for (b, _, _), r in zip(blanks, replies[1:], strict=True)):
        return Rewrite("", asked=replies)
    return Rewrite(masked.replace(BLANK, words[1]), asked=replies)
