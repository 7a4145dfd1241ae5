"""The members a verified answer names, and the model's own list of them."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from verirag.plans.phrases import asked_kind, asks_for_one
from verirag.syntax import parse
from verirag.text import NAME_LINKS, split_sentences
from verirag.verify.lexicon import (
    NAMES_AND,
    POLITY_KINDS,
    STOP,
    content_words,
    initials,
    is_feature,
    name_lists,
    name_run,
)

# a name of the answer; an Arabic name's article or "son of" joins it ("Sahih al-Bukhari", "Ahmad ibn Hanbal")
_ANSWER_NAME = re.compile(name_run(links=rf"{NAME_LINKS}|(?:al|el|ad|an|ar|as|ash|at|az)-|(?:ibn|bin|bint) "))
# a word that opens a sentence and is a name on its own only by its capital: "One of them is …"
_ALONE = frozenset("One Both Each Either Neither All Some Many Most Several Another Other Others".split())


_OPENERS = frozenset(
    "The A An It Its This These Those Their His Her He She They In On At By As Of For From With Within Among"
    " Across During After Before Since Under".split()
)


def members(answer: str, question: str, limit: int) -> list[str]:
    """The names that a verified answer gives for ``question``, in order, at most ``limit``.

    Capitalised names of the answer that share no name with the question ("Apple Inc" for "Who founded
    Apple?"), nor are made of its words only; a common word it holds is no name ("European Space Agency" for
    "Which are the space agencies of the United States and Europe?"; "Pakistan borders India, Iran and China."
    for "Which countries border Pakistan?" -> India, Iran, China), up to the first sentence that names two or
    more: that list is the set asked for, and a later sentence says something else of it ("The Atlas
    Mountains … stretch through Morocco, Algeria and Tunisia"). Where the question asks for countries, states
    or cities, a sea, river or landform the answer names beside them is no member ("to the west by the Black
    Sea"). A name the answer writes with "the" keeps it ("the Netherlands"); another name of the one before
    ("Chennai, also known as Madras") is none, nor is one that says where or whose a member is ("Valencia is
    the capital city of Carabobo State": Valencia; see ``_frames``).
    """
    asked = {w.lower() for w in re.findall(r"[\w'’.-]+", question)}
    listed = _listed_as_the_set(answer, asked)
    if listed:
        return listed[:limit]
    named = {w.lower() for w in re.findall(r"(?<!^)\b[A-Z][\w'’.-]*", question)}  # the question's names
    polities = bool(asked & POLITY_KINDS)
    found: list[str] = []
    for sentence in split_sentences(answer):
        before = len(found)
        around = _frames(sentence, question)
        for match in _ANSWER_NAME.finditer(sentence):
            name = match.group(0).rstrip(".")
            words = name.split()
            if match.start() in around or (match.start() == 0 and name in _ALONE):
                continue  # "Valencia is the capital city of Carabobo State": where it is, no member
            if match.start() == 0 and words[0] in _OPENERS:
                words = words[1:]
            name = re.sub(r"['’]s$", "", " ".join(words))  # "Earth's surface": Earth
            words = name.split()
            if _ALIAS.search(sentence[: match.start()]):
                continue  # "Chennai, also known as Madras": another name of the one before, no member
            feature = polities and bool(name) and is_feature(name)
            said = {f.removeprefix("the ") for f in found}
            own = {w.lower() for w in words}
            if name and not (own <= asked or own & named) and name not in said and not feature:
                found.append(f"the {name}" if sentence[: match.start()].endswith("the ") else name)
        if len(found) - before >= 2:
            break
    return (found or _common_nouns(answer, asked))[:limit]


# where or whose a thing is: "the capital city of Carabobo State", "a city in Venezuela", "ranging in India"
_FRAME = frozenset("in of on at near within across throughout inside from".split())


def _frames(sentence: str, question: str) -> set[int]:
    """Where the names of ``sentence`` that say where or whose its subject is start (see ``members``).

    Only in a sentence about the set or one of its members: its subject is of the kind the question asks
    for ("The first three Plantagenet kings of England ruled … in France"), or it says its subject is one
    ("Valencia is the capital city of Carabobo State", "The Mahabharata is one of the epics of India"); not
    in "The Games were held in London". "of" frames after one thing ("the capital of Peru"), not after
    several ("the countries of Bolivia and Peru") or "ahead of"; a preposition the question puts after its
    verb frames nothing ("Which countries is the basin in?").
    """
    asking = parse(question)
    kind = asked_kind(question).split()[-1:] or [t.text for t in asking if t.tag_ == "NNS"][:1]
    kinds = {t.lemma_ for t in asking if t.text in kind}
    doc = parse(sentence)
    root = next(t for t in doc if t.dep_ == "ROOT")
    said = [t for t in root.children if t.dep_ == "attr"]
    said += [c for t in said for c in t.conjuncts]
    said += [o for t in said for p in t.children if p.lower_ == "of" for o in p.children if o.dep_ == "pobj"]
    subject = [t for t in root.children if t.dep_ in ("nsubj", "nsubjpass")]
    if not {t.lemma_ for t in subject + said} & kinds:
        return set()
    asked = {t.lower_ for t in asking if t.dep_ == "prep" and t.head.pos_ in ("VERB", "AUX")}
    starts = set()
    for token in doc:
        if token.pos_ != "PROPN" or token.head.pos_ == "PROPN" and token.dep_ in ("compound", "flat"):
            continue
        head = token
        while head.dep_ in ("conj", "appos"):
            head = head.head
        prep = head.head
        if head.dep_ != "pobj" or prep.lower_ not in _FRAME or prep.lower_ in asked:
            continue
        if prep.lower_ == "of" and prep.head.tag_ != "NN":
            continue
        starts.add(min(t.idx for t in token.subtree if t.dep_ in ("compound", "flat") or t == token))
    return starts


# what names the thing before again: "Chennai, also known as Madras", "Istanbul (formerly Constantinople)"
_ALIAS = re.compile(
    r"(?:also known as|also called|a\.k\.a\.|formerly(?: known as| called)?|known as|or simply)"
    r"\s+(?:the\s+)?$"
)


# a sentence that gives the set as a list: "The three additive primary colours … are red, green, and blue.",
# "Red, green and blue are the three additive primary colours."
_CLAUSE = r"(?:who|whom|whose|which|that|where|when|while|as|with|but)\b"  # no member opens with it
_ITEM = rf"(?:the |an? )?(?!{_CLAUSE})[\w'’.-]+(?: [\w'’.-]+){{0,3}}"
_LIST = rf"{_ITEM}(?:, {_ITEM})*,? and {_ITEM}"
_SET_IS_LIST = re.compile(
    rf"^(?P<set>[^,;]+?) (?:are|were|include|includes) (?P<list>{_LIST})(?=[.;:]|, [a-z]|$)"
)
_LIST_IS_SET = re.compile(rf"^(?P<list>{_LIST}) (?:are|were) the (?P<set>[^,;]+?)[.;]?$")


def _listed_as_the_set(answer: str, asked: set[str]) -> list[str]:
    """The members of the answer's first sentence where it lists the set the question asks for, else [].

    The set is named by words of the question ("the three additive primary colours" for "Which are the three
    additive primary colours?") and the list is its complement, in any case; each member is at most four
    words, its parenthesis dropped ("the plagioclase (sodium-calcium) feldspars": plagioclase feldspars), a
    lower-case one without its article. A member that is only the question's words is none.
    """
    first = re.sub(r"\s*\([^()]*\)", "", re.split(r"(?<=[.!?])\s+", answer)[0]).strip()
    found = _SET_IS_LIST.match(first) or _LIST_IS_SET.match(first)
    if found is None or not content_words(found["set"]) & content_words(" ".join(asked)):
        return []
    items = re.split(r",? and |, ", found["list"].rstrip("."))
    if found.re is _LIST_IS_SET and all(i[:1].islower() for i in items[1:]):
        items[0] = items[0][:1].lower() + items[0][1:]  # "Red, green and blue are …": red
    out = []
    for item in items:
        item = re.sub(r"^(?:most|much|part|parts|some) of ", "", item)  # "… and most of Kazakhstan"
        bare = item.removeprefix("the ").removeprefix("an ").removeprefix("a ")
        if {w.lower() for w in bare.split()} <= asked | STOP:
            return []
        out.append(item if bare[:1].isupper() and item.startswith("the ") else bare)
    return out


# a list of common nouns: "radium and polonium", "helium, neon, argon and krypton"
_NOUN_LIST = re.compile(r"\b[a-z][a-z-]+(?:, [a-z][a-z-]+)*,? and [a-z][a-z-]+\b")


def _common_nouns(answer: str, asked: set[str]) -> list[str]:
    """Members written in lower case, where the answer names none with a capital.

    Its first sentence's first list of single words ("Marie Curie discovered radium and polonium."), none of
    them a stop word or a word the question holds.
    """
    first = re.split(r"(?<=[.!?])\s+", answer)[0]
    for listed in _NOUN_LIST.finditer(first):
        words = re.split(r",? and |, ", listed.group())
        if not any(w in STOP or w in asked for w in words):
            return words
    return []


# a reply that declines to list: an apology or a refusal in the first person
_DECLINED = re.compile(
    r"^(?:I['’]m sorry|I am sorry|Sorry|Unfortunately|As an AI"
    r"|I (?:cannot|can['’]t|can not|am unable|am not able|don['’]t know|do not know))\b",
    re.IGNORECASE,
)


def proposed(reply: str, question: str, limit: int) -> list[str]:
    """The names a model's own list gives for ``question`` (see ``propose_members``), at most ``limit``.

    Comma-, line- or "and"-separated names, each opening with a capital ("the Netherlands" keeps its
    article), or a list of two or more common nouns in lower case only ("metre, kilogram, second"); a bullet
    or number before a name is dropped, and so is a phrase of the question's own words or
    of more than six words. "unknown", or no name, is none, and so is a reply that declines ("I'm sorry, but I
    can't …": no "I'm sorry" member).
    """
    if _DECLINED.match(reply.strip()):
        return []
    asked = {w.lower() for w in re.findall(r"[\w'’.-]+", question)}
    pieces = [p for p in re.split(r",|;|\n", reply) if p.strip()]
    if pieces:  # "and" joins the last two ("A, B and C"), not the words of a title ("War and Peace, …")
        pieces[-1:] = re.split(r"\band\b", pieces[-1])
    items = [
        re.sub(r"^\s*(?:[-*•]|\d+[.)])?\s*(?:and\s+)?", "", i).strip().rstrip(".").strip() for i in pieces
    ]
    items = [i for i in items if i]
    common = len(items) >= 2 and all(  # "metre, kilogram, second": not "we think metre, kilogram"
        re.fullmatch(r"[a-z][a-z-]*(?: [a-z][a-z-]*){0,2}", i) and not set(i.split()) & STOP for i in items
    )
    found: list[str] = []
    for name in items:
        bare = name.removeprefix("the ").removeprefix("The ")
        words = bare.split()
        if not (bare[:1].isupper() or common) or len(words) > 6 or {w.lower() for w in words} <= asked:
            continue
        if bare not in {f.removeprefix("the ") for f in found}:
            found.append(f"the {bare}" if name.lower().startswith("the ") else bare)
    return found[:limit]


def verified_members(parts: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """Each member the verified sentences of ``parts`` name, with the index of the part naming it first.

    Where a verified sentence names two or more members of one list its quote states, the list's other
    members are members too: "Tanzania and the Democratic Republic of the Congo share Lake Tanganyika" over
    "The lake is shared among four countries—Tanzania, the Democratic Republic of the Congo, Burundi, and
    Zambia" names Burundi and Zambia as well.
    """
    named: dict[str, int] = {}
    for part in parts:
        sentences = [s for s in part["sentences"] if s["verified_by"] != "none"]
        verified = " ".join(s["text"] for s in sentences)
        if asks_for_one(
            part["question"]
        ):  # "Who is the director of Psycho?": one name, the first that is one
            found = _one_name(verified, part["question"])
            for member in found:
                named.setdefault(member, part["index"])
            continue
        found = members(verified, part["question"], len(verified))
        for sentence in sentences:
            listed = _quoted_list(sentence, part["documents"], found)
            more = members(
                ", ".join(listed[:-1]) + f" and {listed[-1]}." if listed else "", part["question"], 99
            )
            found += [m for m in more if not any(_same_member(m, f) for f in found)]
        for member in found:
            named.setdefault(member, part["index"])
    return named


# a word for where a thing is from, no member: "a 1957 Swedish film", "a Japanese director"
_ADJECTIVE = re.compile(r"^[A-Z][a-z]+(?:ish|ese|ian|ean|ican)$")


def _one_name(answer: str, question: str) -> list[str]:
    """The one name a verified answer gives for a question asking for one thing ([] when it gives none).

    A word for where a thing is from ("Swedish") is none; a name with "and" before its acronym is whole ("the
    National Aeronautics and Space Administration (NASA)").
    """
    found = [n for n in members(answer, question, 99) if not _ADJECTIVE.match(n.removeprefix("the "))]
    if not found:
        return []
    kind = asked_kind(question)
    if kind:  # "Which dynasty …": the name the answer gives that kind, with it ("the Gale dynasty")
        bare = {n.removeprefix("the "): n for n in found}
        named = re.compile(rf"\b({'|'.join(map(re.escape, bare))}) {re.escape(kind)}\b")
        given = named.search(answer)
        found = [f"{bare[given.group(1)]} {kind}"] if given else found  # "the Gale dynasty"
    for whole in _BEFORE_ACRONYM.finditer(answer):
        name = whole["name"].removeprefix("The ")
        if name.startswith(found[0].removeprefix("the ")) and initials(whole["acronym"], name):
            return [name]
    return found[:1]


_BEFORE_ACRONYM = re.compile(rf"(?P<name>{NAMES_AND}) \((?P<acronym>[A-Z]{{2,}})\)")


def _same_member(a: str, b: str) -> bool:
    """Whether one member's words are all the other's ("Roosevelt", "President Franklin D. Roosevelt")."""
    x, y = (set(m.removeprefix("the ").split()) for m in (a, b))
    return x <= y or y <= x


def _quoted_list(sentence: Mapping[str, Any], documents: Mapping[str, Any], found: list[str]) -> list[str]:
    """The members of the quote's list that holds two or more of ``found`` (the sentence's own), else []."""
    own = {m.removeprefix("the ") for m in found if m in sentence["text"]}
    for quote in sentence.get("quotes") or []:
        text = documents.get(quote["doc"], {}).get("text", "")[quote["start"] : quote["end"]]
        for listed in name_lists(text):
            bare = [m.removeprefix("the ") for m in listed]
            if len(own & set(bare)) >= 2 and len(bare) > len(own & set(bare)):
                return listed
    return []
