"""Reading ``denial``: a one-of-a-kind attribute denied of a name where another name holds it.

"Mombasa is not the capital of Kenya" from "Nairobi is the capital and largest city of Kenya".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from verirag.verify.evidence import sentence_spans
from verirag.verify.lexicon import NAME, bare, title_subject

# "Mombasa is not the capital of Kenya": an attribute only one thing can have, denied of a name
_ONE_OF_A_KIND = r"capital|(?:most|least) [a-z]+ [a-z]+|[a-z]{2,}est [a-z]+"
_DENIED = re.compile(
    rf"^(?P<name>.+?) (?:is|was) not the (?P<attribute>{_ONE_OF_A_KIND}) of (?P<owner>.+?)\.?$"
)


def _attribute_holders(title: str, sentence: str) -> list[tuple[str, str, str]]:
    """The (holder, attributes, owner) a sentence states.

    "Z is the A[, B and C] of Y", "The A of Y is Z", "Y's A is Z"; where no owner is named ("Cairo is the
    capital, largest city …"), the document's title.
    """
    out = []
    named = re.match(rf"^(?P<holder>{NAME}) (?:is|was|has been) the (?P<rest>[a-z][^.;()]*)", sentence)
    if named:
        attributes, of, owner = named["rest"].partition(" of ")
        if of and re.match(rf"(?:the )?{NAME}", owner):
            owner = re.match(rf"(?:the )?{NAME}", owner).group()  # type: ignore[union-attr]
        else:
            attributes, owner = (
                re.split(r", (?:while|which|where|with|and (?:it|is|has))\b", named["rest"])[0],
                title,
            )
        out.append((named["holder"], attributes, owner))
    stated = re.match(
        rf"^(?:The (?P<attribute>[a-z][a-z ]*?)(?: of (?P<owner>(?:the )?{NAME}))?|"
        rf"(?:Its|(?P<possessor>{NAME})['’]s) (?P<attribute2>[a-z][a-z ]*?)) is (?P<holder>{NAME})",
        sentence,
    )
    if stated:
        owner = stated["owner"] or stated["possessor"] or title
        out.append((stated["holder"], stated["attribute"] or stated["attribute2"], owner))
    return out


def _one_kind(attribute: str) -> str:
    return bare(attribute).replace("capital city", "capital")


def denied_by_statement(
    claim: str, documents: Sequence[tuple[str, str]]
) -> tuple[int, tuple[int, int]] | None:
    """The document and sentence that give a one-of-a-kind attribute to another name than the claim denies it.

    "Mombasa is not the capital of Kenya" from "Nairobi is the capital and largest city of Kenya" (or "The
    capital is Nairobi" in the article Kenya): the capital, or a superlative ("the largest city"), is held by
    one name, so stating it of another denies it of the claim's. ``documents``: (title, text) pairs.
    """
    denied = _DENIED.match(" ".join(claim.split()))
    if not denied:
        return None
    name, attribute, owner = bare(denied["name"]), _one_kind(denied["attribute"]), bare(denied["owner"])
    for index, (title, text) in enumerate(documents):
        title = title_subject(title)
        for start, end in sentence_spans(text):
            for holder, attributes, of in _attribute_holders(title, text[start:end]):
                held = {_one_kind(a) for a in re.split(r",? and |, ", attributes)}
                owners = {bare(of)} | ({bare(title)} if bare(of) in ("country", "city", "state") else set())
                other = bare(holder)
                if attribute in held and owner in owners and name not in other and other not in name:
                    return index, (start, end)
    return None
