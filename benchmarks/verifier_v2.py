"""Verifier benchmark v2: claim/evidence pairs that word overlap cannot decide, made by rules from the
shipped corpus alone (never from the bench questions; no model).

    .venv/bin/python benchmarks/verifier_v2.py make     # verifier_v2/pairs.jsonl (seeded, reproducible)

Every negative names only what its evidence names: each number and capitalised word of the claim occurs
in the evidence documents (checked here by a frozen copy of the lexical guard's rule), so only the
relation is wrong. Positives need more than word overlap: two facts joined, a list reordered, two
documents combined, a comparison read off a rank, a stated negation. The kinds are described in
``verifier_v2/README.md``; v1's pairs are kept as kinds of v2, and ``verifier_v2/model_written.jsonl``
(when present) is included as kind ``model-written``.

Paragraphs are split 40/60 into calibration and test by a hash of the (first) evidence title, as in v1;
a second document is always taken from the same split.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from common import frozen_sentences, shipped_corpus

ROOT = Path(__file__).resolve().parent
DATA = ROOT / "verifier_v2"
PAIRS = DATA / "pairs.jsonl"
MODEL_WRITTEN = DATA / "model_written.jsonl"
V1_PAIRS = ROOT / "verifier" / "pairs.jsonl"


def split_of(title: str) -> str:
    """40 % calibration, 60 % test, by the title's hash (the rule of v1)."""
    return "calibration" if int(hashlib.sha256(title.encode()).hexdigest(), 16) % 10 < 4 else "test"


# -- the lexical guard, frozen (verirag.evidence of 2026-11-25): what a negative must not trip -------------
# stricter than the guard: every number and capitalised word of the claim verbatim in the evidence (no
# stems, no demonyms), and a negated claim only against evidence that negates something too
_STOP = frozenset(
    """
a about above after again against all also although am an and any are as at be because been before being
below between both but by can could did do does doing down during each either few for from further had has
have having he her here hers herself him himself his how however i if in into is it its itself just many
me more most my myself neither no nor not now of off often on once one only or other our ours ourselves
out over own same she should since so some still such than that the their theirs them themselves then
there these they this those through thus to today too under until up very was we were what when where
whether which while who whom why will with within without would yet you your yours yourself yourselves
""".split()
)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_WORD = re.compile(r"[^\W\d_][\w'’\-]*")
_SINGLE = re.compile(r"(?<![\w'’-])[A-Z][a-z]+[A-Za-z]*(?![\w'’-])")
NEGATION = "not"  # the key term standing for any negation
_NEGATIONS = frozenset("not no never neither nor none nobody nothing nowhere cannot without".split())
_NOT_NUMBER_SIGN = re.compile(r"\bno\.?\s*\d", re.IGNORECASE)  # "No. 5": a number, not a negation


def _plain(word: str) -> str:
    word = word.lower().replace("’", "'")
    return word[:-2] if word.endswith("'s") else word.strip("'-")


def _negated(text: str) -> bool:
    text = _NOT_NUMBER_SIGN.sub(" ", text.replace("’", "'"))
    return "n't" in text.lower() or any(_plain(w) in _NEGATIONS for w in _WORD.findall(text))


def key_terms(claim: str) -> list[str]:
    """The claim's numbers (digits, commas dropped), capitalised words that are not stop words, and
    :data:`NEGATION` when the claim negates."""
    terms = [n.replace(",", "") for n in _NUMBER.findall(claim)]
    terms += [
        _plain(m.group())
        for m in _WORD.finditer(claim)
        if m.group()[0].isupper() and _plain(m.group()) not in _STOP
    ]
    if _negated(claim):
        terms.append(NEGATION)
    return list(dict.fromkeys(terms))


def unseen_terms(claim: str, texts: Iterable[str]) -> list[str]:
    """The claim's key terms that no evidence text contains verbatim (a whole word or number; a negation
    as any negation)."""
    texts = list(texts)
    words = {_plain(w) for t in texts for w in _WORD.findall(t)}
    numbers = {n.replace(",", "") for t in texts for n in _NUMBER.findall(t)}
    negated = any(_negated(t) for t in texts)
    return [
        t
        for t in key_terms(claim)
        if not (negated if t == NEGATION else t in (numbers if t[0].isdigit() else words))
    ]


def standalone_names(text: str) -> list[tuple[int, int]]:
    """Spans of capitalised words that are not stop words and touch no other capitalised word."""
    spans = []
    for match in _SINGLE.finditer(text):
        before, after = text[: match.start()].split()[-1:], text[match.end() :].lstrip()
        if _plain(match.group()) in _STOP or after[:1].isupper():
            continue
        ends_sentence = before and before[0][-1] in '.!?:;,"' and len(before[0]) > 2
        if before and before[0][:1].isupper() and not ends_sentence:
            continue
        spans.append(match.span())
    return spans


# -- names, words and sentences ----------------------------------------------------------------------
_TOKEN = r"(?:[A-Z]\.(?= [A-Z])|[A-Z](?:[\w'’–-]*\w)?)"  # "Arthur C. Clarke"; no word ends a sentence
_NAME_RE = re.compile(rf"{_TOKEN}(?: (?:(?:of|de|da|del|der|di|du|van|von|la|le|al|bin|ibn|the) )?{_TOKEN})*")
NAME = rf"{_TOKEN}(?: (?:(?:of|de|da|del|der|di|du|van|von|la|le|al|bin|ibn) )?{_TOKEN}){{0,5}}"
YEAR = re.compile(r"\b(1[0-9]{3}|20[0-2][0-9])\b")
_MONTHS = frozenset(
    "april august december february january july june march may november october september".split()
)
_PRONOUNS = {"It": "", "He": "", "She": "", "They": "", "Its": "'s", "His": "'s", "Her": "'s", "Their": "'s"}
_OPENERS_REJECTED = frozenset(
    "accordingly additionally all also another both consequently each furthermore he hence her here his "
    "however instead it its likewise many meanwhile moreover most nevertheless one other others several "
    "she similarly some such that their there therefore these they this those thus we you".split()
)
_ADVERBIAL = frozenset(
    "After As At Before Between Born By Currently During Eventually Following Founded From In Initially "
    "Later Located On Originally Over Since Subsequently Throughout Today Under Until Upon With".split()
)
_HEDGED_IT = re.compile(
    r"^It (?:is|was|has been|had been|may be|might be|can be|could be|would be|seems|seemed|appears|appeared)"
    r" (?:\w+ ){0,2}(?:that|to|whether|how|why|unclear|uncertain|believed|thought|said|known|estimated|"
    r"possible|likely|unlikely|generally|widely|often|sometimes|not)\b"
    r"|^It (?:follows|seems|seemed|appears|appeared|remains|turns out|happens|takes|took|is time)\b"
)
_PRONOUN_WORDS = frozenset("he her him his it its she their them these they this".split())


def _words(text: str) -> list[str]:
    return re.findall(r"[\w'’-]+", text)


def _lower_words(text: str) -> list[str]:
    return [w.lower() for w in _words(text)]


def _tidy(text: str) -> str:
    text = re.sub(r"\s+([,.;:])", r"\1", " ".join(text.split())).rstrip(" ,;:")
    return text if text.endswith((".", "!", "?")) else text + "."


def _balanced(text: str) -> bool:
    return text.count("(") == text.count(")") and text.count('"') % 2 == 0


def _has(text: str, phrase: str) -> bool:
    """``phrase`` in ``text`` as whole words ("Turkey" in "Turkey's", not in "Turkeys")."""
    return re.search(rf"(?<![\w'’-]){re.escape(phrase)}(?![\w-]|['’](?!s\b))", text) is not None


def name_spans(text: str) -> list[tuple[int, int]]:
    """Spans of capitalised names ("Stanley Kubrick", "Leo I of Galicia"), leading stop words dropped."""
    spans = []
    for match in _NAME_RE.finditer(text):
        start, end = match.span()
        while True:
            word = text[start:end].split(" ")[0]
            if _plain(word) not in _STOP or word == text[start:end]:
                break
            start += len(word) + 1
        name = text[start:end]
        if _plain(name) in _STOP or not name[:1].isupper():
            continue
        if re.search(r" (?:of|de|da|del|der|di|du|van|von|la|le|al|bin|ibn|the)$", name):
            continue
        spans.append((start, end))
    return spans


def _bare(name: str) -> str:
    return re.sub(r"['’]s$", "", name)


# -- the corpus -----------------------------------------------------------------------------------------
_CITY = frozenset("capital city commune conurbation megacity metropolis municipality port town".split())
_GROUPS = frozenset("band duo dynasty ensemble family group people team tribe trio".split())


def _class(description: str, topic: str) -> str:
    """A coarse kind of thing: "person", "country", "city", else the head noun of the description."""
    d = re.sub(r"\([^)]*\)", "", description or "").lower().strip()
    if re.match(r"(?:[\w-]+ )?(?:country|sovereign state|nation)\b", d) and not re.search(
        r"\b(?:within|constituent|former|historical|part of)\b", d
    ):
        return "country"
    head = re.split(r"\b(?:in|of|on|at|by|from|that|for|located|near|with|and)\b|[,;]", d)[0].split()
    last = head[-1] if head else ""
    if topic == "People" and last not in _GROUPS:
        return "person"
    return "city" if last in _CITY else last


@dataclass
class Doc:
    """One corpus record, its sentences and each sentence as a standalone claim (None: not usable)."""

    title: str
    text: str
    description: str
    topic: str
    name: str = ""
    ref: str = ""  # the name at the start of a sentence ("The United States")
    mid: str = ""  # the name inside a sentence ("the United States")
    cls: str = ""
    sentences: list[str] = field(default_factory=list)
    claims: list[str | None] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.name = re.sub(r"\s*\([^)]*\)$", "", self.title).strip()
        if "," in self.name and self.name not in self.text:  # "Punjab, Pakistan"
            self.name = self.name.split(",")[0].strip()
        self.ref, self.mid = _reference(self.name, self.text)
        self.cls = _class(self.description, self.topic)
        self.sentences = frozen_sentences(self.text)

    @property
    def split(self) -> str:
        return split_of(self.title)

    @property
    def evidence(self) -> dict:
        return {"title": self.title, "text": self.text}

    def possessive(self, start: bool = True) -> str:
        base = self.ref if start else self.mid
        return base + ("'" if base.endswith("s") and not base.endswith("ss") else "'s") if base else ""

    def about(self, claim: str) -> bool:
        """The claim opens with this document's name (it is about the title)."""
        return bool(self.ref) and claim.startswith((self.ref + " ", self.possessive() + " ", self.ref + ","))


def _reference(name: str, text: str) -> tuple[str, str]:
    """How the text names its title at the start of a sentence and inside one ("The pancreas", "the
    pancreas"; "The Beatles", "the Beatles"; "Krum", "Krum"), or ("", "") when it does not name it."""
    m = re.match(rf"(?:(?P<art>The|A|An) )?(?P<word>{re.escape(name)}(?:e?s)?)(?![\w'’-])", text, re.I)
    if m:
        word = m.group("word")
        if m.group("art"):
            return "The " + word, "the " + word
        rest = text[m.end() :]
        lower = word[0].lower() + word[1:]
        capitalised = re.search(rf"(?<![.!?] )(?<!^)\b{re.escape(word)}\b", rest) is not None
        mid = lower if re.search(rf"\b{re.escape(lower)}\b", rest) and not capitalised else word
        return word[0].upper() + word[1:], mid
    if _has(text, name) and name[0].isupper():
        the = len(re.findall(rf"\bthe {re.escape(name)}(?![\w'’-])(?! [A-Z])", text))
        mid = f"the {name}" if the and the * 2 >= len(re.findall(rf"\b{re.escape(name)}\b", text)) else name
        return mid[0].upper() + mid[1:], mid
    return "", ""


_PERSONAL = re.compile(
    r"\b(?:character|hero|heroine|deity|god|goddess|figure|outlaw|king|queen|emperor|"
    r"pharaoh|prophet|saint|superhero|sage|monarch|ruler|warrior|demigod|witch)\b"
)
_WORKS = re.compile(
    r"\b(?:novel|film|book|poem|epic|play|series|opera|painting|song|album|story|tale|musical|"
    r"comic|franchise|game|novella|sculpture|statue)\b"
)


def _plural(doc: Doc) -> bool:
    """A title that "they" can refer to: a group of people, or a plural name ("The Beatles", "Cats")."""
    if doc.topic == "People" and doc.cls in _GROUPS:
        return True
    return doc.ref.endswith("s") and not doc.ref.endswith(("ss", "us", "is"))


def _fits(doc: Doc, pronoun: str) -> bool:
    """The title can be what ``pronoun`` refers to: "he" a person (or a god, a hero), "it" not a person,
    "they" a plural name."""
    pronoun = pronoun.lower()
    if not doc.ref:
        return False
    if pronoun in {"he", "she", "his", "her"}:
        d = doc.description.lower()
        return doc.cls == "person" or (_PERSONAL.search(d) is not None and not _WORKS.search(d))
    if pronoun in {"they", "their"}:
        return _plural(doc)
    return doc.cls != "person" and not _plural(doc)


def standalone(doc: Doc, index: int, lower: set[str]) -> str | None:
    """The ``index``-th sentence of ``doc`` as a claim that stands alone: a leading pronoun (or "The city"
    where the description or the title calls it a city) resolved to the title; None when it cannot stand
    alone. ``lower``: words the corpus writes in lower case (a capitalised opener among them is no name)."""
    s = doc.sentences[index]
    words = s.split()
    if not 5 <= len(words) <= 40 or not s.endswith(".") or not _balanced(s) or s[0].islower():
        return None
    if re.search(r"[;:]|\b(?:e\.g|i\.e|etc)\.", s):
        return None
    if re.search(r"\. (?:The|It|Its|He|She|His|Her|They|Their|In|Among|This|These|A|An|On|At|After|As)\b", s):
        return None  # two sentences the splitter did not cut ("… Adele Bloch-Bauer I. Among …")
    if index == 0:
        return s if s[:1].isupper() or s[:1].isdigit() else None
    first = words[0]
    previous = doc.sentences[index - 1]
    before = doc.claims[index - 1] if len(doc.claims) >= index else None
    follows = (
        bool(before and doc.about(before))
        or previous.split()[0] in _PRONOUNS
        or _has(" ".join(previous.split()[:8]), doc.name)
    )
    if first in _PRONOUNS:
        if _HEDGED_IT.match(s) or not _fits(doc, first) or not follows:
            return None  # "It" may stand for what the sentence before was about, not the title
        subject = doc.ref if not _PRONOUNS[first] else doc.possessive()
        return subject + s[len(first) :]
    nouns = set(doc.description.lower().split()) | set(doc.name.lower().split()) | {doc.cls}
    m = re.match(
        r"^(?:(?P<adv>[A-Z][a-z]+ly|Today|Currently|Now|Originally), )?(?P<the>[Tt]he) "
        r"(?!(?:term|word|name|title|phrase) )(?:[a-z]+ )?(?P<noun>[a-z]+) (?P<next>[\w'’-]+)",
        s,
    )
    if (
        m
        and doc.ref
        and m.group("noun") in nouns - _STOP
        and not m.group("next")[0].isupper()
        and m.group("next").lower() not in nouns | {"of", "and", "or", "in"}
    ):
        if m.group("adv"):  # "Currently, the league has …"
            return s[: m.start("the")] + doc.mid + s[m.end("noun") :]
        return doc.ref + s[m.end("noun") :]  # "The city is …"
    m = re.match(r"^([A-Z][^,]{1,50}), (it|he|she|they|its|his|her|their) ", s)
    adverbial = m and (m.group(1).split()[0] in _ADVERBIAL or re.fullmatch(r"[A-Z][a-z]+ly", m.group(1)))
    hedged = m and _HEDGED_IT.match("It" + s[m.end(2) :])
    if (
        m
        and adverbial
        and not set(_lower_words(m.group(1))) & _PRONOUN_WORDS
        and not hedged
        and _fits(doc, m.group(2))
        and not _has(m.group(1), doc.name)
        and follows
    ):
        subject = doc.mid if m.group(2) in {"it", "he", "she", "they"} else doc.possessive(start=False)
        return s[: m.start(2)] + subject + s[m.end(2) :]
    bare = first.rstrip(",")
    if bare.lower() in _OPENERS_REJECTED or (first.endswith(",") and bare.lower() in lower):
        return None
    if first in {"The", "A", "An"} and words[1][:1].islower():
        return None
    if re.match(r"[A-Z][a-z]+ed (?:by|in|as|from)\b", s) and ", " not in s:
        return None  # "Established by Hacı I Giray in 1441.": no main clause
    named = bare[:1].isupper() and bare.lower() not in lower and _plain(bare) not in _STOP
    if set(_lower_words(s)) & _PRONOUN_WORDS and not (named or doc.about(s)):
        return None  # a pronoun with nothing in the sentence to refer to
    return s


class Corpus:
    """The corpus's documents, found by their names."""

    def __init__(self, records: list[dict]):
        self.docs = [
            Doc(r["title"].strip(), r["extract"], r.get("description") or "", r.get("topic") or "")
            for r in records
        ]
        counts: dict[str, int] = {}
        for doc in self.docs:
            for w in re.findall(r"(?<![\w'’-])[a-z]+(?![\w'’-])", doc.text):
                counts[w] = counts.get(w, 0) + 1
        self.lower = {w for w, n in counts.items() if n >= 3}
        self.texts = [doc.text for doc in self.docs]
        self.given_names = {
            doc.name.split()[0]
            for doc in self.docs
            if doc.cls == "person"
            and len(doc.name.split()) >= 2
            and doc.name[0].isupper()
            and " of " not in doc.name
        } - _HONORIFICS
        for doc in self.docs:
            for i in range(len(doc.sentences)):  # in order: a sentence's pronoun may follow the one before
                doc.claims.append(standalone(doc, i, self.lower))
        self.by_name: dict[str, list[Doc]] = {}
        for doc in self.docs:
            self.by_name.setdefault(doc.name, []).append(doc)
        self.by_kind: dict[tuple[str, str], list[Doc]] = {}
        for doc in self.docs:
            if usable(doc) and kind_of(doc):
                self.by_kind.setdefault((kind_of(doc), doc.split), []).append(doc)
        self._mentions: dict[str, list[Doc]] = {}

    def named(self, name: str) -> Doc | None:
        """The one document called ``name`` (None when none or several are)."""
        found = self.by_name.get(_bare(name), [])
        return found[0] if len(found) == 1 and len(_bare(name)) >= 3 else None

    def mentions(self, doc: Doc) -> list[Doc]:
        """Other documents whose name the text of ``doc`` uses as a whole name, in text order."""
        if doc.title not in self._mentions:
            found: dict[str, Doc] = {}
            for a, b in name_spans(doc.text):
                name = _bare(doc.text[a:b])
                for part in [name, *name.split(" of ")[1:], re.split(r"['’]s ", name)[0]]:
                    other = self.named(part)
                    if other is not None and other is not doc and other.name not in doc.name:
                        found.setdefault(other.title, other)
            self._mentions[doc.title] = list(found.values())
        return self._mentions[doc.title]


_VAGUE = {""} | frozenset(
    "activity any area art based body branch category caused class collection concept device field form "
    "group machine made method object one originating part practice process property range science set "
    "space state structure study system term theory tool type unit use used work".split()
)
_TAXA = frozenset("clade class family genus order phylum species subfamily suborder tribe".split())


def kind_of(doc: Doc) -> str:
    """A narrow kind of thing for joining two documents: "Geography|country", "People|emperor",
    "Biology and health sciences|genus of plants"; empty when the description is too vague."""
    d = re.sub(r"\([^)]*\)", "", doc.description).lower().strip()
    head = re.split(r"\b(?:in|of|on|at|by|from|that|for|located|near|with|who|which|and)\b|[,;]", d)[
        0
    ].split()
    last = "country" if doc.cls == "country" else "city" if doc.cls == "city" else (head[-1] if head else "")
    taxon = re.match(rf"{re.escape(last)} of ([a-z]+)", d) if last in _TAXA else None
    if taxon:
        last += " of " + taxon.group(1)
    return "" if last in _VAGUE else f"{doc.topic}|{last}"


def usable(doc: Doc) -> bool:
    """A lead paragraph short enough to read whole and long enough to hold several facts."""
    return 2 <= len(doc.sentences) <= 14 and 30 <= len(doc.text.split()) <= 300 and "\n\n" not in doc.text


def related(a: Doc, b: Doc) -> bool:
    """One document names the other (it may contain it, be part of it or be another name of it)."""
    return _has(a.text, b.name) or _has(b.text, a.name)


def _predicate(rest: str) -> bool:
    """What follows a subject is its predicate, not the rest of a longer name ("Umar ibn al-Khattab was …")
    nor a list ("Ghana and Togo are …")."""
    return (
        re.match(
            r"(?:\s(?:and|or|ibn|bin|de|da|del|der|di|du|van|von|la|le|al|of|the|[a-z]{1,2} [A-Z]|[A-Z(\d])"
            r"|,|-)",
            rest,
        )
        is None
    )


def _subject_rest(doc: Doc, claim: str) -> tuple[str, str] | None:
    """(subject, rest) when the claim opens with the document's name or its possessive."""
    if not doc.ref:
        return None
    for subject in (doc.possessive(), doc.ref):
        if claim.startswith(subject + " "):
            return subject, claim[len(subject) :]
    return None


# -- guard-invisible changes to one sentence (kinds 1-8) ----------------------------------------------
@dataclass
class Change:
    """A sentence changed into a claim the paragraph does not support."""

    claim: str
    rule: str
    detail: dict = field(default_factory=dict)


def _near(text: str, start: int, end: int, n: int = 5) -> set[str]:
    """Lower-case content words among the ``n`` words either side of a span."""
    around = text[:start].split()[-n:] + text[end:].split()[:n]
    words = {w.strip(".,;:()\"'").lower() for w in around if w[:1].islower()}
    return {w for w in words if len(w) >= 3 and w.isalpha() and w not in _STOP}


def _is_range(text: str, start: int, end: int) -> bool:
    before, after = text[max(0, start - 40) : start], text[end : end + 14]
    return bool(
        re.search(r"[–—/-]\s*$", before)
        or re.match(r"%?\s*(?:[–—/-]|to\b|and\b|or\b|through\b)\s*(?:\w+ )?\d", after)
        or re.search(r"\b(?:between|from)\s+(?:[\w,]+\s+){0,2}$", before)
        or re.search(r"\d%?\s*(?:to|and|or|through)\s+$", before)
    )


def _prev(text: str, start: int, k: int = 1) -> str:
    words = text[:start].split()
    return " ".join(words[-k:]).lower().strip(",") if words else ""


_MONOTONE = frozenset(
    "about after approximately around before by c ca circa early late mid prior since till until".split()
)


def _dated(text: str, m: re.Match) -> bool:
    """The four digits at ``m`` are a year as a date states it: "in 1990", "the 1990 election", "4 May
    1990", "May 4, 1990"; not a range's end, not "6.02×1023"."""
    prev = _prev(text, m.start())
    day = re.fullmatch(r"\d{1,2}", prev) and _prev(text, m.start(), 2).split()[0] in _MONTHS
    return not _is_range(text, m.start(), m.end()) and (
        prev in {"in", "of", "the", "a", "an"} or prev in _MONTHS or bool(day)
    )


def year_swaps(claim: str, doc: Doc) -> list[Change]:
    """A year of the claim replaced by another year the paragraph states about something else."""
    changes: list[Change] = []
    if re.search(r"\b(?:BC|BCE)\b", doc.text):
        return changes
    years = list(dict.fromkeys(m.group() for m in YEAR.finditer(doc.text) if _dated(doc.text, m)))
    for m in YEAR.finditer(claim):
        if not _dated(claim, m):
            continue
        if set(_lower_words(claim[: m.start()])[-4:]) & _MONOTONE or re.search(
            r"\b(?:[Ss]ince|until|till)\b", claim[: m.start()]
        ):
            continue  # "since 1950", "by 1900": another year may hold too
        near = _near(claim, m.start(), m.end())
        for year in years:
            if _has(claim, year):
                continue
            others = [o for o in re.finditer(rf"\b{year}\b", doc.text)]
            if any(_near(doc.text, o.start(), o.end()) & near for o in others):
                continue  # the other year dates the same kind of event ("won … in 1990", "won … in 1995")
            changes.append(
                Change(
                    claim[: m.start()] + year + claim[m.end() :],
                    "year swapped",
                    {"from": m.group(), "to": year},
                )
            )
    return changes


_NUMBER_WORDS = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve "
        "thirteen fourteen fifteen sixteen seventeen eighteen nineteen "
        "twenty".split()
    )
} | {"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_NUM = re.compile(
    r"(?<![\w.,-])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?|(?:"
    + "|".join(_NUMBER_WORDS)
    + r")(?![\w'’-]))(?![\w]|[.,]\d)"
)
_POPULATION_SCOPES = re.compile(
    r"\b(?:metro|metropolitan|urban|agglomeration|proper|built-up|greater|census area|"
    r"conurbation|municipality|prefecture|district)\b",
    re.I,
)


def _value(number: str) -> float:
    return float(_NUMBER_WORDS.get(number, number.replace(",", "") if number[0].isdigit() else "nan"))


_BOUNDS = frozenset(
    "No above almost below exceeding exceeds just least most nearly no number only over past than to "
    "under up".split()
)
_NUMBER_BOUNDS = frozenset(
    "above after almost before below beyond by exceeding fewer least less more most nearly over since "
    "than top under until up within".split()
)
_MODIFIERS = frozenset(
    "accepted active additional consecutive described different distinct extant independent individual "
    "known large living main major more new official officially other professional recognised recognized "
    "separate small".split()
)
_TAXON_UNITS = frozenset(
    "familie family genera genu order specie species subfamilie subgenera suborder subspecie tribe".split()
)
_SCALES = frozenset("billion hundred million thousand trillion".split())
_ERAS = frozenset("ad bc bce ce ma mya".split())


def _numbers(text: str) -> list[tuple[re.Match, str]]:
    """Non-year numbers of ``text`` with their unit (the word after, else "of" and the two words before),
    where a swap keeps the sentence's sense: not a bound ("more than 50"), a range, a date's day, an era's
    year ("27 BC"), a name's number ("Apollo 11") or a conversion ("5 km (3 mi)")."""
    found: list[tuple[re.Match, str]] = []
    for m in _NUM.finditer(text):
        value = m.group()
        if YEAR.fullmatch(value) or _value(value) < 2 or _is_range(text, m.start(), m.end()):
            continue
        before, after = text[: m.start()], text[m.end() :]
        unit_m = re.match(r"(?:%|\s?(?:per ?cent)\b)|((?:[ -][a-z²³]+[23]?){1,3})", after)
        run = [w for w in re.split(r"[ -]", unit_m.group(1) or "") if w] if unit_m else []
        while run and run[-1] in _STOP:
            run.pop()  # "300 species are known" -> "species"; "20 by" -> no unit
        if unit_m and unit_m.group(1) is None:
            unit = "%"
        elif run and run[0] not in _STOP:
            if run[0] in _SCALES:  # "4.2 million people"
                unit = " ".join(run[:2])
            else:  # "2,400 described species", "30 competitions"
                unit = run[1] if run[0] in _MODIFIERS and len(run) > 1 else run[0]
            unit = unit[:-1] if unit.endswith("s") and not unit.endswith(("ss", "us", "ies")) else unit
            unit = "taxon" if unit in _TAXON_UNITS else unit  # "114 genera and 3,750 species"
        elif re.match(r"[,.;]", after) and (
            of := re.search(r"\b([a-z]+) of (?:about |approximately |around )?$", before)
        ):
            unit = "of:" + of.group(1)
        else:
            continue
        if unit in _MONTHS or unit in _ERAS or re.match(r"\s*\(", after[unit_m.end() if unit_m else 0 :]):
            continue
        prev_word = before.split()[-1] if before.split() else ""
        if before.count("(") > before.count(")") or prev_word.lower().strip(",") in _BOUNDS | _MONTHS:
            continue
        if prev_word[:1].isupper() and _plain(prev_word) not in _STOP:
            continue  # "Apollo 11", "Route 66"
        if set(_lower_words(before)[-3:]) & _NUMBER_BOUNDS or re.search(r"\bas (?:many|much) as\s+$", before):
            continue  # "at least by 709,000 years ago", "more than 50": another number may hold too
        found.append((m, unit))
    return found


def _with_article(text: str, start: int, number: str) -> str:
    """``text`` with the article before ``start`` agreeing with the number put there ("an 11-time")."""
    m = re.search(r"\b([Aa]n?) $", text[:start])
    if not m:
        return text
    vowel = re.match(r"(?:8|11|18)(?!\d)|8\d|8,|11,\d{3}(?!,)|18,\d{3}(?!,)", number) is not None
    article = ("an" if vowel else "a") if m.group(1).islower() else ("An" if vowel else "A")
    return text[: m.start(1)] + article + text[m.end(1) :]


def number_swaps(claim: str, doc: Doc) -> list[Change]:
    """A number of the claim replaced by another number of the paragraph with the same unit."""
    changes: list[Change] = []
    for m, unit in _numbers(claim):
        near = _near(claim, m.start(), m.end()) - set(unit.replace(":", " ").split())
        value = _value(m.group())
        for m2, unit2 in _numbers(doc.text):
            other = m2.group()
            if unit2 != unit or _value(other) == value or _has(claim, other):
                continue
            if "population" in claim + unit and _POPULATION_SCOPES.search(doc.text):
                continue  # a city's and its metropolitan area's populations: which one "X" has is unclear
            if len(_near(doc.text, m2.start(), m2.end()) & near) >= 2:
                continue  # the other number may count the same thing
            ratio = _value(other) / value
            if 0.9 <= ratio <= 1.1 and value >= 100:
                continue  # "35,808 km²" (the island) and "36,193 km²" (the state): the same measure
            new = _with_article(claim[: m.start()] + other + claim[m.end() :], m.start(), other)
            changes.append(Change(new, "number swapped", {"from": m.group(), "to": other, "unit": unit}))
    numbers = _numbers(claim)
    for k, (m, unit) in enumerate(numbers):  # two numbers of the sentence exchanged ("8%" and "65%")
        for m2, unit2 in numbers[k + 1 :]:
            if unit2 != unit or _value(m.group()) == _value(m2.group()) or claim.count(m.group()) > 1:
                continue
            if re.search(r"\b(?:respectively|each|per)\b", claim) or claim.count(m2.group()) > 1:
                continue
            new = (
                claim[: m.start()] + m2.group() + claim[m.end() : m2.start()] + m.group() + claim[m2.end() :]
            )
            new = _with_article(
                _with_article(new, m.start(), m2.group()), new.find(m.group(), m.start() + 1), m.group()
            )
            changes.append(
                Change(new, "numbers exchanged", {"numbers": [m.group(), m2.group()], "unit": unit})
            )
    return list({c.claim: c for c in changes}.values())


def _alias(doc: Doc, a: Doc, b: Doc) -> bool:
    """The paragraph or either document gives one name as another name of the other."""
    pattern = (
        r"(?:known as|formerly|called|named|or|also|officially|renamed|name|aka|later)\W+(?:\w+\W+){0,3}"
    )
    texts = (doc.text, a.text, b.text)
    return any(re.search(pattern + re.escape(n), t) for t in texts for n in (a.name, b.name))


_AFTER_NOUN = _STOP | {"around", "near", "along", "across", "via", "alone", "itself", "proper", "including"}


def _used_as_noun(text: str, start: int, end: int) -> bool:
    """The name at ``text[start:end]`` names a thing ("in Mexico, where"), not an adjective ("Western art",
    "the Latin name") nor the end of a longer name ("Kingdom of Italy")."""
    following = re.match(r"\s*([\w'’-]+)", text[end:])
    if following and following.group(1)[0].islower() and following.group(1) not in _AFTER_NOUN:
        return False
    if text[end : end + 1] in {"–", "—", "-", "/"} or text[start - 1 : start] in {"–", "—", "-", "/"}:
        return False  # "the Boston–Worcester–Providence area"
    connectors = r"of|de|da|del|der|di|du|van|von|la|le|al|bin|ibn"
    return not re.search(rf"[A-Z][\w'’-]* (?:{connectors}) (?:the )?$", text[:start])


def _put_name(text: str, start: int, end: int, other: Doc) -> str | None:
    """``text`` with ``text[start:end]`` replaced by the name of ``other``, "the" added or dropped."""
    before = text[:start]
    if before.endswith("the ") and not other.mid.startswith("the "):
        before = before[: -len("the ")]
    elif other.mid.startswith("the ") and not before.endswith(("the ", "The ")):
        if _plain(before.split()[-1]) not in _STOP:
            return None  # "western the Levant"
        before += "the "
    return before + other.name + text[end:]


_SWAPPABLE = frozenset(
    "city continent country desert dynasty empire island kingdom lake mountain mountains ocean peninsula "
    "person planet province range region river sea state territory university volcano".split()
)


def _in_list(text: str, start: int, end: int) -> bool:
    """The name is a member of a list of names ("France, Spain and Italy"): another member may be true of
    the list's relation too."""
    return bool(
        re.search(r"[A-Z][\w'’-]*(?:,|,? and|,? or)\s+(?:the )?$", text[:start])
        or re.match(r"(?:,\s*(?:and |or )?|\s+(?:and|or)\s+)(?:the )?[A-Z]", text[end:])
    )


def name_swaps(claim: str, doc: Doc, corpus: Corpus) -> list[Change]:
    """A standalone name of the claim (not its subject, not a list member) replaced by another name of the
    paragraph, both corpus articles of the same kind (places, people) that do not name each other (not an
    alias, not a part), the other not named beside the same words (it may share the relation)."""
    changes: list[Change] = []
    if re.search(r"\b(?:all|every|worldwide|around the world)\b", claim):
        return changes  # "found on all continents, including Antarctica": another name may be true too
    in_text = {_bare(doc.text[a:b]) for a, b in name_spans(doc.text) if _used_as_noun(doc.text, a, b)}
    mentioned = [o for o in corpus.mentions(doc) if o.name in in_text and o.mid]
    for a, b in name_spans(claim):
        b = a + len(_bare(claim[a:b]))
        if a == 0 or claim[a:b] in doc.name or not _used_as_noun(claim, a, b) or _in_list(claim, a, b):
            continue
        this = corpus.named(claim[a:b])
        if this is None or this is doc or this.cls not in _SWAPPABLE:
            continue
        if re.search(r"\b(?:from|between)\s+(?:the\s+)?$", claim[:a]) or (
            re.search(r"\bto\s+(?:the\s+)?$", claim[:a]) and re.search(r"\bfrom\b", claim[max(0, a - 60) : a])
        ):
            continue  # "stretching from Greece to India": a place inside the range may do as well
        if doc.topic == "Biology and health sciences" and this.cls in {"continent", "region"}:
            continue  # where a species lives: it may live on the other continent too
        near = _near(claim, a, b, 4)
        named = [corpus.named(claim[x:y]) for x, y in name_spans(claim)]
        for other in mentioned:
            if other is this or other.cls != this.cls or _has(claim, other.name) or other.name in doc.name:
                continue
            if related(this, other) or _alias(doc, this, other):
                continue
            if any(n is not None and n is not this and n is not doc and related(n, other) for n in named):
                continue  # "in Europe, Switzerland": the other may lie inside a place the claim names
            listed = [
                k
                for k, sentence in enumerate(doc.sentences)
                for m in re.finditer(rf"\b{re.escape(other.name)}\b", sentence)
                if _in_list(sentence, m.start(), m.end())
            ]
            if any(k == 0 or doc.about(doc.claims[k] or "") for k in listed):
                continue  # one of a set the paragraph gives its title ("under the Kushan, the Sasanian …")
            if any(_has(s, other.name) and near & set(_lower_words(s)) for s in doc.sentences):
                continue  # "taught in Vienna" / "taught at … Los Angeles": the relation may hold of it too
            new = _put_name(claim, a, b, other)
            if new is not None:
                changes.append(
                    Change(new, "name swapped", {"from": this.name, "to": other.name, "class": this.cls})
                )
    return changes


_CARDINAL = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)*(?![\w]|[.,]\d)")  # "1,240,192", "1998"; not "3rd"


def _distinctive(rest: str, other_text: str) -> bool:
    """The predicate states a fact particular to its subject that the other's article does not state: a
    number or a year, or a capital and its name; not a superlative of something else ("includes part of
    the Pantanal, the largest tropical wetland")."""
    unseen = set(unseen_terms(rest, [other_text]))
    exact = {
        m.group().replace(",", "")
        for m in _CARDINAL.finditer(rest)
        if not set(_lower_words(rest[: m.start()])[-3:]) & (_NUMBER_BOUNDS | {"among"})
    }  # not "more than 200 works", "among the 100 most productive"
    if exact & unseen:
        return True
    return re.search(r"\bcapital\b", rest) is not None and any(not t[0].isdigit() for t in unseen)


def subject_moves(claim: str, doc: Doc, corpus: Corpus) -> list[Change]:
    """The claim's subject (the paragraph's title) replaced by another entity of the same kind that the
    paragraph names, for a predicate that holds of one entity only (a year, a number, a superlative) and
    that the other entity's own article does not state."""
    changes: list[Change] = []
    parts = _subject_rest(doc, claim)
    if parts is None:
        return changes
    subject, rest = parts
    if not _predicate(rest):
        return changes
    for other in corpus.mentions(doc):
        if other.cls != doc.cls or not other.ref or _has(claim, other.name) or _alias(doc, doc, other):
            continue
        if _has(other.text, doc.name):
            continue  # neighbours that name each other (Bolivia, Brazil) may share the fact
        if not _distinctive(rest, other.text):
            continue  # no fact particular to the title that the other's own article does not state
        new = (other.possessive() if subject.endswith(("'s", "'")) else other.ref) + rest
        changes.append(
            Change(new, "subject replaced", {"from": doc.name, "to": other.name, "class": doc.cls})
        )
    return changes


_PARTY = rf"(?:[Tt]he )?{NAME}"
_ROLE_ACTIVE = re.compile(
    rf"(?P<a>{_PARTY}) (?:later |eventually |also |then |finally )?"
    rf"(?P<v>succeeded|replaced|defeated|preceded|"
    rf"influenced|conquered|annexed|overthrew|deposed|followed|absorbed|acquired|inspired|taught|invaded|"
    rf"captured|besieged|attacked|colonized|colonised|assassinated|killed|murdered) (?P<b>{_PARTY})"
)
_ROLE_PASSIVE = re.compile(
    rf"(?P<a>{_PARTY}),? (?:is|was|were|are|had been|has been) (?:later |eventually |also |then |finally )?"
    rf"(?:(?P<v>succeeded|replaced|defeated|preceded|influenced|conquered|annexed|overthrown|deposed|followed|"
    rf"absorbed|acquired|inspired|taught|invaded|captured|besieged|attacked|colonized|colonised|assassinated|"
    rf"killed|murdered) by|(?P<v2>named|derived|descended) (?:after|from)) (?P<b>{_PARTY})"
)
_ROLE_OF = re.compile(
    rf"(?P<a>{_PARTY}),? (?:is|was|were|are) (?:the |a |an )?(?:(?:eldest|youngest|second|third|only|elder|"
    rf"younger|first|illegitimate|adopted|biological|main|largest|longest|favourite|favorite|chief) )?"
    rf"(?P<v>son|daughter|father|mother|student|pupil|teacher|successor|predecessor|tributary|subsidiary|"
    rf"mentor|disciple|grandson|granddaughter|grandfather|grandmother|nephew|niece|parent company|"
    rf"protégé|protege|apprentice|ancestor|descendant) (?:of|to) (?P<b>{_PARTY})"
)
_ROLE_BY = re.compile(
    rf"(?P<r1>directed|produced|written|composed|performed|sung|designed|founded|owned|illustrated|edited|"
    rf"published|created|developed) by (?P<a>{_PARTY}),? and (?:was |is )?(?:later )?"
    rf"(?P<r2>directed|produced|"
    rf"written|composed|performed|sung|designed|founded|owned|illustrated|edited|published|created|"
    rf"developed) by (?P<b>{_PARTY})"
)
_ROLE_THAN = re.compile(
    rf"(?P<a>{_PARTY}) (?:is|was|are|were) (?:also |much |slightly |considerably |far )?"
    rf"(?P<v>(?:larger|bigger|smaller|older|younger|longer|shorter|higher|taller|deeper|heavier|"
    rf"more populous)) "
    rf"than (?P<b>{_PARTY})"
)
_ROLE_DIRECTION = re.compile(
    rf"(?P<a>{_PARTY}) (?:is|lies|was) (?:located |situated )?(?:about |approximately |some )?"
    rf"(?:[\d,.]+ (?:km|kilometres|kilometers|miles|mi) (?:\([\d,.]+ (?:mi|km)\) )?)?"
    rf"(?P<v>(?:north|south)?-?(?:east|west)?(?:ern)?|north|south) of (?P<b>{_PARTY})"
)
_ROLE_INTO = re.compile(rf"(?P<a>{_PARTY}) (?P<v>flows into|drains into|empties into|orbits) (?P<b>{_PARTY})")
_CLAUSE_START = re.compile(r"(?:^|, |\b(?:when|after|as|that|where|while|until|before|which) )$")


def _party(text: str, start: int, end: int, doc: Doc, lower: set[str]) -> bool:
    """``text[start:end]`` is a whole name (not "Great" of "Otto the Great", not the common noun "the
    Strait"), or the document's own name."""
    name = re.sub(r"^[Tt]he ", "", text[start:end])
    if text[start:end] in (doc.ref, doc.mid) or name == doc.name:
        return True
    begin = end - len(name)
    common = " " not in name and name.lower() in lower
    return (begin, end) in name_spans(text) and _plain(name.split()[0]) not in _STOP and not common


def _place(party: str, at_start: bool) -> str:
    """A party's name with its article fitted to its new place ("the Allies" / "The Allies")."""
    if party.startswith(("the ", "The ")):
        return ("The " if at_start else "the ") + party[4:]
    return party


def role_swaps(claim: str, doc: Doc, lower: set[str]) -> list[Change]:
    """Two parties of a directed relation exchanged ("A succeeded B" → "B succeeded A", "directed by A and
    produced by B" → "directed by B and produced by A"), where the paragraph does not state the
    exchanged relation."""
    changes: list[Change] = []
    if re.search(r"\b(?:each other|one another|mutual|mutually|jointly)\b", doc.text):
        return changes
    for pattern in (_ROLE_ACTIVE, _ROLE_PASSIVE, _ROLE_OF, _ROLE_BY, _ROLE_THAN, _ROLE_DIRECTION, _ROLE_INTO):
        for m in pattern.finditer(claim):
            a, b = m.group("a"), m.group("b")
            bare_a, bare_b = re.sub(r"^[Tt]he ", "", a), re.sub(r"^[Tt]he ", "", b)
            if (
                set(bare_a.split()) & set(bare_b.split())
                or a.endswith(("'s", "’s"))
                or b.endswith(("'s", "’s"))
            ):
                continue
            if not (_party(claim, *m.span("a"), doc, lower) and _party(claim, *m.span("b"), doc, lower)):
                continue
            if pattern is not _ROLE_BY and not _CLAUSE_START.search(claim[: m.start("a")]):
                continue  # "a" is the subject of its clause, not the end of a longer phrase
            if not _used_as_noun(claim, *m.span("b")) or re.match(
                r" (?:of|for|on|de) | and (?:the )?[A-Z]", claim[m.end("b") :]
            ):
                continue  # "the National Advisory Committee for Aeronautics": a longer name
            if (
                pattern is not _ROLE_BY
                and re.search(r"(?:ians|ans|ites|ids|ers)$", bare_b)
                and not re.search(r"s$", bare_a)
            ):
                continue  # "the Sasanians was conquered": the verb would not agree
            if pattern is _ROLE_BY and m.group("r1") == m.group("r2"):
                continue
            verb = m.group("r1") if pattern is _ROLE_BY else (m.groupdict().get("v") or m.group("v2"))
            if not verb.strip("-"):
                continue
            if any(
                _has(s, bare_a) and _has(s, bare_b) and s.find(bare_b) < s.find(bare_a) and verb in s
                for s in doc.sentences
            ):
                continue  # the paragraph may state the exchanged relation
            new = (
                claim[: m.start("a")]
                + _place(b, m.start("a") == 0)
                + claim[m.end("a") : m.start("b")]
                + _place(a, False)
                + claim[m.end("b") :]
            )
            changes.append(Change(new, "roles exchanged", {"relation": verb, "a": a, "b": b}))
    return changes


_UNITS = (
    r"province|state|canton|region|prefecture|oblast|governorate|department|emirate|territory|county|"
    r"district|voivodeship|krai|autonomous community|division|municipality|island|islands"
)
_SCOPE_WHAT = (
    r"(?:capital(?: city)?|largest city|most populous city|administrative (?:centre|center|capital)|"
    r"capital and (?:the )?(?:largest|most populous) city)"
)
_SCOPE = re.compile(
    rf"^(?P<x>{NAME}) (?P<cop>is|was|serves as) (?:also )?(?:the )?(?P<what>{_SCOPE_WHAT})"
    rf"(?: and (?:the )?(?:largest|most populous) city)? of (?P<unit>[^,.;()]+?)(?=[,.;(]| and |$)"
)
_SCOPE_POSS = re.compile(
    rf"^(?P<unit>{NAME})['’]s? (?P<what>{_SCOPE_WHAT}) (?P<cop>is|was) (?P<x>{NAME})(?=[,.;(]| and |$)"
)
_SCOPE_THE = re.compile(
    rf"^The (?P<what>{_SCOPE_WHAT}) of (?P<unit>[^,.;()]+?) (?P<cop>is|was) (?P<x>{NAME})(?=[,.;(]| and |$)"
)
_SCOPE_APPOSITION = re.compile(
    rf"^(?P<x>{NAME}), (?:the )?(?P<what>{_SCOPE_WHAT}) of (?P<unit>[^,.;()]+?),(?P<cop>)"
)
_LARGEST_NAMED = re.compile(
    rf"(?:largest|most populous) city(?: and [a-z ]+?)?(?: is|,) (?:the )?(?P<c>{NAME})|"
    rf"(?P<d>{NAME}) is (?:its|the country's|the nation's) (?:largest|most populous) city"
)


_DEMONYMS = dict(
    pair.split(":")
    for pair in (
        "Indian:India;Chinese:China;Pakistani:Pakistan;Mexican:Mexico;Brazilian:Brazil;German:Germany;"
        "Australian:Australia;U.S.:United States;American:United States;Indonesian:Indonesia;"
        "Italian:Italy;Spanish:Spain;Russian:Russia;Japanese:Japan;Nigerian:Nigeria;Canadian:Canada;"
        "Iranian:Iran;Turkish:Turkey;French:France;Argentine:Argentina;Venezuelan:Venezuela;"
        "Colombian:Colombia;Peruvian:Peru;Philippine:Philippines;Malaysian:Malaysia;Thai:Thailand;"
        "Vietnamese:Vietnam;Ukrainian:Ukraine;Polish:Poland;Austrian:Austria;Swiss:Switzerland;"
        "Belgian:Belgium;Dutch:Netherlands;Egyptian:Egypt;Saudi:Saudi Arabia;Iraqi:Iraq;"
        "Afghan:Afghanistan;Ethiopian:Ethiopia;Kenyan:Kenya;Chilean:Chile;Bolivian:Bolivia;"
        "Ecuadorian:Ecuador;Cuban:Cuba;Korean:South Korea;South Korean:South Korea;Moroccan:Morocco;"
        "Algerian:Algeria;Sudanese:Sudan;Bangladeshi:Bangladesh;Nepalese:Nepal;Sri Lankan:Sri Lanka;"
        "Portuguese:Portugal;Greek:Greece;Swedish:Sweden;Norwegian:Norway;Finnish:Finland;"
        "Danish:Denmark;Uzbek:Uzbekistan;Kazakh:Kazakhstan;Syrian:Syria"
    ).split(";")
)


def _countries(doc: Doc, corpus: Corpus, sentence: str) -> list[Doc]:
    """The countries a sentence names (by name or by adjective, "the Indian state of …"), else those its
    paragraph names."""

    def named(text: str) -> list[Doc]:
        found: dict[str, Doc] = {}
        words = [_bare(text[a:b]) for a, b in name_spans(text)]
        words += [p for w in list(words) for p in [*w.split(" of "), re.split(r"['’]s ", w)[0]]]
        words += [country for adjective, country in _DEMONYMS.items() if _has(text, adjective)]
        for word in words:
            docs = [d for d in corpus.by_name.get(word, []) if d.cls == "country"]
            if len(docs) == 1 and docs[0] is not doc:
                found.setdefault(docs[0].title, docs[0])
        return list(found.values())

    return named(sentence) or named(doc.text)


def scope_changes(claim: str, doc: Doc, corpus: Corpus) -> list[Change]:
    """A province's (state's, region's …) capital or largest city stated for the country the paragraph
    names, when neither the paragraph nor the country's article says so (for a largest city: when the
    country's article names another city its largest)."""
    m = next(
        (p.match(claim) for p in (_SCOPE, _SCOPE_POSS, _SCOPE_THE, _SCOPE_APPOSITION) if p.match(claim)), None
    )
    if not m:
        return []
    x, what, unit = _bare(m.group("x")), m.group("what"), m.group("unit").strip()
    unit_doc = corpus.named(unit)
    if not re.search(rf"\b(?:{_UNITS})\b", unit, re.I) and not (
        unit_doc and unit_doc.cls in set(_UNITS.split("|")) | {"region"}
    ):
        return []
    if doc.cls == "country" or (unit_doc and unit_doc.cls == "country") or re.search(r"\bcountry\b", unit):
        return []
    countries = _countries(doc, corpus, claim)
    if len(countries) != 1 or _has(unit, countries[0].name):
        return []
    country = countries[0]
    capital = "capital" in what or "centre" in what or "center" in what
    c = re.escape(country.name)
    national = (
        rf"(?:capital|seat|centre|center)(?: city)?(?: and [a-z ]+?)? of (?:the )?(?:{c}|country|nation)\b|"
        rf"{c}['’]s (?:[a-z]+ )?capital|(?:national|federal) capital"
        if capital
        else rf"(?:largest|most populous) city (?:of|in) (?:the )?(?:{c}|country|nation)\b"
        rf"|{c}['’]s (?:largest|most)"
    )
    if any(_has(s, x) and re.search(national, s) for s in [c for c in doc.claims if c]):
        return []  # the paragraph says it holds for the country too
    if any(
        _has(s, x) and re.search(r"capital" if capital else r"largest|most populous", s)
        for s in country.sentences
    ):
        return []  # the country's article may say so
    if not capital:
        named = [_bare(n.group("c") or n.group("d")) for n in _LARGEST_NAMED.finditer(country.text)]
        if not named or x in named:
            return []  # no other city is named the country's largest
    cop = m.group("cop") if m.group("cop") in {"is", "was"} else "is"
    new = f"{x} {cop} the {what} of {country.mid or country.name}."
    return [
        Change(
            new, "province's title given to the country", {"unit": unit, "country": country.name, "city": x}
        )
    ]


_ORD = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
_SUPERLATIVES = (
    "largest|biggest|longest|highest|tallest|oldest|smallest|busiest|deepest|greatest|richest|"
    "wealthiest|heaviest|fastest|youngest|lowest|widest|brightest|hottest|coldest|wettest|driest|"
    "earliest|closest|nearest|strongest|best|most[- ][a-z]+"
)
_RANK = re.compile(rf"\b(?P<ord>{'|'.join(_ORD[1:])})(?P<sep>[- ])(?P<sup>{_SUPERLATIVES})\b")
_AFTER = re.compile(
    rf",? \(?(?:after|behind)(?: only)? (?:the )?{NAME}(?:(?:,? and|,) (?:the )?{NAME})*\)?"
    r"(?=[,.;]| and [a-z]| with |$)"
)
_MEASURED = re.compile(
    r"largest|biggest|longest|highest|tallest|smallest|deepest|busiest|heaviest|richest|"
    r"wealthiest|most populous|most visited"
)
_ONE_OF = re.compile(
    rf"\bone of the (?P<poss>(?:world's|country's|nation's|{NAME}'s) )?(?P<sup>{_SUPERLATIVES}) "
    r"(?P<noun>[a-z]+)\b"
)


def _singular(noun: str, vocabulary: set[str]) -> str | None:
    for plural, single in (
        ("ies", "y"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("sses", "ss"),
        ("xes", "x"),
        ("s", ""),
    ):
        if noun.endswith(plural) and not noun.endswith("ss"):
            word = noun[: -len(plural)] + single
            return word if word in vocabulary else None
    return None


def rank_changes(claim: str, doc: Doc, corpus: Corpus) -> list[Change]:
    """A stated rank made the top one ("second-largest" → "largest", "one of the largest cities" → "the
    largest city") or moved to another ordinal the paragraph does not state."""
    changes: list[Change] = []
    lower = doc.text.lower()
    for m in _RANK.finditer(claim):
        sup = m.group("sup").replace("-", " ")
        after = claim[m.end() :]
        noun = re.match(r" ([a-z]+)", after)
        phrase = f"{sup}{noun.group(0) if noun else ''}"
        rest = _AFTER.sub("", after, count=1)
        if re.search(r"\b(?:after|behind)\b", rest) or re.search(rf"(?<!-)(?<!\w )\b{phrase}\b", lower):
            continue  # "the largest X" also stated, or an "after" clause left behind
        prefix = claim[: m.start()]
        top = prefix + sup + rest
        if not re.search(r"\b(?:the|its|their|[A-Z]\w*'s)\s*$", prefix):
            continue
        changes.append(Change(top, "ordinal dropped", {"from": m.group(), "to": sup}))
        for moved in _ORD[1:5]:
            if moved != m.group("ord") and not re.search(rf"\b{moved}[- ]{m.group('sup')}\b", lower):
                changes.append(
                    Change(
                        prefix + moved + m.group("sep") + m.group("sup") + rest,
                        "ordinal moved",
                        {"from": m.group(), "to": f"{moved} {sup}"},
                    )
                )
                break
    for m in _ONE_OF.finditer(claim):
        single = _singular(m.group("noun"), corpus.lower)
        sup = m.group("sup")
        if single is None or not _MEASURED.fullmatch(sup):
            continue  # "the most important holiday", "the oldest group": may well be said, and true
        stated_top = re.compile(rf"(?<!one of )the (?:[\w']+ )?{sup} {single}\b")
        if any(_has(text, doc.name) and stated_top.search(text) for text in corpus.texts):
            continue  # the corpus says something of the title is the top one
        new = claim[: m.start()] + f"the {m.group('poss') or ''}{sup} {single}" + claim[m.end() :]
        changes.append(
            Change(new, "one of the … made the …", {"from": m.group(), "to": f"the {sup} {single}"})
        )
    return changes


_NEGATION = re.compile(
    r"\b(?P<aux>is|was|are|were|has|have|had|can|could|will|would|should|may|might|must) not (?!only|just|"
    r"merely|until|yet|least|necessarily|to be|always|quite|so|as|even|entirely|fully)"
    r"|\bcannot\b(?! necessarily"
    r"| always)|\bnever\b|"
    r"\bno longer\b|\b(?:does|did|do) not have\b"
)
_HAS_NEGATION = re.compile(r"\b(?:not|never|no longer|cannot|neither|nor|n't|no one|none|nothing|without)\b")
_ADD_AFTER = re.compile(
    r"\b(?P<aux>is|was|are|were|has been|have been|had been|can be|could be|will be)"
    r" (?P<next>also )?(?P<word>[a-z]+)\b"
)
_NOT_AFTER = frozenset(
    "about alleged almost always approximately around believed called claimed commonly considered "
    "described due estimated expected frequently generally just known largely less likely mainly more "
    "mostly named nearly never now occasionally often only over perhaps planned possibly probably rarely "
    "referred regarded reported said scheduled seen set so sometimes still supposed thought too typically "
    "usually very widely".split()
)
_CLAUSE_WORDS = frozenset(
    "after although as because before if since that though unless until when where whereas which while "
    "who whom whose".split()
)


def polarity_flips(claim: str, doc: Doc) -> list[Change]:
    """A negation dropped ("is not" → "is", "never" dropped) or a "not" added to a stated fact."""
    changes: list[Change] = []
    if re.search(r"\b(?:neither|nor|not only|whether or not|if not|or not|but not|or \w+ not)\b", claim):
        return changes  # "may or may not": no polarity to flip
    negations = list(_NEGATION.finditer(claim))
    single = len(negations) == 1 and len(_HAS_NEGATION.findall(claim)) == 1
    if (
        single
        and "but" not in claim[negations[0].end() :].split()[:8]
        and claim[: negations[0].start()].count('"') % 2 == 0
    ):
        m = negations[0]
        word = m.group()
        if word == "cannot":
            new = claim[: m.start()] + "can" + claim[m.end() :]
        elif word.endswith("not have"):
            has = {"does": "has", "did": "had", "do": "have"}[word.split()[0]]
            new = claim[: m.start()] + has + claim[m.end() :]
        elif m.group("aux"):
            new = claim[: m.start()] + m.group("aux") + " " + claim[m.end() :]
        else:
            new = claim[: m.start()].rstrip() + " " + claim[m.end() :].lstrip()
        new = _tidy(new)
        if len(new.split()) >= 5 and not re.search(r"\b(?:known|clear|certain|unclear|unknown)\b", new):
            changes.append(Change(new, "negation dropped", {"dropped": word}))
    if not _HAS_NEGATION.search(claim) and not claim.startswith("There "):
        for m in _ADD_AFTER.finditer(claim):
            before = _lower_words(claim[: m.start()])
            if len(before) > 10 or set(before) & _CLAUSE_WORDS or "," in claim[: m.start()]:
                break
            word = m.group("word")
            if word in _NOT_AFTER or word.endswith("ly"):
                break
            aux = m.group("aux").split()
            negated = " ".join(["cannot" if aux[0] == "can" else aux[0] + " not", *aux[1:]])
            new = claim[: m.start()] + negated + " " + claim[m.start("word") :]
            changes.append(Change(new, "not added", {"at": m.group()}))
            break
    return changes


def one_change(claim: str, doc: Doc, corpus: Corpus, kinds: Iterable[str]) -> list[tuple[str, Change]]:
    """Every change of the named kinds (kinds 1-8) to one claim, as (kind, change)."""
    makers: dict[str, Callable[[], list[Change]]] = {
        "year swapped in paragraph": lambda: year_swaps(claim, doc),
        "number swapped in paragraph": lambda: number_swaps(claim, doc),
        "name swapped in paragraph": lambda: name_swaps(claim, doc, corpus),
        "scope": lambda: scope_changes(claim, doc, corpus),
        "rank": lambda: rank_changes(claim, doc, corpus),
        "polarity": lambda: polarity_flips(claim, doc),
        "attribute moved": lambda: subject_moves(claim, doc, corpus),
        "role swapped": lambda: role_swaps(claim, doc, corpus.lower),
    }
    return [(kind, change) for kind in kinds for change in makers[kind]()]


SINGLE_KINDS = [
    "year swapped in paragraph",
    "number swapped in paragraph",
    "name swapped in paragraph",
    "scope",
    "rank",
    "polarity",
    "attribute moved",
    "role swapped",
]


# -- candidate pairs of one paragraph, per kind -------------------------------------------------------
@dataclass
class Candidate:
    """A claim against documents, with the sentences it was made from and the rule that made it."""

    claim: str
    docs: list[Doc]
    rule: str
    sentences: list[str]
    detail: dict = field(default_factory=dict)


@dataclass
class Context:
    corpus: Corpus
    rng: random.Random


def single_change(kind: str) -> Callable[[Doc, Context], list[Candidate]]:
    """Kinds 1-8: one sentence of the paragraph with one change of ``kind``."""

    def make(doc: Doc, ctx: Context) -> list[Candidate]:
        found = []
        for i, claim in enumerate(doc.claims):
            if claim is None:
                continue
            for _, change in one_change(claim, doc, ctx.corpus, [kind]):
                found.append(
                    Candidate(_tidy(change.claim), [doc], change.rule, [doc.sentences[i]], change.detail)
                )
        return found

    return make


def _inner(doc: Doc, claim: str, raw: str, pronoun_ok: bool = True) -> str:
    """A claim about the title as the second half of a sentence joined to one about the same title: its
    subject as a pronoun ("…, and its capital is …"; the source's own pronoun where it had one, "it" or
    "they" for a thing; a person by name), or, with ``pronoun_ok`` false, by name; an article lower-cased."""
    first = raw.split()[0]
    for subject in (doc.possessive(), doc.ref):
        if claim.startswith(subject + " "):
            rest, possessive = claim[len(subject) :], subject.endswith(("'s", "'"))
            if pronoun_ok and first in _PRONOUNS:
                return first.lower() + rest
            if pronoun_ok and doc.cls != "person" and doc.topic != "People" and re.match(r" [a-z]", rest):
                plural = re.match(r" (?:are|were|have|do)\b", rest) is not None or (
                    _plural(doc) and not re.match(r" (?:is|was|has|does)\b", rest)
                )
                return (
                    ("their" if plural else "its") + rest
                    if possessive
                    else ("they" if plural else "it") + rest
                )
            return (doc.possessive(start=False) if possessive else doc.mid) + rest
    return claim[0].lower() + claim[1:] if re.match(r"(?:The|A|An) ", claim) else claim


def _join(first: str, second: str) -> str | None:
    if re.search(r"(?:\b[A-Z]|\b(?:Inc|Ltd|Co|Jr|Sr|St|Corp))\.$", first) or not first.endswith("."):
        return None
    return f"{first[:-1]}, and {second}"


def _parts(doc: Doc) -> list[int]:
    """Sentences about the title, short enough to join."""
    return [i for i, c in enumerate(doc.claims) if c is not None and doc.about(c) and len(c.split()) <= 28]


def _joinable(doc: Doc) -> Iterator[tuple[int, int, str, str]]:
    """Each pair (i < j) of sentences about the title that may be joined, with their claims."""
    parts = _parts(doc)
    for i in parts:
        for j in parts:
            a, b = doc.claims[i], doc.claims[j]
            if j > i and a is not None and b is not None:
                yield i, j, a, b


def compound_stated(doc: Doc, ctx: Context) -> list[Candidate]:
    """Kind 12: two sentences about the title joined by "and"."""
    found: list[Candidate] = []
    for i, j, a, b in _joinable(doc):
        claim = _join(a, _inner(doc, b, doc.sentences[j]))
        if claim and len(claim.split()) <= 50:
            found.append(
                Candidate(claim, [doc], "two sentences joined", [doc.sentences[i], doc.sentences[j]])
            )
    return found


def compound_false(doc: Doc, ctx: Context) -> list[Candidate]:
    """Kind 10: two sentences about the title joined, one of them changed by a kind 1-8 change."""
    found: list[Candidate] = []
    for i, j, a, b in _joinable(doc):
        for which, claim in ((0, a), (1, b)):
            for kind, change in one_change(claim, doc, ctx.corpus, SINGLE_KINDS):
                new = _tidy(change.claim)
                if which == 0:
                    joined = _join(new, _inner(doc, b, doc.sentences[j], pronoun_ok=doc.about(new)))
                else:
                    joined = _join(a, _inner(doc, new, doc.sentences[j]))
                if joined and len(joined.split()) <= 50:
                    detail = {"false part": which + 1, "change": kind, **change.detail}
                    found.append(
                        Candidate(
                            joined,
                            [doc],
                            f"{kind}: {change.rule}",
                            [doc.sentences[i], doc.sentences[j]],
                            detail,
                        )
                    )
    return found


_LIST = re.compile(rf"{NAME}(?:, {NAME})+,? and {NAME}")
_PAIR = re.compile(rf"{NAME} and {NAME}")
_TITLES = frozenset(
    "Caliph Chancellor Count Countess Duchess Duke Emperor Empress Governor King Minister Pope President "
    "Prince Princess Queen Senator Sultan Tsar".split()
)
_COMMON_PLURALS = frozenset(
    "counties deserts districts empires islands kingdoms lakes languages mountains oceans peoples "
    "provinces regions rivers seas states valleys".split()
)
_ORDERED = re.compile(
    r"\b(?:respectively|in that order|order|ordered|ranked|ranking|followed by|between|"
    r"from|successively|chronologically|then)\b"
)
_INTRO_DROP = re.compile(
    r"\b(?:include|includes|included|including|such as|notably|among them|like|among)\s+$"
)


def _lists(claim: str, pairs: bool = False) -> list[tuple[re.Match, list[str], str]]:
    """Lists of three or more names in the claim (with ``pairs``, of two too): (match, members,
    introducing words)."""
    found: list[tuple[re.Match, list[str], str]] = []
    if _ORDERED.search(claim):
        return found
    for m in [*_LIST.finditer(claim), *(_PAIR.finditer(claim) if pairs else [])]:
        before = claim[: m.start()]
        prev = before.split()[-1] if before.split() else ""
        if not prev or not prev.isalpha() or not prev.islower() or prev in {"and", "or", "nor", "than"}:
            continue
        if prev == "of" and re.search(r"[A-Z][\w'’-]* of $", before):
            continue  # "the Kingdom of Italy, …": the first member belongs to a longer name
        if m.re is _PAIR and (
            re.search(r",\s*$", before)
            or any(m.start() < x.end() and x.start() < m.end() for x, _, _ in found)
        ):
            continue  # the end of a longer list
        if re.match(r"['’]s|\s?[A-Z(]|\s(?:of|de)\b", claim[m.end() :]):
            continue
        members = [x.strip() for x in re.split(r",? and |, ", m.group())]
        if any(_plain(x.split()[0]) in _STOP or x.endswith(("'s", "’s")) for x in members):
            continue
        if any(set(x.split()) & _TITLES for x in members) or re.match(r",\s*[A-Z]", claim[m.end() :]):
            continue  # "Frederick III, Holy Roman Emperor and Eleanor of Portugal": titles, not members
        if re.search(r"\b(?:after|before|behind|from|to)\s+(?:the\s+)?$", before):
            continue  # "the fourth-largest after A, B and C": an order
        if (
            re.fullmatch(r"[A-Z][a-z]+s", members[-1].split()[-1])
            and len(members[-1].split()) > 1
            and members[-1].split()[-1].lower() in _COMMON_PLURALS
        ):
            continue  # "the Kara, Barents and Laptev Seas": one head noun for all
        if len(set(members)) != len(members) or any(a != b and a in b for a in members for b in members):
            continue
        found.append((m, members, before))
    return found


def _render_list(members: list[str], oxford: bool) -> str:
    return ", ".join(members[:-1]) + ("," if oxford and len(members) > 2 else "") + " and " + members[-1]


def list_stated(doc: Doc, ctx: Context) -> list[Candidate]:
    """Kind 13: a stated list with its members after the first in reverse order, or one member dropped
    after "include"/"such as"."""
    found: list[Candidate] = []
    for i, claim in enumerate(doc.claims):
        if claim is None:
            continue
        for m, members, before in _lists(claim):
            oxford = ", and " in m.group()
            # the first member stays (it may carry the article, or name the group the others make up:
            # "the Brothers Grimm, Jacob and Wilhelm"); the others in reverse order
            reordered = members[:1] + members[1:][::-1]
            found.append(
                Candidate(
                    claim[: m.start()] + _render_list(reordered, oxford) + claim[m.end() :],
                    [doc],
                    "members reordered",
                    [doc.sentences[i]],
                    {"members": members},
                )
            )
            counted = re.search(
                r"\b(?:two|three|four|five|six|seven|eight|nine|ten|both|all|only|\d+)\b",
                before.split(",")[-1],
            )
            if _INTRO_DROP.search(before) and not counted:
                dropped = ctx.rng.randrange(len(members))
                kept = [x for k, x in enumerate(members) if k != dropped]
                found.append(
                    Candidate(
                        claim[: m.start()] + _render_list(kept, oxford) + claim[m.end() :],
                        [doc],
                        "member dropped after include/such as",
                        [doc.sentences[i]],
                        {"members": members, "dropped": members[dropped]},
                    )
                )
    return found


_HONORIFICS = frozenset(
    "Abbot Archbishop Bishop Caliph Chief Czar Duke Emperor Empress Father General Guru Imam Kaiser King "
    "Lady Lord Mahatma Mother Pharaoh Pope President Prince Princess Queen Saint Shah Sir St Sultan "
    "Tsar".split()
)


def _kind_of_name(name: str, corpus: Corpus) -> str:
    """What a list member is: the class of the corpus article of that name ("country", "city" …), "person"
    for a name that opens with a given name of the corpus's people ("Keir Dullea"), else ""."""
    named = corpus.named(name)
    if named is not None:
        return named.cls
    words = name.split()
    person = 2 <= len(words) <= 4 and words[0] in corpus.given_names and " of " not in name
    return "person" if person else ""


def _stems(words: Iterable[str]) -> set[str]:
    return {w[:5] for w in words if len(w) > 3 and w not in _STOP}


def list_false(doc: Doc, ctx: Context) -> list[Candidate]:
    """Kind 11: a stated list of names with one member replaced by another name the paragraph gives
    outside any list and in no sentence sharing a word with the words that introduce the list ("stars",
    "borders"): a name of the members' kind (corpus articles of one class, or people) where the paragraph
    has one, else any name it uses as a noun. Not for lists of other names of one thing ("also known
    as A, B and C")."""
    found: list[Candidate] = []
    names = list(
        dict.fromkeys(
            _bare(s[a:b])
            for s in doc.sentences
            for a, b in name_spans(s)
            if _used_as_noun(s, a, a + len(_bare(s[a:b]))) and a > 0
        )
    )
    listed = {_bare(s[a:b]) for s in doc.sentences for a, b in name_spans(s) if _in_list(s, a, b)}
    for i, claim in enumerate(doc.claims):
        if claim is None:
            continue
        for m, members, before in _lists(claim, pairs=True):
            if re.search(r"\b(?:known as|called|named|or|aka|namely|titled|spelled)\s*$", before):
                continue
            kinds = [_kind_of_name(x, ctx.corpus) for x in members]
            typed = [k for k, kind in enumerate(kinds) if kind]
            kind = kinds[typed[0]] if len(typed) >= 2 and len({kinds[k] for k in typed}) == 1 else ""
            intro = _stems(_lower_words(before)[-4:])
            for name in names:
                if name in listed or _has(claim, name) or name.lower() in ctx.corpus.lower:
                    continue
                if any(set(name.split()) & set(x.split()) for x in members) or set(name.split()) & set(
                    doc.name.split()
                ):
                    continue
                same = bool(kind) and _kind_of_name(name, ctx.corpus) == kind
                if len(members) == 2 and not same:
                    continue  # "A and B" is a list only when both are of one kind
                other = ctx.corpus.named(name)
                member_docs = [d for d in map(ctx.corpus.named, members) if d is not None]
                if (
                    any(_has(d.text, name) for d in member_docs)
                    or other is not None
                    and any(_alias(doc, d, other) or related(d, other) for d in member_docs)
                ):
                    continue  # a neighbour, a part or another name of a member: the relation may hold
                if re.match(
                    r"(?:North|South|East|West|Central|Northern|Southern|Eastern|Western|Upper|Lower|"
                    r"Greater|Middle)\b",
                    name,
                ):
                    continue  # a region that may contain a member ("Central Europe")
                if any(_has(s, name) and intro & _stems(_lower_words(s)) for s in doc.sentences):
                    continue  # the paragraph may give the replacement the same relation elsewhere
                choices = [
                    k for k in (typed if same else range(len(members))) if k or not before.endswith("the ")
                ]
                if not choices:
                    continue
                k = ctx.rng.choice(choices)
                changed = members[:k] + [name] + members[k + 1 :]
                new = claim[: m.start()] + _render_list(changed, ", and " in m.group()) + claim[m.end() :]
                rule = "member replaced by a name of its kind" if same else "member replaced by another name"
                found.append(
                    Candidate(
                        new,
                        [doc],
                        rule,
                        [doc.sentences[i]],
                        {"members": members, "replaced": members[k], "by": name},
                    )
                )
    return found


def cross_document(doc: Doc, ctx: Context) -> list[Candidate]:
    """Kind 9: a sentence about this document's title with the title replaced by another corpus article of
    the same kind and split (unrelated to it), for a predicate naming a fact the other's article lacks."""
    found: list[Candidate] = []
    pool = [
        o
        for o in ctx.corpus.by_kind.get((kind_of(doc), doc.split), [])
        if o is not doc and _plural(o) == _plural(doc)
    ]
    if not pool or not kind_of(doc):
        return found
    others = ctx.rng.sample(pool, min(len(pool), 25))
    for i, claim in enumerate(doc.claims):
        parts = _subject_rest(doc, claim) if claim else None
        if claim is None or parts is None or not _predicate(parts[1]):
            continue
        subject, rest = parts
        for other in others:
            if (
                not other.ref
                or related(doc, other)
                or _has(claim, other.name)
                or not _distinctive(rest, other.text)
            ):
                continue
            new = (other.possessive() if subject.endswith(("'s", "'")) else other.ref) + rest
            docs = [other, doc] if ctx.rng.random() < 0.5 else [doc, other]
            found.append(
                Candidate(
                    new,
                    docs,
                    "subject from another document",
                    [doc.sentences[i]],
                    {"predicate of": doc.title, "subject": other.title, "kind": kind_of(doc)},
                )
            )
            break
    return found


def two_documents(doc: Doc, ctx: Context) -> list[Candidate]:
    """Kind 14: a fact of this document that names another document's subject, joined with that document's
    first sentence (same split): "X is a country in Central America, and Central America is …"."""
    found: list[Candidate] = []
    seconds = [
        o
        for o in ctx.corpus.mentions(doc)
        if usable(o)
        and o.split == doc.split
        and o.claims[0]
        and len(o.claims[0].split()) <= 26
        and not o.name.startswith(doc.name)
    ]
    for i in _parts(doc):
        a = doc.claims[i]
        assert a is not None
        for other in seconds:
            b = other.claims[0]
            assert b is not None
            if not _has(a, other.name):
                continue  # the first fact names the second document's subject: one claim, two links
            claim = _join(a, _inner(other, b, other.sentences[0], pronoun_ok=False))
            if claim and len(claim.split()) <= 50:
                found.append(
                    Candidate(
                        claim,
                        [doc, other],
                        "facts of two documents joined",
                        [doc.sentences[i], other.sentences[0]],
                    )
                )
    return found


def _comparative(superlative: str) -> str:
    """ "largest" → "larger", "driest" → "drier", "best" → "better"."""
    return "better" if superlative == "best" else superlative[: -len("est")] + "er"


_RANKED = re.compile(
    rf"^(?P<x>.+?) (?P<cop>is|was|are|were) (?:also |now |currently )?(?P<det>the|{NAME}['’]s) "
    rf"(?P<ord>second|third|fourth|fifth)[- ](?P<sup>{_SUPERLATIVES}) (?P<np>[a-z][^,;()]*?)"
    rf"(?P<after>,? \(?(?:after|behind)(?: only)? (?:the )?(?P<z>{NAME})\)?)?(?=[,;.]| and | with | but |$)"
)


def comparison(doc: Doc, ctx: Context) -> list[Candidate]:
    """Kind 15: what a stated rank implies: "X is the second-largest city in Y, after Z" → "Z is larger
    than X." and "X is not the largest city in Y."."""
    found: list[Candidate] = []
    for i, claim in enumerate(doc.claims):
        m = _RANKED.match(claim) if claim else None
        if claim is None or m is None:
            continue
        x = m.group("x")
        if not (x in (doc.ref, doc.mid) or re.fullmatch(NAME, x)) or _plain(x.split()[0]) in _STOP:
            continue
        np, sup = m.group("np").strip(), m.group("sup").replace("-", " ")
        if len(np.split()) > 9 or re.search(r"\b(?:after|behind|than|which|that|and|or)\b", np):
            continue
        if re.search(r"\bthe (?:country|state|city|region|province|nation|island|world's)\b", np) or not (
            re.search(r"\b(?:in|of|on|by|among)\b", np) or m.group("det") != "the"
        ):
            continue  # "not the largest city" of what? ("in the country": which one?)
        cop = m.group("cop")
        x_mid = doc.mid if x == doc.ref else x
        found.append(
            Candidate(
                f"{x} {cop} not {m.group('det')} {sup} {np}.",
                [doc],
                "not the top rank",
                [doc.sentences[i]],
                {"rank": m.group("ord") + " " + sup},
            )
        )
        z = m.group("z")
        word = sup.split()[-1] if sup.startswith("most") else sup
        comparative = ("more " + word) if sup.startswith("most") else _comparative(sup)
        if z and comparative:
            measures = (
                r"(?:area|population|land area|volume|surface area|mass|total area|diameter|[a-z]+ area)"
            )
            qualifier = re.search(rf"\b(?:by|in terms of|in) {measures}\b", np)
            if re.search(r"\b(?:by|in terms of)\b", np) and not qualifier:
                continue  # "the third largest city by economy": not "larger"
            z_doc = ctx.corpus.named(z)
            z_ref = z_doc.ref if z_doc is not None else z
            tense = "is" if cop in {"is", "are"} else "was"
            text = f"{z_ref} {tense} {comparative} than {x_mid}" + (
                f" {qualifier.group()}" if qualifier else ""
            )
            found.append(
                Candidate(
                    _tidy(text),
                    [doc],
                    "comparison from the rank's 'after'",
                    [doc.sentences[i]],
                    {"rank": m.group("ord") + " " + sup, "after": z},
                )
            )
    return found


_CAPITAL_STATED = re.compile(
    rf"(?:\b(?:[Ii]ts|{{name}}['’]s) capital(?: city)?(?: and (?:largest|most populous) city)? (?:is|was) "
    rf"(?P<w1>{NAME})|(?P<w2>{NAME}) is (?:the|its) capital\b"
    rf"|\b[Tt]he capital(?: city)?(?: of (?:the )?{{name}})?"
    rf"(?: and (?:largest|most populous) city)? is (?P<w3>{NAME})|\bcapital(?: city)?,? (?P<w4>{NAME}),)"
)
_SEVERAL_CAPITALS = re.compile(
    r"\bcapitals\b|seat of government|administrative capital|judicial|legislative|"
    r"de facto|constitutional capital|official capital|former capital|co-capital|"
    r"capital district|executive capital|royal capital|seat of"
)


def negated_stated(doc: Doc, ctx: Context) -> list[Candidate]:
    """Kind 16: a negated claim the paragraph states: a "not"/"never" sentence standing alone, or "X is not
    the capital of C" where the paragraph of country C names its capital, another city."""
    found: list[Candidate] = []
    for i, claim in enumerate(doc.claims):
        if (
            claim
            and _NEGATION.search(claim)
            and not re.search(r"\bnot (?:only|just|always|necessarily)\b|\bor \w+ not\b|\bor not\b", claim)
        ):
            found.append(Candidate(claim, [doc], "negated sentence", [doc.sentences[i]]))
    if doc.cls != "country" or _SEVERAL_CAPITALS.search(doc.text):
        return found
    pattern = re.compile(_CAPITAL_STATED.pattern.replace("{name}", re.escape(doc.name)))
    for sentence in doc.sentences:
        m = pattern.search(sentence)
        if m is None:
            continue
        capital = _bare(next(g for g in m.group("w1", "w2", "w3", "w4") if g))
        for city in ctx.corpus.mentions(doc):
            if city.cls != "city" or city.name == capital or capital in city.name or city.name in capital:
                continue
            if _alias(doc, city, city) or any("capital" in s and _has(s, doc.name) for s in city.sentences):
                continue
            found.append(
                Candidate(
                    f"{city.ref or city.name} is not the capital of {doc.mid or doc.name}.",
                    [doc],
                    "another city is not the stated capital",
                    [sentence],
                    {"capital": capital, "city": city.name},
                )
            )
        break
    return found


KINDS: list[tuple[str, str, Callable[[Doc, Context], list[Candidate]]]] = [
    *((kind, "unsupported", single_change(kind)) for kind in SINGLE_KINDS),
    ("cross-document join", "unsupported", cross_document),
    ("compound, one part false", "unsupported", compound_false),
    ("list, one member false", "unsupported", list_false),
    ("compound, all stated", "supported", compound_stated),
    ("list, all stated", "supported", list_stated),
    ("two-document claim", "supported", two_documents),
    ("comparison from rank", "supported", comparison),
    ("negated, stated", "supported", negated_stated),
]


# -- pairs ----------------------------------------------------------------------------------------------
def _well_formed(candidate: Candidate, category: str) -> bool:
    claim, texts = candidate.claim, [d.text for d in candidate.docs]
    if not 5 <= len(claim.split()) <= 60 or not claim.endswith(".") or not _balanced(claim):
        return False
    if not (claim[0].isupper() or claim[0].isdigit()) or len({d.split for d in candidate.docs}) != 1:
        return False
    if category == "unsupported":
        flat = " ".join(" ".join(texts).split())
        if unseen_terms(claim, texts) or claim[:-1] in flat:
            return False  # a negative must name only what the evidence names, and not be stated verbatim
    return True


def _pair(kind: str, category: str, candidate: Candidate) -> dict:
    titles = [d.title for d in candidate.docs]
    key = f"{kind}|{'|'.join(titles)}|{candidate.claim}"
    return {
        "id": hashlib.sha256(key.encode()).hexdigest()[:12],
        "split": split_of(titles[0]),
        "category": category,
        "kind": kind,
        "label": int(category == "supported"),
        "claim": candidate.claim,
        "evidence": [d.evidence for d in candidate.docs],
        "source": {
            "titles": titles,
            "sentences": candidate.sentences,
            "rule": candidate.rule,
            **candidate.detail,
        },
    }


def generated_pairs(seed: int, per_kind: int) -> list[dict]:
    """``per_kind`` pairs of each kind of KINDS, one per paragraph, the rules of a kind taken in turn (each
    from the paragraphs in a seeded order) so that a rare rule is not crowded out by a common one."""
    corpus = Corpus(shipped_corpus())
    order = [d for d in corpus.docs if usable(d)]
    random.Random(seed).shuffle(order)
    pairs = []
    for kind, category, make_candidates in KINDS:
        found: list[tuple[Doc, list[Candidate], random.Random]] = []
        for doc in order:
            rng = random.Random(f"{seed}|{kind}|{doc.title}")
            candidates = [c for c in make_candidates(doc, Context(corpus, rng)) if _well_formed(c, category)]
            if candidates:
                found.append((doc, candidates, rng))
        queues = {
            rule: [k for k, (_, cs, _) in enumerate(found) if any(c.rule == rule for c in cs)]
            for rule in sorted({c.rule for _, cs, _ in found for c in cs})
        }
        taken: dict[int, str] = {}
        while len(taken) < per_kind and any(queues.values()):
            for rule, queue in queues.items():
                while queue and queue[0] in taken:
                    queue.pop(0)
                if queue and len(taken) < per_kind:
                    taken[queue.pop(0)] = rule
        for k in sorted(taken):
            doc, candidates, rng = found[k]
            pairs.append(_pair(kind, category, rng.choice([c for c in candidates if c.rule == taken[k]])))
    return pairs


def v1_pairs() -> list[dict]:
    """v1's pairs unchanged (id, split, kind, claim, label), as kinds of v2 with a list of evidence."""
    pairs = []
    for line in V1_PAIRS.read_text(encoding="utf-8").splitlines():
        p = json.loads(line)
        pairs.append(
            {
                "id": p["id"],
                "split": p["split"],
                "category": "supported" if p["category"] == "supported" else "unsupported",
                "kind": p["kind"],
                "label": p["label"],
                "claim": p["claim"],
                "evidence": [p["evidence"]],
                "source": {
                    "v1": True,
                    "v1 category": p["category"],
                    "paragraph": p["paragraph"],
                    "source_sentence": p["source_sentence"],
                },
            }
        )
    return pairs


def model_written_pairs() -> list[dict]:
    """The rows of ``model_written.jsonl`` (when it exists) as kind ``model-written``."""
    if not MODEL_WRITTEN.exists():
        return []
    pairs = []
    for line in MODEL_WRITTEN.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        label = int(row["label"])
        pairs.append(
            {
                "id": row["id"],
                "split": split_of(row["evidence"][0]["title"]),
                "category": "supported" if label else "unsupported",
                "kind": "model-written",
                "label": label,
                "claim": row["claim"],
                "evidence": [{"title": e["title"], "text": e["text"]} for e in row["evidence"]],
                "source": {
                    "model_written": True,
                    **{k: v for k, v in row.items() if k not in {"id", "claim", "evidence", "label"}},
                },
            }
        )
    return pairs


def make(seed: int, per_kind: int) -> None:
    """Write pairs.jsonl: the generated kinds, v1's pairs and the model-written ones, in a fixed order."""
    generated = generated_pairs(seed, per_kind)
    kinds = [k for k, _, _ in KINDS]
    pairs = generated + v1_pairs() + model_written_pairs()
    for p in pairs:
        if p["kind"] not in kinds:
            kinds.append(p["kind"])
    ids = [p["id"] for p in pairs]
    if len(set(ids)) != len(ids):
        raise SystemExit("pair ids are not unique")
    pairs.sort(key=lambda p: (kinds.index(p["kind"]), p["split"], p["id"]))
    DATA.mkdir(parents=True, exist_ok=True)
    PAIRS.write_text("".join(json.dumps(p, ensure_ascii=False) + "\n" for p in pairs), encoding="utf-8")
    print(f"{len(pairs)} pairs -> {PAIRS.relative_to(ROOT.parent)}")
    print(f"{'kind':36} {'calibration':>11} {'test':>5} {'total':>5}")
    for kind in kinds:
        cal = sum(p["kind"] == kind and p["split"] == "calibration" for p in pairs)
        test = sum(p["kind"] == kind and p["split"] == "test" for p in pairs)
        print(f"{kind:36} {cal:>11} {test:>5} {cal + test:>5}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p_make = sub.add_parser("make", help="write verifier_v2/pairs.jsonl from the corpus (no model)")
    p_make.add_argument("--seed", type=int, default=13)
    p_make.add_argument("--per-kind", type=int, default=60, help="generated pairs per kind (at most)")
    args = parser.parse_args(argv)
    if args.command == "make":
        make(args.seed, args.per_kind)


if __name__ == "__main__":
    main()
