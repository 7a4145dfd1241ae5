"""A question that compares a set's members: the set, then what it compares asked of each member.

"Which of the Scandinavian countries has the biggest population?" -> the countries, then "What is the
population of {member}?"; "… is the most populous?" -> "How populous is {member}?". Members listed after a
colon are each asked it ("Which is the oldest: A, B or C?" -> "How old is A?"; "Which of these sports are
played by teams of eleven: soccer, cricket or baseball?" -> "Is soccer played by teams of eleven?"). The pick
among the members is the answer's to make from what each part verified, not a part of its own.
"""

from __future__ import annotations

import re

from verirag.plans.parts import MEMBER, SubQuestion
from verirag.plans.phrases import (
    AGREE_AFTER,
    AUXILIARIES,
    OWNER,
    PLAIN_OF_PAST,
    TYPED_OWNER,
    describes_members,
    participle,
    plain_verb,
    plural_noun,
    positive,
    positive_of_comparative,
)
from verirag.text import singular

# the set compared ("of the Nordic countries", "of Jupiter's moons"), the verb and what is compared
_COMPARED = re.compile(
    r"^(?:Which|What)(?: one)? of "
    rf"(?:the (?P<set>[^?,]+?)|(?P<owned>{OWNER}[^?,]+?))"
    r" (?P<aux>has|have|had|is|are|was|were) the (?P<most>(?:most|least|fewest)(?= [a-z])|[a-z]+est\b)"
    r"(?: (?!by )(?P<what>[a-z][a-z ]*?))?(?: by (?P<by>[a-z][a-z ]*?))?\?$"
)


def compared(question: str) -> tuple[str, SubQuestion] | None:
    """The set a question compares, and the question asked of one member (None when it compares none)."""
    found = _COMPARED.match(question)
    if not found:
        return _superlative_of(question)
    members = found["set"] or found["owned"]
    if not describes_members(members):
        return None
    most, what, by = found["most"], found["what"] or "", found["by"]
    if by:  # "is the largest by area": each member's area
        return members, SubQuestion(f"What is the {by} of {MEMBER}?")
    if found["aux"] in ("is", "are", "was", "were"):  # "is the most populous (country)": how populous each is
        adjective = what.split()[0] if most in ("most", "least") and what else positive(most)
        if not adjective or (most not in ("most", "least") and len(what.split()) > 1):
            return None
        verb = AGREE_AFTER.get(found["aux"], found["aux"])
        return members, SubQuestion(f"How {adjective} {verb} {MEMBER}?")
    had = _what_each_has(most, what)
    return (members, SubQuestion(had)) if had else None


def _what_each_has(most: str, what: str) -> str | None:
    """The part a choice by what each member has asks of one, or None.

    "has the most moons" -> "How many moons does {member} have?"; "has the biggest population" -> "What is the
    population of {member}?".
    """
    if most in ("most", "least", "fewest"):
        return f"How many {what} does {MEMBER} have?" if what and plural_noun(what.split()[-1]) else None
    return f"What is the {what} of {MEMBER}?" if what else None


# the one of a set a superlative picks: "Which is the smallest of Japan's four main islands?"
_SUPERLATIVE_OF = re.compile(
    r"^(?:Which|What|Who) (?P<aux>is|was) the (?P<most>(?:most|least) [a-z]+|(?!best\b|worst\b)[a-z]+est) of "
    rf"(?:the (?P<set>[^?,]+?)|(?P<owned>{TYPED_OWNER}[^?,]+?))\?$"
)


def _superlative_of(question: str) -> tuple[str, SubQuestion] | None:
    """The set a superlative picks one of, and how much of it each member has ("How small is {member}?")."""
    found = _SUPERLATIVE_OF.match(question)
    members = (found["set"] or found["owned"]) if found else ""
    adjective = (
        found["most"].split()[-1]
        if found and " " in found["most"]
        else positive(found["most"])
        if found
        else ""
    )
    if not found or not adjective or not describes_members(members):
        return None
    return members, SubQuestion(f"How {adjective} {found['aux']} {MEMBER}?")


# a choice among members listed after a colon: "Which is the oldest: the University of Bologna, Oxford or
# Cambridge?", "Which of these sports are played with eleven players: soccer, cricket or baseball?"
_CHOSEN_AMONG = re.compile(
    r"^(?:Which|What|Who)(?: one)?(?: of (?:these|those|them|the following)(?: [A-Z][a-z]+){0,2}(?: [a-z]+)?"
    r"| (?P<kind>[a-z]+(?:[- ][a-z]+)?))? "  # "Which river is …", "Which national park is …", "… camelids"
    r"(?P<aux>is|are|was|were|has|have) (?P<rest>[^:?]+?)(?::| [-–—]) (?P<listed>[^:?]+?)\?$"
)
_CLAUSE = re.compile(rf"\b(?:which|what|who|how|where|when|{'|'.join(sorted(AUXILIARIES))})\b")
# the same choice tested by a main verb: "Which of these deserts covers the most area: …", "Which of these
# religions originated in India: …"
_CHOSEN_BY_VERB = re.compile(
    r"^(?:Which|What|Who)(?: one)?"
    r"(?: of (?:these|those|them|the following)(?: [A-Z][a-z]+){0,2}(?: (?P<noun>[a-z]+))?"
    rf"| [a-z]+(?= (?:{'|'.join(PLAIN_OF_PAST)}) ))? "  # "Which film came …"
    r"(?P<verb>[a-z]{3,}) (?P<rest>[^:?]+?)(?::| [-–—]) (?P<listed>[^:?]+?)\?$"
)
# an order among the members: "came out first", "was founded earliest", "was born last"
_FIRST_OR_LAST = "(?:first|earliest|last|latest)"
_ORDER = re.compile(
    rf"(?:(?P<object>(?!(?:out|up|off|about) )[^?]+?) )?(?:(?P<particle>out|up|off|about) )?{_FIRST_OR_LAST}"
)  # "won the prize first": when each won it


def _listed(found: re.Match[str]) -> list[str]:
    """The members a colon lists ([] for a title's colon, or a clause after it: "… The Little Mermaid: …")."""
    listed = [m.strip() for m in re.split(r",? (?:or|and) |, ", found["listed"]) if m.strip()]
    if len(listed) < 2 or any(len(m.split()) > 6 or _CLAUSE.search(m) for m in listed):
        return []
    return listed


def _chosen_by_verb(question: str) -> list[str]:
    """The question asked of each member a colon lists, where a main verb tests or compares them."""
    found = _CHOSEN_BY_VERB.match(question)
    verb = found["verb"] if found else ""
    if (
        found
        and not verb.endswith(("s", "ed"))
        and verb not in PLAIN_OF_PAST
        and not plural_noun(found["noun"] or "")
    ):
        return []  # a plain verb after a plural: "Which of these composers belong to …: …"
    listed = _listed(found) if found and verb not in AUXILIARIES else []
    if not found or not listed:
        return []
    does = "Did" if verb.endswith("ed") or verb in PLAIN_OF_PAST else "Does"
    base, rest = plain_verb(verb), found["rest"]
    order = _ORDER.fullmatch(rest)
    if order and does == "Did":  # "came out first": when each came out
        after = "".join(f" {order[k]}" for k in ("object", "particle") if order[k])
        return [f"When did {member} {base}{after}?" for member in listed]
    most = re.fullmatch(r"the (?:most|least) (?P<what>[a-z]+)", rest)
    if most:  # "covers the most area": how much of it each covers
        return [f"How much {most['what']} {does.lower()} {member} {base}?" for member in listed]
    how = _how(rest)
    if how:  # "looks brightest in the night sky": how bright each looks there
        return [f"How {how[0]} {does.lower()} {member} {base}{how[1]}?" for member in listed]
    long = re.fullmatch(r"(?:(?P<object>(?!the\b)[a-z][a-z ]*?) )?(?:for )?(?:the )?long(?:er|est)", rest)
    if long:  # "ruled the longest", "held power for longer": how long each did
        done = f"{base} {long['object']}" if long["object"] else base
        return [f"How long {does.lower()} {member} {done}?" for member in listed]
    if rest.startswith("the ") or len(rest.split()) < 2:
        return []  # "lived the longest time ago": no measure to ask of each
    return [f"{does} {member} {base} {rest}?" for member in listed]  # "Did Buddhism originate in India?"


def _how(rest: str) -> tuple[str, str] | None:
    """An adverb's superlative that is ``rest``, as its plain adjective and what follows it.

    "brightest in the night sky" -> ("bright", " in the night sky"); None when ``rest`` is no such phrase.
    """
    found = re.fullmatch(
        r"(?P<est>[a-z]+est)(?P<after>(?: (?:in|on|at|of|among|from|above|below) [^?]+)?)", rest
    )
    adjective = positive(found["est"]) if found else ""
    return (adjective, found["after"]) if found and adjective else None


# a choice among listed members that follows the list: "Of the A, B and C, which was made earliest?"
_OF_LISTED = re.compile(
    r"^Of (?P<listed>[^?]+?), (?P<ask>(?:which|who|what)(?: ones?)? [^,?]+)\?$"  # "which ones have …"
)
# the list after a comma, or before a dash or colon with "which of them": "Which is taller, A or B?", "A, B
# and C — which of them was discovered first?"
_COMMA_LISTED = re.compile(
    r"^(?P<ask>(?:Which|Who|What)(?: one)? (?:(?! [-–—] )[^,?:])+), "
    r"(?P<listed>[^,?]+(?:, [^,?]+)* or [^,?]+)\?$"
)
_LISTED_FIRST = re.compile(
    r"^(?P<listed>[^?:—–-]+?)(?::| [-–—]) (?:which|who|what)(?: one)? of (?:them|these|those) "
    r"(?P<rest>[^?]+)\?$"
)


def chosen_among(question: str) -> list[str]:
    """The question asked of each member a colon lists ([] when it lists none to choose from)."""
    listed_first = _OF_LISTED.match(question) or _COMMA_LISTED.match(question)
    if listed_first:  # asked as the choice written with a colon
        ask = re.sub(r"^(which|who|what) ones\b", r"\1", listed_first["ask"], flags=re.IGNORECASE)
        question = f"{ask[0].upper()}{ask[1:]}: {listed_first['listed']}?"
    elif found := _LISTED_FIRST.match(question):
        question = f"Which {found['rest']}: {found['listed']}?"
    found = _CHOSEN_AMONG.match(question)
    if not found:
        return _chosen_by_verb(question)
    kind = found["kind"]
    listed = [  # "Which university is the oldest: …, Copenhagen": the university, not the city
        m if not kind or kind in m.lower() or plural_noun(kind) else f"the {kind} {re.sub(r'^the ', '', m)}"
        for m in _listed(found)
    ]
    if not listed or re.search(r"\beach\b", found["rest"]):
        return []  # "What key is each of these symphonies in: …": asked of each, no choice
    aux, rest = found["aux"], found["rest"]
    had = re.fullmatch(r"the (?P<most>most|least|fewest|[a-z]+est) (?P<what>[a-z][a-z ]*)", rest)
    if aux in ("has", "have") and had:  # "has the most native speakers", "has the highest population"
        asked = _what_each_has(had["most"], had["what"])
        return [asked.replace(MEMBER, member) for member in listed] if asked else []
    ranked = re.fullmatch(
        r"(?:the )?(?:(?:most|least) (?P<most>[a-z]+)|(?P<est>[a-z]+est)|(?P<er>[a-z]+er|more [a-z]+))"
        r"(?: (?!by\b)[a-z]+)?(?: by (?P<by>[a-z][a-z ]*))?",  # "the most populous city", "bigger by area"
        rest,
    )
    ordered = re.fullmatch(
        rf"(?P<verb>[a-z]+(?:ed|en)|born|built|made|held|won|written)(?P<object> [^?]+?)? {_FIRST_OR_LAST}",
        rest,
    )
    # "was founded first", "was awarded the prize first": when each was
    if ordered and aux in ("was", "were"):
        done = ordered["verb"] + (ordered["object"] or "")
        return [f"When {AGREE_AFTER.get(aux, aux)} {member} {done}?" for member in listed]
    near = re.fullmatch(r"(?P<est>[a-z]+est) (?P<to>(?:to|from) [^?]+)", rest)
    adjective = positive(near["est"]) if near else ""
    if near and adjective:  # "is closest to the Sun": how close each is to it
        return [f"How {adjective} {AGREE_AFTER.get(aux, aux)} {member} {near['to']}?" for member in listed]
    made = re.fullmatch(r"(?P<verb>(?!the\b)[a-z]+) (?P<how>[a-z]+est\b.*)", rest)
    how = _how(made["how"]) if made else None
    if made and how:  # "was made earliest": how early each was made
        verb = AGREE_AFTER.get(aux, aux)
        return [f"How {how[0]} {verb} {member} {made['verb']}{how[1]}?" for member in listed]
    if ranked and ranked["by"]:  # "is the largest by area": each one's area
        return [f"What is the {ranked['by']} of {member}?" for member in listed]
    if ranked:  # "is the oldest", "is taller": how old, how tall each is
        adjective = ranked["most"] or positive_of_comparative(ranked["er"] or "") or positive(ranked["est"])
        verb = AGREE_AFTER.get(aux, aux)
        return [f"How {adjective} {verb} {member}?" for member in listed] if adjective else []
    if aux in ("are", "were") and re.fullmatch(r"[a-z]+s", rest) and plural_noun(rest):
        return [  # "Are bats mammals?", "Is Pluto a planet?"
            f"{aux.capitalize()} {m} {rest}?"
            if m.islower() and plural_noun(m)
            else f"{AGREE_AFTER[aux].capitalize()} {m} a {singular(rest)}?"
            for m in listed
        ]
    if aux in ("is", "are", "was", "were") and re.fullmatch(r"[A-Z][a-z]+", rest):  # "were Danish": a test
        return [f"{AGREE_AFTER.get(aux, aux).capitalize()} {member} {rest}?" for member in listed]
    if aux in ("has", "have") and re.match(r"(?:a|an) ", rest):  # "have a Black Sea coastline": a test
        return [f"Does {member} have {rest}?" for member in listed]
    if rest.startswith("the ") or aux in ("has", "have") or len(rest.split()) < 2 and not participle(rest):
        return []  # "is the capital", "is older": one of them is named, nothing asked of each
    verb = AGREE_AFTER.get(aux, aux).capitalize()
    return [f"{verb} {member} {rest}?" for member in listed]  # a test of each: "Is soccer played …?"
