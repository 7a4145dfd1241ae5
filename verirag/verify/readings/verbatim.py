"""Reading ``verbatim``: the claim copies a sentence of the documents word for word, asides left out."""

from __future__ import annotations

import re
from collections.abc import Sequence

from verirag.verify.evidence import sentence_spans
from verirag.verify.lexicon import NAME, copy_form, title_subject, with_subject

_POSSESSIVE_PRONOUNS = frozenset("its his her their".split())


def _with_owner(title: str, sentence: str) -> str:
    """The sentence with a leading possessive ("Its", "His" …) read as its document's subject's."""
    first, _, rest = sentence.partition(" ")
    return f"{title_subject(title)}'s {rest}" if rest and first.lower() in _POSSESSIVE_PRONOUNS else sentence


# what an aside may not hold: a word that hedges, negates or bounds what the sentence says around it
_HEDGE = re.compile(
    r"\b(?:not|never|no|none|according|reportedly|allegedly|arguably|possibly|probably|perhaps|likely|some"
    r"|sources?|claimed|disputed|believed|thought|said|estimated|although|though|but|however|except"
    r"|excluding|including|apart|unlike|unofficially|until|before|after|once|only|if)\b",
    re.IGNORECASE,
)
_PARENTHESIS = re.compile(r"\s*\([^()]*\)")
# "Tianjin, previously romanized as Tientsin, is …": the subject's aside between two commas
_SUBJECT_ASIDE = re.compile(rf"^(?P<subject>(?:The )?{NAME}), (?P<aside>[^,]+?), (?P<rest>[a-z].+)$")
# "… of Tamil Nadu, the southernmost state of India.": a last name's appositive
_NAME_APPOSITIVE = re.compile(rf"^(?P<main>.+{NAME}), (?P<aside>(?:the|an?) [^,]+?)(?P<end>\.?)$")


def without_asides(sentence: str) -> set[str]:
    """The sentence with its asides left out: a parenthesis, the subject's aside, a last name's appositive.

    Each alone and all together; an aside that hedges, negates or bounds ("according to some", "except …")
    is kept, since leaving it out would say more than the sentence does.
    """
    plain = [m for m in _PARENTHESIS.finditer(sentence) if not _HEDGE.search(m.group())]
    kept = {sentence, _PARENTHESIS.sub(lambda m: m.group() if _HEDGE.search(m.group()) else "", sentence)}
    kept |= {sentence[: m.start()] + sentence[m.end() :] for m in plain}
    for text in list(kept):
        aside = _SUBJECT_ASIDE.match(text)
        if aside and not _HEDGE.search(aside["aside"]):
            kept.add(f"{aside['subject']} {aside['rest']}")
    for text in list(kept):
        appositive = _NAME_APPOSITIVE.match(text)
        if appositive and not _HEDGE.search(appositive["aside"]):
            kept.add(appositive["main"] + appositive["end"])
    return kept - {sentence}


def verbatim_sentence(claim: str, documents: Sequence[tuple[str, str]]) -> tuple[int, tuple[int, int]] | None:
    """The document and sentence the claim copies word for word (spacing and a final period aside).

    A leading pronoun of the sentence may be copied as the document's subject, as the guard reads it
    ("Rubik's Cube won the 1980 …" from "It won the 1980 …" in "Rubik's Cube"), and its asides may be left
    out (:func:`without_asides`: "Tianjin is a … municipality in China." from "Tianjin, previously romanized
    as Tienchin or Tientsin, is a … municipality in China.").
    """
    words = copy_form(claim).replace("’", "'")
    for index, (title, text) in enumerate(documents):
        for start, end in sentence_spans(text):
            sentence = text[start:end].replace("’", "'")
            readings = {sentence, with_subject(title, sentence), _with_owner(title, sentence)}
            readings |= {r for whole in readings for r in without_asides(whole)}
            if any(copy_form(r) == words for r in readings):
                return index, (start, end)
    return None
