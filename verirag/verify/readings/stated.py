"""Reading ``stated``: one clause states the claim's attribute of its owner, value for value.

"The largest city of Gujarat is Ahmedabad" from "Gujarat's capital city is Gandhinagar, while its largest city
is Ahmedabad"; "Seoul is the capital of South Korea" from "Seoul, officially …, is the capital and largest
city of South Korea".
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from verirag.verify.claim import held_attribute
from verirag.verify.evidence import sentence_spans
from verirag.verify.lexicon import NAME, bare, opening_name, title_subject

# clauses of one sentence, each read on its own
_CLAUSES = re.compile(r";\s+|,\s+(?:while|whereas|and|but)\s+|\s+while\s+|\s+whereas\s+")
# where a stated value or owner ends: a relative clause, a "with" phrase, a coordination, a parenthesis
_VALUE_END = re.compile(r",? (?:which|whose|who|where|with) |, (?:and|while|but) |\s+\(")
# an appositive between a name and its verb: "Seoul, officially Seoul Special City, is …"
_APPOSITIVE = re.compile(rf"^({NAME}), [^,]+, (is|was|are|were) ")
_OWNED = re.compile(
    rf"^(?:(?P<owner>{NAME})['’]s|(?P<pronoun>[Ii]ts|[Tt]heir|The)) (?P<attribute>[a-z][\w -]*?) "
    r"(?P<verb>is|was|are|were) (?P<value>.+)$"
)
_PAST = frozenset(("was", "were"))


def _attribute(phrase: str) -> str:
    """An attribute as readings compare it: "capital city" is the capital."""
    return re.sub(r"\bcapital city\b", "capital", bare(phrase))


def _attributes(phrase: str) -> set[str]:
    """An attribute and those a coordination gives: "capital and largest city" is also the capital."""
    phrase = bare(phrase)
    found = {phrase}
    if both := re.fullmatch(r"(?P<a>[\w ]+?) and (?P<b>[\w ]+?)", phrase):
        found |= {both["a"], both["b"], f"{both['a']} {both['b'].split()[-1]}"}
    return {_attribute(a) for a in found}


def _cut(text: str) -> str:
    return bare(_VALUE_END.split(text, maxsplit=1)[0])


def _referent(title: str, previous: str, sentence: str) -> str | None:
    """Whom "its" points back to: the document's subject, when no other name is the subject nearby."""
    subject = bare(title_subject(title))
    others = [bare(name) for name in (opening_name(previous), opening_name(sentence)) if name]
    return subject if all(o.startswith(subject) or subject.startswith(o) for o in others) else None


def _statements(clause: str, referent: str | None) -> Iterator[tuple[str, str, str, bool]]:
    """Each (attribute, owner, value, in the past) a clause states, as readings compare them."""
    clause = _APPOSITIVE.sub(r"\1 \2 ", clause.strip().rstrip("."))
    owned = _OWNED.match(clause)
    if owned and not (owned["pronoun"] == "The" and " of " in owned["attribute"]):
        owner = owned["owner"] or referent
        if owner:
            past = owned["verb"] in _PAST
            yield from ((a, bare(owner), _cut(owned["value"]), past) for a in _attributes(owned["attribute"]))
    if held := held_attribute(f"{clause}."):
        value, verb, attribute, owner = held
        yield from ((a, _cut(owner), _cut(value), verb in _PAST) for a in _attributes(attribute))


def stated_attribute(claim: str, documents: Sequence[tuple[str, str]]) -> tuple[int, tuple[int, int]] | None:
    """The document and sentence one of whose clauses states the claim "The <attribute> of <Name> is <value>".

    The attribute, owner, value and tense must be the clause's own (case, hyphens and a leading "the" aside):
    a possessive "its" is the document's subject's only when no other name opens the sentence or the one
    before it.
    """
    held = held_attribute(claim)
    if held is None:
        return None
    value, verb, attribute, owner = held
    wanted = (_attribute(attribute), bare(owner), bare(value), verb in _PAST)
    for index, (title, text) in enumerate(documents):
        previous = title
        for start, end in sentence_spans(text):
            sentence = text[start:end]
            referent = _referent(title, previous, sentence)
            if any(s == wanted for c in _CLAUSES.split(sentence) for s in _statements(c, referent)):
                return index, (start, end)
            previous = sentence
    return None
