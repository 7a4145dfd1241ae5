"""judge_utility — LLatrieval's progressive selection with utility judgments over a sliding window.

By default (``utility_mode="off"``) nothing is asked: D is the plain top-k, and an update round fuses
D's ranking with the new query's. With ``"listwise"`` a window slides over the N candidates and the model
selects at most k documents from D ∪ window, by vote over ``utility_samples`` shuffled orders (also
``"ranked"``, ``"pointwise"``). Safe default: if no sample of a window names a valid document, D keeps its
documents and is topped up from the window in retrieval order.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from langgraph.runtime import Runtime

from verirag.documents import Document
from verirag.graph import resources
from verirag.graph.context import Context
from verirag.graph.node import Step
from verirag.graph.state import State
from verirag.models import choice_probabilities_batch
from verirag.parsing import parse_selection
from verirag.prompts import judge_utility as prompt


def windows(candidates: Sequence[Document], size: int) -> list[list[Document]]:
    """Consecutive windows covering every candidate once."""
    size = max(1, size)
    return [list(candidates[i : i + size]) for i in range(0, len(candidates), size)]


def fused(selected: Sequence[Document], candidates: Sequence[Document], k: int) -> list[Document]:
    """Without a judge, D ∪ candidates by reciprocal rank: D's and the new query's documents alternate.

    D leads (its first document ranked first for the question); an update round thus brings the missing-info
    query's best documents into D instead of re-verifying the same k.
    """
    order: list[Document] = []
    for i in range(max(len(selected), len(candidates))):
        order += [docs[i] for docs in (selected, candidates) if i < len(docs)]
    return order[:k]


def sample_orders(
    selected: Sequence[Document], window: Sequence[Document], samples: int, rng: random.Random
) -> list[list[Document]]:
    """``samples`` input orders: the first as given, the others shuffled.

    The others are shuffled within D and within the window, D always ahead of the window.
    """
    orders = [list(selected) + list(window)]
    for _ in range(samples - 1):
        head, tail = list(selected), list(window)
        rng.shuffle(head)
        rng.shuffle(tail)
        orders.append(head + tail)
    return orders


def vote(pool: Sequence[Document], selections: Sequence[Sequence[str]], k: int) -> list[Document]:
    """Aggregate sampled selections: modal size (smaller on ties), most voted ids (ties by pool order).

    The ids are returned in pool order.
    """
    votes = Counter(doc_id for chosen in selections for doc_id in chosen)
    sizes = Counter(min(len(chosen), k) for chosen in selections)
    size = max(sizes.items(), key=lambda kv: (kv[1], -kv[0]))[0]
    position = {d["id"]: i for i, d in enumerate(pool)}
    ranked = sorted((d for d in pool if votes[d["id"]]), key=lambda d: (-votes[d["id"]], position[d["id"]]))
    chosen = {d["id"] for d in ranked[:size]}
    return [d for d in pool if d["id"] in chosen]  # in pool order: D first, then retrieval rank


def settled(pool: Sequence[Document], selections: Sequence[Sequence[str]], k: int, remaining: int) -> bool:
    """True when no ``remaining`` further samples, whatever they select, can change :func:`vote`.

    Each further sample adds one vote to one size and to at most ``k`` documents. The modal size must
    stay modal when all of them go to a rival size, and every chosen document must stay ahead of every
    other one when all of them go to the other one (ties follow :func:`vote`: smaller size, earlier
    position).
    """
    if not selections:
        return remaining == 0
    sizes = Counter(min(len(chosen), k) for chosen in selections)
    size = max(sizes.items(), key=lambda kv: (kv[1], -kv[0]))[0]
    for other in range(1, k + 1):
        if other != size and (sizes[other] + remaining, -other) > (sizes[size], -size):
            return False
    votes = Counter(doc_id for chosen in selections for doc_id in chosen)
    position = {d["id"]: i for i, d in enumerate(pool)}
    chosen = [d["id"] for d in vote(pool, selections, k)]
    rest = [d["id"] for d in pool if d["id"] not in chosen]
    return all(
        (votes[inside], -position[inside]) > (votes[outside] + remaining, -position[outside])
        for inside in chosen
        for outside in rest
    )


def _shown(doc: Document, words: int) -> Document:
    if words <= 0:
        return doc
    tokens = doc.get("text", "").split()
    text = " ".join(tokens[:words]) + (" …" if len(tokens) > words else "")
    return Document(id=doc["id"], title=doc.get("title", ""), text=text)


def _listwise(state: State, ctx: Context, model) -> tuple[list[Document], list, int]:
    selected = list(state["selected"])
    replies, fallbacks = [], 0
    for w, window in enumerate(windows(state["candidates"], ctx.window)):
        rng = random.Random(f"{ctx.seed}:{state['question']}:{state['iteration']}:{w}")
        orders = sample_orders(selected, window, max(1, ctx.utility_samples), rng)
        pool = selected + window
        selections: list[list[str]] = []
        step = max(1, ctx.max_concurrency)
        for start in range(0, len(orders), step):
            if start and settled(pool, selections, ctx.top_k, len(orders) - start):
                break  # the samples not asked yet cannot change the vote
            batch = orders[start : start + step]
            answers = model.batch(
                [
                    prompt.listwise(
                        [_shown(d, ctx.selection_doc_words) for d in order], state["question"], ctx.top_k
                    )
                    for order in batch
                ],
                config={"max_concurrency": ctx.max_concurrency},
                max_tokens=8 + 4 * ctx.top_k,
            )
            replies += answers
            for order, answer in zip(batch, answers, strict=True):
                numbers = parse_selection(answer.text, len(order), ctx.top_k)
                if numbers is None:
                    fallbacks += 1
                    continue
                selections.append([order[n - 1]["id"] for n in numbers])
        if selections:
            selected = vote(pool, selections, ctx.top_k)
        else:  # safe default: keep D, top up from the window in retrieval order
            selected = (selected + [d for d in window if d not in selected])[: ctx.top_k]
    return selected, replies, fallbacks


RANKED_POOL = 9  # one digit per document number: the first token decides the choice


def _ranked(state: State, ctx: Context, model) -> tuple[list[Document], list, int]:
    selected, waiting = list(state["selected"]), list(state["candidates"])
    replies, fallbacks = [], 0
    while waiting:
        room = max(1, RANKED_POOL - len(selected))
        pool, waiting = selected + waiting[:room], waiting[room:]
        numbers = [str(n) for n in range(1, len(pool) + 1)]
        (judgment,) = choice_probabilities_batch(
            model,
            [prompt.ranked([_shown(d, ctx.selection_doc_words) for d in pool], state["question"])],
            numbers,
            "1",
            ctx.max_concurrency,
        )
        replies.append(judgment.message)
        if not judgment.parsed:  # safe default: keep D, top up in retrieval order
            fallbacks += 1
            selected = pool[: ctx.top_k]
            continue
        ranked = sorted(range(len(pool)), key=lambda i: (-judgment.probabilities[numbers[i]], i))
        kept, mass = [], 0.0
        for i in ranked[: ctx.top_k]:
            kept.append(i)
            mass += judgment.probabilities[numbers[i]]
            if mass >= ctx.rank_mass:
                break
        selected = [pool[i] for i in sorted(kept)]  # in pool order: D first, then retrieval rank
    return selected, replies, fallbacks


def _pointwise(state: State, ctx: Context, model) -> tuple[list[Document], list, int]:
    pool = state["selected"] + state["candidates"]
    prompts = [prompt.pointwise(_shown(d, ctx.selection_doc_words), state["question"]) for d in pool]
    judgments = choice_probabilities_batch(model, prompts, ["Yes", "No"], "No", ctx.max_concurrency)
    useful = [
        (j.probabilities["Yes"], -i, d)
        for i, (j, d) in enumerate(zip(judgments, pool, strict=True))
        if j.probabilities["Yes"] > ctx.judge_threshold
    ]
    chosen = [d for _, _, d in sorted(useful, key=lambda t: (t[0], t[1]), reverse=True)][: ctx.top_k]
    return chosen, [j.message for j in judgments], sum(not j.parsed for j in judgments)


def judge_utility(state: State, runtime: Runtime[Context]) -> Step:
    """Select D from the selected and candidate documents by the run's ``utility_mode``."""
    ctx = runtime.context
    if ctx.utility_mode == "off":
        replies: list = []
        selected, fallbacks = fused(state["selected"], state["candidates"], ctx.top_k), 0
    else:
        run = {"listwise": _listwise, "ranked": _ranked, "pointwise": _pointwise}[ctx.utility_mode]
        selected, replies, fallbacks = run(state, ctx, resources.model(runtime, ctx.utility_model))
    return Step({"selected": selected}, replies, fallbacks)
