"""Check ``attribute``: "The <attribute> of <Name> is <value>" has the attribute's words, and of that name.

"The capital of Switzerland is Zurich" is not in "… the capital of the canton of Zurich"; "Procyon is the
constellation of Canis Minor" is not in "Procyon is the brightest star in the constellation of Canis Minor".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from verirag.text import split_sentences, stemmer
from verirag.verify.claim import ATTRIBUTE, Claim, attribute_first
from verirag.verify.evidence import Evidence
from verirag.verify.lexicon import (
    NAME,
    NEGATION,
    NUMBER_WORDS,
    content_words,
    is_a,
    key_terms,
    opening_name,
    same_root,
    title_subject,
    vocabulary,
    with_subject,
    with_synonyms,
)

# a word of an owner's name, an abbreviation's stops in it ("the U.S. state of Texas")
_OWNER_WORD = r"(?:(?:[A-Z]\.)+|[\w'’-]+)"
_NOT_ATTRIBUTES = frozenset(
    "most some many all part parts one each none half much rest majority number total".split()
)


def unstated_attributes(statements: Sequence[str], documents: Sequence[tuple[str, str]]) -> list[str]:
    """What statements of the form "The <attribute> of <Name> is <value>" give a name that the evidence lacks.

    The head noun and its modifiers ("capital city", "first king") must be in a sentence of the ``(title,
    text)`` documents that states the value's names or numbers, as words of their stems ("headquarter" in
    "headquartered"): "The population of Africa is 30.3
    million km2" is not in "At about 30.3 million km2 … it covers 20% of Earth's land". Where those sentences
    give the attribute of something else and never of the name, that is reported as "<attribute> of <Name>":
    "The capital of Switzerland is Zurich" is not in "… the capital of the canton of Zurich" ("of the
    country" is the document's own subject: its title before a comma or parenthesis). "Munich is the capital
    of Germany" is read as "The capital of Germany is Munich".
    """
    split = [(title, split_sentences(text)) for title, text in documents]
    # each lead's first sentence, which says what its subject is ("Shiraz is the fifth-most-populous city …")
    kinds = {title: said[0] for title, said in split if said}
    sentences = [(title, with_subject(title, x)) for title, said in split for x in [title, *said]]
    before = {  # each sentence as written, and the subject of the one before it (the title before the first)
        with_subject(title, x): (x, opening_name(p))
        for title, said in split
        for p, x in zip([title, *said], said, strict=False)
    }
    out = []
    for statement in map(attribute_first, statements):
        match = ATTRIBUTE.match(statement)
        if match is None or match["head"] in _NOT_ATTRIBUTES:
            continue
        rest = statement[match.end() - 1 :]
        owner, _, value = (re.split(r" (is|are|was|were) ", rest, maxsplit=1) + ["", ""])[:3]
        terms = [t for t in key_terms(value or owner) if t != NEGATION]
        stating = [(t, x) for t, x in sentences if terms and terms[0] in vocabulary(x)[terms[0][0].isdigit()]]
        said = with_synonyms(
            set().union(
                *(content_words(x.replace("-", " ")) | content_words(x) for _, x in stating or sentences)
            )
        )
        head = stemmer().stemWord(match["head"])
        unsaid = [  # a superlative's degree is read by its own rule ("largest" / "most populous")
            w
            for w in match["words"].split()
            if not re.fullmatch(r"[a-z]{2,}est|most|least", w)
            and not _counted(w, value)
            and any(not any(same_root(c, x) for x in said) for c in content_words(w))
        ]
        if not any(same_root(head, word) for word in said) or unsaid:
            out.append(match["head"] if not unsaid else f"{' '.join(unsaid)} {match['head']}")
            continue
        if value and _placed_only(head, [x for _, x in stating]):
            out.append(f"{match['head']} of {owner}")  # where the value is, not what it is
            continue
        of = re.compile(
            rf"\b{re.escape(match['head'][:4])}\w*(?:\s+[\w-]+){{0,4}}?\s+of\s+((?:{_OWNER_WORD}\s+){{0,4}}[\w'’-]+)",
            re.I,
        )
        owners = [
            content_words(held if re.search(r"\b[A-Z]", held) else re.split(r",| \(", title)[0])
            for title, x in stating
            for m in of.finditer(x)
            if not _AMOUNT.match(m[1])  # "a population of over 1.2 million": the value, not an owner
            for named in [m[1], *_and_of(x, m[1], m.end())]  # "… of the province of Zaragoza and of … Aragon"
            for held in [
                re.split(r"\s+(?:is|are|was|were|has|have|had)\b", named)[0]
            ]  # "of the country is …"
        ]
        has = re.compile(  # "Luzon has a population of 64.3 million": the one who has it, before "has"
            rf"\b(?:has|had|have) an? (?:[\w-]+ ){{0,2}}?{re.escape(match['head'][:4])}\w* of "
            rf"(?={_AMOUNT.pattern})",
            re.I,
        )
        owners += [  # the name opening its clause, else ("It has", "…, the country has") the lead's subject
            content_words(named or title_subject(title))
            for title, x in stating
            if (m := has.search(x))
            for named in [opening_name(x[: m.start()].split(",")[-1].strip())]
        ]
        owners += [  # "Its population was …": the document's subject's, the one just named, or named before
            content_words(f"{title_subject(title)} {before[x][1]} {before[x][0][: m.start()]}")
            for title, x in stating
            if x in before
            and (m := _possessed(match["head"]).search(before[x][0]))
            and (not m["kind"] or is_a(m["kind"], kinds.get(title, "")))  # "the city's" of a city's lead
        ]
        # "Dushanbe is …, with a population of …": the figure of the sentence's subject, where that is another
        # than the lead's, or the claim's owner is another name the sentence holds ("… city of Libya, with …")
        owners += [
            subject
            for title, x in stating
            if (subject := content_words(opening_name(x)))
            and (
                not subject & content_words(title_subject(title))
                or (content_words(owner) & content_words(x)) - subject
            )
            and (w := _WITH.search(x))
            and terms[0] in vocabulary(x[w.end() :])[terms[0][0].isdigit()]
        ]
        if not value:  # "The capital of Spain stands on the Ebro": the name the description is of
            owner = _described(rest)
        if owners and owner and not any(content_words(owner) & found for found in owners):
            out.append(f"{match['head']} of {owner}")
    return out


# what "of" opens when it gives the value, not the owner: "a population of over 1.2 million", "of 32 teams"
_AMOUNT = re.compile(
    r"(?:(?:about|around|over|under|nearly|almost|approximately|roughly|some|more|less|fewer|up to|at)\b|\d)",
    re.I,
)
# a closing phrase of the sentence's subject's: "Dushanbe is …, with a population of over 1.2 million"
_WITH = re.compile(r",\s+with\b", re.I)


_AND_OF = re.compile(rf"\s+(?P<joined>and\s+)?of\s+(?P<owner>(?:{_OWNER_WORD}\s+){{0,5}}[\w'’-]+)")


def _and_of(sentence: str, owner: str, at: int) -> list[str]:
    """The owners an attribute's "of" names after ``owner`` (ending at ``at``), each after "and of"."""
    out = []
    while (found := _AND_OF.match(sentence, at)) and (found["joined"] or owner.endswith(" and")):
        owner = found["owner"]
        out.append(owner)
        at = found.end()
    return out


def _described(rest: str) -> str:
    """The name a description that opens a statement is of: "Spain" of "Spain stands on the Ebro"."""
    named = re.match(NAME, rest)
    return named.group() if named else ""


def _placed_only(head: str, stating: Sequence[str]) -> bool:
    """Whether the sentences stating the value give the attribute only as where it is, never as what it is.

    "Procyon is the brightest star in the constellation of Canis Minor": Procyon is a star, in that
    constellation, not the constellation; "Oslo is the capital and most populous city of Norway" gives both.
    """
    held = [x for x in stating if re.search(rf"\b{re.escape(head)}", x, re.I)]
    placed = re.compile(
        rf"\b(?:is|was|are|were) (?:the|an?) (?:[\w'’-]+ ){{1,4}}?"
        rf"(?:in|on|at|within|inside|near|of|from) (?:the )?(?:[a-z][\w-]* ){{0,2}}?{re.escape(head)}",
        re.I,
    )
    what = re.compile(
        rf"\b(?:is|was|are|were) (?:also |now |still )?(?:the|an?) (?:[\w'’-]+ ){{0,3}}?{re.escape(head)}",
        re.I,
    )
    return bool(held) and all(placed.search(x) and not what.search(x) for x in held)


def _counted(word: str, value: str) -> bool:
    """Whether a count in the attribute is the number of names its value lists: the sentence says it itself.

    "The three stars of Casablanca are Humphrey Bogart, Ingrid Bergman, and Paul Henreid" needs no "three" in
    the lead ("starring Humphrey Bogart, Ingrid Bergman, and Paul Henreid"); "The three stars … are Bogart
    and Bergman" does.
    """
    count = NUMBER_WORDS.get(word, word if word.isdigit() else "")
    names = [n for n in re.split(r",\s*(?:and\s+)?|\s+and\s+", value.strip().rstrip(".")) if n]
    return bool(count) and len(names) == int(count) and all(re.match(NAME, n) for n in names)


def _possessed(head: str) -> re.Pattern[str]:
    """The attribute given with a possessive pronoun or a kind: "its population", "the city's population"."""
    return re.compile(
        rf"\b(?:(?i:its|their)|the (?P<kind>[a-z]+)['’]s) (?:[\w-]+ ){{0,2}}{re.escape(head[:4])}\w*", re.I
    )


def check(claim: Claim, evidence: Evidence) -> list[str]:
    """The attribute words of the claim's statements that the quote does not give the name."""
    return unstated_attributes(claim.statements, evidence.texts)
