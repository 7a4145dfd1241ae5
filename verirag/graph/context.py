"""Run-time configuration: every knob of the workflow is a field of :class:`Context`.

The field defaults fit a 2-core CPU with the embedded 1.5B model and are the same wherever verirag runs
(``Context()``, the CLI, ``ask()``, the graph ``langgraph.json`` serves); the papers' sizes are an
explicit choice: ``Context.preset("paper")``.
"""

from __future__ import annotations

import os
import types
import typing
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal

from verirag.paths import default_store_path

PresetName = Literal["local", "paper"]


def _f(default: Any, description: str) -> Any:
    return field(default=default, metadata={"description": description})


@dataclass(kw_only=True)
class Context:
    """All knobs of a verirag run (defaults: the ``local`` sizes; ``preset("paper")``: the papers')."""

    # resources
    model: str = field(
        default_factory=lambda: os.environ.get("VERIRAG_MODEL", "local"),
        metadata={
            "description": "chat model: local | openai-compatible:MODEL@URL | provider:model | "
            "import:MODULE:NAME; default $VERIRAG_MODEL, else local"
        },
    )
    store: str = _f("", "store folder or registered name; empty = $VERIRAG_HOME/store")
    chroma_url: str = field(
        default_factory=lambda: os.environ.get("VERIRAG_CHROMA_URL", ""),
        metadata={
            "description": "Chroma server (http://host:port); empty = embedded; default $VERIRAG_CHROMA_URL"
        },
    )
    max_concurrency: int = _f(1, "independent model calls run at once (votes, checks)")
    seed: int = _f(0, "seed of shuffles and sampling")

    # planning a question with several parts
    planner: bool = _f(
        True,
        "split a question with several parts (an enumeration; an attribute of a described set) into "
        "sub-questions by rules, each answered and verified on its own; other questions run unchanged",
    )
    plan_by: Literal["rules", "model", "hybrid"] = _f(
        "rules",
        "how a question is split: by rules (no model call), by the model (a JSON plan under a schema), or "
        "by rules where they split it and the model where they do not; every plan is validated",
    )
    max_parts: int = _f(6, "cap on the parts of a planned question (members over it share parts)")
    max_hops: int = _f(3, "cap on the chain of parts that wait for another's answer (1 = no second hop)")
    propose_members: bool = _f(
        True,
        "when the parts asking for a set's members verify none and no document ranks them, the model names "
        'them beside the titles found, and a name is kept only where a document supports its claim ("X is '
        "one of the …\"), shown as a verified sentence; each kept member's own part is then asked as usual",
    )
    part_sentences: int = _f(2, "cap on sentences of each part's answer, for each member it asks about")
    part_top_k: int = _f(
        2,
        "k for each part of a planned question: documents in its D (at most top_k); a part always "
        "retrieves, its question being one the plan made from the documents' subject",
    )
    part_retrieval_iterations: int = _f(
        1,
        "R of each part of a planned question (at most max_retrieval_iterations): its documents are verified "
        "this many times, with a missing-info query between",
    )

    # Self-RAG retrieval decision
    retrieval_threshold: float = _f(0.2, "δ: retrieve when P(retrieval helps) > δ; 0 always retrieves")

    # LLatrieval verify-update loop + utility judgments
    top_k: int = _f(5, "k: documents selected into D (long-term memory); 0 answers closed-book")
    candidates_per_query: int = _f(8, "N: candidates retrieved per query")
    window: int = _f(8, "w: sliding-window size of progressive selection")
    utility_mode: Literal["listwise", "ranked", "pointwise", "off"] = _f(
        "off",
        "utility judgment: off (plain top-k; an update round fuses D with the new query's documents), "
        "listwise-set k-sampling, ranked (one prompt's first-token probabilities over the document "
        "numbers), or pointwise",
    )
    utility_samples: int = _f(
        1, "S: shuffled listwise judgments voted per window (k-sampling; the papers' 5: preset paper)"
    )
    rank_mass: float = _f(0.9, "ranked: the most probable documents are kept until they hold this share")
    utility_model: str = _f("", "chat model of the utility judgments (e.g. local-0.5b); empty = model")
    selection_doc_words: int = _f(40, "words of each document shown to the selector; 0 = all")
    verify_mode: Literal["classify", "score", "off"] = _f(
        "classify", "retrieval verification: Yes/No, 0-10 score >= τ, or off"
    )
    verify_threshold: float = _f(7.0, "τ of score-and-filter verification")
    query_style: Literal["passage", "question"] = _f("passage", "missing-info query style")
    max_retrieval_iterations: int = _f(2, "R: verify-update iterations of the retrieval stage")
    answerable_threshold: float | None = _f(
        None,
        "P(the documents answer the question) needed to pass classify verification; empty = the one "
        "chosen on the retrieval-verification benchmark",
    )
    refusal_floor: float | None = _f(
        None,
        "at the cap R, refuse without writing when the best D's P(answerable) is below this; empty = "
        "the benchmark's floor (at most 5 % of answerable sets below), 0 = never",
    )

    # writing (VTG) and critiques (Self-RAG)
    writer: Literal["vtg", "answer"] = _f(
        "vtg", "vtg: sentence by sentence with verified citations; answer: one cited answer (ALCE)"
    )
    max_sentences: int = _f(3, "cap on sentences of a VTG answer")
    max_sentence_tokens: int = _f(80, "generation budget of one sentence")
    end_when_answered: bool = _f(
        True,
        "end the answer after a verified sentence that answers the question by itself (states the "
        "question's words and an answer term); VTG (off) writes on until the end signal or the cap",
    )
    max_citations: int = _f(3, "citations per sentence")
    support_decision: Literal["grounded", "issup"] = _f(
        "grounded",
        "support decision of the verifier tiers, simplifier and beam: grounded (lexical guard, "
        "verbatim quote, calibrated P(supported); chosen on the verifier benchmark) or issup (Self-RAG's "
        "p(Fully) + ½·p(Partially) over whole documents)",
    )
    support_threshold: float | None = _f(
        None,
        "P(supported) needed to call a sentence supported; empty = the decision's own (benchmark-chosen)",
    )
    contrast_check: bool = _f(
        False,
        "grounded decision: a supported claim must also be rated above each sibling (one of its "
        "years or names swapped for another its evidence states); catches a right name in the "
        "wrong relation, at about one judgment per sibling",
    )
    subject_check: bool = _f(
        True,
        "grounded decision: a claim quoted from several documents may draw only on the documents "
        "it names (a word of their title): one document's subject cannot take another's predicate",
    )
    slot_check: bool = _f(
        True,
        "grounded decision: a claim that passes is also asked, for each of its names and numbers "
        "after the subject that its quote could fill otherwise (at most 2), what the quote puts "
        "in that blank; an answer without the claim's term, or with a rival, fails it",
    )
    atomic_claims: bool = _f(
        False,
        "grounded decision: a compound or list sentence is split into atomic claims by rules "
        "(clauses, predicates, list members), each judged against its own quote; all must pass",
    )
    checks_off: tuple[str, ...] = _f(
        (),
        "grounded decision: steps switched off by name (readings, guard checks, contrast, slots, "
        "parts, rewrites, repeats: verirag.verify.pipeline), to measure what each costs and catches",
    )
    max_trials: int = _f(2, "T: evidence-finder trials per sentence before keeping it unverified")
    grounded_refusal: bool = _f(
        True,
        "the answer ends by saying what the documents do not answer (Trust-Score); off for a planned "
        "question's part that asks about several members, whose unanswered members the composer names",
    )
    closest_passage: bool = _f(
        True,
        "a refusal with nothing verified quotes, verbatim and with its document's title, the sentence of "
        "the documents that comes closest to answering and names the question's subject (ranked by the "
        "failed drafts' names and numbers, then by the question's words)",
    )
    unverified: Literal["drop", "show"] = _f(
        "drop",
        "a sentence still unverified after its trials: drop (left out of the answer text, kept in "
        "`sentences`; the answer ends there and says what the documents do not answer) or show (VTG: in "
        "the text, marked, and the answer goes on)",
    )
    evidence_queries: int = _f(2, "M: diverse queries per evidence-finder trial")
    evidence_docs: int = _f(5, "E: documents retrieved per evidence-finder query into short-term memory")
    verifier: bool = _f(True, "two-tier citation verification (ablation: w/o Verifier)")
    simplifier: bool = _f(True, "citation simplification (ablation: w/o Simplifier)")
    quotes: bool = _f(
        True, "minimal verbatim quotes per verified sentence (the simplifier at sentence level)"
    )
    query_generation: bool = _f(
        True, "diverse query generation (ablation: w/o QG, the sentence is the query)"
    )
    critique_answer: bool = _f(
        False,
        "Self-RAG ISUSE critique of the whole answer (one more call; the beam "
        "scores its candidates' ISUSE whatever this says)",
    )
    beam_width: int = _f(1, "B: Self-RAG segment beam, candidate sentences per step (1 = off; Self-RAG: 2)")
    w_rel: float = _f(1.0, "segment beam weight of ISREL")
    w_sup: float = _f(1.0, "segment beam weight of ISSUP")
    w_use: float = _f(0.5, "segment beam weight of ISUSE")
    hard_constraint: bool = _f(False, "segment beam drops candidates that the support decision rejects")
    max_question_chars: int = _f(2000, "longest accepted question")
    max_answer_tokens: int = _f(256, "generation budget of an answer")
    max_query_tokens: int = _f(96, "generation budget of a missing-info query")
    answer_samples: int = _f(1, "answers sampled; >1 keeps the best citation recall (ALCE Rerank: 4)")
    sample_temperature: float = _f(1.0, "temperature of sampled answers")
    judge_threshold: float = _f(0.5, "P(Yes) above which a Yes/No judgment counts as Yes")

    def store_path(self) -> str:
        """The store folder: ``store``, else the default store's path."""
        return self.store or str(default_store_path())

    @classmethod
    def preset(cls, name: PresetName | str = "local", **overrides: Any) -> Context:
        """A context with a named preset's values, then ``overrides``.

        Any name is accepted (the CLI passes what it was given) and checked here: an unknown one raises
        ValueError.
        """
        if name not in PRESETS:
            raise ValueError(f"unknown preset {name!r}; choose one of {sorted(PRESETS)}")
        return replace(cls(**PRESETS[name]), **overrides)

    def step_bound(self) -> int:
        """Most graph steps a run can take under these caps, whatever the model answers.

        ``start``, then retrieval: decide + R × (retrieve, judge_utility, verify_retrieval) + (R − 1) ×
        missing_info_query. VTG writing, per sentence: T failed trials × (generate, cite, tier 1, tier 2,
        evidence_finder), then generate, cite, tier 1, tier 2, simplify, keep; plus the final generate,
        grounded_refusal, critique, finalize. The one-answer writer: generate_answer, critique, finalize.
        With the planner, one more step (``plan``); a planned question takes 3 + 3·``max_hops`` steps, each
        part its own run within this bound.
        """
        retrieval = 1 + 4 * max(1, self.max_retrieval_iterations) + int(self.planner)
        if self.writer == "answer":
            return retrieval + 3
        return retrieval + self.max_sentences * (5 * self.max_trials + 6) + 4

    def as_dict(self) -> dict[str, Any]:
        """The context's fields as a dict."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


def parse_settings(pairs: Sequence[str]) -> dict[str, Any]:
    """``FIELD=VALUE`` strings as Context fields, each value parsed as its field's type.

    A value is a choice among its field's allowed values where the field has them, and ``none`` empties a
    field that may be empty; old names are accepted. Raises ``ValueError`` with a one-line reason naming the
    pair.
    """
    hints = typing.get_type_hints(Context)
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        key, raw = key.strip().replace("-", "_"), raw.strip()
        if not sep or key not in hints:
            raise ValueError(
                f"{pair!r}: expected FIELD=VALUE with a Context field ({', '.join(sorted(hints))})"
            )
        kind = hints[key]
        options = [a for a in typing.get_args(kind) if a is not type(None)]
        if isinstance(kind, types.UnionType) and raw.lower() in ("none", ""):
            out[key] = None
            continue
        kind = options[0] if isinstance(kind, types.UnionType) else kind
        if typing.get_origin(kind) is typing.Literal:
            if raw not in typing.get_args(kind):
                raise ValueError(f"{pair!r}: {key} is one of {', '.join(typing.get_args(kind))}")
            out[key] = raw
        elif typing.get_origin(kind) is tuple:
            out[key] = tuple(w.strip() for w in raw.split(",") if w.strip())
        elif kind is bool:
            if raw.lower() not in ("true", "false", "1", "0", "yes", "no", "on", "off"):
                raise ValueError(f"{pair!r}: {key} takes a bool")
            out[key] = raw.lower() in ("true", "1", "yes", "on")
        else:
            try:
                out[key] = kind(raw)
            except ValueError:
                raise ValueError(f"{pair!r}: {key} takes a {kind.__name__}") from None
    return out


PRESETS: dict[str, dict[str, Any]] = {
    # 2 CPU cores, 1.5B model (the field defaults): D is the plain top-5, like Vanilla's (no utility
    # judgment; with one: a window of 8 candidates, one sample, documents cut to 40 words in the
    # selector's prompt), at most 2 verify-update iterations. One CPU-bound model: concurrent calls
    # only interleave on the same cores, so they run one at a time (and the simplifier does not
    # speculate).
    "local": {},
    # LLatrieval: N=50, window 20, k=5, R=4; utility judgments: 5 shuffled samples; whole documents;
    # VTG: 6 sentences, T=3 trials; independent calls 4 at a time.
    "paper": {
        "utility_mode": "listwise",
        "candidates_per_query": 50,
        "window": 20,
        "utility_samples": 5,
        "selection_doc_words": 0,
        "max_retrieval_iterations": 4,
        "max_sentences": 6,
        "max_trials": 3,
        "closest_passage": False,
        "end_when_answered": False,
        "max_concurrency": 4,
        # the papers' verifier: one judgment of the claim, no relation checks of ours
        "subject_check": False,
        "slot_check": False,
    },
}
