"""The evidence a claim is judged against: the quoted sentences of its documents, and how they are chosen.

:func:`select` picks the sentences that cover the claim's words (a document the claim names first), kept to
the documents it names (``subject_check``); :class:`Evidence` is those documents cut to their quote.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from verirag.documents import Document
from verirag.text import split_sentences
from verirag.verify.lexicon import content_words, stems_held
from verirag.verify.verdict import Quote

QUOTE_SENTENCES = 3  # sentences quoted as evidence, across the documents checked
QUOTE_PER_DOCUMENT = 2  # ... and from one document (as benchmarked: a paragraph's best two)


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """Character spans of the sentences of ``text`` (as :func:`verirag.text.split_sentences` cuts them)."""
    spans, cursor = [], 0
    for sentence in split_sentences(text):
        words = sentence.split()
        if not words:
            continue
        pattern = r"\s+".join(re.escape(w) for w in words)
        match = re.compile(pattern).search(text, cursor)
        if match is None:  # not expected: the splitter only rejoins whitespace
            continue
        spans.append((match.start(), match.end()))
        cursor = match.end()
    return spans


def select_quotes(
    claim: str, texts: Sequence[str], max_sentences: int = 3, per_text: int = 2, named: Collection[int] = ()
) -> list[tuple[int, int, int]]:
    """The sentences of ``texts`` that cover most of the claim's content words, greedily.

    Each next one covers the most words not covered yet (ties: a text in ``named``, the claim's own
    documents, then the earlier text, then the earlier sentence); at most ``per_text`` from one text. Where
    the sentences chosen come from several texts and one text alone covers as many of the words, that
    text's sentences are the quote ("K2 is in the Karakoram range." is quoted from K2's "K2 … is the
    second-highest mountain …" and "It lies in the Karakoram range", not half from Karakoram's lead).

    Returns ``(text index, start, end)`` character spans in text order; empty when no sentence shares a
    content word with the claim.
    """
    chosen = _cover(claim, texts, max_sentences, per_text, named)
    if len({t for t, _, _ in chosen}) < 2:
        return chosen
    wanted = content_words(claim)

    def covered(spans: Sequence[tuple[int, int, int]]) -> set[str]:
        return set().union(*(content_words(texts[t][start:end]) & wanted for t, start, end in spans))

    for t in sorted(range(len(texts)), key=lambda t: (t not in named, t)):
        alone = [(t, start, end) for _, start, end in _cover(claim, [texts[t]], per_text, per_text)]
        if covered(alone) >= covered(chosen):
            return alone
    return chosen


def _cover(
    claim: str, texts: Sequence[str], max_sentences: int, per_text: int, named: Collection[int] = ()
) -> list[tuple[int, int, int]]:
    """:func:`select_quotes`' greedy cover, over all the texts at once."""
    wanted = content_words(claim)
    sentences = [(t, start, end) for t, text in enumerate(texts) for start, end in sentence_spans(text)]
    covers = [content_words(texts[t][start:end]) & wanted for t, start, end in sentences]
    chosen: list[int] = []
    uncovered = set(wanted)
    while uncovered and len(chosen) < max_sentences:
        full = {t for t in range(len(texts)) if sum(sentences[i][0] == t for i in chosen) >= per_text}
        gains = [
            (len(c & uncovered), sentences[i][0] in named, -i)
            for i, c in enumerate(covers)
            if i not in chosen and sentences[i][0] not in full
        ]
        if not gains or max(gains)[0] == 0:
            break
        best = -max(gains)[2]
        chosen.append(best)
        uncovered -= covers[best]
    return [sentences[i] for i in sorted(chosen)]


def select_quote(claim: str, text: str, max_sentences: int = 2) -> list[tuple[int, int]]:
    """:func:`select_quotes` within one text: ``(start, end)`` spans."""
    return [(start, end) for _, start, end in select_quotes(claim, [text], max_sentences, max_sentences)]


def quote_text(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """The quoted sentences, joined by " … " where they are not adjacent."""
    parts, last = [], None
    for start, end in spans:
        if last is not None and text[last:start].strip():
            parts.append("…")
        parts.append(text[start:end])
        last = end
    return " ".join(parts)


@dataclass(frozen=True)
class Evidence:
    """The quote a claim is judged against: the chosen spans, and the documents cut down to them."""

    quotes: tuple[Quote, ...]
    documents: tuple[Document, ...]  # each quoted document, its text only its quoted sentences

    @property
    def texts(self) -> list[tuple[str, str]]:
        """The quoted documents as (title, text) pairs."""
        return [(d.get("title", ""), d["text"]) for d in self.documents]

    @property
    def joined(self) -> str:
        """The quoted documents as one text, each after its title."""
        return " ".join(f"{d.get('title', '')}. {d['text']}" for d in self.documents)


def quotes_for(documents: Sequence[Document], sentence: str) -> list[Quote]:
    """The sentences that cover the claim's words, at most :data:`QUOTE_SENTENCES`.

    Of sentences that cover as much, those of a document the claim names by its title come first ("The
    capital of Japan is Tokyo." is quoted from "Tokyo", not from "Osaka", whose sentence has the same words).
    """
    named = [i for i, d in enumerate(documents) if d["id"] in named_documents(documents, sentence)]
    return [
        Quote(documents[i]["id"], start, end)
        for i, start, end in select_quotes(
            sentence, [d.get("text", "") for d in documents], QUOTE_SENTENCES, QUOTE_PER_DOCUMENT, named
        )
    ]


def named_quotes(documents: Sequence[Document], quotes: Sequence[Quote], sentence: str) -> list[Quote]:
    """``subject_check``: a quote from several documents keeps those the claim names.

    A document is named by a word of its title; all of them are kept when the claim names none.
    """
    if len({q.doc for q in quotes}) < 2:
        return list(quotes)
    named = named_documents(documents, sentence)
    return [q for q in quotes if q.doc in named] or list(quotes)


def named_documents(documents: Sequence[Document], sentence: str) -> set[str]:
    """The ids of the documents the sentence names by a word of their title."""
    words = content_words(sentence)
    return {d["id"] for d in documents if content_words(d.get("title", "")) & words}


def cut(documents: Sequence[Document], quotes: Sequence[Quote]) -> Evidence:
    """The documents cut down to their quoted sentences (in document order, " … " between gaps)."""
    out = []
    for doc in documents:
        spans = [(q.start, q.end) for q in quotes if q.doc == doc["id"]]
        if spans:
            out.append(
                Document(id=doc["id"], title=doc.get("title", ""), text=quote_text(doc["text"], spans))
            )
    return Evidence(tuple(quotes), tuple(out))


def select(
    documents: Sequence[Document], sentence: str, subject_check: bool, given: Sequence[Quote] | None = None
) -> Evidence:
    """The evidence of a claim: the ``given`` quote, or one selected and kept to the documents it names."""
    chosen = list(given) if given is not None else quotes_for(documents, sentence)
    if subject_check and given is None:
        chosen = named_quotes(documents, chosen, sentence)
    return cut(documents, chosen)


def best_sentence(evidence: Evidence, masked: str) -> Document:
    """The one quoted sentence that covers most of a blanked claim, as a document of its own.

    A blank is read in the sentence that states the relation, not beside the quote's distractors. A sentence
    counts its document's title ("Its capital is Tokyo." of "Japan" covers "the capital of Japan"); ties go to
    the sentence that states more itself, then to the earlier one. A hyphenated word of a quoted sentence
    covers its parts too ("second-largest" covers "largest"), a derived word its stem ("directed by" covers
    "the director").
    """

    def words(text: str) -> set[str]:
        return content_words(text) | content_words(text.replace("-", " "))

    documents = evidence.documents
    wanted = content_words(masked)
    best, key = (0, 0, len(documents[0]["text"])), (-1, -1)
    for i, doc in enumerate(documents):
        title = words(doc.get("title", ""))
        for start, end in sentence_spans(doc["text"]):
            said = words(doc["text"][start:end])
            score = (stems_held(wanted, said | title), stems_held(wanted, said))
            if score > key:
                best, key = (i, start, end), score
    i, start, end = best
    return Document(
        id=documents[i]["id"], title=documents[i].get("title", ""), text=documents[i]["text"][start:end]
    )
