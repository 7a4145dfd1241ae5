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
