"""The data verirag ships that is made from the shipped corpus is what its generator makes from it."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_sentence_opener_table_is_made_from_the_shipped_corpus(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    sys.modules.pop("sentence_openers", None)
    import sentence_openers

    committed = sentence_openers.OUT.read_text(encoding="utf-8")
    monkeypatch.setattr(sentence_openers, "OUT", tmp_path / "sentence_openers.tsv")
    sentence_openers.main()
    assert (tmp_path / "sentence_openers.tsv").read_text(encoding="utf-8") == committed


def test_the_shipped_vectors_are_the_live_embedders_for_the_shipped_corpus():
    """The checked file matches the corpus as ingest reads it; a sample re-embedded live agrees."""
    import random

    import numpy as np

    from verirag.stores.corpus import iter_corpus
    from verirag.stores.embeddings import MiniLMEmbedder
    from verirag.stores.hybrid import dense_text
    from verirag.stores.shipped_vectors import load

    documents = list(iter_corpus())
    shipped, why = load(documents, MiniLMEmbedder.name)
    assert why == "" and len(shipped) == len(documents)
    texts = [dense_text(d) for d in random.Random(31).sample(documents, 200)]
    live = np.asarray(MiniLMEmbedder().embed(texts))
    cosines = (live * np.array([shipped[t] for t in texts])).sum(1)
    assert cosines.min() >= 0.9999, f"cosine {cosines.min():.6f} for {texts[int(cosines.argmin())][:80]!r}"
