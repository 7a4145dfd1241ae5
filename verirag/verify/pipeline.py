"""The support decision, in the order it is made: read this file to name every step.

A sentence is decided against its documents in these steps, each named (the name a verdict's ``decided_by``
gives, and the name ``Context.checks_off`` switches it off by):

1. ``parts`` — a claim of several parts (atoms, pairs, statements from different documents) is decided part
   by part, each on its own quote; it holds when every part does (:mod:`verirag.verify.parts`).
2. :data:`READINGS` — one quoted sentence settles the claim: it passes, no model call.
3. :data:`GUARD` — zero-token checks of the claim against its quote (:mod:`verirag.verify.evidence`): any
   term found missing or misplaced fails it, no model call.
4. ``entailment`` — the model asked whether the quote supports the claim, by its calibrated P(Yes) against
   the threshold (under ``support_decision="issup"``: Self-RAG's ISSUP, the steps 2-3 and 5-6 skipped);
   ``weighing`` — for a model with weights, a guard finding its weights name does not fail the claim in step
   3 but is weighed here with P(Yes) (and in step 6 a rival fill, where weighed) into one score
   (:mod:`verirag.verify.weighing`).
5. ``contrast`` (off by default) — a sibling claim the quote makes false, rated as likely, fails it.
6. ``slots`` — a name or number the quote could fill otherwise, filled by it with a rival term, fails it.

Steps 2-6 run as :data:`DECISION` lists them, each over the claims still open, their model calls batched. A
failed draft of the writing stage is then rewritten to what holds (:data:`REWRITES`, the first that holds
wins), unless the rewrite restates the sentences already said (``repeats``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage

from verirag import calibration
from verirag.documents import Document
from verirag.errors import VeriragError
from verirag.graph.context import Context
from verirag.models import Judgment
from verirag.verify.checks import (
    attribute,
    bounded,
    contrast,
    coverage,
    entailment,
    fragment,
    implied_owner,
    joined_names,
    key_terms,
    list_members,
    member_kind,
    mentioned,
    number_context,
    partitive,
    relayed,
    scope,
    shared_role,
    slots,
    term_order,
)
from verirag.verify.claim import Claim
from verirag.verify.evidence import Evidence, cut, select
from verirag.verify.parts import parts
from verirag.verify.readings import denial, listing, rank, stated, verbatim
from verirag.verify.repeats import repeats
from verirag.verify.rewrites import (
    bare_list,
    corrected_term,
    listed_members,
    restated_attribute,
    restored_part,
    verified_atoms,
    verified_statements,
)
from verirag.verify.verdict import Failed, Finding, Quote, Rewrite, Support, atom_records
from verirag.verify.weighing import vetoed, weighed

Reading = Callable[[str, Sequence[tuple[str, str]]], "tuple[int, tuple[int, int]] | None"]
Check = Callable[[Claim, Evidence], list[str]]
Propose = Callable[[Failed, BaseChatModel, Context], "Rewrite | None"]

# 2. one quoted sentence settles it, in this order: copied, entailed by a stated rank, denied where another
# name holds a one-of-a-kind attribute, every member of a list given by the claim's relation, the claim's
# attribute of its owner stated in one clause
READINGS: tuple[tuple[str, Reading], ...] = (
    ("verbatim", verbatim.verbatim_sentence),
    ("rank", rank.stated_by_rank),
    ("denial", denial.denied_by_statement),
    ("listing", listing.listed_by_sentence),
    ("stated", stated.stated_attribute),
)
# 3. the guard: each names the terms of the claim its quote lacks or states otherwise
GUARD: tuple[tuple[str, Check], ...] = (
    ("key_terms", key_terms.check),  # numbers, names, negation, superlatives
    ("coverage", coverage.check),  # most of its words
    ("number_context", number_context.check),  # each number beside what its clause says
    ("scope", scope.check),  # no metropolitan or urban figure said of the place itself
    ("bounded", bounded.check),  # no superlative said without the place the quote bounds it to
    ("relayed", relayed.check),  # no term the quote only asks its reader to say
    ("mentioned", mentioned.check),  # no statement the quote only quotes
    ("list_members", list_members.check),  # no member swapped into the quote's list
    ("attribute", attribute.check),  # "the <attribute> of <Name>" in the quote's words, of that name
    ("implied_owner", implied_owner.check),  # not "X's fur" where the quote's "The fur" is its subject's
    ("term_order", term_order.check),  # no two terms the other way round
    ("joined_names", joined_names.check),  # two names one document names together
    ("shared_role", shared_role.check),  # not "the founder" where the quote names co-founders
    ("member_kind", member_kind.check),  # no sea in a list of countries
    ("fragment", fragment.check),  # no copy of a fragment another word governs
    ("partitive", partitive.check),  # no "most of X" stated as X
)
# the writing stage's rewrites of a failed draft, in this order; how each is held: by the decision it comes
# with, read off one sentence again (the readings), or decided again (the whole decision)
REWRITES: tuple[tuple[str, Propose, Literal["held", "read", "decided", "each"]], ...] = (
    ("verified_atoms", verified_atoms.propose, "held"),
    ("verified_statements", verified_statements.propose, "each"),
    ("bare_list", bare_list.propose, "read"),
    ("listed_members", listed_members.propose, "held"),
    ("restored_part", restored_part.propose, "decided"),
    ("corrected_term", corrected_term.propose, "decided"),
    ("restated_attribute", restated_attribute.propose, "decided"),
)
# every step a run can switch off by name (``Context.checks_off``); entailment is the decision itself
SWITCHES: tuple[str, ...] = (
    "parts",
    *dict(READINGS),
    *dict(GUARD),
    "weighing",
    "contrast",
    "slots",
    *(name for name, _, _ in REWRITES),
    "repeats",
)


@dataclass
class _Case:
    """A claim on its way through the decision (the runner's own working record)."""

    sentence: str
    documents: list[Document]
    given: Sequence[Quote] | None
    evidence: Evidence | None = None
    verdict: Support | None = None
    found: tuple[Finding, ...] = ()  # the guard's findings left to weigh (none vetoed it)


def _on(ctx: Context, name: str) -> bool:
    return name not in ctx.checks_off


def _grounded(ctx: Context) -> bool:
    return ctx.support_decision == "grounded"


def read_off(
    documents: Sequence[Document], sentence: str, given: Sequence[Quote] | None, ctx: Context
) -> Support | None:
    """Step 2: the verdict of the first reading one sentence of the documents (or ``given`` quote) settles.

    A sentence that asks its reader to say something settles nothing: the guard reads it (``relayed``).
    """
    if given is not None:
        quoted = cut(documents, given).texts
        if any(relayed.asks(text) for _, text in quoted):
            return None
        name = next((n for n, read in READINGS if _on(ctx, n) and read(sentence, quoted)), None)
        return Support(1.0, True, name, tuple(given)) if name else None
    texts = [(d.get("title", ""), d["text"]) for d in documents]
    for name, read in READINGS:
        found = read(sentence, texts) if _on(ctx, name) else None
        if found and not relayed.asks(texts[found[0]][1][slice(*found[1])]):
            return Support(1.0, True, name, (Quote(documents[found[0]]["id"], *found[1]),))
    return None


def _read(model: BaseChatModel, cases: list[_Case], question: str, ctx: Context) -> None:
    for case in cases:
        case.verdict = read_off(case.documents, case.sentence, case.given, ctx)


def guarded(
    documents: Sequence[Document], sentence: str, ctx: Context, given: Sequence[Quote] | None = None
) -> tuple[Evidence, tuple[Finding, ...]]:
    """Step 3: the claim's evidence (the ``given`` quote, or one selected), and what the guard finds in it."""
    evidence = select(documents, sentence, ctx.subject_check, given)
    claim = Claim.of(sentence)
    found = tuple(Finding(n, tuple(t)) for n, check in GUARD if _on(ctx, n) and (t := check(claim, evidence)))
    return evidence, found


def _weighing(ctx: Context) -> bool:
    return _grounded(ctx) and _on(ctx, "weighing") and bool(calibration.for_model(ctx.model).weighing)


def _weighs(ctx: Context, name: str) -> bool:
    return _weighing(ctx) and name in dict(calibration.for_model(ctx.model).weighing)


def _guard(model: BaseChatModel, cases: list[_Case], question: str, ctx: Context) -> None:
    weights = dict(calibration.for_model(ctx.model).weighing) if _weighing(ctx) else None
    for case in cases:
        case.evidence, found = guarded(case.documents, case.sentence, ctx, case.given)
        evidence = case.evidence
        if weights and evidence.documents and not vetoed(found, weights, evidence.joined):
            case.found = found  # weighed with the model's judgment
        elif found or not evidence.documents:
            case.verdict = Support(
                0.0, False, found[0].check if found else "no_quote", evidence.quotes, found
            )


def _judge(model: BaseChatModel, cases: list[_Case], question: str, ctx: Context) -> None:
    asks = [
        entailment.question(ctx, c.evidence.documents if c.evidence else c.documents, question, c.sentence)
        for c in cases
    ]  # the quote; issup: the whole documents
    bar = _bar(ctx)
    for case, judgment in zip(cases, entailment.judge(model, asks, ctx), strict=True):
        p = _probability(ctx, judgment, case.found, quote=case.evidence.joined if case.evidence else "")
        quotes = case.evidence.quotes if case.evidence else ()
        by = "weighing" if case.found else "entailment"
        case.verdict = Support(p, p >= bar, by, quotes, case.found, judgment)


def _probability(
    ctx: Context, judgment: Judgment, found: Sequence[Finding], rival: bool = False, quote: str = ""
) -> float:
    """P(supported) of a judgment: weighed with the findings (and a rival fill) when the model has weights."""
    if found and judgment.from_text:
        return 0.0  # a bare reply has no P(Yes) to weigh: any finding fails it, as in the chain
    if judgment.from_text or not _weighing(ctx):
        return entailment.probability(ctx, judgment)
    return weighed(calibration.for_model(ctx.model), found, judgment.probabilities["Yes"], rival, quote)


def _bar(ctx: Context) -> float:
    """The pass threshold: the run's own, the weighed decision's, or the judge's calibrated one."""
    if ctx.support_threshold is None and _weighing(ctx):
        return calibration.for_model(ctx.model).weighed_threshold
    return entailment.threshold(ctx)


def _contrast(model: BaseChatModel, cases: list[_Case], question: str, ctx: Context) -> None:
    rated: list[tuple[_Case, str, list[BaseMessage]]] = []
    for case in cases:
        assert case.evidence is not None
        quoted = " ".join(d["text"] for d in case.evidence.documents)
        rated += [
            (case, sibling, entailment.question(ctx, case.evidence.documents, question, sibling))
            for sibling in contrast.contrast_claims(case.sentence, quoted)
        ]
    judgments = entailment.judge(model, [m for _, _, m in rated], ctx)
    for (case, sibling, _), judgment in zip(rated, judgments, strict=True):
        verdict = case.verdict
        assert verdict is not None
        failed = verdict.passed and entailment.probability(ctx, judgment) >= verdict.probability
        case.verdict = replace(
            verdict,
            passed=verdict.passed and not failed,
            decided_by="contrast" if failed else verdict.decided_by,
            findings=verdict.findings + ((Finding("contrast", (), sibling),) if failed else ()),
            extra=verdict.extra + (judgment.message,),
        )


def _slots(model: BaseChatModel, cases: list[_Case], question: str, ctx: Context) -> None:
    asks = []
    for case in cases:
        assert case.evidence is not None
        asks += [
            (case, blank, slots.messages(read_in, clause))
            for blank, clause, read_in in slots.questions(case.sentence, case.evidence)
        ]
    replies = slots.ask(model, [m for _, _, m in asks], ctx)
    for (case, blank, _), reply in zip(asks, replies, strict=True):
        verdict = case.verdict
        assert verdict is not None and case.evidence is not None
        failed = slots.failed(reply, blank, case.evidence) if verdict.passed else None
        if (
            failed
            and verdict.judgment is not None
            and _weighs(ctx, "slots")
            and not verdict.judgment.from_text
        ):
            p = _probability(ctx, verdict.judgment, verdict.findings, True, case.evidence.joined)
            if p >= _bar(ctx):  # weighed, the rival does not outweigh the rest
                case.verdict = replace(verdict, probability=p, extra=verdict.extra + (reply,))
                continue
        case.verdict = replace(
            verdict,
            passed=verdict.passed and failed is None,
            decided_by="slots" if failed else verdict.decided_by,
            findings=verdict.findings + ((failed[0],) if failed else ()),
            extra=verdict.extra + (reply,),
            corrected=failed[1] if failed else verdict.corrected,
        )


def _open(case: _Case) -> bool:
    return case.verdict is None


def _judged(case: _Case) -> bool:
    return case.verdict is not None and case.verdict.passed and case.verdict.judgment is not None


Stage = Callable[[BaseChatModel, list[_Case], str, Context], None]
# steps 2-6 as they run, each on the claims it takes: those still undecided, or those the judge passed so far
DECISION: tuple[tuple[str, Stage, Callable[[_Case], bool]], ...] = (
    ("readings", _read, _open),
    ("guard", _guard, _open),
    ("entailment", _judge, _open),
    ("contrast", _contrast, _judged),
    ("slots", _slots, _judged),
)


def _stage_on(name: str, ctx: Context) -> bool:
    if name in ("readings", "guard"):
        return _grounded(ctx)
    if name == "contrast":
        return _grounded(ctx) and ctx.contrast_check and _on(ctx, name)
    if name == "slots":
        return _grounded(ctx) and ctx.slot_check and _on(ctx, name)
    return True


def decide(
    model: BaseChatModel,
    checks: Sequence[tuple[Sequence[Document], str]],
    question: str,
    ctx: Context,
    quotes: Sequence[Sequence[Quote] | None] | None = None,
) -> list[Support]:
    """The decision for each (documents, sentence) check; independent model calls run together.

    Up to ``max_concurrency`` calls run at once. ``quotes[i]``, when given, is the evidence of check i
    (default: selected), and no claim is decided in parts.
    """
    if unknown := set(ctx.checks_off) - set(SWITCHES):
        raise VeriragError(
            f"checks_off names no step: {', '.join(sorted(unknown))} (steps: {', '.join(SWITCHES)})"
        )
    if _grounded(ctx) and quotes is None and _on(ctx, "parts"):
        split = [parts(list(d), Claim.of(s), ctx) if d else [s] for d, s in checks]
        if any(len(p) > 1 for p in split):
            return _decide_parts(model, checks, split, question, ctx)
    cases = [_Case(s, list(d), quotes[i] if quotes is not None else None) for i, (d, s) in enumerate(checks)]
    for case in cases:
        if not case.documents:
            case.verdict = Support(0.0, False, "no_documents")
    for name, stage, takes in DECISION:
        if _stage_on(name, ctx):
            stage(model, [c for c in cases if takes(c)], question, ctx)
    return [c.verdict for c in cases if c.verdict is not None]


def _decide_parts(
    model: BaseChatModel,
    checks: Sequence[tuple[Sequence[Document], str]],
    claims: Sequence[Sequence[str]],
    question: str,
    ctx: Context,
) -> list[Support]:
    """Each check's claims decided on their own quotes; a check passes when all do."""
    expanded = [(i, documents, claim) for i, (documents, _) in enumerate(checks) for claim in claims[i]]
    flat = decide(
        model,
        [(d, a) for _, d, a in expanded],
        question,
        replace(ctx, atomic_claims=False),
        [None] * len(expanded),  # quotes selected per claim, and no claim split again
    )
    out = []
    for i in range(len(checks)):
        held = [(atom, s) for (j, _, atom), s in zip(expanded, flat, strict=True) if j == i]
        if len(held) == 1:
            out.append(held[0][1])
            continue
        decisions = [s for _, s in held]
        failed = next((s for s in decisions if not s.passed), None)
        out.append(
            Support(
                min(s.probability for s in decisions),
                failed is None,
                failed.decided_by if failed else "parts",
                tuple({(q.doc, q.start, q.end): q for s in decisions for q in s.quotes}.values()),
                tuple(f for s in decisions for f in s.findings),
                next((s.judgment for s in decisions if s.judgment is not None), None),
                tuple(held),
            )
        )
    return out


def _rewritten(
    model: BaseChatModel,
    documents: Sequence[Document],
    sentence: str,
    check: Support,
    question: str,
    ctx: Context,
) -> tuple[tuple[str, Support, list[str]] | None, list[AIMessage]]:
    """The first rewrite of a failed check that holds, and the replies spent on those that did not.

    A rewrite that holds is its text, its decision and the parts of the claim it leaves out.
    """
    spent: list[AIMessage] = []
    failed = Failed(documents, sentence, check, question)
    for name, propose, held_by in REWRITES:
        found = propose(failed, model, ctx) if _on(ctx, name) else None
        if found is None:
            continue
        spent += found.asked
        if not found.text:
            continue
        if held_by == "held":
            assert found.support is not None
            return (found.text, found.support, list(found.omitted)), spent
        if held_by == "each":
            held, asked = _held_parts(model, documents, found, question, ctx, name)
            if held is not None:
                return held, spent
            spent += asked
            continue
        if held_by == "read":
            again = read_off(documents, found.text, None, ctx)
            if again is not None:
                return (found.text, again, []), spent
            continue
        (again,) = decide(model, [(documents, found.text)], question, ctx)
        if again.passed:
            return (found.text, again, []), spent
        spent += again.replies
    return None, spent


def _held_parts(
    model: BaseChatModel,
    documents: Sequence[Document],
    rewrite: Rewrite,
    question: str,
    ctx: Context,
    name: str,
) -> tuple[tuple[str, Support, list[str]] | None, list[AIMessage]]:
    """The rewrite's parts that hold, each decided alone, as one rewrite (None: none holds); the replies.

    A part whose head (``Rewrite.heads``) fails is left out with it.
    """
    claims = rewrite.parts
    decided = decide(model, [(documents, c) for c in claims], question, replace(ctx, atomic_claims=False))
    asked = list({id(m): m for s in decided for m in s.replies}.values())
    passed = {c for c, s in zip(claims, decided, strict=True) if s.passed}
    kept = [(c, s) for c, s in zip(claims, decided, strict=True) if {c, *rewrite.heads.get(c, ())} <= passed]
    if not kept:
        return None, asked
    joint = Support.joint(kept, name, asked)
    left = [c for c in claims if c not in dict(kept)]
    return (" ".join(c for c, _ in kept), joint, left), asked


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
    ``said`` is none (``repeats``): the draft fails as written.
    """
    (check,) = decide(model, [(documents, sentence)], question, ctx)
    fields: dict = {"atoms": atom_records(check)}
    part, spent = (
        _rewritten(model, documents, sentence, check, question, ctx) if not check.passed else (None, [])
    )
    first = replace(check, extra=check.extra + tuple(spent))
    replies = list(first.replies)
    if part is not None and said and _on(ctx, "repeats") and repeats(part[0], said):
        replies += [m for m in part[1].replies if all(m is not r for r in replies)]
        part = None
    if part is None:
        return first, replies, fields
    fields["text"], rewritten, fields["omitted"] = part
    replies += [m for m in rewritten.replies if all(m is not r for r in replies)]
    return rewritten, replies, fields
