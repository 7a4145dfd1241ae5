"""An answer written elsewhere, as verirag reads it to check it: its sentences and the numbers they cite.

Its sentences are cut by the project's segmenter, each with the document numbers it cites — "[1]", "[1][2]",
"[1, 2]", "^1^", "^1,2^" — or, for an answer whose markers were stripped, with a citations list given beside
it. Plain text only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from verirag.text import parse_citations, split_sentences

_CARET = re.compile(r"\^(\d+(?:\s*[,;]\s*\d+)*)\^")


def cited_sentences(
    answer: str, citations: Sequence[Sequence[int]] | None = None
) -> list[tuple[str, list[int]]]:
    """(sentence without markers, its 1-based document numbers) for each sentence of ``answer``.

    ``citations``, when given, is the numbers of each sentence in order (an answer without markers);
    a sentence beyond its end cites nothing.
    """
    text = _CARET.sub(lambda m: f"[{m.group(1)}]", answer or "")
    out = [parse_citations(s) for s in split_sentences(text)]
    if citations is not None:
        given = list(citations) + [[]] * len(out)
        out = [(s, [int(n) for n in given[i]]) for i, (s, _) in enumerate(out)]
    return [(s, n) for s, n in out if re.search(r"\w", s)]
