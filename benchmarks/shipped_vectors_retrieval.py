"""Retrieval from the shipped float16 vectors against a store whose vectors were embedded in float32: the
top-k ids of each question of a dataset, from both stores, fused (what verirag retrieves) and dense only.

    .venv/bin/python benchmarks/shipped_vectors_retrieval.py REFERENCE_STORE SHIPPED_STORE \\
        [--dataset ../shared/bench/single_hop_dev.json] [--k 5]

REFERENCE_STORE is, for example, a store indexed before the vectors were shipped; SHIPPED_STORE one made
by ``verirag ingest --store DIR`` from the shipped vectors. Both are only read.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reference", type=Path)
    parser.add_argument("shipped", type=Path)
    parser.add_argument(
        "--dataset", type=Path, default=ROOT.parent / "shared" / "bench" / "single_hop_dev.json"
    )
    parser.add_argument("--k", type=int, default=5)
    args = parser.parse_args()

    from verirag.stores import HybridStore

    questions = [item["question"] for item in json.loads(args.dataset.read_text())["items"]]
    reference, shipped = HybridStore(args.reference), HybridStore(args.shipped)
    assert reference.count() == shipped.count(), (reference.count(), shipped.count())
    fused_same = dense_same = fused_overlap = dense_overlap = 0
    for question in questions:
        fused = [[d["id"] for d in store.search(question, args.k)] for store in (reference, shipped)]
        query = reference.embedder.embed([question])
        dense = [
            store._open().query(query_embeddings=query, n_results=args.k, include=[])["ids"][0]
            for store in (reference, shipped)
        ]
        fused_same += fused[0] == fused[1]
        dense_same += dense[0] == dense[1]
        fused_overlap += len(set(fused[0]) & set(fused[1]))
        dense_overlap += len(set(dense[0]) & set(dense[1]))
        if fused[0] != fused[1]:
            print(f"differs: {question!r}\n  reference {fused[0]}\n  shipped   {fused[1]}")
    n, k = len(questions), args.k
    print(
        f"{n} questions, top-{k}: fused identical (same order) {fused_same}/{n}, overlap "
        f"{fused_overlap}/{n * k}; dense only identical {dense_same}/{n}, overlap {dense_overlap}/{n * k}"
    )


if __name__ == "__main__":
    main()
