"""The words and patterns every part of the decision reads with: stop words, numbers, names, negations.

One name pattern (:func:`name_run`) in its three uses, the word and number patterns, the content words a claim
and a quote are compared by, and the small readings of a word (a stem, a demonym, a negation).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from verirag.text import NAME_LINKS, split_sentences, stemmer

# English function words (NLTK's list) and common sentence openers: never a claim's key fact
STOP = frozenset(
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
NUMBER = re.compile(r"(?<![^\W\d_])\d+(?:[.,]\d+)*")  # not a name's digits: "K2", "G7"
WORD = re.compile(r"[^\W\d_][\w'’\-]*")
NUMBER_WORDS = {
    w: str(i)
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
        "sixteen seventeen eighteen nineteen twenty".split()
    )
}


def plain(word: str) -> str:
    """A word as compared: lower case, "km²" as "km2", a possessive "'s" and edge quotes or hyphens cut."""
    word = unicodedata.normalize("NFKC", word).lower().replace("’", "'")
    return word[:-2] if word.endswith("'s") else word.strip("'-")


def content_words(text: str) -> set[str]:
    """Stemmed words that are not stop words ("Japan's" and "Japan" are the same word), and numbers."""
    words = [plain(w) for w in WORD.findall(text)]
    stems = set(stemmer().stemWords([w for w in words if w and w not in STOP]))
    return stems | {n.replace(",", "") for n in NUMBER.findall(text)}


DERIVED = ("", "er", "or", "ed", "ing", "ion")  # endings of a word derived from a stem


def same_stem(a: str, b: str) -> bool:
    """The same stem, or one derived from the other ("found" / "founder"; not "pakistan" / "pakistani")."""
    short, long = sorted((a, b), key=len)
    return long.startswith(short) and long[len(short) :] in DERIVED


def stems_held(wanted: set[str], said: set[str]) -> int:
    """How many ``wanted`` words ``said`` holds, a derived word for its stem ("directed" holds "director")."""
    return sum(any(same_stem(w, s) for s in said) for w in wanted)


NEGATION = "not"  # the key term standing for any negation of the claim
NEGATIONS = frozenset("not no never neither nor none nobody nothing nowhere cannot without".split())
NOT_NUMBER_SIGN = re.compile(r"\bno\.?\s*\d", re.IGNORECASE)  # "No. 5", "no 1": a number, not a negation


def negated(text: str) -> bool:
    """Whether the text negates ("not", "never", "no", "-n't"; "No. 5" is a number)."""
    text = NOT_NUMBER_SIGN.sub(" ", text.replace("’", "'"))
    return "n't" in text.lower() or any(plain(w) in NEGATIONS for w in WORD.findall(text))


def as_number(text: str) -> str:
    """A number as digits: thousands separators dropped, a decimal's trailing zeros too (1.50 = 1.5)."""
    text = text.replace(",", "")
    return text.rstrip("0").rstrip(".") if "." in text else text


def key_terms(claim: str) -> list[str]:
    """The claim's checkable facts: numbers (as digits), capitalised words and :data:`NEGATION`.

    Capitalised words are names or months; :data:`NEGATION` is there when the claim negates ("not", "never",
    "no", "-n't").

    Stop words never count, capitalised or not ("The", "In", "It"). Numbers in words ("three") are not terms
    of a claim, but the evidence's number words up to twenty match a claim's digits.
    """
    terms: list[str] = [as_number(n) for n in NUMBER.findall(claim)]
    for match in WORD.finditer(claim):
        word = plain(match.group())
        if match.group()[0].isupper() and word not in STOP:
            terms.append(word)
    if negated(claim):
        terms.append(NEGATION)
    return list(dict.fromkeys(terms))


# words that name one role or thing ("lead singer" is "lead vocalist"); each set one meaning, never a kind of
SYNONYMS = tuple(
    frozenset(group.split())
    for group in (
        "vocalist singer",
        "author writer",
        "film movie",
        "automobile car",
        "physician doctor",
        "begin began begun start commence",  # "began in 1917" is "starting in 1917"
    )
)


def with_synonyms(stems: set[str]) -> set[str]:
    """Stems with the stems of their synonyms (:data:`SYNONYMS`): "singer" brings "vocalist"."""
    found = set(stems)
    for group in SYNONYMS:
        if {stemmer().stemWord(w) for w in group} & stems:
            found |= {stemmer().stemWord(w) for w in group}
    return found


def vocabulary(evidence: str) -> tuple[set[str], set[str]]:
    """The evidence's plain words, and its numbers (number words up to twenty as digits too)."""
    words = {plain(w) for w in WORD.findall(evidence)}
    words |= {part for w in words if "-" in w for part in w.split("-") if part}  # "German-speaking": "german"
    numbers = {as_number(n) for n in NUMBER.findall(evidence)}
    numbers |= {NUMBER_WORDS[w] for w in words if w in NUMBER_WORDS}
    return words, numbers


# what a name may grow by and still be the same name: its plural, its demonym or adjective
# (Japan/Japanese, Italy/Italian, Iraq/Iraqi, Germany/German); never another name (Iran/Iraq, Mali/Malawi)
NAME_ENDINGS = ("s", "es", "n", "an", "ian", "ean", "ese", "i", "ic", "ish", "y")


def _family(shorter: str, longer: str) -> bool:
    """Whether ``longer`` is a name ending in "-an" grown by "-ic" into another (German / Germanic)."""
    return shorter.endswith("an") and longer == shorter + "ic"


def same_name(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are one name, one of them grown by a plural, demonym or adjective ending.

    A name ending in "-an" grown by "-ic" is another name: "Germanic" is a family of languages, not German.
    """
    shorter, longer = sorted((a, b), key=len)
    if _family(shorter, longer):
        return False
    for root in {shorter, shorter[:-1] if shorter[-1:] in ("a", "e", "y") else shorter}:
        if len(root) >= 3 and longer.startswith(root) and longer[len(root) :] in NAME_ENDINGS:
            return True
    return False


def word_found(term: str, words: set[str]) -> bool:
    """Whether ``words`` hold the term: itself, its stem, or one name grown by a demonym ending."""
    if term in words:
        return True
    stem = stemmer().stemWord(term)
    return any(
        (stemmer().stemWord(word) == stem and not _family(*sorted((term, word), key=len)))
        or same_name(term, word)
        for word in words
    )


NOT_SUPERLATIVES = frozenset(
    "west southwest northwest interest forest rest test honest guest protest harvest request contest "
    "modest nest quest chest crest suggest digest arrest invest manifest conquest inquest".split()
)
ORDINALS = {
    w: str(i)
    for i, w in enumerate(
        "second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split(), start=2
    )
}
ORDINAL = rf"(?:{'|'.join(ORDINALS)}|\d+(?:st|nd|rd|th))"


def same_root(a: str, b: str) -> bool:
    """Two stems of one root: equal, or one the other's start (at least four letters: "headquart")."""
    return a == b or (min(len(a), len(b)) >= 4 and (a.startswith(b) or b.startswith(a)))


YEAR = re.compile(r"\b(1[0-9]{3}|20[0-2][0-9])\b")


# a capital of the Latin alphabets ("Édith", "Łódź", "Ōsaka"), and a name's word that opens with one
CAPITAL = "[A-Z" + "".join(c for c in map(chr, range(0xC0, 0x250)) if c.isupper()) + "]"
NAME_WORD = rf"{CAPITAL}[\w'’.-]*"


def name_run(word: str = NAME_WORD, links: str = NAME_LINKS) -> str:
    """A run of capitalised words, joined by ``links`` ("of", "de", "the" …): "University of Oxford"."""
    return rf"{word}(?: (?:{links})?{word})*"


NAME = name_run()  # "University of Oxford", "Lyndon B. Johnson"


def initials(short: str, long: str) -> bool:
    """Whether ``short`` is written in the initials of ``long``'s words: "NFL", "National Football League"."""
    letters = re.sub(r"\W", "", short.removeprefix("the ").removeprefix("The "))
    words = [w for w in re.findall(r"[A-Za-z][\w'’-]*", long) if w.lower() not in _INITIAL_LINKS]
    return 2 <= len(letters) <= 6 and letters.isupper() and "".join(w[0] for w in words).upper() == letters


_INITIAL_LINKS = frozenset("of the and for in on at to de".split())  # words an acronym leaves out
NAMES_AND = name_run(links=rf"{NAME_LINKS}|and ")  # "Bosnia and Herzegovina" one name (atoms, plans)
# "David O. Selznick": an initial is a word of its own, and no name starts inside a word (the slot check)
NAME_WITH_INITIALS = r"(?<![\w'’-])" + name_run(rf"(?:(?<!\.)[A-Z]\.(?= [A-Z])|{CAPITAL}[\w'’-]*)")
MEMBER = rf"(?:the )?{NAME}"
LISTED = re.compile(rf"{MEMBER}(?:, {MEMBER})*,? (?:and|or) {MEMBER}")


def name_lists(text: str) -> list[list[str]]:
    """The lists of names of ``text`` ("A, B and C", "A or B"), each as its members."""
    return [
        [m.group().removeprefix("the ").rstrip(".") for m in re.finditer(MEMBER, found.group())]
        for sentence in split_sentences(text)
        for found in LISTED.finditer(sentence)
    ]


PRONOUNS = frozenset("it he she they".split())


def is_a(kind: str, first: str) -> bool:
    """Whether a lead's first sentence says what its subject is with ``kind``.

    "Nantes is a city in …", "Shiraz is the fifth-most-populous city of Iran"; not "Nigeria is a country in
    West Africa … its largest city", nor "the world's" of anything.
    """
    said = rf"\b(?:is|was|are|were) (?:an?|the) (?:[\w'-]+ ){{0,3}}?{re.escape(kind)}\b"
    return kind not in ("world", "earth", "planet") and re.search(said, first, re.I) is not None


def title_subject(title: str) -> str:
    """The name a document's title gives its subject ("Kano (city)", "Hyderabad, Sindh": the first part)."""
    return re.split(r"[,(]", title)[0].strip()


def opening_name(sentence: str) -> str:
    """The name a sentence opens with, its subject ("Hefei is the capital of Anhui": Hefei), or ""."""
    found = re.match(rf"(?:The )?({NAME})", sentence)
    name = found[1] if found else ""
    return "" if not name or plain(name.split()[0]) in STOP else re.split(r"['’]s\b", name)[0]


def with_subject(title: str, sentence: str) -> str:
    """The sentence with a leading pronoun ("It", "He" …) read as its document's subject."""
    first, _, rest = sentence.partition(" ")
    return f"{title_subject(title)} {rest}" if rest and plain(first) in PRONOUNS else sentence


# a list said to be of countries, states or cities ("The countries that border X are …"), and a member
# named as a body of water or a landform
POLITY_KINDS = frozenset("countries nations states provinces cities capitals".split())
FEATURES = frozenset("sea ocean gulf bay strait river lake mountains desert channel".split())


def is_feature(name: str) -> bool:
    """Whether a name is a body of water or a landform ("the South China Sea", "Mekong River")."""
    return name.split()[-1].lower() in FEATURES


def names_in(text: str, titles: Sequence[str] = ()) -> list[str]:
    """The names of ``text`` in order: the ``titles`` it names whole, then runs of capitalised words.

    Leading stop words are cut, and adjectives ("American film") left out.
    """
    spans = [m.span() for t in titles if t for m in re.finditer(rf"(?<!\w){re.escape(t)}(?!\w)", text)]
    found = [(a, text[a:b]) for a, b in spans]
    for match in re.finditer(NAME, text):
        if any(a < match.end() and match.start() < b for a, b in spans):
            continue
        words = match.group().rstrip(".").split()
        while words and plain(words[0]) in STOP:
            words = words[1:]
        following = text[match.end() :].split(maxsplit=1)
        adjective = (
            len(words) == 1 and following and following[0][:1].islower() and content_words(following[0])
        )
        if words and content_words(" ".join(words)) and not adjective:
            found.append((match.start(), " ".join(words)))
    return [name for _, name in sorted(found)]


def copy_form(text: str) -> str:
    """Words as a copy is compared: spacing, a final period and a leading "The" aside."""
    words = " ".join(text.split()).rstrip(".")
    return words[4:] if words[:4].lower() == "the " else words


def bare(text: str) -> str:
    """A phrase as readings compare it: lower case, hyphens as spaces, a leading "the" cut."""
    text = " ".join(re.split(r"[-\s]+", text.replace("’", "'").lower())).strip(" .")
    return text.removeprefix("the ")


def claim_words(text: str) -> set[str]:
    """Content words, "capital city" read as "capital" (the city adds nothing)."""
    return content_words(re.sub(r"\bcapital city\b", "capital", text, flags=re.IGNORECASE))
