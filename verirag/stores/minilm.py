"""all-MiniLM-L6-v2 in numpy: the model folder's tokenizer and safetensors weights, no torch.

The vectors are sentence-transformers' for this model (mean of the last layer's token states over the
attention mask, L2-normalised, inputs cut at the folder's ``max_seq_length``), in float32. Texts are
sorted by token count and run in batches of similar length, so little is spent on padding.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

Array = NDArray[np.float32]

# Abramowitz & Stegun 7.1.26: erf to 1.5e-7, below float32's resolution near 1
_ERF_P = 0.3275911
_ERF_A = (0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429)
_BLOCK = 1 << 16  # floats per GELU block


def _gelu(x: Array) -> Array:
    """BERT's exact GELU, x * Phi(x), in place (erf by Abramowitz & Stegun 7.1.26).

    It runs in blocks that stay in the CPU's cache.
    """
    flat = x.reshape(-1)
    for start in range(0, flat.size, _BLOCK):
        _gelu_block(flat[start : start + _BLOCK])
    return x


def _gelu_block(x: Array) -> None:
    s = x * np.float32(1 / np.sqrt(2))
    t = np.abs(s)
    t *= _ERF_P
    t += 1.0
    np.reciprocal(t, out=t)
    a1, a2, a3, a4, a5 = _ERF_A
    tail = t * a5  # tail = 1 - erf(|s|)
    for a in (a4, a3, a2, a1):
        tail += a
        tail *= t
    np.square(s, out=s)
    np.negative(s, out=s)
    np.exp(s, out=s)
    tail *= s
    tail *= 0.5  # Phi(x) = 1 - tail / 2 for x >= 0, tail / 2 below
    np.subtract(1.0, tail, out=tail, where=x >= 0)
    x *= tail


def _layer_norm(x: Array, weight: Array, bias: Array, eps: float) -> Array:
    mean = x.mean(-1, keepdims=True)
    centred = x - mean
    var = (centred * centred).mean(-1, keepdims=True)
    return np.asarray(centred / np.sqrt(var + np.float32(eps)) * weight + bias, dtype=np.float32)


class _Layer(NamedTuple):
    """One transformer layer's weights, transposed for ``x @ weight``; query, key and value in one."""

    qkv: Array
    qkv_bias: Array
    out: Array
    out_bias: Array
    norm1: tuple[Array, Array]
    up: Array
    up_bias: Array
    down: Array
    down_bias: Array
    norm2: tuple[Array, Array]

    @classmethod
    def of(cls, w: dict[str, Array], prefix: str) -> _Layer:
        """The layer whose tensors are named ``prefix…`` in a BERT safetensors file."""

        def get(name: str) -> Array:
            return w[prefix + name]

        def t(name: str) -> Array:
            return np.ascontiguousarray(get(name).T)

        parts = ("query", "key", "value")
        return cls(
            qkv=np.ascontiguousarray(np.concatenate([get(f"attention.self.{m}.weight") for m in parts]).T),
            qkv_bias=np.concatenate([get(f"attention.self.{m}.bias") for m in parts]),
            out=t("attention.output.dense.weight"),
            out_bias=get("attention.output.dense.bias"),
            norm1=(get("attention.output.LayerNorm.weight"), get("attention.output.LayerNorm.bias")),
            up=t("intermediate.dense.weight"),
            up_bias=get("intermediate.dense.bias"),
            down=t("output.dense.weight"),
            down_bias=get("output.dense.bias"),
            norm2=(get("output.LayerNorm.weight"), get("output.LayerNorm.bias")),
        )


class MiniLM:
    """The encoder of one sentence-transformers BERT folder.

    The folder holds config.json, tokenizer.json, model.safetensors and sentence_bert_config.json.

    Each batch runs on one core (single-threaded BLAS: OpenBLAS's own threads wait for each other on
    every small product and crawl when the cores are busy), ``workers`` batches at a time.

    Args:
        folder: the model folder.
        batch_size: texts per forward pass.
        workers: batches run at once; defaults to the cores this process may use.
    """

    def __init__(self, folder: str | Path, batch_size: int = 32, workers: int | None = None):
        from safetensors.numpy import load_file
        from threadpoolctl import ThreadpoolController
        from tokenizers import Tokenizer

        folder = Path(folder)
        config = json.loads((folder / "config.json").read_text())
        sbert = json.loads((folder / "sentence_bert_config.json").read_text())
        self.max_length = int(sbert["max_seq_length"])
        self.heads = int(config["num_attention_heads"])
        self.eps = float(config["layer_norm_eps"])
        self.batch_size = batch_size
        self.workers = workers or len(os.sched_getaffinity(0))
        self._blas = ThreadpoolController()
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(self.max_length)
        tensors = load_file(str(folder / "model.safetensors"))
        w = {k: np.asarray(v, dtype=np.float32) for k, v in tensors.items() if not k.endswith("position_ids")}
        self.word = w["embeddings.word_embeddings.weight"]
        self.position = w["embeddings.position_embeddings.weight"]
        self.token_type = w["embeddings.token_type_embeddings.weight"][0]
        self.embed_norm = (w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        self.layers = [_Layer.of(w, f"encoder.layer.{n}.") for n in range(int(config["num_hidden_layers"]))]

    @property
    def dim(self) -> int:
        """The dimension of the embeddings."""
        return int(self.word.shape[1])

    def encode(self, texts: Sequence[str]) -> Array:
        """One L2-normalised float32 vector per text, in the order given (shape ``(len(texts), dim)``)."""
        ids = [e.ids for e in self.tokenizer.encode_batch([t.strip() for t in texts])]
        order = sorted(range(len(ids)), key=lambda i: len(ids[i]))
        batches = [order[start : start + self.batch_size] for start in range(0, len(order), self.batch_size)]
        out = np.zeros((len(ids), self.dim), dtype=np.float32)
        with self._blas.limit(limits=1, user_api="blas"):
            if self.workers > 1 and len(batches) > 1:
                with ThreadPoolExecutor(min(self.workers, len(batches))) as pool:
                    done = list(pool.map(lambda batch: self._run([ids[i] for i in batch]), batches))
            else:
                done = [self._run([ids[i] for i in batch]) for batch in batches]
        for batch, vectors in zip(batches, done, strict=True):
            out[batch] = vectors
        return out

    def _run(self, ids: list[list[int]]) -> Array:
        """The vectors of texts tokenized to ``ids``, padded to the longest."""
        width = max(len(i) for i in ids)
        tokens = np.zeros((len(ids), width), dtype=np.int64)
        mask = np.zeros((len(ids), width), dtype=np.float32)
        for row, token_ids in enumerate(ids):
            tokens[row, : len(token_ids)] = token_ids
            mask[row, : len(token_ids)] = 1.0
        return self._forward(tokens, mask)

    def _forward(self, tokens: NDArray[np.int64], mask: Array) -> Array:
        batch, width = tokens.shape
        heads, dim = self.heads, self.dim
        head_dim = dim // heads
        x = self.word[tokens] + self.position[:width] + self.token_type
        x = _layer_norm(x, *self.embed_norm, self.eps)
        # padded keys get the most negative float32, as transformers does
        blocked = ((1.0 - mask) * np.finfo(np.float32).min)[:, None, None, :].astype(np.float32)
        scale = np.float32(1 / np.sqrt(head_dim))
        for layer in self.layers:
            qkv = (x @ layer.qkv + layer.qkv_bias).reshape(batch, width, 3, heads, head_dim)
            q, k, v = (qkv[:, :, i].transpose(0, 2, 1, 3) for i in range(3))
            scores = q @ k.transpose(0, 1, 3, 2)
            scores *= scale
            scores += blocked
            scores -= scores.max(-1, keepdims=True)  # softmax, in place
            np.exp(scores, out=scores)
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch, width, dim)
            x = _layer_norm(context @ layer.out + layer.out_bias + x, *layer.norm1, self.eps)
            hidden = _gelu(x @ layer.up + layer.up_bias)
            x = _layer_norm(hidden @ layer.down + layer.down_bias + x, *layer.norm2, self.eps)
        pooled = (x * mask[:, :, None]).sum(1) / np.maximum(mask.sum(1, keepdims=True), 1e-9)
        norms = np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
        return np.asarray(pooled / norms, dtype=np.float32)
