"""Rewrite ``restored_part``: a claim naming whole what its quote states only as a part, the part put back.

"Kyrgyzstan, …, and Kazakhstan make up Central Asia." where the quote says "and most of Kazakhstan": the
claim with "most of Kazakhstan", decided again.
"""

from __future__ import annotations

from langchain_core.language_models.chat_models import BaseChatModel

from verirag.graph.context import Context
from verirag.verify.checks.partitive import restore_partitives
from verirag.verify.evidence import select
from verirag.verify.verdict import Failed, Rewrite


def propose(failed: Failed, model: BaseChatModel, ctx: Context) -> Rewrite | None:
    """The claim with each part it dropped put back, read where the guard read it: its quote."""
    documents, sentence = failed.documents, failed.sentence
    if ctx.support_decision != "grounded":
        return None
    evidence = select(documents, sentence, ctx.subject_check)
    fixed = restore_partitives(sentence, evidence.texts)
    return Rewrite(fixed) if fixed else None
