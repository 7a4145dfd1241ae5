"""A claim as blanks: one of its names or numbers blanked out, and the quote's answer compared with it.

E.g. "Lahore is the capital of ___.", asked only where the quote states another term of the same kind; the
slot check (:mod:`verirag.verify.checks.slots`) asks it, and the rewrites read a failed blank's answer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from verirag.syntax import parse
from verirag.text import plain_letters, split_sentences
from verirag.verify.lexicon import (
    NAME_WITH_INITIALS,
    YEAR,
    as_number,
    content_words,
    initials,
    name_lists,
    same_name,
    title_subject,
)

NAME_RUN = re.compile(NAME_WITH_INITIALS)
BLANK = "___"
UNKNOWN = "unknown"  # the reply that says the documents do not fill the blank
_LEADING_STOP = re.compile(r"^(?:The|A|An|In|On|At|By|Of|For|From|During|After|Before|It|Its|This)\s+")
_MONTHS = frozenset(
    "january february march april may june july august september october november december".split()
)
_QUANTITY = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)*(?![\w])")


@dataclass(frozen=True)
class Slot:
    """One blank of a claim: the claim with the term replaced by :data:`BLANK`."""

    masked: str
    term: str
    rivals: tuple[str, ...] = ()  # the quote's other terms of its kind
    listed: tuple[str, ...] = ()  # the quote's list members beside the term (not rivals when named with it)
    aliases: tuple[str, ...] = ()  # the term's other names in the quote ("Taejo, personal name Yi Sŏnggye")


def _names(text: str) -> list[tuple[int, int]]:
    """Spans of runs of capitalised words ("Chad Hurley", "University of Oxford", "Lyndon B. Johnson").

    Leading stop words ("The", "In") are cut off.
    """
    spans = []
    for match in NAME_RUN.finditer(text):
        start, run = match.start(), match.group()
        cut = _LEADING_STOP.match(run)
        while cut:
            start, run = start + cut.end(), run[cut.end() :]
            cut = _LEADING_STOP.match(run)
        if run and run[0].isupper() and content_words(run):
            spans.append((start, start + len(run)))
    return spans


def _numbers(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in _QUANTITY.finditer(text)]


def _kind(term: str) -> str:
    if not term[0].isdigit():
        return "month" if term.lower() in _MONTHS else "name"
    return "year" if YEAR.fullmatch(term) else "number"  # "1,750" is a number


def _adjectives(quote: str) -> frozenset[str]:
    """The one-word names the quote uses only as adjectives ("an Italian astronomer": Italian).

    Such a name's rivals are names the quote uses so too ("an Italian-born French composer"), not the places
    and people it names ("born in Pisa"): a reader asked "Galileo was ___." finds no noun to copy.
    """
    uses: dict[str, bool] = {}
    for token in parse(quote):
        if token.text[:1].isupper():
            uses[token.text] = uses.get(token.text, True) and token.pos_ == "ADJ" and token.dep_ == "amod"
    return frozenset(word for word, adjective in uses.items() if adjective)


def _terms(text: str) -> list[str]:
    return [text[a:b] for a, b in sorted(_names(text) + _numbers(text))]


def same_term(a: str, b: str) -> bool:
    """Whether two names or numbers are the same.

    A number exactly; a name when the words of one are all the other's ("Jobs", "Steve Jobs"), or by a
    demonym ("Pakistani", "Pakistan"); one shared word is not enough ("Steve Jobs", "Steve Wozniak"; "United
    States", "United Kingdom").
    """
    if a[0].isdigit() or b[0].isdigit():
        return a[0].isdigit() and b[0].isdigit() and as_number(a) == as_number(b)
    words_a, words_b = content_words(a), content_words(b)
    if words_a and words_b and (words_a <= words_b or words_b <= words_a):
        return True
    return any(same_name(x, y) for x in words_a for y in words_b) or initials(a, b) or initials(b, a)


_COORDINATED = re.compile(r"(?:,|\band|\bor)\s*$")


# a figure and its unit, then an opening parenthesis: what follows converts the figure ("4,294 km (")
_CONVERSION = re.compile(r"\d[\d,.]*\s*[^\W\d][^()\d]{0,30}\($")


def _standalone(claim: str, start: int, end: int) -> bool:
    """A term that a blank can stand for alone.

    Not an adjective or a unit ("the Tibetan government", "306 BC", "UTC+7"), not one member of a list or pair
    ("A, B and C": any member fills it), not a figure converting the one before ("4,294 km (2,668 mi)").
    """
    before, after = claim[:start].rstrip(), claim[end:]
    following = after.split(maxsplit=1)[0] if after.split() else ""
    if end - start < 2 or claim[start - 1 : start] == "." or re.match(r"\.\w", after):
        return False  # an initial, or part of an abbreviation ("U.S.")
    if after[:1] not in ("", " ", ",", ".", ";", ":", ")", "'", "’", "!", "?", "%"):
        return False  # glued to a symbol ("UTC+7")
    if claim[start - 1 : start] in (":", "–", "-", "/") or re.match(r":\d", after):
        return False  # a part of a time, a range or a compound ("07:58:53", "9.2–9.3", "Sumatra–Andaman")
    if before[-1:].isdigit() or following[:1].isdigit():
        return False  # a unit before or after a number ("306 BC", "Mw 9.2")
    if claim[start : start + 1].isdigit():  # "about ___ genera": the number alone, not its conversion
        return not _CONVERSION.search(before)  # "36,782 square kilometres (___ sq mi)": the figure again
    if following[:1].islower() and content_words(following):
        return False  # a name used as an adjective ("the Tibetan government")
    coordinated_after = re.match(r"\s*(?:,|and\b|or\b)\s*(?:the\s+)?[A-Z]", after)
    bare = re.sub(r"\s+(?:the|a|an)$", "", before)  # "Canada and the ___"
    return (
        not (_COORDINATED.search(bare) and bare[-1:] != ",")
        and not coordinated_after
        and not (before.endswith(",") and re.search(r"[A-Z][\w'’-]*(?: [a-z]+)?,$", before))
    )


def _co_members(quote: str, term: str) -> tuple[str, ...]:
    """The other members of each list of three or more names in the quote that holds ``term``.

    "Tokyo, Osaka and Nagoya are cities of Japan": Tokyo and Nagoya for Osaka. An answer that names them with
    the term names the list the claim takes one member of, not a rival.
    """
    out: list[str] = []
    for members in (m for m in name_lists(quote) if len(m) >= 3):
        if any(same_term(term, m) for m in members):
            out += [m for m in members if not same_term(term, m)]
    return tuple(dict.fromkeys(out))


# what opens an appositive that names its noun otherwise ("Taejo, personal name Yi Sŏnggye")
_ALIAS_CUE = re.compile(
    r"^(?:born|n[ée]e|(?:personal|birth|real|full|given|pen|stage) name|(?:also |better )?known as|"
    r"formerly|officially|nicknamed|(?:later )?(?:changed|renamed) to)\s+",
    re.IGNORECASE,
)


# a title, then a sentence opening with a name that it is said of ("Usain Bolt. Usain St. Leo Bolt is …")
_TITLED = re.compile(
    rf"(?:^|(?<=\. ))(?P<title>{NAME_WITH_INITIALS})\. (?P<full>{NAME_WITH_INITIALS}) (?:is|was)\b"
)


def _written_out(name: str, full: str) -> bool:
    """Whether ``full`` writes ``name`` out: each of its words a word of ``full``, its start or its initial.

    "Carl Lewis" in "Frederick Carlton Lewis", "T. S. Eliot" in "Thomas Stearns Eliot", "Claude Monet" in
    "Oscar-Claude Monet", "Kalidasa" in "Kālidāsa"; not "Theodore Roosevelt" in "Franklin Delano Roosevelt".
    """
    words = plain_letters(full).lower().replace("-", " ").split()
    return all(
        any(f == w or (len(w) >= 3 and f.startswith(w)) or (w.endswith(".") and f[0] == w[0]) for f in words)
        for w in plain_letters(name).lower().split()
    )


def aliases(quote: str, names: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """Each of ``names`` with the other names the quote gives it in appositives right after it.

    "Taejo, personal name Yi Sŏnggye, later changed to Yi Tan, was the founder …": Yi Sŏnggye and Yi Tan are
    Taejo; "Confucius, born Kong Qiu, was …": Kong Qiu is Confucius. A document's title followed by its full
    name ("Carl Lewis. Frederick Carlton Lewis is …", each word of the title a word of the full name or its
    start) is the title's subject. A reader that answers with one names the claim's own term, not a rival.
    """
    out: dict[str, set[str]] = {n: set() for n in names}
    for titled in _TITLED.finditer(quote):  # "Carl Lewis. Frederick Carlton Lewis is …": the title's subject
        for owner in (n for n in names if same_term(titled["title"], n) and _written_out(n, titled["full"])):
            if not same_term(owner, titled["full"]):
                out[owner].add(titled["full"])
    for sentence in split_sentences(quote):
        for start, end in _names(sentence):
            owners = [n for n in names if n[:1].isupper() and same_term(sentence[start:end], n)]
            rest = sentence[end:] if owners else ""
            while rest.startswith((",", " (")):
                phrase, _, more = rest.lstrip(" (,").partition(",")
                phrase = phrase.split(")")[0].strip()
                cue = _ALIAS_CUE.match(phrase)
                if not cue:
                    break
                named = re.sub(r"^the\s+", "", phrase[cue.end() :])
                if named[:1].isupper():
                    for owner in owners:
                        out[owner].add(named)  # whole: "City and County of San Francisco", not "City"
                rest = "," + more if more else ""
    return {n: tuple(sorted(found)) for n, found in out.items()}


def slots(
    claim: str, quote: str, limit: int = 2, titles: Sequence[str] = (), leads: Sequence[str] = ()
) -> list[Slot]:
    """The claim's blanks that the quote could fill otherwise, at most ``limit``, then the subject's.

    Each name or number after the first for which the quote states another term of its kind that the claim
    does not use, or one the claim uses in the other order (two terms swapped: "A replaced B" from "B replaced
    A"); then the subject's (:func:`_subject_slot`), unless the quote says the claim of a pronoun that names
    the documents' own subject (one of ``titles``; :func:`_said_of_pronoun`); a claim of one name is asked
    only where that name is not the documents' own subject (their titles, or the names ``leads`` open with:
    "The Papanicolaou test …" of "Pap test"). Where the subject's blank is
    asked, a later term that is the documents' own subject is not: the subject's is.
    No blank is a part of a title the claim names whole ("The director of Gone with the ___").
    """
    spans = sorted(_names(claim) + _numbers(claim))
    terms = [claim[a:b] for a, b in spans]
    named_as = aliases(quote, terms)
    named_otherwise = {a for found in named_as.values() for a in found}
    stated = [t for t in _terms(quote) if t not in named_otherwise]  # the claim's terms, by other names
    named = [title_subject(t) for t in titles if title_subject(t)]
    own_subjects = [*named, *(n for n in leads if n)]
    subject = _subject_slot(
        claim, spans, terms, stated, quote, named_as[terms[0]] if terms else (), own_subjects
    )
    if subject and _said_of_pronoun(subject, quote, named):
        subject = None  # the quote says it of "it": the documents' own subject, a reader fills in a neighbour
    own = {t.lower() for t in named} if subject else set()
    within = [m.span() for t in named for m in re.finditer(re.escape(t), claim, re.IGNORECASE)]
    out = []
    adjectives: frozenset[str] | None = None
    for i, (start, end) in enumerate(spans[1:], 1):
        term = claim[start:end]
        if not _standalone(claim, start, end) or term.lower() in own:
            continue
        if any(a <= start and end <= b and (a, b) != (start, end) for a, b in within):
            continue  # a word of a title the claim names whole ("Gone with the ___")
        if adjectives is None and _kind(term) == "name":
            adjectives = _adjectives(quote)  # parsed once, where a name is blanked
        only = adjectives if adjectives and term in adjectives else None  # an adjective's rivals: adjectives
        kin = [
            t
            for t in stated
            if _kind(t) == _kind(term) and not same_term(t, term) and (not only or t in only)
        ]
        rivals = tuple(dict.fromkeys(t for t in kin if not any(same_term(t, c) for c in terms)))
        if rivals or any(
            _kind(c) == _kind(term) and _reordered(term, c, j > i, quote)
            for j, c in enumerate(terms)
            if j != i
        ):
            out.append(
                Slot(
                    claim[:start] + BLANK + claim[end:],
                    term,
                    rivals,
                    _co_members(quote, term),
                    named_as[term],
                )
            )
            if len(out) == limit:
                break
    return out + ([subject] if subject else [])


_PRONOUN = r"\b(?:it|he|she|they)\s+"


def _said_of_pronoun(subject: Slot, quote: str, own: Sequence[str]) -> bool:
    """Whether the claim's subject is the documents' own and the quote says its predicate of a pronoun.

    "Berkelium was discovered in December 1949." over "… the Lawrence Berkeley National Laboratory where it
    was discovered in December 1949": "it" is Berkelium, the subject of the document, and a reader asked for
    the blank answers with the name beside the pronoun. "Tokyo is a city in the Kansai region." over "Osaka is
    a city in the Kansai region." keeps its blank: the quote names another subject.
    """
    if not any(set(subject.term.lower().split()) <= set(t.lower().split()) for t in own):
        return False
    predicate = subject.masked.split(BLANK, 1)[1].lstrip("'’s").split()[:3]
    words = r"\s+".join(re.escape(w.strip(",.;:")) for w in predicate)
    return bool(words) and re.search(_PRONOUN + words, quote, re.IGNORECASE) is not None


_OPENING = re.compile(r"^(?:(?:The|A|An)\s+)?$")
_POSSESSIVE = re.compile(r"['’]s$")


def _subject_slot(
    claim: str,
    spans: list[tuple[int, int]],
    terms: list[str],
    stated: list[str],
    quote: str,
    named_as: tuple[str, ...],
    own: Sequence[str] = (),
) -> Slot | None:
    """The blank of the claim's subject ("___'s population is …" from "China's population is …").

    Asked when the claim opens with a name the quote names as such, keeps another term to anchor the question
    (or is not the documents' ``own`` subject: "Impressionism is a key precursor to modernism" over Claude
    Monet's lead, whose sentence says it of Monet), and the quote states another name the claim does not use.
    """
    if not spans or not _OPENING.match(claim[: spans[0][0]]):
        return None
    start, end = spans[0]
    term = _POSSESSIVE.sub("", claim[start:end])
    if _kind(term) != "name" or not _named_in(quote, term):
        return None
    if len(spans) < 2 and (not own or any(same_term(term, o) for o in own)):
        return None
    rivals = tuple(
        dict.fromkeys(t for t in stated if _kind(t) == "name" and not any(same_term(t, c) for c in terms))
    )
    if not rivals:
        return None
    return Slot(claim[:start] + BLANK + claim[start + len(term) :], term, rivals, (), named_as)


def _occurrences(term: str, text: str) -> list[re.Match[str]]:
    """Where ``text`` writes ``term`` as a whole word or words."""
    return list(re.finditer(rf"(?<![\w'’-]){re.escape(term)}(?![\w'’-])", text))


def _named_in(quote: str, term: str) -> bool:
    """Whether the quote writes ``term`` as a name, not only as a sentence's first word ("Later, …").

    As a name: capitalised inside a sentence, or as a document's title ("Changsha. Changsha is …").
    """
    for match in _occurrences(term, quote):
        before = quote[: match.start()].rstrip()
        if before and before[-1] not in ".!?…:" or quote[match.end() : match.end() + 1] == ".":
            return True
    return False


def _reordered(term: str, other: str, other_after: bool, quote: str) -> bool:
    """Whether a sentence of the quote states ``term`` and ``other`` in the order opposite to the claim's."""
    for sentence in split_sentences(quote):
        stated = _terms(sentence)
        at = next((k for k, t in enumerate(stated) if same_term(t, term)), None)
        at_other = next((k for k, t in enumerate(stated) if same_term(t, other)), None)
        if at is not None and at_other is not None and at != at_other and (at_other > at) != other_after:
            return True
    return False


def fills(reply: str, slot: Slot) -> bool:
    """Whether the quote's answer for the blank names the claim's term and none of its rivals.

    E.g. "the Pakistani province of Punjab" does not fill "Lahore is the capital of ___" with Pakistan; the
    members of a quoted list that holds the term may come with it ("Tokyo, Osaka and Nagoya" fills "Cities of
    Japan include ___" for Osaka); a name the quote gives the term otherwise fills it as the term does.
    """
    named = _terms(reply)
    own = [t for t in named if any(same_term(n, t) for n in (slot.term, *slot.aliases))] or (
        [reply] if not named and reply.strip() and same_term(slot.term, reply.strip()) else []
    )
    rivals = [r for r in slot.rivals if not any(same_term(r, m) for m in slot.listed)]
    return bool(own) and not any(same_term(r, t) for r in rivals for t in named if t not in own)


def echoes(reply: str, slot: Slot) -> bool:
    """Whether the answer only repeats the claim beside the blank (its terms, or words it holds there).

    The reader then echoed the claim's other party ("Ferdowsi" for "The ___ was written by Ferdowsi.") or
    another of its words ("greater" for "The ___ name Ursa Major translates as 'greater bear'."), which reads
    nothing off the quote.
    """
    named = _terms(reply)
    beside = slot.masked.replace(BLANK, ",")
    if named and all(any(same_term(t, b) for b in _terms(beside)) for t in named):
        return True
    words = content_words(reply)
    return bool(words) and words != {UNKNOWN} and words <= content_words(beside)


def as_filled(reply: str, slot: Slot, text: str, subjects: Sequence[str] = ()) -> str:
    """The claim with the blank filled by the one rival term the quote's answer names, as the quote names it.

    "The director of Gone with the Wind was Victor Fleming." for a reply naming him; "" when it names no
    rival, more than one, or the claim's own term. A rival counts where ``text`` (the quoted documents' text,
    titles left out) writes it, or as one of the documents' whole ``subjects`` ("It is the second-largest
    city" of "Lahore"): a word of a title alone ("Nebular" of "Nebular hypothesis") is none.
    """
    named = _terms(reply) or [reply.strip()] * bool(reply.strip())
    if any(same_term(n, t) for n in (slot.term, *slot.aliases) for t in named):
        return ""
    found = [
        r
        for r in slot.rivals
        if any(same_term(r, t) for t in named) and (r in subjects or _occurrences(r, text))
    ]
    return slot.masked.replace(BLANK, found[0]) if len(found) == 1 else ""
