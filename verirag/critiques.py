"""Self-RAG's critiques as scores, in one place: ISREL, ISUSE, the segment score and ISSUP.

The segment score ranks beam candidates; ISSUP is the support decision shared by VTG's two verifier tiers, the
citation simplifier and Self-RAG's segment beam. Each is scored by the probability of its answer token.
Default ``support_decision="grounded"`` (docs/benchmarks.md): a verbatim quote, a zero-token lexical guard,
then the model's calibrated P(supported) (a bare "Yes" is never certainty); ``"issup"``: Self-RAG's ISSUP.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import cast

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.runnables import RunnableConfig

from verirag import calibration
from verirag.atoms import as_sentence, atoms, pairs, recompose, relative_heads, statements
from verirag.documents import Document
from verirag.evidence import (
    content_words,
    contrast_claims,
    dropped_partitives,
    exchanged_terms,
    governed_copies,
    held_attribute,
    misclassed_members,
    missing_terms,
    numbers_out_of_place,
    quote_text,
    restore_partitives,
    select_quotes,
    sentence_spans,
    stems_held,
    title_subject,
    uncovered_words,
    unlisted_members,
    unrelated_names,
    unstated_attributes,
)
from verirag.graph.context import Context
from verirag.models import Judgment, choice_probabilities_batch
from verirag.plans import repeats
from verirag.prompts import critiques as prompt
from verirag.prompts import entailment, slot
from verirag.prompts.documents import render_documents
from verirag.readings import (
    bare_list,
    denied_by_statement,
    listed_by_sentence,
    listed_members,
    stated_by_rank,
    verbatim_sentence,
)
from verirag.slots import BLANK, UNKNOWN, Slot, as_filled, fills, slots

GRADES = ["Fully", "Partially", "No"]
ISSUP_THRESHOLD = 0.5  # Self-RAG's ISSUP decision
QUOTE_SENTENCES = 3  # sentences quoted as evidence, across the documents checked
QUOTE_PER_DOCUMENT = 2  # ... and from one document (as benchmarked: a paragraph's best two)
SLOT_TOKENS = 16  # the slot check's answer: the words for one blank


def support_score(p: dict[str, float]) -> float:
    """s(ISSUP) from the normalised grade probabilities."""
    return p["Fully"] + 0.5 * p["Partially"]


@dataclass
class Quote:
    """A span of a document's text: the evidence a claim was judged against."""

    doc: str  # document id
    start: int
    end: int

    def as_dict(self) -> dict:
        """The quote as a dict: ``doc``, ``start`` and ``end``."""
        return {"doc": self.doc, "start": self.start, "end": self.end}


@dataclass
class Support:
    """One support decision."""

    probability: float  # P(supported) on the decision's scale
    passed: bool
    quotes: list[Quote] = field(default_factory=list)  # empty: the whole documents (issup)
    missing: list[str] = field(default_factory=list)  # key terms the documents lack (the guard)
    judgment: Judgment | None = None  # None: decided without a model call
    rival: str = ""  # the sibling rated at least as likely supported (the contrast check failed)
    atoms: list[tuple[str, Support]] = field(default_factory=list)  # atomic_claims: each atom's decision
    extra: list[AIMessage] = field(default_factory=list)  # replies of its other calls (rivals, slot fills)
    corrected: str = ""  # the claim as its quote fills a blank the slot check failed with a rival term

    @property
    def replies(self) -> list[AIMessage]:
        """Every model reply this decision asked for, each once: the usage ledger's view of its calls."""
        own = ([self.judgment.message] if self.judgment else []) + self.extra
        return list({id(m): m for m in own + [m for _, s in self.atoms for m in s.replies]}.values())


def threshold(ctx: Context) -> float:
    """The pass threshold of the run's decision."""
    if ctx.support_threshold is not None:
        return ctx.support_threshold
    return ISSUP_THRESHOLD if ctx.support_decision == "issup" else calibration.for_model(ctx.model).threshold


def quotes_for(documents: Sequence[Document], sentence: str) -> list[Quote]:
    """The verbatim evidence of the grounded decision: the sentences that cover the claim's words.

    Of sentences that cover as much, those of a document the claim names by its title come first ("The
    capital of Japan is Tokyo." is quoted from "Tokyo", not from "Osaka", whose sentence has the same words).
    """
    named = [i for i, d in enumerate(documents) if d["id"] in _named(documents, sentence)]
    return [
        Quote(documents[i]["id"], start, end)
        for i, start, end in select_quotes(
            sentence, [d.get("text", "") for d in documents], QUOTE_SENTENCES, QUOTE_PER_DOCUMENT, named
        )
    ]


def named_quotes(documents: Sequence[Document], quotes: list[Quote], sentence: str) -> list[Quote]:
    """``subject_check``: a quote from several documents keeps those the claim names.

    A document is named by a word of its title; all of them are kept when the claim names none.
    """
    if len({q.doc for q in quotes}) < 2:
        return quotes
    named = _named(documents, sentence)
    return [q for q in quotes if q.doc in named] or quotes


def _named(documents: Sequence[Document], sentence: str) -> set[str]:
    """The ids of the documents the sentence names by a word of their title."""
    words = content_words(sentence)
    return {d["id"] for d in documents if content_words(d.get("title", "")) & words}


def _quoted_documents(documents: Sequence[Document], quotes: Sequence[Quote]) -> list[Document]:
    """The documents cut down to their quoted sentences (in document order, " … " between gaps)."""
    out = []
    for doc in documents:
        spans = [(q.start, q.end) for q in quotes if q.doc == doc["id"]]
        if spans:
            out.append(
                Document(id=doc["id"], title=doc.get("title", ""), text=quote_text(doc["text"], spans))
            )
    return out


def _messages(ctx: Context, documents: Sequence[Document], question: str, sentence: str) -> list[BaseMessage]:
    if ctx.support_decision == "issup":
        return prompt.support(documents, question, sentence)
    return entailment.messages(render_documents(documents), sentence)


def _probability(ctx: Context, judgment: Judgment) -> float:
    if ctx.support_decision == "issup":
        return support_score(judgment.probabilities)
    return calibration.for_model(ctx.model).probability(judgment.probabilities["Yes"], judgment.from_text)


def claims_of(documents: Sequence[Document], sentence: str, ctx: Context) -> list[str]:
    """The claims a sentence is decided by, each on its own quote; all must pass.

    With ``atomic_claims``, its atoms; a list of values paired with a list of names, each pair
    (:func:`verirag.atoms.pairs`). Otherwise the sentence itself, unless it joins documents: each of its
    statements quoted from one document, not all the same ("Led Zeppelin formed in London, and London is
    the capital of England"), when each statement is decided on its own document's quote.
    """
    if ctx.atomic_claims:
        return atoms(sentence)
    if paired := pairs(sentence):  # "The capitals of A and B are X and Y": each pair on its own quote
        return [as_sentence(p) for p in paired]
    parts = statements(sentence)
    if len(parts) < 2:
        return [sentence]
    sources = [{q.doc for q in named_quotes(documents, quotes_for(documents, p), p)} for p in parts]
    joined = all(len(s) == 1 for s in sources) and len(set().union(*sources)) > 1
    return [as_sentence(p) for p in parts] if joined else [sentence]


def _decide_parts(
    model: BaseChatModel,
    checks: Sequence[tuple[Sequence[Document], str]],
    claims: Sequence[Sequence[str]],
    question: str,
    ctx: Context,
) -> list[Support]:
    """Each check's claims decided on their own quotes; a check passes when all do."""
    expanded = [(i, documents, claim) for i, (documents, _) in enumerate(checks) for claim in claims[i]]
    flat = decide_support(
        model,
        [(d, a) for _, d, a in expanded],
        question,
        replace(ctx, atomic_claims=False),
        [None] * len(expanded),  # quotes selected per claim, and no claim split again
    )
    out = []
    for i in range(len(checks)):
        parts = [(atom, s) for (j, _, atom), s in zip(expanded, flat, strict=True) if j == i]
        if len(parts) == 1:
            out.append(parts[0][1])
            continue
        decisions = [s for _, s in parts]
        out.append(
            Support(
                min(s.probability for s in decisions),
                all(s.passed for s in decisions),
                list({(q.doc, q.start, q.end): q for s in decisions for q in s.quotes}.values()),
                list(dict.fromkeys(t for s in decisions for t in s.missing)),
                next((s.judgment for s in decisions if s.judgment is not None), None),
                next((s.rival for s in decisions if s.rival), ""),
                parts,
            )
        )
    return out


def verified_part(sentence: str, check: Support) -> tuple[str, Support, list[str]] | None:
    """A failed ``atomic_claims`` check some of whose atoms passed, rewritten from its verified atoms.

    Returns the sentence rewritten from its verified atoms (:func:`verirag.atoms.recompose`), their joint
    decision, and the atoms left out.
    """
    kept = [(atom, s) for atom, s in check.atoms if s.passed]
    if check.passed or not kept:
        return None
    quotes = list({(q.doc, q.start, q.end): q for _, s in kept for q in s.quotes}.values())
    joint = Support(
        min(s.probability for _, s in kept),
        True,
        quotes,
        [],
        next((s.judgment for _, s in kept if s.judgment is not None), None),
        "",
        kept,
    )
    return recompose(sentence, [a for a, _ in kept]), joint, [a for a, s in check.atoms if not s.passed]


def listed_part(
    documents: Sequence[Document], sentence: str, ctx: Context
) -> tuple[str, Support, list[str]] | None:
    """A failed list sentence rewritten to the members one quoted sentence gives it (no model call).

    Its members without their qualifiers when the documents read them off ("The countries that border Hungary
    are Slovakia to the north, Ukraine to the east, …" whose directions the document gives otherwise:
    :func:`verirag.readings.bare_list`); else the members the quoted list gives, the others left out
    (:func:`verirag.readings.listed_members`: "… are China, Laos and Thailand" from "bordered by China …
    and Laos"). Same return as :func:`verified_part`; None: no such reading.
    """
    if ctx.support_decision != "grounded" or not documents:
        return None
    bare = bare_list(sentence)
    quotes = read_off(documents, bare, None) if bare else []
    if bare and quotes:
        return bare, Support(1.0, True, quotes), []
    found = listed_members(bare or sentence, [(d.get("title", ""), d["text"]) for d in documents])
    if found is None:
        return None
    text, left, index, span = found
    return text, Support(1.0, True, [Quote(documents[index]["id"], *span)]), left


def restored(documents: Sequence[Document], sentence: str, ctx: Context) -> str | None:
    """A failed sentence that names whole what its quote states only as a part, with the part put back.

    "Kyrgyzstan, …, and Kazakhstan make up Central Asia." where the quote says "and most of Kazakhstan": the
    sentence with "most of Kazakhstan"; None when it dropped no part.
    """
    if ctx.support_decision != "grounded":
        return None
    evidence = guarded(documents, sentence, ctx)[1]  # the part read where the guard read it: the quote
    return restore_partitives(sentence, [(d.get("title", ""), d["text"]) for d in evidence])


def corrected(sentence: str, check: Support, question: str) -> str | None:
    """A sentence the slot check failed, as its quote fills the blank (:attr:`Support.corrected`).

    "The director of Gone with the Wind was Victor Fleming." for "… was David O. Selznick." whose quote the
    reader fills with him. None when there is none, or when the blank held a word of the question the
    sentence states (a sentence about another subject answers another question).
    """
    fixed = check.corrected
    if not fixed or not content_words(question) & content_words(sentence) <= content_words(fixed):
        return None
    return fixed


_RELATION_WORDS = re.compile(r"(?:^|\s)([a-z][\w-]*(?: [a-z][\w-]*){0,3})\W*$")  # "Queen's lead singer."


def reworded(
    model: BaseChatModel,
    documents: Sequence[Document],
    sentence: str,
    check: Support,
    ctx: Context,
) -> str | None:
    """A sentence the guard failed only for attribute words its quote lacks, in the quote's words for it.

    "The lead vocalist of Led Zeppelin is Robert Plant." over "The band comprised vocalist Robert Plant, …":
    the quote, asked "Robert Plant is the ___ of Led Zeppelin.", fills the blank with words it writes
    ("vocalist"): "Robert Plant is the vocalist of Led Zeppelin.". Only where the quote could fill a blank of
    the sentence as written otherwise, and kept only when it fills each with the sentence's own term (the
    reader ties "lead vocalist" to the names, not the words). None otherwise; the replies asked join
    ``check``'s.
    """
    if ctx.support_decision != "grounded" or not check.missing:
        return None
    evidence = _quoted_documents(documents, check.quotes)  # the guard's quote, as it read it
    texts = [(d.get("title", ""), d["text"]) for d in evidence]
    held = held_attribute(sentence.strip())
    if (
        not evidence
        or held is None
        or set(check.missing) != set(unstated_attributes(statements(sentence), texts))
    ):
        return None
    if any(" of " in m for m in check.missing):  # another owner's attribute, not other words for it
        return None
    blanks = slot_questions(sentence, evidence)
    if not blanks:  # nothing the reader could tie the sentence's relation to
        return None
    value, verb, attribute, owner = held
    masked = f"{value} {verb} the {BLANK} of {owner}."
    asks = [slot.messages(_best_sentence(evidence, masked), masked)]
    replies = _replies(model, asks + [slot.messages(read_in, clause) for _, clause, read_in in blanks], ctx)
    check.extra += replies
    words = _RELATION_WORDS.search((replies[0].text.strip().splitlines() or [""])[0])
    if words is None or words[1] in (attribute, UNKNOWN):
        return None
    if not all(fills(r.text, b) for (b, _, _), r in zip(blanks, replies[1:], strict=True)):
        return None
    return masked.replace(BLANK, words[1])


def part_that_holds(
    model: BaseChatModel,
    documents: Sequence[Document],
    sentence: str,
    check: Support,
    question: str,
    ctx: Context,
) -> tuple[str, Support, list[str]] | None:
    """A failed check's sentence rewritten to what holds.

    Its verified atoms, else a list's members its quote gives, else the part of a name it dropped put back,
    else the term its quote gives instead, else the sentence in its quote's words (the last three decided
    again by the whole decision; the replies of a rewrite that fails join ``check``'s).
    """
    if check.passed:
        return None
    held = verified_part(sentence, check) or listed_part(documents, sentence, ctx)
    if held is not None:
        return held
    rewrites = (
        lambda: restored(documents, sentence, ctx),
        lambda: corrected(sentence, check, question),
        lambda: reworded(model, documents, sentence, check, ctx),
    )
    for rewrite in rewrites:
        fixed = rewrite()
        if fixed is None:
            continue
        (again,) = decide_support(model, [(documents, fixed)], question, ctx)
        if again.passed:
            return fixed, again, []
        check.extra += again.replies
    return None


def judge_draft(
    model: BaseChatModel,
    documents: Sequence[Document],
    sentence: str,
    question: str,
    ctx: Context,
    said: Sequence[str] = (),
) -> tuple[Support, list[AIMessage], dict]:
    """The writing stage's check of a draft against ``documents``: the decision, then what holds of it.

    Returns the check (of the rewritten sentence when one holds), every reply asked, and the draft's fields it
    sets: ``atoms``, and for a rewrite ``text`` and ``omitted``. A rewrite that restates the sentences
    ``said`` is none (:func:`verirag.plans.repeats`): the draft fails as written.
    """
    (check,) = decide_support(model, [(documents, sentence)], question, ctx)
    fields: dict = {"atoms": atom_records(check)}
    part = part_that_holds(model, documents, sentence, check, question, ctx)
    replies = list(check.replies)
    if part is not None and said and repeats(part[0], said):
        replies += [m for m in part[1].replies if all(m is not r for r in replies)]
        part = None
    if part is not None:  # what holds of it: the sentence is rewritten to that, the rest left out
        fields["text"], check, fields["omitted"] = part
        replies += [m for m in check.replies if all(m is not r for r in replies)]
    return check, replies, fields


def atom_records(check: Support) -> list[dict]:
    """The contract's view of a check's atoms: text, verdict, P(supported) and quotes of each."""
    return [
        {
            "text": atom,
            "verified": s.passed,
            "support": round(s.probability, 4),
            "quotes": [q.as_dict() for q in s.quotes],
        }
        for atom, s in check.atoms
    ]


def guarded(
    documents: Sequence[Document], sentence: str, ctx: Context, given: Sequence[Quote] | None = None
) -> tuple[list[Quote], list[Document], list[str]]:
    """The zero-token part of the grounded decision: the quote, the documents cut to it, the missing terms.

    The quote is ``given``, or selected and, with ``subject_check``, kept to the documents the sentence names.
    The missing terms are the sentence's key terms the quote lacks, or states only away from what the sentence
    says of them (any: the sentence fails without a model call).
    """
    chosen = list(given) if given is not None else quotes_for(documents, sentence)
    if ctx.subject_check and given is None:
        chosen = named_quotes(documents, chosen, sentence)
    evidence = _quoted_documents(documents, chosen)
    quoted = " ".join(f"{d.get('title', '')}. {d['text']}" for d in evidence)
    missing = missing_terms(sentence, quoted)
    missing += [w for w in uncovered_words(sentence, quoted) if w not in missing]
    missing += [
        w for head in relative_heads(sentence) for w in uncovered_words(head, quoted) if w not in missing
    ]
    texts = [(d.get("title", ""), d["text"]) for d in evidence]
    said = statements(sentence)
    moved = (
        numbers_out_of_place(atoms(sentence), texts)
        + unlisted_members(said, texts)
        + unstated_attributes(said, texts)
        + exchanged_terms(sentence, texts)
        + unrelated_names(said, texts)
        + misclassed_members(said)
        + governed_copies(sentence, texts)
        + dropped_partitives(sentence, texts)
    )
    return chosen, evidence, missing + [n for n in moved if n not in missing]


_READINGS = (verbatim_sentence, stated_by_rank, denied_by_statement, listed_by_sentence)


def read_off(documents: Sequence[Document], sentence: str, given: Sequence[Quote] | None) -> list[Quote]:
    """The quoted sentence the sentence copies, or whose rank, one-of-a-kind attribute or list entails it.

    ("Karachi is larger than Lahore", "Mombasa is not the capital of Kenya", "Algeria borders Tunisia and
    Libya"); none: no such sentence.
    """
    if given is not None:
        quoted = [(d.get("title", ""), d["text"]) for d in _quoted_documents(documents, given)]
        return list(given) if any(read(sentence, quoted) for read in _READINGS) else []
    texts = [(d.get("title", ""), d["text"]) for d in documents]
    found = next((f for read in _READINGS if (f := read(sentence, texts))), None)
    return [Quote(documents[found[0]]["id"], *found[1])] if found else []


def decide_support(
    model: BaseChatModel,
    checks: Sequence[tuple[Sequence[Document], str]],
    question: str,
    ctx: Context,
    quotes: Sequence[Sequence[Quote] | None] | None = None,
) -> list[Support]:
    """The decision for each (documents, sentence) check; independent model calls run together.

    Up to ``max_concurrency`` calls run at once. ``quotes[i]``, when given, is the evidence of check i
    (default: selected).
    """
    if ctx.support_decision == "grounded" and quotes is None:
        claims = [
            claims_of(list(documents), sentence, ctx) if documents else [sentence]
            for documents, sentence in checks
        ]
        if any(len(c) > 1 for c in claims):
            return _decide_parts(model, checks, claims, question, ctx)
    results: list[Support | None] = []
    asks: list[tuple[int, list[BaseMessage], list[Quote], list[Document]]] = []
    for i, (documents, sentence) in enumerate(checks):
        documents = list(documents)
        if not documents:
            results.append(Support(0.0, False))
            continue
        if ctx.support_decision == "issup":
            asks.append((i, _messages(ctx, documents, question, sentence), [], documents))
            results.append(None)
            continue
        given = quotes[i] if quotes is not None and quotes[i] is not None else None
        copied = read_off(documents, sentence, given)
        if copied:
            results.append(Support(1.0, True, copied))  # settled by one quoted sentence, no model call
            continue
        chosen, evidence, missing = guarded(documents, sentence, ctx, given)
        if missing or not evidence:
            results.append(Support(0.0, False, chosen, missing))
            continue
        asks.append((i, _messages(ctx, evidence, question, sentence), chosen, evidence))
        results.append(None)
    choices = GRADES if ctx.support_decision == "issup" else ["Yes", "No"]
    judgments = choice_probabilities_batch(
        model, [m for _, m, _, _ in asks], choices, "No", ctx.max_concurrency
    )
    bar = threshold(ctx)
    rivals: list[tuple[Support, str, list[BaseMessage]]] = []
    for (i, _, chosen, evidence), judgment in zip(asks, judgments, strict=True):
        p = _probability(ctx, judgment)
        support = results[i] = Support(p, p >= bar, chosen, [], judgment)
        if support.passed and ctx.contrast_check and ctx.support_decision == "grounded":
            quoted = " ".join(d["text"] for d in evidence)
            rivals += [
                (support, sibling, _messages(ctx, evidence, question, sibling))
                for sibling in contrast_claims(checks[i][1], quoted)
            ]
    rated = choice_probabilities_batch(model, [m for _, _, m in rivals], choices, "No", ctx.max_concurrency)
    for (support, sibling, _), judgment in zip(rivals, rated, strict=True):
        support.extra.append(judgment.message)
        if support.passed and _probability(ctx, judgment) >= support.probability:
            support.passed, support.rival = False, sibling
    if ctx.slot_check and ctx.support_decision == "grounded":
        _check_slots(model, [(results[i], checks[i][1], evidence) for i, _, _, evidence in asks], ctx)
    return [r for r in results if r is not None]


def minimal_quotes(
    model: BaseChatModel,
    documents: Sequence[Document],
    sentence: str,
    quotes: Sequence[Quote],
    question: str,
    ctx: Context,
) -> tuple[list[Quote], list[Support]]:
    """VTG's simplifier at sentence granularity: the quote cut down to the sentences the claim needs.

    Each quoted sentence, in turn, is dropped for good when the rest of the quote still supports the claim (at
    least one is kept). Returns the quote left and the checks asked.
    """
    quotes, checks = list(quotes), []
    for quote in list(quotes):
        if len(quotes) == 1:
            break
        rest = [q for q in quotes if q != quote]
        (check,) = decide_support(
            model,
            [([d for d in documents if any(q.doc == d["id"] for q in rest)], sentence)],
            question,
            ctx,
            [rest],
        )
        checks.append(check)
        if check.passed:
            quotes = rest
    return quotes, checks


def _best_sentence(evidence: Sequence[Document], masked: str) -> str:
    """The one quoted sentence that covers most of the blanked claim, rendered with its title.

    A blank is read in the sentence that states the relation, not beside the quote's distractors. A sentence
    counts its document's title ("Its capital is Tokyo." of "Japan" covers "the capital of Japan"); ties go to
    the sentence that states more itself, then to the earlier one. A hyphenated word of a quoted sentence
    covers its parts too ("second-largest" covers "largest"), a derived word its stem ("directed by" covers
    "the director").
    """

    def words(text: str) -> set[str]:
        return content_words(text) | content_words(text.replace("-", " "))

    wanted = content_words(masked)
    best, key = (0, 0, len(evidence[0]["text"])), (-1, -1)
    for i, doc in enumerate(evidence):
        title = words(doc.get("title", ""))
        for start, end in sentence_spans(doc["text"]):
            said = words(doc["text"][start:end])
            score = (stems_held(wanted, said | title), stems_held(wanted, said))
            if score > key:
                best, key = (i, start, end), score
    i, start, end = best
    name, text = evidence[i].get("title", ""), evidence[i]["text"][start:end]
    return render_documents([Document(id=evidence[i]["id"], title=name, text=text)])


def slot_questions(sentence: str, evidence: Sequence[Document]) -> list[tuple[Slot, str, str]]:
    """The slot check's blanks of ``sentence`` in its quoted ``evidence``, each with its question and text.

    The question is the clause (:func:`verirag.atoms.atoms`) holding the blank, read in the one quoted
    sentence that covers that clause best (a two-document claim's blank is asked of its own document), which
    is the text returned.
    """
    quoted = " ".join(f"{d.get('title', '')}. {d['text']}" for d in evidence)
    out = []
    for blank in slots(sentence, quoted, titles=[d.get("title", "") for d in evidence]):
        clause = next((a for a in atoms(blank.masked) if BLANK in a), blank.masked)
        out.append((blank, clause, _best_sentence(evidence, clause)))
    return out


def _check_slots(
    model: BaseChatModel, passed: Sequence[tuple[Support | None, str, list[Document]]], ctx: Context
) -> None:
    """``slot_check``: each blank of a passing claim must be filled by the quote with the claim's own term.

    Else it fails, ``rival`` shows the claim as the quote fills it, and ``corrected`` the claim with the rival
    term the quote names (:func:`verirag.slots.as_filled`).
    """
    asks = []
    for support, sentence, evidence in passed:
        if support is None or not support.passed:
            continue
        asks += [
            (support, blank, slot.messages(read_in, clause), evidence)
            for blank, clause, read_in in slot_questions(sentence, evidence)
        ]
    replies = _replies(model, [m for _, _, m, _ in asks], ctx)
    for (support, blank, _, evidence), reply in zip(asks, replies, strict=True):
        support.extra.append(reply)
        if support.passed and not fills(reply.text, blank):
            support.passed = False
            answer = reply.text.strip().splitlines()[0][:80] if reply.text.strip() else UNKNOWN
            support.rival = blank.masked.replace(BLANK, answer)
            subjects = [title_subject(d["title"]) for d in evidence]
            support.corrected = as_filled(reply.text, blank, " ".join(d["text"] for d in evidence), subjects)


def _replies(model: BaseChatModel, asks: Sequence[list[BaseMessage]], ctx: Context) -> list[AIMessage]:
    """The model's replies naming a blank's words (at most :data:`SLOT_TOKENS`), batched."""
    if not asks:
        return []
    config = RunnableConfig(max_concurrency=max(1, ctx.max_concurrency))
    return [cast(AIMessage, r) for r in model.batch(list(asks), config=config, max_tokens=SLOT_TOKENS)]


# -- ISREL, ISUSE and the segment score --------------------------------------------------------------
RATINGS = ["1", "2", "3", "4", "5"]
USEFULNESS_WEIGHTS = {"1": -1.0, "2": -0.5, "3": 0.0, "4": 0.5, "5": 1.0}


def relevance(
    model: BaseChatModel, documents: Sequence[Document], question: str, ctx: Context
) -> list[Judgment]:
    """ISREL of each document for the question; s(ISREL) = p(Relevant) (normalised against Irrelevant)."""
    return choice_probabilities_batch(
        model,
        [prompt.relevance(d, question) for d in documents],
        ["Relevant", "Irrelevant"],
        "Irrelevant",
        ctx.max_concurrency,
    )


def usefulness(model: BaseChatModel, answers: Sequence[str], question: str, ctx: Context) -> list[Judgment]:
    """ISUSE of each answer: the 1-5 rating as a distribution over the five digits."""
    return choice_probabilities_batch(
        model, [prompt.usefulness(question, a) for a in answers], RATINGS, "3", ctx.max_concurrency
    )


def usefulness_scores(p: dict[str, float]) -> dict[str, float]:
    """s(ISUSE) = Σ wᵢ·p(i) in [−1, 1] ("utility") and the expected 1-5 rating."""
    return {
        "utility": round(sum(USEFULNESS_WEIGHTS[r] * p[r] for r in RATINGS), 4),
        "rating": round(sum(int(r) * p[r] for r in RATINGS), 4),
    }


def segment_score(
    probability: float | None, relevance: float, support: float, usefulness: float, ctx: Context
) -> float:
    """Self-RAG's segment score: p + w_rel·ISREL + w_sup·ISSUP + w_use·ISUSE (p = 0 when unknown)."""
    return (probability or 0.0) + ctx.w_rel * relevance + ctx.w_sup * support + ctx.w_use * usefulness
