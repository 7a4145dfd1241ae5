"""propose_members — a set the documents do not list: its members ranked one at a time, or the model's.

After a wave, each first-hop part whose verified sentences name no member, while a sub-question waits on it,
is a set to find members for. A ranking ("Which are the four biggest islands in the world?") is searched one
rank at a time, and a document that states its own rank ("New Guinea is the world's second-largest island")
gives that member, with its quote, and the ranks it names before its own ("…, after Greenland") (``ranked``).
With ``propose_members=True``, any other set, or a ranking whose documents state no rank, is
asked of the model beside the titles of the documents found for it ("Which are Pakistan's three largest
cities?" -> "Lahore, …"); where the model names fewer than two, its own failed drafts' names stand in. No
document vouches for such a member, so this is off by default. Each member is then asked and verified in its
own part; ``compose_answer`` says where the list came from.
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from verirag import plans
from verirag.documents import Document
from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.node import Step
from verirag.graph.state import State
from verirag.plans import ranks
from verirag.prompts import propose_members as prompt
from verirag.stores import Retriever
from verirag.verify.lexicon import title_subject

PROPOSAL_TOKENS = 80  # a comma-separated list of names
MOST_NAMES = 10  # more is beyond what a small model lists reliably, and past most caps of parts
FEWEST_NAMED = 2  # members the model must name before the set's failed drafts stand in for its list
RANK_DOCS = 20  # documents read for each rank: its own lead is often not among the first few found
TITLE_DOCS = 20  # documents whose titles the model may choose members from


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

    Both are keyed by the set's sub-question index; ``proposed`` is the model's own list, asked for only with
    ``propose_members``.
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
    proposed = dict(state["proposed"])
    for i, reply in zip(questions, replies, strict=True):
        named = plans.proposed(reply.text, questions[i], limit)
        drafted = drafted_members(state, i, limit) if len(named) < FEWEST_NAMED else []
        proposed[str(i)] = drafted if len(drafted) > len(named) else named
    return Step({"proposed": proposed, "ranked": by_rank}, replies)


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
