"""BM25 over immutable segments, scored with the statistics of all segments together.

An ingest writes one new segment with its own documents' raw statistics; a search combines the segments
with global statistics, so a document scores exactly as in one index over all documents. Segments are
merged without re-tokenizing, keeping their number logarithmic in the store size (:func:`merge_plan`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from verirag.text import stemmer

K1, B = 1.5, 0.75
MERGE_RATIO = 4  # merge the newest two segments while the older is at most this many times larger
_TOKEN = re.compile(r"(?u)\b\w\w+\b")  # bm25s' default pattern


@lru_cache(maxsize=1)
def _stopwords() -> frozenset[str]:
    from bm25s.stopwords import STOPWORDS_EN

    return frozenset(STOPWORDS_EN)


def tokenize(text: str) -> list[str]:
    """Lower-cased word tokens without English stopwords, Snowball-stemmed (as bm25s does)."""
    stop = _stopwords()
    return stemmer().stemWords([t for t in _TOKEN.findall(text.lower()) if t not in stop])


@dataclass
class Segment:
    """Postings of a set of documents, by term (compressed sparse columns).

    ``docs[starts[t]:starts[t + 1]]`` are the positions (in ``ids``) of the documents holding term
    ``vocab[t]``, with their term frequencies in ``tfs``; ``lengths`` are the documents' token counts.
    """

    ids: list[str]
    lengths: np.ndarray  # int32, per document
    vocab: list[str]  # sorted
    starts: np.ndarray  # int64, len(vocab) + 1
    docs: np.ndarray  # int32
    tfs: np.ndarray  # int32

    def __post_init__(self):
        self._columns = {term: i for i, term in enumerate(self.vocab)}

    def __len__(self) -> int:
        return len(self.ids)

    @classmethod
    def build(cls, ids: Sequence[str], texts: Sequence[str]) -> Segment:
        """Tokenize and index ``texts`` (one per id)."""
        term_of: dict[str, int] = {}
        rows: list[np.ndarray] = []
        cols: list[np.ndarray] = []
        counts: list[np.ndarray] = []
        lengths = np.zeros(len(ids), dtype=np.int32)
        for position, text in enumerate(texts):
            tokens = tokenize(text)
            lengths[position] = len(tokens)
            if not tokens:
                continue
            terms, tf = np.unique(
                np.array([term_of.setdefault(t, len(term_of)) for t in tokens]), return_counts=True
            )
            rows.append(terms)
            cols.append(np.full(len(terms), position, dtype=np.int32))
            counts.append(tf.astype(np.int32))
        names = list(term_of)
        return cls._from_triples(
            list(ids), lengths, names, _cat(rows, np.int64), _cat(cols, np.int32), _cat(counts, np.int32)
        )

    @classmethod
    def _from_triples(cls, ids, lengths, names: list[str], terms, docs, tfs) -> Segment:
        """Sort (term, doc, tf) triples into columns over the sorted vocabulary."""
        order_of_name = np.array(sorted(range(len(names)), key=names.__getitem__), dtype=np.int64)
        rank = np.empty(len(names), dtype=np.int64)
        rank[order_of_name] = np.arange(len(names))
        column = rank[terms] if len(terms) else terms
        order = np.lexsort((docs, column))
        starts = np.zeros(len(names) + 1, dtype=np.int64)
        np.cumsum(np.bincount(column, minlength=len(names)), out=starts[1:])
        vocab = [names[i] for i in order_of_name]
        return cls(ids, lengths, vocab, starts, docs[order], tfs[order])

    @classmethod
    def merge(cls, segments: Sequence[Segment], drop: frozenset[str] = frozenset()) -> Segment:
        """One segment with the documents of ``segments`` in order, except the ids in ``drop``."""
        names: dict[str, int] = {}
        keep_ids: list[str] = []
        lengths, terms, docs, tfs = [], [], [], []
        for segment in segments:
            keep = np.array([i not in drop for i in segment.ids], dtype=bool)
            new_position = np.cumsum(keep, dtype=np.int64) - 1 + len(keep_ids)
            keep_ids += [i for i, k in zip(segment.ids, keep, strict=True) if k]
            lengths.append(segment.lengths[keep])
            to_global = np.array([names.setdefault(t, len(names)) for t in segment.vocab], dtype=np.int64)
            column_of_posting = np.repeat(np.arange(len(segment.vocab)), np.diff(segment.starts))
            kept = keep[segment.docs] if len(segment.docs) else np.zeros(0, bool)
            terms.append(to_global[column_of_posting[kept]])
            docs.append(new_position[segment.docs[kept]].astype(np.int32))
            tfs.append(segment.tfs[kept])
        return cls._from_triples(
            keep_ids,
            _cat(lengths, np.int32),
            list(names),
            _cat(terms, np.int64),
            _cat(docs, np.int32),
            _cat(tfs, np.int32),
        )

    # -- files ---------------------------------------------------------------------------------------
    def save(self, fh) -> None:
        """Write the segment as one ``.npz`` (no pickles) to an open binary file."""
        np.savez(
            fh,
            ids=np.array(self.ids, dtype=str) if self.ids else np.zeros(0, "U16"),
            lengths=self.lengths,
            vocab=_pack(self.vocab),
            vocab_ends=_ends(self.vocab),
            starts=self.starts,
            docs=self.docs,
            tfs=self.tfs,
        )

    @classmethod
    def load(cls, path: Path) -> Segment:
        """Read a segment written by :meth:`save`."""
        with np.load(path, allow_pickle=False) as data:
            return cls(
                data["ids"].tolist(),
                data["lengths"],
                _unpack(data["vocab"], data["vocab_ends"]),
                data["starts"],
                data["docs"],
                data["tfs"],
            )

    # -- scoring -------------------------------------------------------------------------------------
    def document_frequency(self, term: str) -> int:
        """How many documents of the segment hold ``term``."""
        column = self._columns.get(term)
        return 0 if column is None else int(self.starts[column + 1] - self.starts[column])

    def scores(self, weights: dict[str, float], mean_length: float) -> np.ndarray:
        """BM25 of every document for query terms with their global idf (``weights``)."""
        total = np.zeros(len(self.ids), dtype=np.float64)
        norm = K1 * (1 - B + B * self.lengths / mean_length)
        for term, idf in weights.items():
            column = self._columns.get(term)
            if column is None:
                continue
            span = slice(self.starts[column], self.starts[column + 1])
            docs, tf = self.docs[span], self.tfs[span]
            total[docs] += idf * tf / (norm[docs] + tf)
        return total


def segment_ids(path: Path) -> list[str]:
    """Only the document ids of a segment file (reads that one array)."""
    with np.load(path, allow_pickle=False) as data:
        return data["ids"].tolist()


def search(segments: Sequence[Segment], query: str, k: int) -> list[tuple[str, float]]:
    """Top-``k`` ``(id, score)`` over all segments, as one index over all their documents would rank them.

    Ties are broken by position (segment order, then document order), so the result does not depend on
    how the documents are split into segments.
    """
    n = sum(len(s) for s in segments)
    if not n or k <= 0:
        return []
    terms = list(dict.fromkeys(tokenize(query)))
    mean_length = max(sum(float(s.lengths.sum()) for s in segments) / n, 1e-9)
    weights = {}
    for term in terms:
        df = sum(s.document_frequency(term) for s in segments)
        if df:
            weights[term] = float(np.log(1 + (n - df + 0.5) / (df + 0.5)))
    if not weights:
        return []
    found: list[tuple[float, int, str]] = []
    offset = 0
    for segment in segments:
        scores = segment.scores(weights, mean_length)
        hits = np.flatnonzero(scores > 0)
        if len(hits) > k:
            hits = hits[np.argpartition(-scores[hits], k - 1)[:k]]
        found += [(-float(scores[i]), offset + int(i), segment.ids[i]) for i in hits]
        offset += len(segment)
    found.sort()
    return [(doc_id, -neg) for neg, _, doc_id in found[:k]]


def merge_plan(counts: Sequence[int]) -> int:
    """How many of the newest segments to merge into one (0 or >= 2), given segment sizes oldest first.

    The newest two are merged while the older one is at most :data:`MERGE_RATIO` times the newer, so the
    sizes fall geometrically and a store of N documents has at most about log4(N) + 1 segments; adding a
    few documents to a large store merges nothing large.
    """
    sizes, merged = list(counts), 1
    while len(sizes) >= 2 and sizes[-2] <= MERGE_RATIO * sizes[-1]:
        sizes[-2:] = [sizes[-2] + sizes[-1]]
        merged += 1
    return merged if merged >= 2 else 0


def _cat(parts: list[np.ndarray], dtype) -> np.ndarray:
    return np.concatenate(parts).astype(dtype, copy=False) if parts else np.zeros(0, dtype)


def _pack(words: list[str]) -> np.ndarray:
    return np.frombuffer("".join(words).encode("utf-8"), dtype=np.uint8)


def _ends(words: list[str]) -> np.ndarray:
    return np.cumsum([len(w.encode("utf-8")) for w in words], dtype=np.int64)


def _unpack(blob: np.ndarray, ends: np.ndarray) -> list[str]:
    raw = blob.tobytes()
    starts = np.concatenate([[0], ends[:-1]]) if len(ends) else ends
    return [raw[a:b].decode("utf-8") for a, b in zip(starts.tolist(), ends.tolist(), strict=True)]
