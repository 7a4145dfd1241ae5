"""A ranking no document lists, read one rank at a time from the leads that state their own.

"Which are the four biggest islands in the world?" is rarely one sentence anywhere, but each member's own
lead often states its rank ("New Guinea is the world's second-largest island"), and a lower one names those
before it ("the fifth largest island in the Mediterranean Sea, after Sicily, Sardinia, Cyprus, and Corsica").
An order is read the same way: "the first three Roman emperors" from "Tiberius was the second Roman emperor".
:func:`ranking` reads the count, superlative (none for an order), noun and scope of such a set; :func:`query`
is what to search for each rank; :func:`states_rank` finds the sentence of a document that gives its own
subject that rank, in that scope, and :func:`ranked_before` the members such a sentence ranks before it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from verirag.plans.phrases import OWNER
from verirag.text import plural, singular, split_sentences
from verirag.verify.lexicon import (
    FEATURES,
    MEMBER,
    NUMBER_WORDS,
    ORDINAL,
    ORDINALS,
    is_a,
    same_name,
    title_subject,
)

_WORD_OF = {int(n): w for w, n in ORDINALS.items()} | {1: "first"}  # 2 -> "second"

# words of one size or height, as leads write them: "the biggest islands" are the largest ones
_SAME_SIZE = {"biggest": "largest", "tallest": "highest"}
# a place where people live is as large as its people are many: "the largest city" is the most populous one
_PEOPLED = frozenset("city town metropolis municipality".split())
_BY_PEOPLE = ("largest", "most populous")
_FOUNDING = re.compile(r"^(?:first|founding)$", re.IGNORECASE)  # as leads write it: "the founding emperor"
_COUNT = r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten)"
# the forms a ranking is also asked in, each rewritten "Which are the <count> <superlative> <noun> <scope>?"
# (:func:`_as_ranking`): an owner before the count ("the Ming dynasty's first three emperors", "the Turkeys
# 3 biggest cities")
_OWNED = re.compile(
    rf"^Which are the (?P<owner>(?:the )?[A-Z][\w-]*(?: [A-Za-z][\w-]*){{0,2}}?)(?:['’]s|(?<=[a-z])s) "
    rf"(?P<ranked>(?:top )?(?:{_COUNT}|first|earliest|[a-z]+est|most|least)\b[^?]*?)\?$"
    rf"|^Which are the (?P<named>[A-Z][\w-]*(?: [a-z][\w-]*)?) (?P<listed>(?:top |first ){_COUNT}\b[^?]*?)\?$"
)
_PHRASE = r"(?:(?!\b(?:did|does|do|that|which|who|whom|whose)\b)[^?])+?"  # a noun phrase, no clause in it
# the members asked first, the superlative after: "Which four rivers in Africa are the longest?"
_ARE_THE = re.compile(
    rf"^Which (?:(?P<count>{_COUNT}) (?P<noun>{_PHRASE})|(?P<nouns>{_PHRASE}) are the (?P<n>{_COUNT})) "
    r"(?(count)are the |)(?P<sup>(?:most|least) [a-z]+|[a-z]+est)\?$"
)
# a size by people, asked as what members have: "Which three provinces of China have the largest populations?"
_PEOPLE = re.compile(
    rf"^Which (?:are the )?(?P<count>(?:top )?{_COUNT}) (?P<noun>[^?]+?) (?:have|has|with|are home to) the "
    r"(?:largest|biggest|highest|greatest|most) "
    r"(?:populations?|numbers? of (?:people|inhabitants)|people|inhabitants|residents)"
    r"(?P<scope>(?: (?:in|of|on|across|within) [^?]*)?)\?$"
)
_OPENERS = frozenset("top first earliest most least".split())
_ORDERED = re.compile(r",? (?:in (?:chronological )?order|respectively|in turn)\?$")  # no scope: how to say
# "the top five (most-)populated countries"; not "the most densely populated"
_POPULATED = re.compile(rf"\b(?:(?P<sup>most|least)[- ]|(?P<count>{_COUNT}) )populated\b")

_RANKING = re.compile(
    r"^Which are the (?:top )?(?:(?P<order>first|earliest) )?"
    rf"(?P<count>{_COUNT[3:-1]})"
    r"(?(order)| (?P<sup>(?:most|least) [a-z]+|[a-z]+est))"
    r"(?P<modifiers>(?: [A-Za-z][\w-]*?){0,2}) (?P<noun>[a-z]+s)\b(?P<scope>[^?]*)\?$"
)

# the count after the superlative, as people also write it: "the biggest two deer species"
_COUNT_FIRST = re.compile(rf"^(Which are the )((?:most|least) [a-z]+|[a-z]+est) ({_COUNT})\b")
_SCOPE_STOP = frozenset("the in of on at all time ever to by".split())
_WORLD = re.compile(r"\b(?:world|earth|globally|globe)\b", re.IGNORECASE)
_CLAUSE_END = re.compile(r"[,;:(]| and\b| (?:but|while|which|whereas|according)\b")
# a second scope the rank is held in: "the third-largest island in the Greater Antilles and the Caribbean"
_AND_SCOPE = re.compile(
    r"(?<=[a-z]) and (?:in )?(?:the )?[A-Z][\w'-]*(?: [A-Z][\w'-]*)*"
    r"(?=\s*(?:$|[,;:(.]|(?:after|behind|by)\b))"
)
_OTHER_SCOPE = re.compile(r"^\s+(?:in|on|of|within) (?:the )?(?:[A-Z][\w'-]* )+and (?:in )?(?:the )?$")
# what a realm's name is followed by: "the second Mughal emperor" rules "the Mughal Empire"
_REALMS = frozenset("empire dynasty caliphate kingdom union republic sultanate khanate state".split())
# a place a clause ranks in, with its realm's noun: "in Central America", "of the Qing dynasty"
_PLACE = re.compile(
    rf"\b(?:in|of) (?:the )?((?:[A-Z][\w'-]*\s)*[A-Z][\w'-]*(?:\s(?:{'|'.join(_REALMS)})\b)?)"
)
# a realm named with its country after it: "the Ming dynasty of China" (only after a realm's noun)
_REALM_OF = re.compile(r"^\s+of (?:the )?[A-Z][\w'-]*(?:\s[A-Z][\w'-]*)*(?=\s*$)")
# a past rank: "It was the world's", or joined to a past one: "Ibadan was the largest city in the country, and
# the second-most populous in Africa" (no verb in the present between)
_HELD = re.compile(
    r"\b(?:was|were|had been)\b(?:[^,;]{0,40}"
    r"|(?:(?!\b(?:is|are|remains|has|have)\b)[^;])*\b(?:and|as well as) (?:the |its |their )?)$"
)
_EVER = re.compile(r"\b(?:history|ever|all time|recorded)\b")  # a ranking over the past ("in history")
# when an order's member held its rank: "the third president of the United States from 1801 to 1809"
_DURING = re.compile(
    r"^\s+(?:(?:ruling|reigning|serving) )?(?:from|between|since|until|during|in|c\.) "
    r"(?:AD |BC |about |around )?\d{2,4}\b(?! years)"
)
_BY = re.compile(r"\bby (?:land |total )?(\w+)")
# what before a superlative makes it no first rank: a share, a count, a compound ordinal, an alternative
_NOT_FIRST = re.compile(
    r"(?:\bone of (?:the )?|\b(?:two|three|four|five|six|seven|eight|nine|ten|\d+"
    r"|(?!and )[a-z]+(?:th|st|nd|rd)) "
    r"|\bamong (?:the )?|-| or )$",
    re.IGNORECASE,
)

# words that may stand between a rank and its noun: "the largest and most massive moon", "member of the"
_BETWEEN = frozenset("member members of the".split())
_NAMED_AS = re.compile(r"^the ([a-z]+) of ")  # a member named with what it is: "the island of Hispaniola"
_ALSO = re.compile(r"^ and (?:most [a-z]+|[a-z]+est)\b", re.IGNORECASE)  # "the largest and most massive moon"
# words that may follow the ranked noun: its scope or what it ranks after ("the highest mountain peak of an
# island": another noun, another ranking)
_AFTER_NOUN = frozenset(
    "in on of by after behind following proper above at ever within among outside".split()
)
# what may follow a ranking's scope: nothing, its noun ("of galaxies"), what it ranks by or after
_ENDS = re.compile(
    r"^(?!['’]s\b)\W*(?:(?:of )?(?:the )?[a-z]+s\b\W*)?"
    r"(?:(?:by|after|behind|following|as of|only|shorter|surpassed|ahead|proper|overall)\b.*)?$",
    re.IGNORECASE,
)
# the subject's own relative clause, after what it is: "was a South Korean politician who served as the"
_OWN_RELATIVE = re.compile(
    r"^\s*(?:is|was) an? (?:(?!(?:of|who|to|for|with|under|in|by|from|at|on)\b)[\w'-]+,? )+"
    r"who (?:served|serves|reigned|reigns|ruled|rules) as (?:the )?$"
)
# a rank before a comma, so that the comma lists another: "the largest city of Quebec, the second-largest"
_RANK_BEFORE = re.compile(rf"\b(?:{ORDINAL}|[a-z]+est|most [a-z]+|first)\b", re.IGNORECASE)
# a rank joined to the next by "and": "the second largest and", "the oldest and"
_JOINED = re.compile(rf"(?:(?P<ord>{ORDINAL})[- ]?)?(?:[a-z]+est|most [a-z]+)(?:[- ][a-z]+)? and $", re.I)
_LEAD_IN = frozenset("the also now currently still officially and both".split())
# a place's name written out with what it is after the scope's words: "the Mediterranean" Sea
_FEATURE = re.compile(rf"^\s+(?:{'|'.join(sorted(FEATURES))})\b", re.IGNORECASE)
# the members a rank names before its own: ", after Sicily, Sardinia, Cyprus, and Corsica", "second only to X"
_BEFORE = re.compile(
    rf"^(?P<lead>.*?)(?:,\s*|\s+)(?:after|behind|following|(?:second )?only (?:to|than|by))\s+"
    rf"(?P<names>(?:the [a-z]+ of )?{MEMBER}(?:(?:,? and |, )(?:the [a-z]+ of )?{MEMBER})*)(?P<rest>.*)$"
)
# an owner named before a member: "after Jupiter's Ganymede"
_OWNER = re.compile(rf"^(?:the )?{OWNER}(?=[A-Z])")
# what may follow such a list: the sentence's or clause's end, a measure, a place, another clause
_LIST_END = re.compile(
    r"^(?:\s*(?:$|[.,;:(])|\s+(?:with|in|at|by|and|as|according|while|among|for|respectively)\b)"
)
_SIZES = frozenset("area size volume mass length height diameter radius".split())


@dataclass(frozen=True)
class Ranking:
    """A ranked set asked for: "the four biggest islands in the world" -> 4, largest, island, world."""

    count: int
    superlative: str  # as leads write it ("largest" for "biggest"); "" for an order ("the first three …")
    noun: str  # singular
    modifiers: tuple[str, ...]  # words between the superlative and the noun ("Portuguese-speaking")
    scope: str  # "in the world", "in South America", "" (the world)
    by: str  # what the ranking measures, when the question says ("area"), else ""


def _as_ranking(question: str) -> str:
    """The question in the form :data:`_RANKING` reads, where it asks a ranking in another form."""
    q = _ORDERED.sub("?", question.strip())  # "…, in order?": how to answer, no scope
    q = re.sub(  # "the Biggest 3 islands", as the planner capitalises it
        r"^(Which are the )([A-Z][a-z]+)(?= )",
        lambda m: m[1] + m[2].lower() if m[2].lower() in _OPENERS or m[2].endswith("est") else m[0],
        q,
    )
    q = _COUNT_FIRST.sub(r"\g<1>\g<3> \g<2>", q)
    owned = _OWNED.match(q)
    if owned:  # "the Ming dynasty's first three emperors" -> "the first three emperors of the Ming dynasty"
        q = f"Which are the {owned['ranked'] or owned['listed']} of {owned['owner'] or owned['named']}?"
    if are := _ARE_THE.match(q):  # "Which four rivers in Africa are the longest?"
        q = f"Which are the {are['count'] or are['n']} {are['sup']} {are['noun'] or are['nouns']}?"
    people = _PEOPLE.match(q)
    if people:  # "Which three provinces of China have the largest populations?"
        count = people["count"].removeprefix("top ")
        q = f"Which are the {count} most populous {people['noun']}{people['scope']}?"
    return _POPULATED.sub(
        lambda m: f"{m['count'] + ' ' if m['count'] else ''}{m['sup'] or 'most'} populous", q
    )


def ranking(question: str) -> Ranking | None:
    """The ranking a set's question asks for, or None ("Which are the 3 longest rivers in the world?")."""
    found = _RANKING.match(_as_ranking(question))
    if not found:
        return None
    count = found["count"]
    number = int(count) if count.isdigit() else int(NUMBER_WORDS.get(count, "0"))
    if not 2 <= number <= max(_WORD_OF):
        return None
    sup = " ".join(_SAME_SIZE.get(w, w) for w in (found["sup"] or "").split())
    scope = found["scope"].strip()
    by = _BY.search(scope)
    scope = scope[: by.start()].strip() if by else scope
    if not sup and not scope and not found["modifiers"]:
        return None  # "the first three emperors": an order of nothing named
    return Ranking(
        count=number,
        superlative=sup,
        noun=singular(found["noun"]),
        modifiers=tuple(found["modifiers"].split()),
        scope=scope,
        by=by[1] if by else "",
    )


def query(r: Ranking, rank: int) -> str:
    """What to search for the member ranked ``rank`` (1 first): "the second largest island in the world"."""
    words = [
        _WORD_OF[rank] if rank > 1 or not r.superlative else "",
        r.superlative,
        *r.modifiers,
        r.noun,
        r.scope or ("in the world" if r.superlative else ""),
    ]
    return "the " + " ".join(w for w in words if w) + (f" by {r.by}" if r.by else "")


def _scope_words(r: Ranking) -> list[str]:
    return [w for w in re.findall(r"[\w'-]+", r.scope.lower()) if w not in _SCOPE_STOP]


def _rank_of(word: str) -> int:
    """The rank an ordinal gives: "second" and "2nd" -> 2."""
    w = word.lower()
    return int(ORDINALS.get(w) or re.sub(r"\D", "", w) or 0)


def _clause(after: str) -> str:
    """The words after a rank up to its clause's end, over a second scope it names ("in A and the B")."""
    start = 0
    while end := _CLAUSE_END.search(after, start):
        joined = _AND_SCOPE.match(after, end.start())
        if not joined or not re.search(r"\b[A-Z][\w'-]*$", after[: end.start()]):
            return after[: end.start()]
        start = joined.end()
    return after


def _in_scope(r: Ranking, before: str, clause: str) -> bool:
    """Whether the clause (or the possessive before the rank) places the ranking in the question's scope.

    The scope must end the ranking: "the largest city in the world below sea level", "the world's largest
    city at the time" and "the second-largest city in China's interior" rank within something else. An order
    may end with its member's time ("the third president of the United States from 1801 to 1809"), and one
    asked with no scope ("the first three Roman emperors") holds in none named after its noun.
    """
    words = _scope_words(r)
    order = not r.superlative
    if (
        order and len(words) >= 2 and words[-1] in _REALMS
    ):  # "the third Mughal emperor" in "the Mughal Empire"
        named = r"\s+".join(re.escape(w) for w in words[:-1])
        head = re.match(rf"^\W*{named}\s+{re.escape(r.noun)}\b", clause, re.IGNORECASE)
        if head and _order_ends(clause[head.end() :]):
            return True
    if order and not words:
        head = re.search(rf"\b{re.escape(r.noun)}\b", clause, re.IGNORECASE)
        rest = clause[head.end() :] if head else ""
        realm = "|".join(re.escape(m) for m in r.modifiers) or "$^"  # "the third emperor of the Qing dynasty"
        rest = re.sub(rf"^\s+of (?:the )?(?:{realm})\s+(?:{'|'.join(_REALMS)})\b", "", rest, flags=re.I)
        return bool(head) and _order_ends(rest)
    world = not words or words == ["world"] or words == ["earth"]
    phrase = _WORLD.pattern if world else r"\W+".join(re.escape(w) for w in words)
    for place in re.finditer(rf"\b(?:{phrase})\b", clause, re.IGNORECASE):
        opens = re.search(
            r"(?:^|\b(?:in|of|on|the|across|within|throughout|and))\s*$", clause[: place.start()]
        )
        heads = list(re.finditer(rf"\b{re.escape(r.noun)}(?:s|es)?\b", clause[: place.start()], re.I))
        gap = clause[heads[-1].end() : place.start()] if heads else ""
        between = re.findall(r"[\w'-]+", gap.lower())
        if not set(between) <= _AFTER_NOUN | {"the"} and not _OTHER_SCOPE.match(gap):
            continue  # a part of the place: "the second largest city on the east coast of India"
        rest = _FEATURE.sub("", clause[place.end() :])  # "in the Mediterranean Sea"
        realm_of = order and words[-1] in _REALMS and _REALM_OF.match(rest)  # "the Ming dynasty of China"
        if opens and (_order_ends(rest) or realm_of if order else _ENDS.match(rest)):
            return True  # not "West Africa", "China's"; an order not "after Nero"
    owner = re.search(
        rf"(?:^|\b(?:the|in|of|and|making it|it is|is|was)\s+)(?:{phrase})['’]s\W*$", before, re.I
    )
    noun = re.search(rf"\b{re.escape(r.noun)}(?:s|es)?\b", clause, re.IGNORECASE)
    return bool(owner and noun and _ENDS.match(clause[noun.end() :]))


def _order_ends(rest: str) -> bool:
    """Whether an order's clause ends after its noun and scope: nothing more, or the member's time."""
    return re.fullmatch(r"\W*", rest) is not None or _DURING.match(rest) is not None


def _measures(r: Ranking, clause: str, stated: str) -> bool:
    """Whether the clause ranks by what the question does ("by area"; a size when it names none).

    A peopled place's size is its people: "the most populous city" is no rank "by area", and "the
    largest city by area" none among the most populous or the largest.
    """
    said = _BY.search(clause)
    peopled = r.noun in _PEOPLED and r.superlative in _BY_PEOPLE
    if peopled and "populous" in stated.lower() and r.by and r.by.lower() != "population":
        return False
    if not said:  # "the largest country in the world" is its size, no rank by population
        sized = re.search(r"(?:largest|biggest|smallest)$", stated, re.IGNORECASE) and not peopled
        return not (sized and r.by and r.by.lower() not in _SIZES)
    if r.by:
        return said[1].lower() == r.by.lower()
    return said[1].lower() == "population" if peopled else said[1].lower() in _SIZES


def _names_subject(before: str, title: str, kind: str = "") -> bool:
    """Whether the words before the rank make the document's own subject the one ranked.

    The title's name, a pronoun ("it", "he", "she") or, given the ``kind`` the lead says its subject is, "the
    <kind>" ("The city is the sixth largest in France") must come last before the rank, with no relative
    clause after it ("the highest of which is K2, the second highest": K2's rank, not the range's) and no
    negation.
    """
    name = title_subject(title).lower()
    lower = before.lower()
    described = rf"|\bthe {re.escape(kind)}\b" if kind else ""
    subjects = [m.end() for m in re.finditer(rf"\b{re.escape(name)}\b|\b(?:it|he|she)\b{described}", lower)]
    if not subjects:
        return False
    after = lower[subjects[-1] :]
    if _OWN_RELATIVE.match(after):
        return True  # "Sukarno was an Indonesian statesman who served as the first president"
    if re.search(r"\b(?:not|never|nor|which|whose|whom|who|where|including|such as|like)\b", after):
        return False
    # the rank stands right after a verb that says what the subject is, or after a comma in a list of ranks:
    # not "a freshwater lake on the longest arm of Africa's second-longest river"
    said = [
        m.end()
        for m in re.finditer(
            r"\b(?:is|was|are|were|remains|became|becoming|being|and|as well as"
            r"|(?:served|reigned|ruled) as)\b|,",
            after,
        )
    ]
    tail = after[said[-1] if said else 0 :].split()
    if said and after[said[-1] - 1] == "," and not _RANK_BEFORE.search(after[: said[-1] - 1]):
        return False  # "the wife of John Adams, the second president": the rank of whom the comma follows
    return len(tail) <= 3 and all(w in _LEAD_IN or w.endswith(("'s", "’s")) for w in tail)


def _placed(r: Ranking, clause: str) -> Ranking:
    """The ranking with its modifiers that name a place read as its scope, where the clause names the place.

    "the three Central American countries" rank "in Central America", "German states" "in Germany".
    """
    names = [m for m in r.modifiers if m[:1].isupper()]
    if r.scope or not names:
        return r
    for place in _PLACE.finditer(clause):
        words = place[1].lower().split()
        named = [w for w in words if w not in _REALMS]  # "North America" is no "American" place
        same = [(m, w) for m in names for w in named if m.lower() == w or same_name(m.lower(), w)]
        if {m for m, _ in same} == set(names) and {w for _, w in same} == set(named):
            rest = tuple(m for m in r.modifiers if m not in names)
            return replace(r, modifiers=rest, scope=f"in {place[1]}")
    return r


def _joined_rank(before: str) -> str:
    """The words before a rank joined by "and" to another, with the other's ordinal in place of it.

    "the second largest and most populous city": "second" ranks both (no first rank); "one of the oldest and
    largest": a share; "the capital and largest city" keeps its "and" (a noun, no rank, before it).
    """
    joined = _JOINED.search(before)
    if not joined:
        return before
    return before[: joined.start()] + (f"{joined['ord']} " if joined["ord"] else "")


def _elided(r: Ranking, sup: str, before: str) -> bool:
    """Whether a rank with no noun takes the ranked noun of one just before it in the same sentence.

    "Ireland is the second-largest island of the British Isles, the third-largest in Europe": the island.
    """
    noun = rf"{re.escape(r.noun)}(?:\s+(?:in|of|on)\s[^.;,]*)?"  # its own scope after it, no other noun
    return bool(re.search(rf"(?:{sup})[- ]?\s*{noun},\s*(?:and )?(?:the )?$", before, re.I))


def _superlatives(r: Ranking) -> str:
    """The superlative as leads write it, a pattern: a peopled place's "largest" is its "most populous"."""
    sups = _BY_PEOPLE if r.noun in _PEOPLED and r.superlative in _BY_PEOPLE else (r.superlative,)
    return "|".join(re.escape(w).replace(r"\ ", r"[- ]") for w in sups)


def _stated(r: Ranking, title: str, text: str) -> Iterator[tuple[int, str, str]]:
    """Each rank a sentence of ``text`` gives its subject (``title``) in ``r``: (rank, sentence, words after).

    The words after are those after the superlative (" island in the Mediterranean Sea, after Sicily, …").
    """
    sup = _superlatives(r)
    if r.superlative:
        pattern = re.compile(rf"(?<![\w-])(?:(?P<ord>{ORDINAL})[- ]?)?(?:{sup})(?![\w-])", re.IGNORECASE)
    else:  # an order: "the second Roman emperor", "the founding emperor of the Ming dynasty"
        pattern = re.compile(rf"(?<![\w-])(?P<ord>{ORDINAL}|first|founding)(?![\w-])", re.IGNORECASE)
    nouns = {r.noun, plural(r.noun)}
    follow = _AFTER_NOUN if r.superlative else _AFTER_NOUN | {"from", "between", "since", "until", "during"}
    sentences = split_sentences(text)
    said = bool(sentences) and is_a(r.noun, sentences[0])  # "Nantes is a city": "the city" is Nantes
    opening = re.compile(rf"An? [^,]*\b{re.escape(r.noun)}\b[^,]*, ")  # "A port city on …, the city is …"
    for sentence in sentences:
        kind = r.noun if said or opening.match(sentence) else ""
        for found in pattern.finditer(sentence):
            ordinal = found["ord"] or ""  # none before a superlative: the first rank
            given = 1 if not ordinal or _FOUNDING.match(ordinal) else _rank_of(ordinal)
            before = sentence[: found.start()]
            if r.superlative and given == 1 and _NOT_FIRST.search(_joined_rank(before)):
                continue  # "one of the largest", "ten highest", "twenty-third most populous", "second- or"
            after = _ALSO.sub("", sentence[found.end() :]) if r.superlative else sentence[found.end() :]
            if not r.superlative:  # "the second and longest-serving president", "the founder and first"
                after = re.sub(r"^ and (?:the )?[a-z][\w-]*(?= )", "", after)
            clause = _clause(after)
            words = re.findall(r"[\w'-]+", clause.lower())[:9]
            head = next((i for i, w in enumerate(words) if w in nouns), -1)
            if head < 0 and words[:1] in (["in"], ["of"], ["on"]) and _elided(r, sup, before):
                clause, words, head = (
                    f" {r.noun}{clause}",
                    [r.noun, *words],
                    0,
                )  # "…, the third-largest in Europe"
            allowed = _BETWEEN | {m.lower() for m in r.modifiers} | set(_scope_words(r))
            follows = words[head + 1 : head + 2]
            several = head >= 0 and words[head] != r.noun and "of" not in words[:head]  # "largest cities"
            if head < 0 or several or not set(words[:head]) <= allowed or not set(follows) <= follow:
                continue  # "the second-largest uninhabited island": another ranking than the one asked
            placed = _placed(r, clause)
            if not {m.lower() for m in placed.modifiers} <= set(words):
                continue  # "the most populous country" is no rank among "EU countries"
            if r.superlative and _HELD.search(before) and not _EVER.search(r.scope):
                continue  # "It was the world's third-most populous country": a rank held once, not now
            measured = _measures(r, clause, found.group())
            if _in_scope(placed, before, clause) and measured and _names_subject(before, title, kind):
                yield given, sentence.strip(), after


def states_rank(r: Ranking, rank: int, title: str, text: str) -> str:
    """The sentence of ``text`` that gives its subject (``title``) rank ``rank`` in ``r``, or ""."""
    return next((sentence for given, sentence, _ in _stated(r, title, text) if given == rank), "")


def ranked_before(r: Ranking, title: str, text: str) -> list[tuple[int, str, str]]:
    """The members a sentence of ``text`` ranks before its subject in ``r``: [(rank, member, sentence)].

    "Crete is … the fifth largest island in the Mediterranean Sea, after Sicily, Sardinia, Cyprus, and
    Corsica." gives Sicily first, …, Corsica fourth; the list must name every rank before the subject's own
    and end there ("after the Urals at 2,500 km … and the Scandinavian Mountains" names one: none).
    """
    for given, sentence, after in _stated(r, title, text):
        if given < 2:
            continue
        listed = _BEFORE.match(after)
        if not listed or _clause(listed["lead"]) != listed["lead"]:
            continue  # the list must follow the ranked noun's own clause
        names = [_OWNER.sub("", n.rstrip(".")) for n in re.split(r",? and |, ", listed["names"])]
        if any(m[1] != r.noun for n in names if (m := _NAMED_AS.match(n))):
            continue  # "after the capital of France" names no member
        names = [_NAMED_AS.sub("", n) for n in names]
        rest = re.sub(rf"^\s+{plural(r.noun)}\b", "", listed["rest"])
        if rest != listed["rest"]:  # "after the Volga, Danube, and Ural rivers": each one a river
            names = [f"{n} {r.noun.title()}" for n in names]
        if len(names) == given - 1 and (listed["names"].endswith(".") or _LIST_END.match(rest)):
            return [(i, name, sentence) for i, name in enumerate(names, 1)]
    return []


# a ranking a lead lists whole, from its first: "Kyiv is Ukraine's capital and largest city, followed by
# Kharkiv, Odesa, and Dnipro."; "Its most populous city is São Paulo, followed by Rio de Janeiro."
_FOLLOWED = re.compile(
    rf",? (?:closely )?followed by (?P<names>{MEMBER}(?:(?:,? and |, ){MEMBER})*)(?P<rest>.*)$"
)
# "The capital, Athens, is", "Anglesey, North Wales, is"
_FIRST_NAMED = re.compile(rf"^(?:(?:The|Its) [a-z]+, )?(?P<name>{MEMBER})(?:, [A-Z][^,]*)?,? is\b")
_NAMED_LAST = re.compile(rf"\bis (?P<name>{MEMBER})$")  # "Its most populous city is São Paulo"


def listed_ranks(r: Ranking, title: str, text: str) -> list[tuple[int, str, str]]:
    """The ranking a lead about its scope lists whole ("… largest city, followed by A and B"), first to last.

    [(rank, member, sentence)]; [] when no sentence lists it.

    The lead is the scope's own (its title holds the scope's words: Ukraine's lead for "the largest cities of
    Ukraine"), the first is ranked with no ordinal in the present ("is"), the noun follows the superlative
    within two words, nothing but "in the country" or the scope stands between the noun and the list, and
    the list ends its clause.
    """
    scope = _scope_words(r)
    named = set(re.findall(r"[\w'-]+", title.lower()))
    if not r.superlative or not scope or not set(scope) <= named:
        return []
    sup = _superlatives(r)
    nouns = "|".join(re.escape(n) for n in (r.noun, plural(r.noun)))
    ranked = re.compile(
        rf"(?<![\w-])(?P<ord>(?:{ORDINAL})[- ]?)?(?:{sup})\s+(?P<words>(?:[\w-]+\s+){{0,2}}?)"
        rf"(?:{nouns})\b(?P<between>[^,]*)$",
        re.IGNORECASE,
    )
    for sentence in split_sentences(text):
        followed = _FOLLOWED.search(sentence)
        rest = followed["rest"] if followed else ""
        if not followed or not (rest in ("", ".") or _LIST_END.match(rest)):
            continue
        head = sentence[: followed.start()]
        first = _NAMED_LAST.search(head) or _FIRST_NAMED.match(head)
        stated = ranked.search(head[: first.start()] if first and first.re is _NAMED_LAST else head)
        between = stated["between"].strip().lower() if stated else ""
        if not first or not stated or stated["ord"] or between not in ("", "in the country", *_scoped(r)):
            continue
        modifiers = {m.lower() for m in r.modifiers}
        if any(w.islower() and w not in modifiers for w in stated["words"].split()):
            continue  # "the largest port city": another ranking than the one asked ("Greek city" is in it)
        names = [first["name"], *(n.rstrip(".") for n in re.split(r",? and |, ", followed["names"]))]
        return [(i, name, sentence.strip()) for i, name in enumerate(names, 1)]
    return []


def _scoped(r: Ranking) -> tuple[str, ...]:
    """How a lead may write the scope after the ranked noun: "in Ukraine", "of Ukraine"."""
    place = " ".join(_scope_words(r))
    return (f"in {place}", f"of {place}", f"in the {place}", f"of the {place}")


def ordinal(rank: int) -> str:
    """The rank as a word: 1 -> "first", 2 -> "second"."""
    return _WORD_OF[rank]
