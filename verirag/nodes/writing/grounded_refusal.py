"""grounded_refusal — Trust-Score's grounded refusal: when the documents do not answer, say so plainly.

With ``unverified="drop"``, a sentence without citations (``refusal``, appended by ``finalize``) says
that nothing was verified (quoting the documents' closest sentence, ``closest_passage``), or what the
verified answer leaves open; an unusable reply falls back to :data:`verirag.refusal.PART_UNKNOWN`. With
``unverified="show"``, the one-answer writer or ``grounded_refusal`` off, nothing is done.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from langgraph.runtime import Runtime

from verirag import refusal
from verirag.documents import Document
from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.node import Step
from verirag.graph.state import State, memory
from verirag.parsing import parse_gap
from verirag.prompts import grounded_refusal as prompt
from verirag.verify.checks.number_context import bounds
from verirag.verify.evidence import sentence_spans
from verirag.verify.lexicon import (
    NAME,
    NEGATION,
    YEAR,
    as_number,
    claim_words,
    content_words,
    key_terms,
    stems_held,
    title_subject,
)
from verirag.withhold import is_aside

MAX_OMITTED = 3  # left-out atoms named in the refusal


def checked_gap(gap: str | None, question: str, answer: str) -> str | None:
    """Zero-token checks of a named gap against the question and the answer.

    Words from neither the question nor the answer make it unusable (None); a gap whose content words the
    answer already holds is no gap ("").
    """
    if not gap:
        return gap
    words, answered = content_words(gap), content_words(answer)
    if not words or not words <= content_words(question) | answered:
        return None
    return "" if words <= answered else gap


def _terms(question: str, drafts: Sequence[str]) -> tuple[set[str], set[str]]:
    """The question's names and numbers, and those the failed ``drafts`` tried that it does not hold."""
    asked = {t for t in key_terms(question) if t != NEGATION}
    return asked, {t for d in drafts for t in key_terms(d) if t not in asked and t != NEGATION}


def closest_passage(
    question: str, drafts: Sequence[str], documents: Sequence[Document]
) -> tuple[Document, str] | None:
    """The document sentence that comes closest to answering, for a refusal to quote verbatim.

    Ranked by the names and numbers of the failed ``drafts`` that the question does not hold (the answer
    the writer tried), then by the question's words it or its document's title holds ("directed" stands for
    "director"), then by order. A sentence is no passage unless it or its document's title holds every name
    and number of the question (its subject: nothing of "Hill" for "Where is Lauryn Hill from?"), and it holds
    a draft's term or a word of the question (None when none is), and an aside to the reader is none
    (:func:`verirag.withhold.is_aside`: it says nothing of the subject, and may be written to be quoted).
    """
    asked, tried = _terms(question, drafts)
    wanted, subject = claim_words(question), content_words(" ".join(asked))  # "Cancer" holds in "cancer"

    def covered(text: str) -> int:
        return stems_held(wanted, claim_words(text))

    best: tuple[tuple[int, int, int], Document, str] | None = None
    order = 0
    for doc in documents:
        for start, end in sentence_spans(doc["text"]):
            sentence, order = doc["text"][start:end], order + 1
            found = len(tried & set(key_terms(sentence)))
            named = subject <= content_words(f"{doc['title']} {sentence}")
            if not named or not (found or covered(sentence)) or is_aside(sentence):
                continue
            rank = (found, covered(f"{title_subject(doc['title'])} {sentence}"), -order)
            if best is None or rank > best[0]:
                best = (rank, doc, sentence)
    return (best[1], best[2]) if best else None


_DECADES = re.compile(r"\b\d{3}0s\b")  # "in the 1960s": no year
_FIGURE = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\b(?: (?P<unit>[a-z]+))?")


def other_figure(
    question: str, drafts: Sequence[str], documents: Sequence[Document], passage: tuple[Document, str]
) -> tuple[Document, str] | None:
    """A sentence giving the question's figure otherwise than the quoted ``passage``, to quote beside it.

    The passage holds a figure the failed ``drafts`` tried; another sentence gives the same kind of figure
    (a year for a year, "32 atolls" for "29 atolls") that no draft tried, of the question's subject (the
    sentence opens with its name, or its own document's pronoun, or names it just before the figure:
    "Moby-Dick (1851)"), with as many of the question's words ("ran from 1939" says when it began). A
    document contradicting itself, or another document, then shows the user both. An aside is none.
    """
    tried = _terms(question, drafts)[1]
    kinds = {_kind(m) for m in _FIGURE.finditer(passage[1]) if as_number(m[1]) in tried}
    names = re.findall(NAME, question[1:])
    if not kinds or not names:
        return None
    wanted = claim_words(question)
    enough = stems_held(wanted, claim_words(f"{title_subject(passage[0]['title'])} {passage[1]}"))
    best: tuple[int, Document, str] | None = None
    for doc in documents:
        own = any(title_subject(doc["title"]) in n or n in doc["title"] for n in names)
        for start, end in sentence_spans(doc["text"]):
            sentence = _DECADES.sub("", doc["text"][start:end])
            if sentence == passage[1] or is_aside(sentence):
                continue
            figures = [m for m in _FIGURE.finditer(sentence) if as_number(m[1]) not in tried]
            of_it = [m for m in figures if _kind(m) in kinds and _of_subject(sentence, m, names, own)]
            said = claim_words(f"{title_subject(doc['title'])} {sentence}").union(*bounds(sentence).values())
            covered = stems_held(wanted, said)
            if of_it and covered >= enough and (best is None or covered > best[0]):
                best = (covered, doc, doc["text"][start:end])
    return (best[1], best[2]) if best else None


def _kind(figure: re.Match[str]) -> str:
    """A figure's kind: "year", or the word after it ("atolls")."""
    return "year" if YEAR.fullmatch(figure[1]) else figure["unit"] or ""


def _of_subject(sentence: str, figure: re.Match[str], names: list[str], own: bool) -> bool:
    """Whether the sentence gives ``figure`` of the question's subject.

    It opens with one of ``names``, or in the subject's ``own`` document with a pronoun (or with "The <noun>"
    before a figure counted in a unit: "The state comprises 32 atolls"), or names one just before the figure.
    """
    opening = any(sentence.startswith((n, f"The {n}")) for n in names)
    openers = r"It|Its|He|She|They" + (r"|The [a-z]+" if _kind(figure) != "year" else "")
    pronoun = own and re.match(rf"(?:{openers})\b", sentence) is not None
    before = sentence[max(0, figure.start() - 40) : figure.start()]
    return opening or pronoun or any(re.search(rf"{re.escape(n)}\W{{0,3}}$", before) for n in names)


def grounded_refusal(state: State, runtime: Runtime[Context]) -> Step:
    """The refusal that ends the answer, naming what its verified sentences leave out."""
    ctx = runtime.context
    if ctx.writer != "vtg" or ctx.unverified != "drop" or not ctx.grounded_refusal:
        return Step({"refusal": None})
    sentences = state["sentences"]
    verified = [s for s in sentences if s["verified_by"] != "none"]
    text: str | None  # None: the verified sentences leave nothing out
    replies, fallbacks, text = [], 0, refusal.NOTHING_VERIFIED
    omitted = [atom for s in verified for atom in s.get("omitted") or []]
    if not verified and ctx.closest_passage:
        drafts = [s["text"] for s in sentences]
        cited = list(state["cited_documents"].values())
        documents = cited + memory(state) + state["selected"]
        passage = closest_passage(state["question"], drafts, documents)
        other = other_figure(state["question"], drafts, documents, passage) if passage else None
        text = refusal.nearest(passage, written=bool(drafts), other=other) if passage else text
    elif omitted:  # atoms left out of rewritten sentences: named as they are, no model call
        text = " ".join(refusal.not_said(a) for a in omitted[:MAX_OMITTED])
    elif verified:
        if len(verified) == len(sentences) and state["retrieval_verified"]:
            return Step({"refusal": None})  # nothing dropped, and the documents were judged sufficient
        answer = " ".join(s["text"] for s in verified)
        replies = [resources.model(runtime).invoke(prompt.messages(state["question"], answer), max_tokens=24)]
        gap = checked_gap(parse_gap(replies[0].text, prompt.NONE), state["question"], answer)
        fallbacks = int(gap is None)
        text = (
            None
            if gap == ""
            else refusal.PART_UNKNOWN
            if gap is None
            else refusal.PART_MISSING.format(gap=gap)
        )
    if text:
        runtime.stream_writer({"event": "refusal", "text": text})
    return Step({"refusal": text}, replies, fallbacks)
