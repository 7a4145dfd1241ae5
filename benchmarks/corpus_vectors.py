"""The shipped corpus's vectors, made once for every machine: ``verirag/data/corpus_vectors.npz``
(:mod:`verirag.stores.shipped_vectors`), all-MiniLM-L6-v2 in float16, keyed by document id.

    .venv/bin/python benchmarks/corpus_vectors.py     # rewrites the file (deterministic on one machine)

Prints the file's size and sha256: put the sha256 in ``verirag.stores.shipped_vectors.SHA256``, or
``verirag ingest`` embeds the corpus instead of using the file.
"""

from __future__ import annotations

import time

from verirag.stores.corpus import iter_corpus
from verirag.stores.embeddings import MiniLMEmbedder
from verirag.stores.shipped_vectors import SHA256, VECTORS, write


def main() -> None:
    documents = list(iter_corpus())
    started = time.perf_counter()
    sha256 = write(VECTORS, documents, MiniLMEmbedder())
    print(
        f"{len(documents):,} vectors in {time.perf_counter() - started:.0f} s -> {VECTORS} "
        f"({VECTORS.stat().st_size:,} bytes)\nsha256 {sha256}"
        + ("" if sha256 == SHA256 else "  (differs from shipped_vectors.SHA256: update it)")
    )


if __name__ == "__main__":
    main()
