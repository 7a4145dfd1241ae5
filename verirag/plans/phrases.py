"""The words and noun phrases the planning rules read.

A set's head, its count or ranking, a plural, a participle, a verb made to agree with one member.
"""

from __future__ import annotations

import re

from verirag.text import plural, singular
from verirag.verify.lexicon import (
    NOT_SUPERLATIVES,
    YEAR,
)

AGREE = {"are": "is", "were": "was", "Are": "Is", "Were": "Was"}


# where the noun phrase that names a set ends: a preposition, a relative word, a conjunction, a comma or a
# bracket ("the five largest countries | by area", "the capitals | of ...", "the cities | , in 2000"), or
# "the" after a plural, opening a relative clause without "that" ("the three crops | the world produces …")
PHRASE_END = re.compile(
    r"\s*(?:[,(;:]|(?<![\w-])(?:of|in|on|at|by|with|from|for|to|into|through|among|across|that|which|who|whose|where"
    r"|within|along|around|beyond|outside|inside"
    r"|and|or|between|since|during|before|after|including|under|over|(?<=[a-z][a-z]s )the)(?![\w-]))"
)


COUNT = re.compile(  # a year is no count: "the 2008 Olympic Games"
    r"^(?:top|(?!1[0-9]{3}$|20[0-9]{2}$)\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred|dozen)$"
)


# an owner's name before a set: "Taylor Swift's 5 most recent tours", "Jupiter's moons"
OWNER = r"[A-Z][\w.-]*(?: [A-Z][\w.-]*)*['’]s "
# the same as typed, its first word in any case: "japan's four main islands", "the world's longest rivers"
TYPED_OWNER = r"[A-Za-z][\w.-]*(?: [A-Z][\w.-]*)*['’]s "


# a count and capitalised words before a set's plural noun: "three British monarchs", "5 Nordic countries"
COUNTED_NAMES = r"(?:(?:\d+|two|three|four|five|six|seven|eight|nine|ten) )?(?:[A-Z][\w'’-]* )*"


NOT_PLURAL = frozenset("is was has its this his as us thus always series species news physics".split())


PREPOSITIONS = (
    "in on at of to from with by for into through across over under near about as "
    "during since until among between within"
)


IRREGULAR_PLURALS = frozenset("people children women men phyla genera taxa bacteria fungi".split())


AFTER_HEAD = frozenset("alive ever today now worldwide overall combined".split())  # words after a head


PARTICIPLES = frozenset(
    "born built made held won sold known found led run written drawn shot begun given taken seen chosen "
    "grown thrown shown spoken broken driven frozen hidden risen stolen sung worn gone been done become come "
    "got gotten lent spent paid".split()
)


# attributes that only name a thing: asked of a member, they restate the member ("What is the name of Io?")
NAMING = frozenset("name nickname alias".split())


AGREE_AFTER = {"are": "is", "were": "was", "do": "does", "have": "has"}


# common verbs whose past is no "-ed" form, with their plain forms ("the years they sat on the throne": "sat"
# takes no "-s"; "Which film came out first" asks "Did … come out …")
PLAIN_OF_PAST = {
    past: plain
    for past, plain in (
        pair.split(":")
        for pair in (
            "sat:sit ran:run won:win led:lead fought:fight began:begin wrote:write flew:fly rose:rise "
            "fell:fall ate:eat came:come went:go held:hold stood:stand took:take gave:give made:make "
            "built:build sold:sell became:become bought:buy brought:bring caught:catch taught:teach "
            "thought:think found:find left:leave lost:lose met:meet paid:pay said:say sent:send "
            "spent:spend told:tell kept:keep grew:grow drew:draw knew:know threw:throw swam:swim "
            "sang:sing drank:drink drove:drive rode:ride spoke:speak broke:break chose:choose "
            "froze:freeze stole:steal wore:wear bore:bear tore:tear struck:strike sought:seek"
        ).split()
    )
}
IRREGULAR_PAST = frozenset(PLAIN_OF_PAST)


AUXILIARIES = frozenset("is are was were do does did has have had can could will would may might".split())


# nouns whose plural is the singular: a plural after a count ("the top 5 most watched series")
INVARIANT = frozenset("series species aircraft sheep deer fish manga anime".split())


# nouns for the members or the works of one thing: "the cast members of Oppenheimer", "the albums of Queen"
RELATIONAL = frozenset(
    "members cast children sons daughters wives husbands siblings founders winners recipients laureates "
    "justices judges ministers secretaries presidents directors players actors actresses astronauts captains "
    "coaches owners hosts presenters authors characters episodes albums songs films movies books novels "
    "games teams clubs".split()
)


# the plain form of a superlative a comparison asks by ("the largest" -> "How large is …?")
_POSITIVES = {
    "best": "good",
    "worst": "bad",
    "farthest": "far",
    "furthest": "far",
    "largest": "large",
    "widest": "wide",
    "closest": "close",
    "latest": "late",
    "finest": "fine",
    "rarest": "rare",
}


def positive_of_comparative(comparative: str) -> str:
    """The plain adjective of a comparative ("taller" -> "tall", "more populous" -> "populous"), else ""."""
    if comparative.startswith("more "):
        return comparative.removeprefix("more ")
    return positive(f"{comparative[:-2]}est") if comparative.endswith("er") else ""


def positive(superlative: str) -> str:
    """The plain adjective of a superlative: "biggest" -> "big", "heaviest" -> "heavy", "" when none reads."""
    word = superlative.lower()
    if word in _POSITIVES:
        return _POSITIVES[word]
    if not word.endswith("est") or word in NOT_SUPERLATIVES or len(word) < 6:
        return ""
    stem = word[:-3]
    if stem.endswith("i"):
        return stem[:-1] + "y"  # "heaviest", "earliest"
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "aeiouls":
        return stem[:-1]  # "biggest", "hottest"; not "smallest", "tallest"
    return stem  # "longest", "highest", "oldest", "deepest"


def plural_noun(word: str) -> bool:
    """Whether a word reads as a plural noun ("countries", "bands"; not "bison", "Emperor", "famous")."""
    w = word.lower()
    return w in IRREGULAR_PLURALS or (
        len(w) > 3
        and w.endswith("s")
        and not w.endswith(("ss", "us", "is", "'s", "’s"))
        and w not in NOT_PLURAL
    )


_QUOTED_WORDS = re.compile(r"(?<!\w)['‘\"“]([^'’\"”?]+)['’\"”](?!\w)")


def noun_head(phrase: str) -> tuple[list[str], str]:
    """The words of a noun phrase before its head, and its head.

    The head is the last word before where the phrase ends, less the participles that end it (a reduced
    relative clause: "the electric force described by ...", "countries leading in ...").

    "five largest countries by area" -> (["five", "largest"], "countries"); "5 most populated East Asian
    cities, in 2000" -> (["5", ..., "Asian"], "cities"); "Donner Party" -> (["Donner"], "Party").
    """
    phrase = _QUOTED_WORDS.sub(r"\1", phrase)  # "four 'core leaders'": the quoted words are the head's
    end = PHRASE_END.search(phrase)
    words = (phrase[: end.start()] if end else phrase).split()
    cut = next((i for i in range(1, len(words)) if _verb_form(words[i]) and plural_noun(words[i - 1])), None)
    words = words[:cut]  # "emperors called Napoleon", "cities hosting the Games": the clause is no head
    while len(words) >= 2 and (_verb_form(words[-1]) or words[-1] in AFTER_HEAD):
        words.pop()  # "paintings ever sold", "people alive"
    return (words[:-1], words[-1]) if words else ([], "")


def _verb_form(word: str) -> bool:
    """Whether a word reads as a participle, past or present ("called", "co-founded", "leading", "born")."""
    return re.fullmatch(r"[a-z]+(?:-[a-z]+)*(?:ed|ing)", word) is not None or word in PARTICIPLES


def counted(phrase: str) -> bool:
    """Whether a noun phrase's head follows a count or ranking ("five largest countries", "top 5 cities")."""
    return any(COUNT.match(w.lower()) for w in noun_head(phrase)[0])


def describes_members(phrase: str) -> bool:
    """Whether the phrase after "of the" / "for the" describes a set by what its members are.

    The rule: the phrase's head (the last word before a preposition, relative word, conjunction, comma or
    bracket, less the participles that end it) is a plural common noun written in lower case ("countries
    that border Pakistan", "capitals of the five largest countries", "countries of the European Union",
    "Nordic countries"), or any plural after a count or ranking ("five largest countries", "top 5
    universities", "the five Great Lakes"). A capitalised name on its own ("the Qianlong Emperor", "the Lewis
    and Clark Expedition", "the Philippines") or a singular thing ("the American bison", "the electric force
    described by ...") is one thing, whose attribute is one part.
    """
    head = noun_head(phrase)[1]
    if head.lower() in INVARIANT:
        return counted(phrase)
    if not plural_noun(head):
        return False
    if (
        head.lower() in IRREGULAR_PLURALS
    ):  # "the people of Japan": a population; "the 5 richest people": a set
        return ranked(phrase)
    return head[0].islower() or re.fullmatch(r"[A-Z]{2,}s", head) is not None or counted(phrase)


def ranked(phrase: str) -> bool:
    """Whether a noun phrase's head follows a count or a superlative ("tallest people", "most followed")."""
    return counted(phrase) or any(
        w in ("most", "least", "best", "worst", "first", "last")
        or (w.endswith("est") and w not in NOT_SUPERLATIVES)
        for w in (w.lower() for w in noun_head(phrase)[0])
    )


def named_set(phrase: str) -> bool:
    """Whether a set's head has a name among its modifiers and no year, or names the members of a named thing.

    "the G7 countries", "the Supreme Court justices", "the cast members of Oppenheimer": a set; "the 2010
    FIFA World Cup finals": one event; "the early settlers of Iceland": a population.
    """
    modifiers, head = noun_head(phrase)
    if head.lower() in RELATIONAL and re.search(
        rf"\b{re.escape(head)} (?:of|from|in|on) (?:the )?(?:[\w-]+ ){{0,2}}[A-Z'‘\"“]", phrase
    ):
        return True  # "the cast members of Oppenheimer", "the actors from the film Titanic"
    return any(w[0].isupper() for w in modifiers) and not any(YEAR.fullmatch(w) for w in modifiers)


def participle(word: str) -> bool:
    """Whether a word reads as a past participle ("founded", "born", "built")."""
    return word in PARTICIPLES or (len(word) > 4 and re.fullmatch(r"[a-z]+ed", word) is not None)


def one_of(phrase: str) -> str:
    """A noun phrase made singular before its qualifiers: "countries of origin" -> "country of origin"."""
    head, qualifier = re.match(r"^(.+?)((?: \(| in | of |, ).*)?$", phrase).groups()  # type: ignore[union-attr]
    return f"{singular(head)}{qualifier or ''}"


def plural_phrase(phrase: str) -> str:
    """A noun phrase with its (lower-case) head made plural, "" when it has none.

    "member of X" -> "members of X", "Ivy League university in Y" -> "Ivy League universities in Y".
    """
    end = PHRASE_END.search(phrase)
    words = (phrase[: end.start()] if end else phrase).split()
    if not words or not re.fullmatch(r"[a-z]+", words[-1]) or plural_noun(words[-1]):
        return ""
    return " ".join([*words[:-1], plural(words[-1])]) + (phrase[end.start() :] if end else "")


# a stem that takes back the "e" its "-ed" dropped ("originat-ed", "liv-ed", "releas-ed"; not "visit-ed")
_SILENT_E = re.compile(r"(?:(?:^|[^aeiou])[aeiou][bcdglnrstvz]|[aeiou][cs]|[vz])$")
_NO_E = ("it", "en", "er", "on", "et", "el", "om", "ot")  # "visit-ed", "open-ed", "cover-ed", "travel-ed"


def plain_verb(verb: str) -> str:
    """A verb's plain form from "-s", "-ed" or :data:`PLAIN_OF_PAST`.

    "covers" -> "cover", "originated" -> "originate", "came" -> "come".
    """
    if verb in PLAIN_OF_PAST:
        return PLAIN_OF_PAST[verb]
    if re.fullmatch(r"[a-z]{1,2}ies", verb):  # "lies", "dies", "ties": the "ie" is the verb's own
        return verb[:-1]
    if not verb.endswith("ed"):
        return singular(verb)
    stem = verb[:-2]
    if stem.endswith("i"):
        return stem[:-1] + "y"  # "carried"
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "lsfz":
        return stem[:-1]  # "stopped"; not "called"
    return stem + "e" if _SILENT_E.search(stem) and not stem.endswith(_NO_E) else stem


# words that open no noun after a question word or "that": "which are", "that is", "what of"
NOT_NOUN = "|".join(sorted(AUXILIARIES | set(PREPOSITIONS.split()) | {"the", "a", "an", "one"}))


# a word after the question word that may count the members: "Which two straits …" asks for a set of two
_COUNTED = re.compile(r"^(?P<wh>(?:(?:in|on|at|from|to|of) )?(?:which|what)) (?P<count>\w+) (?=\w)", re.I)
# the kind a question word asks for, opening the question ("Which dynasty did …", "In which country …") or
# left in its clause's place ("… is in which country?"); or a question for one thing of no kind ("Who is …")
_KIND = re.compile(
    rf"^(?:(?:in|on|at|from|to|of) )?(?:which|what) (?!(?:{NOT_NOUN})\b)(?P<noun>[a-z]+)\b(?! of\b)",
    re.IGNORECASE,
)
_LATE = re.compile(r"\b(?:which|what) (?P<noun>[a-z]+)\?$", re.IGNORECASE)
_THE_ONE = re.compile(r"^(?:what|who|which) (?:is|was) the [a-z]", re.IGNORECASE)


def _many(question: str) -> re.Match[str] | None:
    """The count of more than one right after the question word ("Which two straits …"), or None."""
    found = _COUNTED.match(question)
    count = found["count"].lower() if found else ""
    return found if COUNT.match(count) and count not in ("one", "1", "top") else None


def asked_kind(question: str) -> str:
    """The kind of thing a question's question word asks for ("dynasty", "countries"; "" when none)."""
    if counted := _many(question):  # "Which two straits …": the kind after the count
        question = f"{counted['wh']} {question[counted.end() :]}"
    found = _KIND.match(question) or _LATE.search(question)
    return found["noun"] if found else ""


def asks_for_one(question: str) -> bool:
    """Whether a question asks for one thing ("Which dynasty did …"), not a set ("Which countries …")."""
    kind = asked_kind(question)
    one = bool(kind) or _THE_ONE.match(question) is not None
    return one and not plural_noun(kind) and not _many(question)
