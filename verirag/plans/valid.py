"""A plan checked before it runs.

Every part is in the question's own words, about what the question names or what an earlier part returns.
"""

from __future__ import annotations

import re

from verirag.plans.parts import MEMBER, SubQuestion
from verirag.plans.phrases import (
    COUNTED_NAMES,
    NAMING,
    asked_kind,
    asks_for_one,
    describes_members,
    noun_head,
    plain_verb,
    plural_noun,
    positive,
    positive_of_comparative,
)
from verirag.text import singular
from verirag.verify.lexicon import NUMBER_WORDS

# words a part may hold that its question need not: the frame of a sub-question ("Which are the ...?")
_FRAME = frozenset(
    "which what who where when how many much is are was were did does do have has the a an of that".split()
    + "in on at to from by for with located situated".split()  # no entity: where a place is said to be
)


_ASKS_SET = re.compile(
    r"^(?:(?:Which|What) (?:(?:are|were) (?:the )?(?P<set>.+)\?$"
    # a head with a word before it, counted or before an auxiliary: "Which two animal phyla …", "Which two
    # countries border …", "Which chemical elements are …"
    r"|(?:(?:\d+|two|three|four|five|six|seven|eight|nine|ten) (?P<modifier>[a-z-]+) (?P<modified>[a-z]+)"
    r"|[a-z-]+ (?P<before_aux>[a-z]+)(?= (?:are|were|have|had|did|do)\b)) "
    rf"|{COUNTED_NAMES}(?P<noun>[a-z]+(?:-[a-z]+)*) )"  # "Which two city-states …"
    r"|Who (?!is |was )(?P<people>[a-z]+(?:-[a-z]+)*) )"
)


_ATTRIBUTE = re.compile(
    rf"^(?:What|Who) (?:is|are|was|were) the (?P<attr>.+?) (?:of|for) {re.escape(MEMBER)}\?$"
)


# a count as a word or in digits is the same word ("the 5 most spoken" asked as "the five most spoken")
_SAME_NUMBER = {
    form: (word, digits) for word, digits in NUMBER_WORDS.items() if word != "zero" for form in (word, digits)
}


# a group named by how many it holds: "the Big Three of men's tennis", "the Fab Four"
_COUNTED_NAME = re.compile(r"^(?:Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Twelve)$")


def _owner(word: str) -> str:
    """A possessive's owner ("oz's": oz), other words as they are."""
    return re.sub(r"['’]s$", "", word)


def _words(text: str) -> list[str]:
    return [
        w.lower() for w in re.findall(r"[\w'’.-]*\w", re.sub(rf"{re.escape(MEMBER)}(?:['’]s)?", " ", text))
    ]


# one thing an order asks for, by the kind the question names: "Which is the country with the highest GDP?"
_ONE_OF_KIND = re.compile(r"^Which is (?P<phrase>the [a-z]+ .+)\?$")


def _points_back(part: str) -> bool:
    """Whether a part asked alone points back with "it" or "them" and names nothing it could stand for."""
    return bool(re.search(r"\b(?:it|them)\b", part)) and not re.search(r"(?<!^)\b[A-Z]", part)


# a later words' pointer to one thing: "its first five emperors", "border it", "that country's cities"
_POINTS_TO_ONE = re.compile(r"\b(?:it|its|(?:that|this) [a-z]+)\b", re.IGNORECASE)


def asks_for_set(question: str) -> bool:
    """Whether a question asks for a set, not one thing ("Which are the Qianlong Emperor?").

    "Which <plural> …?", "Which are the <phrase with a plural head>?", "Who won …?" (people), "… in which
    countries?".
    """
    kind = _ASKS_SET.match(question)
    listed = kind is not None and (
        kind["people"] is not None
        or plural_noun(
            kind["noun"] or kind["modified"] or kind["before_aux"] or noun_head(kind["set"] or "")[1]
        )
        or plural_noun(kind["modifier"] or "")
        or (kind["set"] is not None and describes_members(kind["set"]))
        or (kind["set"] is not None and _COUNTED_NAME.match(noun_head(kind["set"])[1]) is not None)
    )
    return listed or plural_noun(asked_kind(question))  # "The Gobi is in which countries?"


def _asked_first(question: str, asked: str) -> bool:
    """Whether ``asked`` is a step of the question in its own words, for one thing later words point to.

    "Which dynasty did Trajan belong to?" in "Which dynasty did Trajan belong to? List its first …"; or
    the thing an order asks for, of a kind the question names ("Identify the country with …"). "They" and
    "each" after it point to a set, which a question for one thing does not give.
    """
    kind = _ONE_OF_KIND.match(asked)
    said = kind["phrase"] if kind else asked.rstrip("?.")
    at = question.lower().find(said.lower())
    return (
        asks_for_one(asked)
        and len(said.split()) >= 3
        and at >= 0
        and _POINTS_TO_ONE.search(question[at + len(said) :]) is not None
    )


def valid(question: str, parts: list[SubQuestion]) -> bool:
    """Whether a plan asks only what the question asks, of things it names or of members a part returns.

    Each part is made of the question's own words (and the frame of a sub-question: "Which are the", "is",
    "of"; a plural may be made singular, a count written in words or in digits, a superlative or a past verb
    in its plain form): it asks about an entity the question names, never another. A part with :data:`MEMBER`
    waits for an earlier part: one that asks for a set ("Which <plural> ...?" or "Which are the <phrase>?"
    whose head is a plural or a group's count, "the Big Three"; "Which are the Qianlong Emperor?" asks for one
    thing of the wrong kind; "Who won …?" asks for people, "Who is …?" for one), or one that itself waits (a
    chain: the capital of each country, then each capital's mayor), or a step the question asks first in its
    own words, for one thing a later sentence points back to ("Which dynasty did Trajan belong to? List its
    …"). A dependent part does not ask for a naming
    attribute ("name", "other names", "common name", "nickname", "called"; a "scientific name" is no
    restatement): asked of a member, it restates the member the first part returned; nor does it ask only what
    the part it waits for asked.
    """
    asked = {
        form
        for w in _words(question)
        for form in (
            w,
            singular(w),
            positive(w),
            positive_of_comparative(w),  # "taller": how tall
            _owner(w),
            *_SAME_NUMBER.get(w, ()),
            plain_verb(w),
        )
    } | _FRAME
    for index, part in enumerate(parts):
        if any(
            w not in asked and singular(w) not in asked and _owner(w) not in asked
            for w in _words(part.question)
        ):
            return False
        if part.depends_on is None:
            if MEMBER in part.question or _points_back(part.question):
                return False  # "Which countries border it today?": asked alone, "it" names nothing
            continue
        source = part.depends_on
        if not 0 <= source < index or MEMBER not in part.question:
            return False
        listed = asks_for_set(parts[source].question)
        if parts[source].depends_on is None and not (
            listed or _asked_first(question, parts[source].question)
        ):
            return False
        attr = _ATTRIBUTE.match(part.question)
        named = (
            attr
            and {singular(w) for w in _words(attr["attr"])} - {"other", "alternative", "common", "full"}
            <= NAMING
        )
        if " called" in part.question or named:  # "the name of {member}"; not "the name of the album of …"
            return False
        frame = part.question.split(MEMBER)[0].lower()
        if frame.strip() and parts[source].question.lower().startswith(frame):
            return False  # "Who are the founders of {member}?" after "Who are the founders of the …?"
    return True
