"""A set question's claim of one member: "Which are the Baltic states?", Estonia -> "Estonia is one of …".

``propose_members`` checks each member the model names for a set against documents with this claim, so only a
member a document places in the set is asked about; a question no form below reads gives no claim.
"""

from __future__ import annotations

import re

# "Which are the Baltic states?", "Who were the second generation of English Romantic poets?"
_LISTED = re.compile(r"(?:Which|What|Who) (are|were) (.+?)\??$")
_AUX = r"(?:is|are|was|were|has|have|had|do|does|did)"
# "What cities make up …?", "Which three British monarchs reigned the longest?", "Which rivers are …?"
_KIND = re.compile(rf"(?:Which|What) ((?!{_AUX} )(?:[\w-]+ ){{0,3}}?(?!{_AUX} )[a-z][\w-]*s) (.+?)\??$")
# "… does the Niger River flow through": the helper after its named subject ("the Niger River does …")
_DONE = re.compile(r"(do|does|did) ((?:the )?[A-Z][\w'’.-]*(?: [A-Z][\w'’.-]*)*) ([a-z].*)")
# "Who shared the 1903 Nobel Prize in Physics?"
_WHO = re.compile(r"Who ((?!is |are |was |were )\w.+?)\??$")
# "The Orange River runs through or along which countries?"
_IN_PLACE = re.compile(r"(.+?) (?:which|what) (?:[a-z][\w-]* ){0,3}?[a-z][\w-]*s\??$")
# a possessor opening a noun phrase takes no article: "China's direct-administered municipalities"
_OWNER = re.compile(r"(?:[A-Z][\w.-]*\s)*[A-Z][\w.-]*['’]s ")


def claim(question: str, member: str) -> str | None:
    """The sentence stating that ``member`` answers the set question ``question``, or None.

    "Which are the Baltic states?" -> "Estonia is one of the Baltic states."; "Which countries does the Niger
    River flow through?" -> "Mali is one of the countries that the Niger River does flow through."; "Who
    shared the 1903 Nobel Prize in Physics?" -> "Pierre Curie shared the 1903 Nobel Prize in Physics."; "The
    Orange River runs through or along which countries?" -> "The Orange River runs through or along Lesotho."
    """
    asked = question.strip()
    if listed := _LISTED.fullmatch(asked):
        tense, phrase = listed.groups()
        phrase = phrase.removeprefix("the ")
        article = "" if _OWNER.match(phrase) else "the "
        return f"{member} {'is' if tense == 'are' else 'was'} one of {article}{phrase}."
    if kind := _KIND.fullmatch(asked):
        noun, rest = kind.groups()
        if re.match(rf"{_AUX} ", rest) and not re.match(r"(?:are|were|have|had) ", rest):
            done = _DONE.fullmatch(rest)
            if done is None:
                return None
            helper, subject, verb = done.groups()
            rest = f"{subject} {helper} {verb}"
        return f"{member} is one of the {noun} that {rest}."
    if who := _WHO.fullmatch(asked):
        return f"{member} {who.group(1)}."
    if in_place := _IN_PLACE.fullmatch(asked):
        return f"{in_place.group(1)} {member}."
    return None
