"""Plain-text helpers of nodes and evaluation: sentence splitting and citation markers.

Sentences are cut by sentencex plus an abbreviation rule, under verirag's conventions (:func:`split_with`);
the comparison that chose it is in docs/segmentation.md.
"""

from __future__ import annotations

import bisect
import functools
import re
import threading
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from importlib import resources

import sentencex

# the lower-case words that may join the capitalised words of one name ("Leonardo da Vinci", "University
# of Oxford", "Dream of the Red Chamber", "Ludwig van Beethoven"): the name patterns of atoms, plans and
# slots share them
NAME_LINKS = r"(?:(?:of|de|da|di|del|der|du|van|von) (?:the )?|the )"

CITATION = re.compile(r"\[(\d+(?:\s*[,;]\s*\d+)*)\]")
# what closes the sentence before it: markers and final punctuation that a segmenter put after a cut
_CLOSING = re.compile(rf"(?:\s*(?:{CITATION.pattern}|[.!?…]+))+")
_LINE_BREAK = re.compile(r"[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]")
_VISIBLE = re.compile(r"\S")
_SURROGATE = re.compile("[\ud800-\udfff]")
_WIDE_SPACE = re.compile(r"[^\S\n\t\r\x0b\x0c ]")  # whitespace other than ASCII's
_MISSED_END = re.compile(r"(?:[.!?]\)|…)(?=\s+[A-Z])")
_OPENERS = "(\"'“‘["  # opening quotes and brackets before a word
_LAST_TOKEN = re.compile(r"(\S+)\.\s*$")  # the word whose full stop a cut follows
_AFTER_STOP = re.compile(r"(?<!\S)(\S+)\.(\s+)([A-Z][a-z]+)\b")  # "<token>. <Capitalised word>"
# abbreviations that are not written at the end of a sentence: titles before a name, words announcing
# what follows ("e.g.", "No. 5", "c. 1000", "Vol. 2", "subsp. vulgaris", "lit. 'to scratch'"); one-letter
# ones only in lower case ("C." may be a letter that ends a sentence)
_NEVER_FINAL = frozenset(
    {
        "mr",
        "mrs",
        "ms",
        "dr",
        "prof",
        "st",
        "mt",
        "ft",
        "sen",
        "rep",
        "gen",
        "gov",
        "lt",
        "col",
        "capt",
        "sgt",
        "rev",
        "fr",
        "hon",
        "vs",
        "e.g",
        "i.e",
        "cf",
        "viz",
        "approx",
        "no",
        "nos",
        "op",
        "vol",
        "fig",
        "p",
        "pp",
        "c",
        "ca",
        "subg",
        "subsp",
        "var",
        "lit",
    }
)
# how often an opener may be capitalised inside sentences: after an all-capital form such as "U.S." or
# "J.J." (which may be initials: "B.B. King") only words almost never capitalised there cut
_OPENER_SHARE = 0.05
_OPENER_SHARE_AFTER_CAPITAL = 0.01


def _sentencex_ends(text: str) -> Iterable[int]:
    """Where sentencex ends each sentence of ``text``.

    Lone surrogates, which it cannot encode, are read as U+FFFD, and a space other than ASCII's as a plain
    space (sentencex panics on "Dr.O\u00a0." where it slices a multi-byte space): the same length, so the
    offsets still hold.
    """
    end = 0
    for piece in sentencex.segment("en", _WIDE_SPACE.sub(" ", _SURROGATE.sub("\ufffd", text))):
        end += len(piece)
        yield end


def _never_final(token: str) -> bool:
    """Whether ``token`` is an abbreviation that does not end sentences.

    ``token`` is a word before its full stop, opening quotes and brackets stripped.
    """
    return (token if len(token) == 1 else token.lower()) in _NEVER_FINAL


def _cut_after_never_final(text: str, end: int) -> bool:
    start = max(0, end - 16)
    match = _LAST_TOKEN.search(text, start, end)
    if match is None or (match.start() == start and start > 0 and not text[start - 1].isspace()):
        return False  # no word before the stop, or only the tail of a longer one
    return _never_final(match.group(1).lstrip(_OPENERS))


def patched_sentencex_ends(text: str) -> set[int]:
    """The cuts of sentencex, with three of its gaps patched.

    sentencex never cuts after a stop closed by a parenthesis ("(eye.) Players") or after "…" before a
    capital, and it cuts after an abbreviation that does not end sentences: a title whose name is also a
    sentence opener ("Dr. No"), "Vol. | 2", "lit. | 'to scratch'".
    """
    ends = {m.end() for m in _MISSED_END.finditer(text)}
    ends.update(e for e in _sentencex_ends(text) if not _cut_after_never_final(text, e))
    return ends


@functools.cache
def sentence_openers() -> dict[str, float]:
    """Word -> share of its uses inside sentences that are capitalised, for mostly lower-case words.

    The words are those of the shipped corpus mostly written in lower case there
    (``verirag/data/sentence_openers.tsv``, made by benchmarks/sentence_openers.py).
    """
    rows = (
        line.split("\t")
        for line in resources.files("verirag")
        .joinpath("data", "sentence_openers.tsv")
        .read_text(encoding="utf-8")
        .splitlines()
        if not line.startswith("#")
    )
    return {word: int(capitalised) / (int(lower) + int(capitalised)) for word, lower, capitalised in rows}


def _opener_ends(text: str, ends: set[int]) -> Iterable[int]:
    """Cuts the segmenter did not make after an abbreviation's full stop, before a word that opens sentences.

    Such a word is capitalised here, but nearly always lower case inside a sentence ("…in the U.S. Due in
    part…", "…1.852 km/h. The ISO…"). Not after a lone capital initial ("Lyndon B. Johnson") or an
    abbreviation that does not end sentences (:data:`_NEVER_FINAL`); after an all-capital form ("U.S.",
    "J.J.") only before a word that is almost never capitalised inside a sentence.
    """
    openers, cuts = sentence_openers(), sorted(ends)
    for match in _AFTER_STOP.finditer(text):
        stop, token = match.end(1) + 1, match.group(1).lstrip(_OPENERS)
        following = bisect.bisect_left(cuts, stop)  # the segmenter's first cut at or after the stop
        if (
            (following < len(cuts) and cuts[following] <= match.start(3))
            or _never_final(token)
            or (len(token) == 1 and token.isupper())
        ):
            continue
        last = token.rsplit(".", 1)[-1]
        share = openers.get(match.group(3).lower())
        limit = _OPENER_SHARE_AFTER_CAPITAL if len(last) == 1 and last.isupper() else _OPENER_SHARE
        if share is not None and share <= limit:
            yield stop


def _sentence_ends(text: str) -> set[int]:
    """The cuts of sentencex, patched, and the cuts before sentence openers after an abbreviation."""
    ends = patched_sentencex_ends(text)
    return ends | set(_opener_ends(text, ends))


def split_with(text: str, sentence_ends: Callable[[str], Iterable[int]]) -> list[str]:
    """Sentences of ``text`` as cut by ``sentence_ends``, with verirag's conventions.

    ``sentence_ends`` is a segmenter: the offsets where its sentences end. The conventions: every line break
    cuts too; no cut before a lower-case letter (a wrapped line, "subsp. vulgaris", "Spacewar! was"); markers
    and full stops that open a piece move back to the sentence they close; whitespace runs become one space.
    """
    spans: list[list[int]] = []
    start = visible = 0  # visible: the first non-space character at or after the cut (linear time)
    cuts = {*sentence_ends(text), *(m.start() for m in _LINE_BREAK.finditer(text)), len(text)}
    for end in sorted(cuts):
        if end > visible:
            found = _VISIBLE.search(text, end)
            visible = found.start() if found else len(text)
        if not start < end <= len(text) or text[visible : visible + 1].islower():
            continue
        closing = _CLOSING.match(text, start, end)
        if closing and spans:
            spans[-1][1] = start = closing.end()
        if text[start:end].strip():
            spans.append([start, end])
        start = end
    return [" ".join(text[start:end].split()) for start, end in spans]


def split_sentences(text: str) -> list[str]:
    """Split text into sentences; citation markers after the final punctuation stay attached."""
    return split_with(text, _sentence_ends)


def parse_citations(sentence: str) -> tuple[str, list[int]]:
    """Return the sentence without markers and its cited numbers (1-based, deduplicated, in order)."""
    numbers: list[int] = []
    for group in CITATION.findall(sentence):
        for n in re.split(r"\s*[,;]\s*", group):
            if int(n) not in numbers:
                numbers.append(int(n))
    clean = CITATION.sub("", sentence)
    clean = re.sub(r"\s+([.,;:!?])", r"\1", " ".join(clean.split()))
    return clean.strip(), numbers


def attach_citations(sentence: str, numbers: Sequence[int]) -> str:
    """Put ``[n]`` markers before the sentence's final punctuation, ALCE style."""
    if not numbers:
        return sentence
    markers = "".join(f"[{n}]" for n in numbers)
    match = re.search(r"[.!?]+[\"')]*$", sentence)
    if match:
        return f"{sentence[: match.start()]} {markers}{sentence[match.start() :]}"
    return f"{sentence} {markers}"


_local = threading.local()


def stemmer():
    """The English Snowball stemmer of this thread (a PyStemmer object is not thread-safe)."""
    found = getattr(_local, "stemmer", None)
    if found is None:
        import Stemmer

        found = _local.stemmer = Stemmer.Stemmer("english")
    return found


def plain_letters(text: str) -> str:
    """The text with its letters' accents taken off: "Kālidāsa" -> "Kalidasa", "Pāḷi" -> "Pali"."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def join_names(names: list[str]) -> str:
    """Names as a list is written: "A", "A and B", "A, B, and C"."""
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + ", and " + names[-1]


def plural(word: str) -> str:
    """A singular noun made plural: "university" -> "universities", "church" -> "churches"."""
    if word in _INVARIANT:
        return word
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    return word + ("es" if word.endswith(("s", "sh", "ch", "x", "z")) else "s")


_INVARIANT = frozenset({"species", "series"})  # one or many, the same word
_IRREGULAR_SINGULARS = {
    "wives": "wife",
    "lives": "life",
    "knives": "knife",
    "leaves": "leaf",
    "halves": "half",
    "wolves": "wolf",
    "people": "person",
    "men": "man",
    "women": "woman",
    "children": "child",
}


def singular(words: str) -> str:
    """A phrase made singular: "capital cities" -> "capital city", "lead vocalists" -> "lead vocalist"."""
    head, _, last = words.rpartition(" ")
    if last in _INVARIANT:
        pass
    elif last in _IRREGULAR_SINGULARS:
        last = _IRREGULAR_SINGULARS[last]
    elif last.endswith("ies"):
        last = last[:-3] + "y"
    elif last.endswith(("ches", "shes", "sses", "xes")):
        last = last[:-2]
    elif last.endswith("s") and not last.endswith("ss"):
        last = last[:-1]
    return f"{head} {last}".strip()
