"""Sentence boundaries where a reader puts them: the boundary set (tests/data/sentence_boundaries.jsonl,
written from the shipped corpus and from the committed benchmark answers), the writing stage keeping a
model's first sentence whole, and evaluation cutting answers into the sentences the graph kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.scripted import KeywordJudge, Writer
from tests.scripted import vtg_context as ctx
from verirag.api import run
from verirag.documents import Document
from verirag.eval.metrics import citation_scores
from verirag.stores import HybridStore, make_document, register_store, unregister_store
from verirag.testing import HashEmbedder
from verirag.text import split_sentences

DATA = Path(__file__).parent.parent / "data" / "sentence_boundaries.jsonl"
CASES = [json.loads(line) for line in DATA.read_text("utf-8").splitlines()]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_boundary_set(case):
    assert split_sentences(case["text"]) == case["sentences"]


def test_boundary_set_covers_what_the_issue_lists():
    assert len(CASES) >= 60 and len({c["id"] for c in CASES}) == len(CASES)
    assert {c["category"] for c in CASES} >= {
        "initials",
        "us-uk-dc",
        "titles",
        "decimals",
        "ellipses",
        "quotes-brackets",
        "citations",
        "newlines",
        "lowercase-next",
    }
    for case in CASES:  # the expected sentences are the text, cut: nothing added, nothing lost
        assert " ".join(case["sentences"]) == " ".join(case["text"].split()), case["id"]


# -- the writing stage keeps a model's first sentence whole --------------------------------------------

NAMES = {
    "The Force Awakens": "Star Wars: The Force Awakens is a 2015 film directed by J.J. Abrams.",
    "The Lord of the Rings": "The Lord of the Rings is a novel by J. R. R. Tolkien, published in 1954.",
    "International Monetary Fund": "The IMF is based in Washington, D.C. It has 191 member countries.",
    "Dr. No": "Dr. No is the first James Bond film, released in 1962, starring Sean Connery.",
    "Guam": "Guam is the westernmost territory of the U.S. In Oceania it is the largest island.",
}

REPLIES = [  # (title of the supporting document, generator reply, the sentence the graph must keep)
    (
        "The Force Awakens",
        "The Force Awakens was directed by J.J. Abrams. It was released in 2015.",
        "The Force Awakens was directed by J.J. Abrams.",
    ),
    (
        "The Force Awakens",
        "The Force Awakens was directed by J.J. Abrams [1]. It was released in 2015 [1].",
        "The Force Awakens was directed by J.J. Abrams.",
    ),
    (
        "The Lord of the Rings",
        "The Lord of the Rings was written by J. R. R. Tolkien. It appeared in 1954.",
        "The Lord of the Rings was written by J. R. R. Tolkien.",
    ),
    (
        "International Monetary Fund",
        "The IMF is headquartered in Washington, D.C. It has 191 members.",
        "The IMF is headquartered in Washington, D.C.",
    ),
    (
        "Dr. No",
        "Dr. No was the first James Bond film. It starred Sean Connery.",
        "Dr. No was the first James Bond film.",
    ),
    (
        "Guam",
        "Guam is the westernmost territory of the U.S. In Oceania it is the largest island.",
        "Guam is the westernmost territory of the U.S.",
    ),
]


@pytest.fixture
def names_store(tmp_path):
    store = HybridStore(tmp_path / "names", embedder=HashEmbedder())
    store.add([make_document(t, x) for t, x in NAMES.items()])
    register_store("names", store)
    yield store
    unregister_store("names")


@pytest.mark.parametrize("title, reply, kept", REPLIES, ids=[r[2][:30] for r in REPLIES])
def test_a_reply_of_several_sentences_keeps_the_first_one_whole(names_store, scripted, title, reply, kept):
    script = Writer([reply], cite={kept: [title]}, needs={kept: [title]})
    name, _ = scripted(script)
    out, _ = run(f"Tell me about {title}", ctx(name, store="names", top_k=5))
    assert [s["text"] for s in out["sentences"]] == [kept]
    assert out["sentences"][0]["verified_by"] == "citations"
    for sentence in out["sentences"]:  # nothing the graph keeps would be cut again by the segmenter
        assert split_sentences(sentence["text"]) == [sentence["text"]]
    assert len(split_sentences(out["answer"])) == len(out["sentences"])  # evaluation sees the same cut


def test_citation_scores_cut_the_answer_like_the_graph():
    docs: list[Document] = [
        {"title": "d1", "text": "The Force Awakens was directed by J.J. Abrams and released in 2015."}
    ]
    answer = "The Force Awakens was directed by J.J. Abrams [1]. It was released in 2015 [1]."
    scores = citation_scores(answer, docs, KeywordJudge())
    assert scores.sentences == 2 and scores.recall == 1.0
