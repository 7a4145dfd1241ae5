"""Rewrite ``corrected_term``: a claim the slot check failed, as its quote fills the blank, decided again.

"The director of Gone with the Wind was Victor Fleming." for "… was David O. Selznick." whose quote the
reader fills with him (:attr:`Support.corrected`).
"""

from __future__ import annotations

from langchain_core.language_models.chat_models import BaseChatModel

from verirag.graph.context import Context
from verirag.verify.lexicon import content_words
from verirag.verify.verdict import Failed, Rewrite


def propose(failed: Failed, model: BaseChatModel, ctx: Context) -> Rewrite | None:
    """The claim as its quote fills it, or None.

    None when there is none, or when the blank held a word of the question the sentence states (a sentence
    about another subject answers another question).
    """
    sentence, check, question = failed.sentence, failed.check, failed.question
    fixed = check.corrected
    if not fixed or not content_words(question) & content_words(sentence) <= content_words(fixed):
        return None
    return Rewrite(fixed)
