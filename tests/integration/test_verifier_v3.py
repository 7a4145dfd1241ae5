"""The real embedded model decides a fixed sample of verifier benchmark v3's DEV half (never the sealed half)
as the sentences are labelled by hand: one sentence of each source, true and false, and the true sentence the
slot reader once vetoed by echoing the claim's other name ("The Shahnameh was written by Ferdowsi."), and two
true sentences the guard once vetoed that the weighing passes with the model's P(Yes)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import verifier_v3  # noqa: E402

from verirag import Context  # noqa: E402
from verirag.models import get_chat_model  # noqa: E402
from verirag.stores import make_document  # noqa: E402
from verirag.verify import decide  # noqa: E402

SAMPLE = (
    "54e11ec76fe5",  # Vanilla, true: "Seoul is the capital city of South Korea."
    "215430200d3e",  # verirag, true: "Jack Kerouac wrote On the Road."
    "8e8cb313370c",  # restatement, true: "Amitabh Bachchan has starred in more than two hundred films."
    "0aef12ba4b1e",  # Vanilla, true: "The Shahnameh was written by Ferdowsi." (the slot reader echoes)
    "eabb73a6dc6d",  # restatement, true: "... a family that spoke German ..." (German-speaking, weighed)
    "68d084f16b9c",  # restatement, true: "Another name for ... is a sacred experience." (a name, weighed)
    "fce509b30c2c",  # one fact changed, false: "Archaeology is the only source of evidence about ..."
    "ccffca8aaf4d",  # the embedded model's change, false: "... at least three substances."
    "8ce03a2e591e",  # closed-book, false: "The capital city of Baffin Island is Resolute."
)


@pytest.mark.parametrize("sentence_id", SAMPLE)
def test_the_real_model_decides_a_dev_sample_of_v3_as_labelled_by_hand(sentence_id):
    (row,) = [r for r in verifier_v3.sentences("dev") if r["id"] == sentence_id]
    docs = [make_document(d["title"], d["text"]) for d in row["evidence"]]
    question = row.get("question") or f"Tell me about {docs[0]['title']}."
    (check,) = decide(get_chat_model("local"), [(docs, row["claim"])], question, Context())
    assert check.passed == bool(row["label"]), (row["claim"], check.decided_by, check.probability)
