"""Check ``slots``: each name or number the quote could fill otherwise is filled by it with the claim's own.

The claim with a term blanked ("Lahore is the capital of ___.", :mod:`verirag.verify.blanks`) is asked of
the one quoted sentence that covers that clause best; an answer naming a rival term fails it, and gives the
claim as its quote fills the blank.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.runnables import RunnableConfig

from verirag.graph.context import Context
from verirag.prompts import slot
from verirag.prompts.documents import render_documents
from verirag.verify.blanks import BLANK, UNKNOWN, Slot, as_filled, echoes, fills, slots
from verirag.verify.claim import Claim
from verirag.verify.evidence import Evidence, best_sentence
from verirag.verify.lexicon import opening_name, title_subject
from verirag.verify.verdict import Finding

SLOT_TOKENS = 16  # the slot check's answer: the words for one blank


def questions(sentence: str, evidence: Evidence) -> list[tuple[Slot, str, str]]:
    """The blanks of ``sentence`` in its quoted ``evidence``, each with its question and where it is read.

    The question is the clause (:attr:`Claim.atoms`) holding the blank, read in the one quoted sentence that
    covers that clause best (a two-document claim's blank is asked of its own document).
    """
    out = []
    titles = [d.get("title", "") for d in evidence.documents]
    opened = {q.doc for q in evidence.quotes if q.start == 0}  # a lead's first sentence names its subject
    leads = [opening_name(d["text"]) for d in evidence.documents if d["id"] in opened]
    for blank in slots(sentence, evidence.joined, titles=titles, leads=leads):
        clause = next((a for a in Claim.of(blank.masked).atoms if BLANK in a), blank.masked)
        out.append((blank, clause, render_documents([best_sentence(evidence, clause)])))
    return out


def messages(read_in: str, clause: str) -> list[BaseMessage]:
    """The reader's question: what does ``read_in`` put in the blank of ``clause``?"""
    return slot.messages(read_in, clause)


def ask(model: BaseChatModel, asks: Sequence[list[BaseMessage]], ctx: Context) -> list[AIMessage]:
    """The reader's replies naming a blank's words (at most :data:`SLOT_TOKENS`), batched."""
    if not asks:
        return []
    config = RunnableConfig(max_concurrency=max(1, ctx.max_concurrency))
    return [cast(AIMessage, r) for r in model.batch(list(asks), config=config, max_tokens=SLOT_TOKENS)]


def failed(reply: AIMessage, blank: Slot, evidence: Evidence) -> tuple[Finding, str] | None:
    """None when the reply fills the blank with the claim's term or echoes its others; else a finding.

    The finding says the claim as the quote fills it; the correction is the claim with the one rival term the
    quote names (:func:`verirag.verify.blanks.as_filled`), or "".
    """
    if fills(reply.text, blank) or echoes(reply.text, blank):
        return None
    answer = reply.text.strip().splitlines()[0][:80] if reply.text.strip() else UNKNOWN
    subjects = [title_subject(d["title"]) for d in evidence.documents]
    corrected = as_filled(reply.text, blank, " ".join(d["text"] for d in evidence.documents), subjects)
    return Finding("slots", (), blank.masked.replace(BLANK, answer)), corrected
