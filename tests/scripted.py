"""Scripted models and helpers shared by the tests.

Every prompt of the graph is recognised by :func:`prompt_kind` from the prompt modules' own text (built
with placeholder arguments), never by a substring copied into a test, so rewording a prompt changes the
recognition with it. :class:`Writer` scripts VTG's writing stage, :class:`Script` the retrieval stage.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from typing import Any

from verirag import Context, refusal
from verirag.documents import Document, make_document
from verirag.graph.state import Draft, Part, Sentence, initial
from verirag.graph.systems import SYSTEMS
from verirag.prompts import (
    cite,
    critiques,
    decide_retrieval,
    entailment,
    evidence_finder,
    generate_answer,
    generate_sentence,
    grounded_refusal,
    judge_utility,
    missing_info_query,
    propose_members,
    slot,
    verify_retrieval,
)
from verirag.testing import distribution_reply, judgment_reply, last_user_text
from verirag.verify.blanks import BLANK

_ARG = "\x00"  # placeholder argument: the fixed text of a prompt is what comes before it


def _shape(messages) -> tuple[str, str]:
    """(system text, first line of the last user message after its documents or titles block)."""
    system = messages[0].text if messages and messages[0].type == "system" else ""
    task = re.split(r"</(?:documents|titles)>", last_user_text(messages))[-1].strip()
    return system, task.split("\n", 1)[0]


def _fixed(messages) -> tuple[str, str]:
    return tuple(part.split(_ARG, 1)[0] for part in _shape(messages))  # type: ignore[return-value]


_DOC = Document(title=_ARG, text=_ARG)
PROMPTS = {
    "retrieve?": _fixed(decide_retrieval.messages(_ARG)),
    "select": _fixed(judge_utility.listwise([], _ARG, _ARG)),  # type: ignore[arg-type]
    "rank": _fixed(judge_utility.ranked([], _ARG)),
    "useful?": _fixed(judge_utility.pointwise(_DOC, _ARG)),
    "enough?": _fixed(verify_retrieval.classify([], _ARG)),
    "score": _fixed(verify_retrieval.score([], _ARG)),
    "missing": _fixed(missing_info_query.messages([], _ARG, "passage")),
    "missing question": _fixed(missing_info_query.messages([], _ARG, "question")),
    "answer": _fixed(generate_answer.messages([_DOC], _ARG)),
    "closed-book answer": _fixed(generate_answer.messages([], _ARG)),
    "next sentence": _fixed(generate_sentence.next_sentence([], _ARG, "")),
    "cite": _fixed(cite.cite([], _ARG)),
    "support": _fixed(critiques.support([], _ARG, _ARG)),
    "entails": _fixed(entailment.messages(_ARG, _ARG)),
    "relevance": _fixed(critiques.relevance(_DOC, _ARG)),
    "queries": _fixed(evidence_finder.diverse_queries(_ARG, "", _ARG, 2)),
    "usefulness": _fixed(critiques.usefulness(_ARG, _ARG)),
    "gap": _fixed(grounded_refusal.messages(_ARG, _ARG)),
    "fill": _fixed(slot.messages(_ARG, _ARG)),
    "members": _fixed(propose_members.messages(_ARG, 1)),
}
JUDGMENTS = {"support", "entails"}  # the two questions a support decision may ask


def prompt_kind(messages) -> str:
    """Which of the graph's prompts ``messages`` is (a key of :data:`PROMPTS`)."""
    system, task = _shape(messages)
    for kind, (fixed_system, fixed_task) in PROMPTS.items():
        if system.startswith(fixed_system) and task.startswith(fixed_task):
            return kind
    raise ValueError(f"not a prompt of the graph: {system[:60]!r} / {task[:60]!r}")


def titles_in(prompt: str) -> list[str]:
    """The titles of the documents rendered in a prompt, in order."""
    return re.findall(r'<document number="\d+" title="([^"]*)">', prompt)


def documents_in(prompt: str) -> list[tuple[int, str]]:
    """(number, text) of the documents rendered in a prompt (verirag.prompts.documents.render_documents)."""
    blocks = re.findall(r'<document number="(\d+)" title="[^"]*">\n(.*?)\n</document>', prompt, re.S)
    return [(int(n), text) for n, text in blocks]


def line_after(prompt: str, label: str) -> str:
    """The rest of the line that starts with ``label`` (e.g. "Sentence: ")."""
    return prompt.split(label, 1)[1].split("\n", 1)[0]


def judged_sentence(messages) -> str | None:
    """The sentence a support judgment is about (ISSUP or the entailment question), else None."""
    kind = prompt_kind(messages)
    if kind not in JUDGMENTS:
        return None
    return line_after(last_user_text(messages), "Sentence: " if kind == "support" else "Claim: ")


def asks_for_the_first_sentence(messages) -> bool:
    """A sentence-generation prompt with nothing written yet (its "answer so far" is the prompt's own
    placeholder for an empty answer)."""
    empty = line_after(last_user_text(generate_sentence.next_sentence([], _ARG, "")), "Answer so far: ")
    return (
        prompt_kind(messages) == "next sentence"
        and line_after(last_user_text(messages), "Answer so far: ") == empty
    )


def fill_reply(masked: str, sentences, supported=lambda sentence: True) -> str:
    """A faithful reader's answer to a slot question: the blank as one of ``sentences`` that is
    ``supported``, or one of its atoms (the question may be one clause), fills it; "unknown" otherwise."""
    from verirag.verify.claim import atoms

    pattern = re.compile(re.escape(masked).replace(re.escape(BLANK), "(.+?)") + "$")
    return next(
        (
            m.group(1)
            for s in sentences
            if supported(s)
            for part in [s, *atoms(s)]
            if (m := pattern.match(part))
        ),
        "unknown",
    )


def support_reply(messages, p: float):
    """A support judgment with probability ``p`` of support, in the asked question's own answers."""
    if prompt_kind(messages) == "entails":
        return judgment_reply(p)
    return distribution_reply({"Fully": p, "Partially": 0.0, "No": 1 - p})


# -- VTG's writing stage ---------------------------------------------------------------------------
VTG_DOCS = {
    "Japan": "Japan is an island country in East Asia. Tokyo is its capital.",
    "Tokyo": "Tokyo is the capital of Japan and has about 14 million inhabitants.",
    "Osaka": "Osaka is a city in the Kansai region of Japan.",
    "Kyoto": "Kyoto was the capital of Japan for more than a thousand years.",
    "Fuji": "Mount Fuji is the highest mountain in Japan, a volcano near Tokyo.",
    "Banana": "A banana is an edible fruit.",
}
Q = "What is the capital of Japan?"
S1 = "Tokyo is the capital of Japan."
S2 = "Kyoto was the capital of Japan for a thousand years."


class Writer:
    """Scripted writer: sentences in order, citations by title, support exactly when the documents shown
    include every title in ``needs[sentence]``."""

    def __init__(self, sentences, cite, needs, queries=("Mount Fuji volcano", "Fuji mountain")):
        self.sentences, self.cite_titles, self.needs, self.queries = list(sentences), cite, needs, queries
        self.generated: list[str] = []
        self.support_calls: list[tuple[list[str], str]] = []
        self.query_calls = 0
        self.memories: list[list[str]] = []

    def __call__(self, messages, kwargs):
        kind, prompt = prompt_kind(messages), last_user_text(messages)
        titles = titles_in(prompt)
        if kind == "next sentence":
            self.memories.append(titles)
            if not self.sentences:
                return generate_sentence.END
            nxt = self.sentences.pop(0)
            self.generated.append(nxt)
            return nxt
        if kind == "cite":
            sentence = line_after(prompt, "Sentence: ")
            wanted = self.cite_titles.get(sentence, [])
            return sentence + "".join(f"[{titles.index(t) + 1}]" for t in wanted if t in titles)
        if kind in JUDGMENTS:
            judged = judged_sentence(messages)
            assert judged is not None  # a judgment prompt names its sentence
            self.support_calls.append((titles, judged))
            ok = set(self.needs.get(judged, {"<never>"})) <= set(titles)
            return support_reply(messages, 0.97 if ok else 0.02)
        if kind == "queries":
            self.query_calls += 1
            return "\n".join(self.queries)
        if kind == "usefulness":
            return distribution_reply({"4": 0.5, "5": 0.5})
        if kind == "fill":  # the slot check: a sentence it wrote and would judge supported fills the blank
            return fill_reply(
                line_after(prompt, "Sentence: "),
                self.generated + list(self.needs),
                lambda s: set(self.needs.get(s, {"<never>"})) <= set(titles),
            )
        raise AssertionError(f"unexpected prompt {kind}: {prompt[:80]}")


VTG_DOCUMENTS = {title: make_document(title, text) for title, text in VTG_DOCS.items()}  # as "vtg" holds them


def nothing_verified(text: str | None) -> bool:
    """The refusal of an answer with no verified sentence (quoting a passage of the documents or not)."""
    return bool(text) and str(text).startswith(refusal.NOTHING_VERIFIED.rstrip("."))


def a_state(question: str = Q, **fields: Any) -> dict[str, Any]:
    """The state a node reads: what ``start`` leaves for ``question`` (``initial``), then ``fields``."""
    return {**initial(question), **fields}


def a_draft(text: str, citations: Sequence[str] = (), **fields: Any) -> Draft:
    """A draft as ``generate_sentence`` leaves it (citing ``citations``), then ``fields``."""
    base = Draft(
        text=text,
        citations=list(citations),
        support=None,
        verified_by="none",
        status="drafted",
        score=None,
        trials_before=0,
        quotes=[],
    )
    return {**base, **fields}  # type: ignore[typeddict-item]


def a_sentence(
    text: str, citations: Sequence[str] = (), verified_by: str = "citations", **fields: Any
) -> Sentence:
    """A kept sentence of the answer citing ``citations`` (verified unless ``verified_by="none"``)."""
    base = Sentence(
        text=text,
        citations=list(citations),
        support=0.9 if verified_by != "none" else 0.02,
        verified_by=verified_by,  # type: ignore[typeddict-item]
        score=None,
        generation=1,
        quotes=[],
    )
    return {**base, **fields}  # type: ignore[typeddict-item]


def a_part(
    index: int,
    question: str,
    sentences: Sequence[Sentence],
    documents: Sequence[Document] = (),
    depends_on: int | None = None,
    members: Sequence[str] = (),
    member_questions: Sequence[str] = (),
    origin: int | None = None,
    proposed: bool = False,
) -> Part:
    """An answered part of a planned question, as ``answer_part`` records it (its documents by id).

    ``origin``, the plan's sub-question it asks, defaults to ``index`` (a first-wave part).
    """
    return Part(
        index=index,
        origin=index if origin is None else origin,
        question=question,
        depends_on=depends_on,
        members=list(members),
        member_questions=list(member_questions),
        proposed=proposed,
        answer=" ".join(s["text"] for s in sentences),
        verified=any(s["verified_by"] != "none" for s in sentences),
        sentences=[{**s, "part": index} for s in sentences],  # type: ignore[typeddict-item]
        documents={d["id"]: {"title": d["title"], "text": d["text"]} for d in documents},
        refusal=None,
    )


def vtg_context(model: str, **kw: Any) -> Context:
    """The writing-stage tests' Context: plain top-k retrieval from the "vtg" store, then VTG."""
    return Context(
        **{
            **SYSTEMS["vtg"],
            "model": model,
            "store": "vtg",
            "top_k": 2,
            "max_trials": 2,
            "evidence_queries": 2,
            "evidence_docs": 1,
            **kw,
        }
    )


def interrupted_then_resumed(saver, scripted) -> None:
    """A run that crashes while writing sentence 2 resumes on its thread from ``saver`` without asking
    anything about sentence 1 again; a finished thread is read back without a model call. (Run against
    SQLite in tests/unit/scenarios/test_ecosystem.py and against a real PostgreSQL server in
    tests/integration/test_postgres.py; ``scripted`` is the conftest fixture, the "vtg" store must be
    registered.)"""
    import pytest

    from verirag.api import run
    from verirag.errors import VeriragError

    script = Writer([S1, S2], cite={S1: ["Japan"], S2: ["Kyoto"]}, needs={S1: ["Japan"], S2: ["Kyoto"]})
    crash = {"armed": True}

    def respond(messages, kwargs):
        if crash["armed"] and prompt_kind(messages) == "next sentence" and script.generated == [S1]:
            crash["armed"] = False
            raise RuntimeError("process killed")  # not a transient error: no retry, the run stops
        return script(messages, kwargs)

    name, model = scripted(respond)
    context = vtg_context(name, top_k=3)
    with pytest.raises(RuntimeError, match="process killed"):
        run("capital of Japan Kyoto", context, thread_id="t1", checkpointer=saver)
    calls_before = len(model.calls)
    cite_calls = sum(prompt_kind(m) == "cite" for m, _ in model.calls)

    out, _ = run("capital of Japan Kyoto", context, thread_id="t1", checkpointer=saver)
    assert [s["text"] for s in out["sentences"]] == [S1, S2]
    new_calls = model.calls[calls_before:]
    # nothing about the first sentence was asked again: one citation call for S2 only
    assert sum(prompt_kind(m) == "cite" for m, _ in new_calls) == 1 == cite_calls
    assert not any(prompt_kind(m) in ("support", "entails") and S1 in m[-1].text for m, _ in new_calls)

    # a finished thread returns its answer without any model call
    again, _ = run("capital of Japan Kyoto", context, thread_id="t1", checkpointer=saver)
    assert again["answer"] == out["answer"] and len(model.calls) == calls_before + len(new_calls)
    with pytest.raises(VeriragError, match="another question"):
        run("Something else?", context, thread_id="t1", checkpointer=saver)


# -- the retrieval stage ---------------------------------------------------------------------------
class Script:
    """Answers the retrieval stage's prompts (and a one-answer writer); records what it saw."""

    def __init__(self, decide=0.9, select=None, verify_p=None, verify_score="[8]", query="Tokyo capital"):
        self.decide, self.query, self.verify_score = decide, query, verify_score
        self.select = select or (
            lambda titles: [titles.index(t) + 1 for t in titles if "Tokyo" in t][:5] or [1]
        )
        self.verify_p = verify_p or (lambda titles, n: 0.9)
        self.selector_orders: list[list[str]] = []
        self.verify_calls: list[list[str]] = []
        self.queries_asked = 0

    def __call__(self, messages, kwargs):
        kind, titles = prompt_kind(messages), titles_in(last_user_text(messages))
        if kind == "retrieve?":
            return judgment_reply(self.decide)
        if kind == "select":
            self.selector_orders.append(titles)
            return "Selected Documents: " + " ".join(map(str, self.select(titles)))
        if kind == "enough?":
            self.verify_calls.append(titles)
            return judgment_reply(self.verify_p(titles, len(self.verify_calls)))
        if kind == "score":
            self.verify_calls.append(titles)
            return self.verify_score
        if kind == "missing":
            self.queries_asked += 1
            return f"Passage: {self.query}"
        if kind in ("answer", "closed-book answer"):
            return "An answer [1]."
        raise AssertionError(f"unexpected prompt: {kind}")


def retrieval_context(model: str, **kw: Any) -> Context:
    """The retrieval-stage tests' Context: the "japan" store, one cited answer."""
    base = dict(
        model=model,
        store="japan",
        candidates_per_query=6,
        window=6,
        top_k=2,
        utility_mode="listwise",
        utility_samples=1,
        max_retrieval_iterations=3,
        writer="answer",
    )
    return Context(**{**base, **kw})


def p_yes_for(answerable: float) -> float:
    """The verification's P(Yes) that the benchmark's map turns into P(answerable) = ``answerable``."""
    from verirag.nodes.retrieval.verify_retrieval import answerable as mapped

    low, high = 1e-6, 1 - 1e-6
    for _ in range(100):
        mid = (low + high) / 2
        low, high = (mid, high) if mapped(mid) < answerable else (low, mid)
    return high


# -- evaluation and the CLI --------------------------------------------------------------------------
class KeywordJudge:
    """Entails iff every word of 4+ letters in the claim occurs in the concatenated documents."""

    def __init__(self):
        self.calls: list[tuple[list[str], str]] = []

    def entails(self, documents, claim):
        self.calls.append(([d["title"] for d in documents], claim))
        text = " ".join(d["text"].lower() for d in documents)
        return bool(documents) and all(w in text for w in re.findall(r"[a-z]{4,}", claim.lower()))


def run_main(monkeypatch, capsys, *args):
    """Run the ``verirag`` entry point with ``args``; return (exit code, stdout, stderr)."""
    from verirag import cli

    monkeypatch.setattr(sys, "argv", ["verirag", *args])
    code: int | str = 0
    try:
        cli.main()
    except SystemExit as exc:
        code = exc.code or 0
    captured = capsys.readouterr()
    return code, captured.out, captured.err
