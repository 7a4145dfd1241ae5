"""compose_answer — a planned question's answer, only its parts' verified sentences (no new words or facts).

In the order the parts were asked, each with its citations and quotes, documents renumbered [1]..[n] over the
whole answer, a sentence already said by an earlier part left out. What a part could not verify is named: "The
documents do not say <its question>." (or the part's own refusal when it verified some of it); a second hop
that no member of the first answer started adds "The documents do not answer every part of this question.",
and members over the ``max_parts`` cap are named as not asked.
``plan`` in the output shows each part: question, answer, verdict and cited documents.
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from verirag import plans, refusal
from verirag.graph.context import Context
from verirag.graph.state import Part, State, answer_sentences
from verirag.text import attach_citations

MAX_NAMED = 4  # parts named in the refusal


def _refusal(part: Part) -> str | None:
    if not part["verified"]:
        return refusal.PART_MISSING.format(gap=plans.indirect(part["question"]))
    return part["refusal"]


def compose_answer(state: State, runtime: Runtime[Context]) -> dict:
    """The planned question's answer, composed from its parts' verified sentences."""
    ctx = runtime.context
    parts = sorted(state["parts"], key=lambda p: p["index"])
    sentences, shown, said = [], [], set()
    for part in parts:
        for sentence in part["sentences"]:
            sentences.append(sentence)
            if answer_sentences([sentence], ctx.unverified) and sentence["text"] not in said:
                said.add(sentence["text"])
                shown.append(sentence)
    pool = {doc_id: doc for part in parts for doc_id, doc in part["documents"].items()}
    documents: dict[str, dict] = {}
    for sentence in shown + sentences:
        documents.update({c: pool[c] for c in sentence["citations"] if c in pool and c not in documents})
    number = {doc_id: i for i, doc_id in enumerate(documents, 1)}
    text = [attach_citations(s["text"], [number[c] for c in s["citations"] if c in number]) for s in shown]
    gaps = [g for g in dict.fromkeys(_refusal(p) for p in parts) if g][:MAX_NAMED]
    asked = {p["depends_on"] for p in parts}
    waited = {sub["depends_on"] for sub in state["subquestions"]} - {None}
    if waited - asked:  # a second hop that no member of the first answer could start
        gaps.append(refusal.PART_UNKNOWN)
    if state["unasked"]:  # members over the max_parts cap: said, never silently dropped
        named = ", ".join(plans.indirect(q) for q in state["unasked"])
        gaps.append(refusal.OVER_CAP.format(n=ctx.max_parts, gaps=named))
    said_refusal = " ".join(gaps) if shown else refusal.NOTHING_VERIFIED
    if said_refusal:
        runtime.stream_writer({"event": "refusal", "text": said_refusal})
    plan = [
        {
            "index": p["index"],
            "question": p["question"],
            "depends_on": p["depends_on"],
            "member": p["member"],
            "answer": p["answer"],
            "verified": p["verified"],
            "documents": list(dict.fromkeys(c for s in p["sentences"] for c in s["citations"])),
        }
        for p in parts
    ]
    return {
        "answer": " ".join(text + ([said_refusal] if said_refusal else [])),
        "sentences": sentences,
        "documents": documents,
        "refusal": said_refusal or None,
        "plan": plan,
        "critique": {},
        "config": ctx.as_dict(),
    }
