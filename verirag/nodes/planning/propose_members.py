"""propose_members — a set the documents do not list: its members ranked one at a time, or the model's.

After a wave, each first-hop part whose verified sentences name no member, while a sub-question waits on it,
is a set to find members for. A ranking ("Which are the four biggest islands in the world?") is searched one
rank at a time, and a document that states its own rank ("New Guinea is the world's second-largest island")
gives that member, with its quote, and the ranks it names before its own ("…, after Greenland") (``ranked``).
With ``propose_members`` (on by default), any other set, or a ranking whose documents state no rank, is
asked of the model beside the titles of the documents found for it ("Which are the Baltic states?" ->
"Estonia, …"), with the names its own failed drafts give; each name is kept only where a document found
for its claim ("Estonia is one of the Baltic states.", :mod:`verirag.plans.membership`) supports it, decided
as any sentence is. The claims that hold are the set's verified sentences, in a part of their own, and each
member they name is then asked about in its own part.
"""

from __future__ import annotations

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage
from langgraph.runtime import Runtime

from verirag import plans
from verirag.documents import Document, public
from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.node import Step
from verirag.graph.state import Part, Sentence, State
from verirag.plans import membership, ranks
from verirag.prompts import propose_members as prompt
from verirag.stores import Retriever
from verirag.verify import decide
from verirag.verify.lexicon import title_subject

PROPOSAL_TOKENS = 80  # a comma-separated list of names
MOST_NAMES = 10  # more is beyond what a small model lists reliably, and past most caps of parts
FEWEST_NAMED = 2  # members the model must name before the set's failed drafts stand in for its list
RANK_DOCS = 20  # documents read for each rank: its own lead is often not among the first few found
TITLE_DOCS = 20  # documents whose titles the model may choose members from
CLAIM_DOCS = 3  # documents found for a member's claim, each asked alone (a rival member's lead beside it
# fills the set's slot otherwise, and the slot check fails the claim)


def unlisted(state: State) -> list[int]:
    """The first-hop sub-questions a later one waits on whose finished parts verified no member."""
    subquestions, parts = state["subquestions"], state["parts"]
    out: list[int] = []
    for i, sub in enumerate(subquestions):
        source = sub["depends_on"]
        found = str(source) in state["proposed"] or str(source) in state["ranked"]
        if source is None or i in state["expanded"] or source in out or found:
            continue
        sources = [p for p in parts if p["origin"] == source]
        if subquestions[source]["depends_on"] is None and sources and not plans.verified_members(sources):
            out.append(source)
    return out


def ranked(question: str, store: Retriever, k: int) -> list[dict]:
    """The members of a ranking its documents state one rank at a time: [{member, rank, title, quote, id}].

    For each rank, the first of the ``k`` documents found for it that gives its own subject that rank; a
    document found on the way that names the ranks before its own ("the fifth largest island …, after Sicily,
    Sardinia, Cyprus, and Corsica") gives those it names, where none is given yet.
    """
    ranking = ranks.ranking(question)
    if ranking is None:
        return []
    found: dict[int, dict] = {}

    def add(rank: int, name: str, doc: Document, quote: str) -> None:
        known = {f["member"].removeprefix("the ") for f in found.values()}
        if rank <= ranking.count and rank not in found and name.removeprefix("the ") not in known:
            found[rank] = {
                "member": name,
                "rank": rank,
                "title": doc["title"],
                "quote": quote,
                "id": doc["id"],
            }

    for rank in range(1, ranking.count + 1):
        for doc in store.search(ranks.query(ranking, rank), k):
            if rank in found:
                break
            quote = ranks.states_rank(ranking, rank, doc["title"], doc["text"])
            if quote:
                add(rank, title_subject(doc["title"]), doc, quote)
            for before, name, sentence in ranks.ranked_before(ranking, doc["title"], doc["text"]):
                add(before, name, doc, sentence)
            for listed, name, sentence in ranks.listed_ranks(ranking, doc["title"], doc["text"]):
                add(listed, name, doc, sentence)
    return [found[r] for r in sorted(found)]


def propose_members(state: State, runtime: Runtime[Context]) -> Step | dict:
    """Members of each set whose parts verified none: ``ranked`` from documents, else ``proposed``.

    Both are keyed by the set's sub-question index; ``proposed`` holds the names of the model's list (and of
    the set's failed drafts) that a document vouches for, each claim that holds added to ``parts``.
    """
    ctx = runtime.context
    asked = unlisted(state)
    if not asked:
        return {}
    limit = min(MOST_NAMES, ctx.max_parts * max(1, min(ctx.max_sentences, ctx.top_k)))  # next_parts' most
    store = resources.store(runtime)
    found = {str(i): ranked(state["subquestions"][i]["question"], store, RANK_DOCS) for i in asked}
    by_rank = {**state["ranked"], **{i: members for i, members in found.items() if members}}
    questions = {i: state["subquestions"][i]["question"] for i in asked if str(i) not in by_rank}
    if not questions or not ctx.propose_members:
        return {"ranked": by_rank} if by_rank != state["ranked"] else {}
    model = resources.model(runtime)
    replies = [
        model.invoke(prompt.messages(q, limit, store.search(q, TITLE_DOCS)), max_tokens=PROPOSAL_TOKENS)
        for q in questions.values()
    ]
    proposed, parts, asked_too = dict(state["proposed"]), list[Part](), list[AIMessage]()
    for i, reply in zip(questions, replies, strict=True):
        named = plans.proposed(reply.text, questions[i], limit)
        named += [m for m in drafted_members(state, i, limit) if m not in named]
        sentences, spent = checked(model, store, questions[i], named[:MOST_NAMES], ctx)
        asked_too += spent
        proposed[str(i)] = [m for m, _ in sentences]
        if sentences:
            parts.append(_part(len(state["parts"]) + len(parts), i, questions[i], sentences))
    return Step({"proposed": proposed, "ranked": by_rank, "parts": parts}, replies + asked_too)


def checked(
    model: BaseChatModel, store: Retriever, question: str, names: list[str], ctx: Context
) -> tuple[list[tuple[str, tuple[Sentence, Document]]], list[AIMessage]]:
    """Each name a document places in the set: its claim's verified sentence and that document, in order.

    A name's claim is decided against the ``CLAIM_DOCS`` documents found for it, alone and in turn (the next
    only where the one before failed it; the names' checks of one turn asked together); the first that
    supports it is its evidence. A name the question's form gives no claim for is not kept.
    """
    claims = {n: c for n in names if (c := membership.claim(question, n)) is not None}
    found = {n: store.search(c, CLAIM_DOCS) for n, c in claims.items()}
    kept: dict[str, tuple[Sentence, Document]] = {}
    spent: list[AIMessage] = []
    for turn in range(CLAIM_DOCS):
        asked = [(n, found[n][turn]) for n in claims if n not in kept and turn < len(found[n])]
        if not asked:
            break
        verdicts = decide(model, [([doc], claims[n]) for n, doc in asked], question, ctx)
        spent += [m for check in verdicts for m in check.replies if all(m is not s for s in spent)]
        for (name, doc), check in zip(asked, verdicts, strict=True):
            if check.passed:
                sentence = Sentence(
                    text=claims[name],
                    citations=[doc["id"]],
                    support=round(check.probability, 4),
                    verified_by="citations",
                    score=None,
                    generation=1,
                    quotes=[q.as_dict() for q in check.quotes],
                    **check.explained(),  # type: ignore[typeddict-item]
                )
                kept[name] = (sentence, doc)
    return [(n, kept[n]) for n in names if n in kept], spent


def _part(index: int, origin: int, question: str, found: list[tuple[str, tuple[Sentence, Document]]]) -> Part:
    """The set's members its documents vouch for, as a part of its own: one verified claim each."""
    sentences = [Sentence(**{**s, "part": index}) for _, (s, _) in found]  # type: ignore[typeddict-item]
    return Part(
        index=index,
        origin=origin,
        question=question,
        depends_on=None,
        members=[],
        member_questions=[],
        proposed=True,
        answer=" ".join(s["text"] for s in sentences),
        verified=True,
        sentences=sentences,
        documents={doc["id"]: public(doc) for _, (_, doc) in found},
        refusal=None,
    )


def drafted_members(state: State, index: int, limit: int) -> list[str]:
    """The members the set's own failed drafts name, written from its documents (at most ``limit``).

    "The three longest-serving popes are Pope John Paul II, Pope Leo I, and Pope Pius IX." failed to verify,
    yet names members, where the model beside the titles may name none.
    """
    drafts = [
        s["text"]
        for p in state["parts"]
        if p["origin"] == index
        for s in p["sentences"]
        if s["verified_by"] == "none"
    ]
    return plans.members(" ".join(drafts), state["subquestions"][index]["question"], limit)
