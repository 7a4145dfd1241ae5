"""Check ``mentioned``: a statement the quote holds only inside quotation marks is mentioned, not stated.

"… the statement 'London stands on the River Severn' is fully consistent with this article …" quotes the
claim and asserts nothing of London: a claim whose words are a quotation of its quote (a myth named, a
slogan, a claim reported to be rated) is not what the quote says.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from verirag.text import split_sentences
from verirag.verify.claim import Claim
from verirag.verify.evidence import Evidence
from verirag.verify.lexicon import NEGATION, content_words, key_terms

# a quotation of three words or more: "…", “…”, ‘…’, or '…' not inside a word ("London's" is no quote mark)
_QUOTATION = re.compile(r'"([^"]+)"|“([^”]+)”|‘([^’]+)’|(?<!\w)\'([^\']+)\'(?!\w)')
MOST = 0.8  # of the claim's content words inside one quotation
# what names a quotation as a statement mentioned: "the statement '…'", "the myth that '…'"
_MENTION = re.compile(
    r"\b(?:statements?|claims?|assertions?|sentences?|phrases?|sayings?|myths?|rumou?rs?|notions?|ideas?"
    r"|beliefs?|misconceptions?|slogans?|allegations?|stories|story|theory|theories|words)(?: that)?\W*$",
    re.IGNORECASE,
)


def mentioned_terms(claim: str, documents: Sequence[tuple[str, str]]) -> list[str]:
    """The claim's terms when the claim is a quotation of its quote and the quote states them nowhere else.

    The claim is a quotation when most of its content words (:data:`MOST`) stand inside one quotation of
    three words or more that the quote names as a statement ("the statement '…'", "the myth that '…'"); its
    numbers and names must then stand outside every quotation of the quote for it to be stated. Empty
    otherwise.
    """
    wanted = content_words(claim)
    terms = [t for t in key_terms(claim) if t != NEGATION]
    if not wanted or not terms:
        return []
    quoted_claim, outside = False, set()
    for _, text in documents:
        for sentence in split_sentences(text):
            for match in _QUOTATION.finditer(sentence):
                span = next(g for g in match.groups() if g)
                named = _MENTION.search(sentence[: match.start()])
                if (
                    named
                    and len(span.split()) >= 3
                    and len(wanted & content_words(span)) >= MOST * len(wanted)
                ):
                    quoted_claim = True
            outside |= set(key_terms(_QUOTATION.sub(" ", sentence)))
    return [t for t in terms if t not in outside] if quoted_claim else []


def check(claim: Claim, evidence: Evidence) -> list[str]:
    """The claim's terms its quote only mentions inside a quotation of the claim."""
    return mentioned_terms(claim.text, evidence.texts)
