"""Graph state, its field names following the papers.

``selected`` (LLatrieval's D), ``candidates`` (D_c), ``long_term_memory`` and ``short_term_memory`` (VTG),
``sentences`` (the kept output O). Documents are referred to by their stable ids everywhere, so citation
numbers never shift while the memories change; :mod:`verirag.nodes.writing.finalize` (or ``compose_answer``
for a planned question) renumbers them [1]..[n] only for the final answer.
"""

from __future__ import annotations

import operator
from typing import Annotated, Literal, NotRequired, Required

from typing_extensions import TypedDict

from verirag.documents import Document
from verirag.usage import merge_usage

VerifiedBy = Literal["citations", "memory", "none"]


def _merge_documents(left: dict | None, right: dict | None) -> dict:
    return {**(left or {}), **(right or {})}


def memory(state: State) -> list[Document]:
    """Long-term memory then short-term memory, without duplicates (VTG's D_L ∪ D_S)."""
    seen: dict[str, Document] = {}
    for doc in state["long_term_memory"] + state["short_term_memory"]:
        seen.setdefault(doc["id"], doc)
    return list(seen.values())


def said(state: State) -> list[str]:
    """The texts of the sentences kept so far, verified or not."""
    return [s["text"] for s in state["sentences"]]


def current_draft(state: State) -> Draft:
    """The sentence under verification.

    The nodes from ``cite`` to ``keep_sentence`` (and the evidence finder) run only while there is one:
    :func:`verirag.graph.routing.route_after_sentence` ends the answer on an empty draft.
    """
    draft = state["draft"]
    if draft is None:
        raise TypeError("no sentence under verification (draft is None)")
    return draft


def answer_sentences(sentences: list[Sentence], unverified: str, writer: str = "vtg") -> list[Sentence]:
    """The kept sentences that the answer text shows: all of them, or only the verified ones.

    Only the verified ones when the writer drops unverified sentences (``Context.unverified == "drop"``).
    """
    if writer == "vtg" and unverified == "drop":
        return [s for s in sentences if s["verified_by"] != "none"]
    return list(sentences)


class Sentence(TypedDict):
    """One kept sentence of the answer."""

    text: str
    citations: list[str]  # document ids, never positions
    support: float | None  # probability-scored support of the cited docs (None: not judged)
    verified_by: VerifiedBy
    score: float | None  # Self-RAG segment-beam score of the sentence (None: no beam)
    generation: (
        int  # which generation of the sentence was kept: 1 the first, n after n - 1 evidence-finder trials
    )
    quotes: list[dict]  # [{"doc": id, "start", "end"}]: the cited sentences that support it (verified only)
    atoms: NotRequired[list[dict]]  # atomic_claims: [{"text", "verified", "support", "quotes"}] per atom
    omitted: NotRequired[list[str]]  # atoms the documents did not support, left out of the rewritten text
    decided_by: NotRequired[str]  # the step of the support decision that settled it (verirag.verify.pipeline)
    found: NotRequired[list[dict]]  # what its checks found: [{"check", "terms"?, "said"?}]
    part: NotRequired[int]  # a planned question: the index of the part that wrote it (see Part)


DraftStatus = Literal["drafted", "cited", "unchecked", "supported", "unsupported", "exhausted", "simplified"]


class Draft(TypedDict):
    """The sentence being written, with its citations and where it stands in VTG's checks."""

    text: str
    citations: list[str]  # document ids
    support: float | None  # s(ISSUP) of the last check
    verified_by: VerifiedBy
    status: DraftStatus
    score: float | None  # segment-beam score (None: no beam)
    trials_before: int  # evidence-finder trials spent on this sentence before this draft was generated
    quotes: list[dict]  # the evidence of the last passing check ({"doc", "start", "end"})
    atoms: NotRequired[list[dict]]  # atomic_claims: each atom's verdict (see Sentence)
    omitted: NotRequired[list[str]]  # atoms left out when the draft was rewritten from its verified ones
    decided_by: NotRequired[str]  # the step of the last check that settled it
    found: NotRequired[list[dict]]  # what that check's steps found


class BestTrial(TypedDict):
    """The best-supported failed draft of the current sentence, with the documents it cited."""

    draft: Draft
    documents: list[Document]


class Verification(TypedDict):
    """One LLatrieval verification of D."""

    iteration: int
    query: str
    score: float  # P(answerable) in classify mode, the 0-10 score in score mode, 1.0 when off
    passed: bool
    final: bool  # passed, or the iteration cap T was reached
    selected: list[Document]


class Part(TypedDict):
    """One part of a planned question, answered by the whole retrieval and writing pipeline."""

    index: int  # order in which the parts were asked
    origin: int  # the sub-question of the plan it asks (a dependent one: filled with its members)
    question: str
    depends_on: int | None  # the part whose verified answer named ``members`` (None: asked from the start)
    members: list[str]  # the names it asks about (several when they outnumbered the parts left)
    member_questions: list[str]  # the question asked of each member alone
    proposed: bool  # the model's names for a set, each in a claim a document supports (propose_members)
    answer: str  # the part's own answer text, its refusal included
    verified: bool  # at least one of its sentences verified
    sentences: list[Sentence]
    documents: dict[str, dict]  # doc id -> the output contract's document
    refusal: str | None


class InputState(TypedDict):
    """What a caller (CLI, Studio, a parent graph) passes in."""

    question: str


class OutputState(TypedDict, total=False):
    """The output contract (see README and ``verirag ask --json``)."""

    question: Required[str]  # the input's (InputState), so every output has it
    answer: str
    sentences: list[Sentence]
    documents: dict[str, dict]  # doc id -> {"title", "text", "source", "page"[, "section"]}, [n] order
    critique: dict  # {"utility": expected ISUSE in [-1, 1], "rating": expected 1-5 rating}
    usage: Annotated[dict, merge_usage]
    refusal: str | None  # what the documents do not answer (a sentence of the answer), or None
    plan: list[dict]  # a question with several parts: each part's question, answer, verdict, documents
    config: dict  # the Context the run used (every field)


class CheckInput(TypedDict, total=False):
    """What the checker of an answer written elsewhere takes (``verirag.check``, ``check_graph``)."""

    answer: Required[str]  # with [n] / ^n^ markers, or without them and ``citations`` beside it
    documents: Required[list | dict]  # [n] = documents[n-1]: {"title", "text"}, strings, LangChain Documents
    citations: list[list[int]]  # per sentence, for an answer whose markers were stripped
    question: str  # the question the answer is for (optional; the ISSUP decision reads it)


class CheckOutput(TypedDict, total=False):
    """The checker's verdicts (README, "Check any answer")."""

    checked: Annotated[list[dict], operator.add]  # per sentence: index, text, citations, verdict, ...
    verified_answer: str  # the verified sentences with their markers, then the refusal
    refusal: str | None  # what the documents do not say of the sentences left out
    supported: bool  # every sentence held against its own citations
    usage: Annotated[dict, merge_usage]


class CheckState(CheckInput, CheckOutput, total=False):
    """The checker's working state."""

    sentences: list[dict]  # {"index", "text", "citations"}: the answer as read
    sources: list[Document]  # the documents as verirag's, id = their number "1".."n"
    given: list[str]  # each document's text as given: the quotes' spans are of it


class State(InputState, OutputState, total=False):
    """Everything the graph keeps while it works; the ``start`` node sets each field (:func:`initial`)."""

    retrieve_probability: float | None  # Self-RAG: P(retrieval helps); None when not asked
    use_retrieval: bool  # retrieve_probability > δ
    query: str  # the current retrieval query (the question, then missing-info queries)
    iteration: int  # verify-update iterations started
    candidates: list[Document]  # D_c of the current iteration
    selected: list[Document]  # D
    verifications: Annotated[list[Verification], operator.add]
    retrieval_verified: bool  # LLatrieval: the final D passed verification (False: failed at the cap R)
    refuse_early: bool  # even the best D is unlikely to answer: refuse without writing
    long_term_memory: list[Document]  # VTG D_L: kept for the whole answer
    short_term_memory: list[Document]  # VTG D_S: evidence for the current sentence
    draft: Draft | None  # the sentence under verification; None once the answer is complete
    trials: int  # evidence-finder trials for the current sentence (VTG t)
    best_trial: BestTrial | None  # the best-supported failed draft of the current sentence
    cited_documents: Annotated[dict[str, Document], _merge_documents]  # every document a kept sentence cites
    raw_answer: str  # the one-answer writer's reply as written ([n] = n-th long-term memory document)
    subquestions: list[
        dict
    ]  # the plan: [{"question", "depends_on", "group"}] (a dependent one is a template)
    waiting: list[dict]  # the parts to ask next: [{"index", "question", "depends_on", "members", …}]
    expanded: list[int]  # dependent sub-questions already filled with their members
    proposed: dict[str, list[str]]  # sub-question index -> the model's names a document places in the set
    ranked: dict[str, list[dict]]  # sub-question index -> the members its documents rank one at a time
    unasked: Annotated[list[str], operator.add]  # sub-questions a member named but over the max_parts cap
    parts: Annotated[list[Part], operator.add]  # the answered parts


def initial(question: str) -> State:
    """The state a run starts from (``start``'s update): every field later nodes read as ``state[x]``.

    A field with a reducer starts empty (its reducer adds the empty value to LangGraph's own empty one);
    ``raw_answer`` is only the one-answer writer's, and ``usage`` the ledger's.
    """
    return State(
        question=question,
        retrieve_probability=None,
        use_retrieval=False,
        query=question,
        iteration=0,
        candidates=[],
        selected=[],
        verifications=[],
        retrieval_verified=True,
        refuse_early=False,
        long_term_memory=[],
        short_term_memory=[],
        draft=None,
        trials=0,
        best_trial=None,
        cited_documents={},
        sentences=[],
        refusal=None,
        critique={},
        subquestions=[],
        waiting=[],
        expanded=[],
        proposed={},
        ranked={},
        unasked=[],
        parts=[],
    )
