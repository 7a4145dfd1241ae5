"""Tolerant parsers of model output.

None of them raises: each returns ``None`` when the reply holds nothing usable, and the caller applies its
documented safe default and counts a fallback in the usage ledger.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from verirag.documents import Document

_INT = re.compile(r"\d+")
_SELECTED = re.compile(r"selected\s+documents?\s*[:：]?", re.IGNORECASE)
_LABEL = re.compile(
    r"^\s*(?:new\s+)?(?:search\s+)?(?:query|question|passage|answer)\s*[:：]\s*", re.IGNORECASE
)


def parse_selection(text: str, n: int, k: int) -> list[int] | None:
    """Document numbers (1-based, within 1..n) from e.g. ``"Selected Documents: 2 6 8"``.

    Reads the numbers after the last "Selected Documents" label when there is one, else every number
    in the reply; keeps the first ``k`` distinct valid ones. ``None`` when there are none.
    ``[]`` is never returned: an empty selection is indistinguishable from a broken reply.
    """
    if not isinstance(text, str) or n <= 0 or k <= 0:
        return None
    labels = list(_SELECTED.finditer(text))
    tail = text[labels[-1].end() :] if labels else text
    tail = tail.split("\n\n")[0] if labels else tail
    picked: list[int] = []
    for token in _INT.findall(tail):
        value = int(token) if len(token) <= 6 else -1
        if 1 <= value <= n and value not in picked:
            picked.append(value)
        if len(picked) == k:
            break
    return picked or None


def parse_score(text: str, low: float = 0, high: float = 10) -> float | None:
    """A score in [low, high] from e.g. ``"[7]"``, ``"Score: 7/10"`` or ``"7"``; bracketed first."""
    if not isinstance(text, str):
        return None
    for pattern in (r"\[\s*(\d+(?:\.\d+)?)\s*\]", r"(\d+(?:\.\d+)?)"):
        for match in re.finditer(pattern, text):
            try:
                value = float(match.group(1))
            except ValueError:
                continue
            if low <= value <= high:
                return value
    return None


def parse_query(text: str, max_chars: int = 1000) -> str | None:
    """A search query or pseudo-passage: the reply without labels, quotes or blank padding."""
    if not isinstance(text, str):
        return None
    cleaned = _LABEL.sub("", text.strip()).strip().strip('"“”').strip()
    cleaned = " ".join(cleaned.split())[:max_chars]
    return cleaned if re.search(r"\w", cleaned) else None


def parse_queries(text: str, limit: int, max_chars: int = 500) -> list[str]:
    """Several queries, one per line (numbering and bullets removed), distinct, at most ``limit``."""
    if not isinstance(text, str) or limit <= 0:
        return []
    queries: list[str] = []
    for line in text.splitlines():
        line = re.sub(r"^\s*(?:[-*•]|\d+[.)]|\(\d+\))\s*", "", line)
        query = parse_query(line, max_chars)
        if query and query.lower() not in {q.lower() for q in queries}:
            queries.append(query)
        if len(queries) == limit:
            break
    return queries


def parse_sentence(text: str, end_marker: str = "[END]") -> str | None:
    """The first sentence of a generator reply, without citation markers; ``None`` for the end signal.

    The end signal: the marker first, an empty reply, or no words.
    """
    from verirag.text import parse_citations, split_sentences

    if not isinstance(text, str):
        return None
    stripped = _LABEL.sub("", text.strip())
    stripped = re.sub(r"^\s*next\s+sentence\s*[:：]\s*", "", stripped, flags=re.IGNORECASE)
    if not stripped or stripped.upper().startswith(end_marker.upper()) or stripped.upper().startswith("END"):
        return None
    stripped = stripped.split(end_marker)[0]
    sentences = split_sentences(stripped)
    if not sentences:
        return None
    sentence, _ = parse_citations(sentences[0])
    framed = _ABOUT_DOCUMENTS.match(sentence)  # "According to the documents, X": X is the sentence
    if framed and re.search(r"\w{2,}", sentence[framed.end() :]):
        sentence = sentence[framed.end() :]
        first = sentence.split()[0]
        sentence = sentence[0].upper() + sentence[1:] if first.islower() else sentence  # not "iPhone"
    return sentence if re.search(r"\w{2,}", sentence) else None


_SOURCE = (
    r"(?:the|these|this)\s+(?:provided\s+|given\s+|retrieved\s+)?"
    r"(?:documents?|information|texts?|passages?|context|sources?|data)(?:\s+(?:provided|given))?"
)
# the writer's own framing, which says where a fact is read and not what it is
_ABOUT_DOCUMENTS = re.compile(
    rf"^(?:according to|based on|as (?:stated|mentioned|shown|described|given) in|from) {_SOURCE}"
    rf"(?:\s+(?:in|from) {_SOURCE})?\s*,\s*",
    re.IGNORECASE,
)


MAX_GAP_WORDS = 12


def parse_gap(text: str, none_marker: str) -> str | None:
    """The named gap as a clause after "The documents do not say", "" for none, None when unusable.

    ``none_marker`` is the prompt's reply for an answer that leaves nothing open.
    """
    gap = parse_query((text or "").splitlines()[0] if (text or "").strip() else "")
    if gap is None:
        return None
    if gap.strip(" .").upper() == none_marker:
        return ""
    gap = re.sub(r"^(?:the answer does not (?:say|answer|mention)\s+)", "", gap, flags=re.IGNORECASE)
    gap = gap.rstrip(" .")
    words = gap.split()
    if not words or len(words) > MAX_GAP_WORDS or "[" in gap:
        return None
    return gap[0].lower() + gap[1:] if not words[0].isupper() and words[0][1:].islower() else gap


def parse_cited_reply(
    reply: str, documents: Sequence[Document], max_citations: int = 3
) -> list[tuple[str, list[str]]]:
    """A cited reply's sentences, each without markers and with the ids of the documents it cites.

    ``[n]`` becomes the id of the n-th document; numbers outside 1..len(documents) are dropped, and at most
    ``max_citations`` are kept (ALCE).
    """
    from verirag.text import parse_citations, split_sentences

    cited: list[tuple[str, list[str]]] = []
    for raw in split_sentences(reply):
        text, numbers = parse_citations(raw)
        if not re.search(r"\w", text):
            continue  # punctuation or stray markers only
        ids = [documents[n - 1]["id"] for n in numbers if 1 <= n <= len(documents)][:max_citations]
        cited.append((text, ids))
    return cited
