"""How well the support judgments separate supported from unsupported sentences (run by hand).

    .venv/bin/python benchmarks/support_calibration.py [-n 40] [--model local] [--claims written]

Pairs come from the shipped corpus, never from the bench questions: for ``n`` seeded random paragraphs
with at least three sentences, the claim is one of its sentences (not the first; ``--claims verbatim``)
or one sentence the model writes about the paragraph in its own words (``--claims written``: closer to
what the writer produces), judged against

* ``supported``   — the paragraph itself;
* ``neighbour``   — the best-ranked *other* paragraph the store returns for the claim (same topic, an
  honest negative: it usually does not state the claim).

For each judgment (Self-RAG ISSUP as s = p(Fully) + ½·p(Partially), and the evaluation judge's
P(Yes)) the table gives the mean score per kind, the pass rate at the configured threshold, the ROC AUC
(probability that a supported pair scores above a neighbour pair), and the threshold that best
separates the two kinds (balanced accuracy) — how ``support_threshold`` of a preset is chosen for a
model, without looking at any benchmark question.
"""

from __future__ import annotations

import argparse
import random
import statistics

from rich.console import Console
from rich.table import Table

from langchain_core.messages import HumanMessage

from verirag.graph.context import Context
from verirag.models import get_chat_model
from verirag.models.entailment import ModelJudge
from verirag.nodes.support import support
from verirag.parsing import parse_sentence
from verirag.stores import open_store
from verirag.stores.corpus import iter_corpus
from verirag.text import split_sentences


def auc(positives: list[float], negatives: list[float]) -> float:
    """P(positive > negative), ties counting half."""
    pairs = [(p > n) + 0.5 * (p == n) for p in positives for n in negatives]
    return sum(pairs) / len(pairs) if pairs else float("nan")


def balanced_accuracy(positives: list[float], negatives: list[float], threshold: float) -> float:
    """Mean of the pass rate of supported pairs and the reject rate of neighbour pairs."""
    return (sum(p >= threshold for p in positives) / len(positives)
            + sum(n < threshold for n in negatives) / len(negatives)) / 2


def best_threshold(positives: list[float], negatives: list[float]) -> float:
    """The observed score that, used as the pass threshold, maximises balanced accuracy."""
    return max(sorted(set(positives + negatives)), key=lambda t: balanced_accuracy(positives, negatives, t))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=40)
    parser.add_argument("--model", default="local")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--claims", choices=["verbatim", "written"], default="verbatim")
    args = parser.parse_args()
    console = Console()
    ctx = Context.preset("local", model=args.model)
    model, store = get_chat_model(ctx.model), open_store(ctx.store_path())
    judge = ModelJudge(model, ctx.judge_threshold)
    paragraphs = [d for d in iter_corpus() if len(split_sentences(d["text"])) >= 3]
    rng = random.Random(args.seed)
    scores: dict[tuple[str, str], list[float]] = {}
    for doc in rng.sample(paragraphs, args.n):
        claim = rng.choice(split_sentences(doc["text"])[1:])
        if args.claims == "written":
            reply = model.invoke([HumanMessage(
                f"{doc['text']}\n\nIn your own words, write one sentence stating one specific fact from this "
                "text. Reply with the sentence only.")], max_tokens=60)
            claim = parse_sentence(reply.text) or reply.text.strip()
        neighbour = next(d for d in store.search(claim, 5) if d["title"] != doc["title"])
        for kind, docs in (("supported", [doc]), ("neighbour", [neighbour])):
            s, _ = support(model, docs, f"Tell me about {doc['title']}.", claim)
            scores.setdefault(("ISSUP", kind), []).append(s)
            scores.setdefault(("Yes/No", kind), []).append(judge.probability(docs, claim))
        console.print(f"{doc['title'][:40]:40s} ISSUP {scores[('ISSUP', 'supported')][-1]:.2f}/"
                      f"{scores[('ISSUP', 'neighbour')][-1]:.2f}  Yes/No {scores[('Yes/No', 'supported')][-1]:.2f}/"
                      f"{scores[('Yes/No', 'neighbour')][-1]:.2f}")
    table = Table("judgment", "mean (supported)", "mean (neighbour)", "pass (supported)", "pass (neighbour)",
                  "ROC AUC", "balanced acc.", "best threshold (balanced acc.)", title=f"support judgments on {args.n} {args.claims} corpus claims, model {args.model}")
    for name, threshold in (("ISSUP", ctx.support_threshold), ("Yes/No", ctx.judge_threshold)):
        pos, neg = scores[(name, "supported")], scores[(name, "neighbour")]
        table.add_row(f"{name} (pass >= {threshold})", f"{statistics.mean(pos):.3f}", f"{statistics.mean(neg):.3f}",
                      f"{sum(s >= threshold for s in pos) / len(pos):.2f}",
                      f"{sum(s >= threshold for s in neg) / len(neg):.2f}", f"{auc(pos, neg):.3f}",
                      f"{balanced_accuracy(pos, neg, threshold):.2f}",
                      f"{(t := best_threshold(pos, neg)):.2f} ({balanced_accuracy(pos, neg, t):.2f})")
    console.print(table)


if __name__ == "__main__":
    main()
