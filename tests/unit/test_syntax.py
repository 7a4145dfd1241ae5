"""The dependency parser's files are checked by sha256 before the first parse."""

from __future__ import annotations

import shutil

import pytest

from verirag import syntax
from verirag.errors import ModelIntegrityError


def test_the_installed_pipeline_hashes_to_the_pinned_digest():
    assert syntax.digest(syntax.pipeline_dir()) == syntax.SHA256


def test_a_changed_pipeline_file_is_refused_before_loading(tmp_path, monkeypatch):
    copy = tmp_path / "pipeline"
    shutil.copytree(syntax.pipeline_dir(), copy)
    (copy / "parser" / "cfg").write_text((copy / "parser" / "cfg").read_text() + " ")
    monkeypatch.setattr(syntax, "pipeline_dir", lambda: copy)
    syntax._pipeline.cache_clear()
    try:
        with pytest.raises(ModelIntegrityError, match="expected"):
            syntax.parse("Which rivers flow through Oz?")
    finally:
        syntax._pipeline.cache_clear()


def test_a_parse_gives_heads_and_tags():
    doc = syntax.parse("How many people live in each of the Oz regions?")
    each = next(t for t in doc if t.lower_ == "each")
    assert [c.lower_ for c in each.children] == ["of"]
    assert next(t for t in doc if t.lower_ == "regions").tag_ == "NNS"
