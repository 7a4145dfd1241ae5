"""compose_answer — a planned question's answer, only its parts' verified sentences (no new words or facts).

In the order the parts were asked, each with its citations and quotes, documents renumbered [1]..[n] over the
whole answer; a sentence an earlier part already said (in nearly its words), or naming none of the members
its part asked about, is left out, and one its own part says again with more beside it gives way to that.
What a part could not verify is named: "The documents do not say <its question>." (or the part's own refusal
when it verified some of it; for a part that asked about several members, each member no verified sentence
answers); a later hop that no member of the answer before it started adds "The documents do not answer every
part of this question.", a set whose members the model named, each placed in it by a document
(``propose_members``), is said to be listed by no document, and members over the ``max_parts`` cap are named
as not asked.
``plan`` in the output shows each part: question, answer, verdict and cited documents.
"""

from __future__ import annotations

import re

from langgraph.runtime import Runtime

from verirag import plans, refusal
from verirag.graph.context import Context
from verirag.graph.state import Part, Sentence, State, answer_sentences
from verirag.plans import ranks
from verirag.text import attach_citations
from verirag.verify.lexicon import content_words

MAX_NAMED = 4  # parts named in the refusal


def _gaps(part: Part) -> list[str]:
    """What the answer says of a part: its question when it verified nothing, else what it left open.

    A part that asked about several members names each one that no verified sentence answers, by the
    sub-question asked of that member alone.
    """
    if not part["verified"]:
        return [refusal.PART_MISSING.format(gap=plans.indirect(part["question"]))]
    if len(part["members"]) > 1:
        said = [s["text"] for s in part["sentences"] if s["verified_by"] != "none"]
        return [
            refusal.PART_MISSING.format(gap=plans.indirect(question))
            for member, question in zip(part["members"], part["member_questions"], strict=True)
            if not any(_answers(text, member, question, part["question"]) for text in said)
        ]
    return [part["refusal"]] if part["refusal"] else []


SAME_WORDS = 0.8  # content words two sentences share, of all either holds, for one to restate the other


def _restates(sentence: str, earlier: str) -> bool:
    """Whether ``sentence`` says again what an earlier one said, in (nearly) its words.

    Two parts may quote one document: "… the third-largest of the world's five oceans, covering …" and "… of
    the world's five oceanic divisions, covering …" are one fact, said once; a sentence naming a name the
    earlier one does not is another member's.
    """
    a, b = content_words(sentence), content_words(earlier)
    names = set(re.findall(r"\b[A-Z][\w'’-]*", sentence)) <= set(re.findall(r"\b[A-Z][\w'’-]*", earlier))
    return sentence == earlier or names and bool(a and b) and len(a & b) / len(a | b) >= SAME_WORDS


def _extends(sentence: str, earlier: str) -> bool:
    """Whether ``sentence`` says all that an earlier one of its part said, and more ("…, making it …")."""
    a, b = content_words(sentence), content_words(earlier)
    return bool(b) and b < a


def _names(sentence: str, member: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(member)}(?!\w)", sentence, re.IGNORECASE) is not None


def _answers(sentence: str, member: str, alone: str, together: str) -> bool:
    """Whether the sentence answers the member's own question, or the part's while naming the member."""
    return plans.answers(sentence, alone) or (_names(sentence, member) and plans.answers(sentence, together))


def _about(sentence: Sentence, part: Part) -> bool:
    """Whether a sentence is about what its part asked: a part asking about members names one of them."""
    return not part["members"] or any(_names(sentence["text"], m) for m in part["members"])


def _ranked(found: list[dict], sub: dict) -> list[str]:
    """Where a ranked set's members came from: each one's rank and document, and the ranks none states."""
    named = [f'{f["member"]} ({ranks.ordinal(f["rank"])}, in "{f["title"]}")' for f in found]
    ranking = ranks.ranking(sub["question"])
    stated = {f["rank"] for f in found}
    missing = [r for r in range(1, ranking.count + 1) if r not in stated] if ranking else []
    return [refusal.RANKED.format(ranks="; ".join(named))] + [
        refusal.UNRANKED.format(rank=f"the {ranks.ordinal(r)}") for r in missing[:1]
    ]


def compose_answer(state: State, runtime: Runtime[Context]) -> dict:
    """The planned question's answer, composed from its parts' verified sentences."""
    ctx = runtime.context
    parts = sorted(state["parts"], key=lambda p: p["index"])
    sentences: list[Sentence] = []
    shown: list[Sentence] = []
    said = set[str]()
    for part in parts:
        own: list[Sentence] = []  # this part's sentences shown so far
        for sentence in part["sentences"]:
            sentences.append(sentence)
            shown_here = answer_sentences([sentence], ctx.unverified) and _about(sentence, part)
            if not shown_here or any(_restates(sentence["text"], earlier) for earlier in said):
                continue
            said.add(sentence["text"])
            extended = next((s for s in own if _extends(sentence["text"], s["text"])), None)
            if extended is not None:  # "X is 1,362,863." then "X is 1,362,863, making it …": the fuller one
                shown[shown.index(extended)], own[own.index(extended)] = sentence, sentence
                continue
            own.append(sentence)
            shown.append(sentence)
    pool = {doc_id: doc for part in parts for doc_id, doc in part["documents"].items()}
    documents: dict[str, dict] = {}
    for sentence in shown + sentences:
        documents.update({c: pool[c] for c in sentence["citations"] if c in pool and c not in documents})
    number = {doc_id: i for i, doc_id in enumerate(documents, 1)}
    text = [attach_citations(s["text"], [number[c] for c in s["citations"] if c in number]) for s in shown]
    checked = {p["origin"] for p in parts if p["proposed"]}  # a set its documents do not list whole
    gaps = list(dict.fromkeys(g for p in parts if p["origin"] not in checked for g in _gaps(p)))[:MAX_NAMED]
    if any(p["proposed"] for p in parts):  # members the model named, each placed in the set by a document
        gaps.append(refusal.PROPOSED)
    gaps += [
        g
        for i in sorted(state["ranked"], key=int)
        for g in _ranked(state["ranked"][i], state["subquestions"][int(i)])
    ]
    started = {p["origin"] for p in parts}
    if any(s["depends_on"] is not None and i not in started for i, s in enumerate(state["subquestions"])):
        gaps.append(refusal.PART_UNKNOWN)  # a later hop that no member of the answer before it started
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
            "members": p["members"],
            "proposed": p["proposed"],  # the model's names, each in a claim a document supports
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
