"""Plain-text helpers shared by nodes and evaluation: sentence splitting, citation markers, and the
delimited rendering of documents inside prompts.

No NLTK (its punkt data is not on PyPI): sentences are split by rule, keeping citation markers that
follow a full stop (``… Paris. [1]``) with the sentence they close.
"""

from __future__ import annotations

import re
from typing import Sequence

from verirag.stores.documents import Document

CITATION = re.compile(r"\[(\d+(?:\s*[,;]\s*\d+)*)\]")
_ABBREVIATIONS = {"mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "vs", "etc", "e.g", "i.e", "no",
                  "inc", "ltd", "co", "corp", "mt", "ft", "u.s", "u.k", "approx", "jan", "feb", "mar",
                  "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "c", "ca"}
_BOUNDARY = re.compile(r"[.!?]+[\"')\]]*((?:\s*\[\d+(?:\s*[,;]\s*\d+)*\])*)(\s+|$)")


def split_sentences(text: str) -> list[str]:
    """Split text into sentences; citation markers after the final punctuation stay attached."""
    text = " ".join(text.split())
    sentences, start = [], 0
    for match in _BOUNDARY.finditer(text):
        end = match.end()
        before = text[start:match.start()].split(" ")[-1].lower().rstrip(".")
        next_char = text[end:end + 1]
        is_abbrev = before in _ABBREVIATIONS or (len(before) == 1 and before.isalpha())
        if next_char and (is_abbrev or next_char.islower()):
            continue
        piece = text[start:end].strip()
        if piece:
            sentences.append(piece)
        start = end
    tail = text[start:].strip()
    if tail:
        sentences.append(tail)
    return sentences


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
        return f"{sentence[:match.start()]} {markers}{sentence[match.start():]}"
    return f"{sentence} {markers}"


def _data(text: str) -> str:
    """Neutralise our delimiters inside untrusted text, so a document cannot close its own block."""
    return re.sub(r"<(/?)\s*(document|documents)", r"‹\1\2", text, flags=re.IGNORECASE)


def render_documents(documents: Sequence[Document]) -> str:
    """Documents as numbered, delimited blocks: the only form in which retrieved text enters prompts."""
    blocks = [f'<document number="{i}" title="{_data(d.get("title", "")).replace(chr(34), chr(39))}">\n'
              f"{_data(d.get('text', ''))}\n</document>" for i, d in enumerate(documents, 1)]
    return "<documents>\n" + "\n".join(blocks) + "\n</documents>"
