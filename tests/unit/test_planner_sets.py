"""The planner's question sets: sealed halves pinned, halves by article, no single-part question split."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from verirag.plans import plan

SETS = Path(__file__).resolve().parents[2] / "benchmarks" / "planner"
# sha256 of each set's sealed half as stored (see sealed_digest); a change to it is a new benchmark
SEALED = {
    "single_part": "213b8ca02f10c82bdc9d439393cac7ce2f1ce940677d4d74a46fde0accf2b7e2",
    "fanout": "3284bca483ed7e82027c687d7b5fda76547fc28695f6b886ec61b5bb092c97f3",
    "fanout_fresh": "317a187ddf6cae1df14d62bf7249ff35a725ed5e61d28a24bce2dd912d9265dc",
    "fanout_fresh2": "4e6a9840d1e7f041d1cab5bc43c3f5d88ba89b1074f6c837ea2b9c0ca7bccd6a",
    "fanout_pool_sealed": "168be5afba516bcffab5202634b37140816f8d7200c7b1a2fc3dc8be1f140a45",
    "fanout_pool_sealed2": "5b51669b93f325204ea68c7776b8874c21309fb23aad9bb35113abd0864ac8f6",
    "fanout_pool_sealed3": "10d357fc713eaf02f54a723ffc88626382e9a9c30a1c2e80c2c77f8e9b4a57b6",
    "fanout_pool_sealed4": "2b7f5e414f122c325e50003654a6dcfd6117bea713cd4c712ebcda4507bf9e7c",
    "fanout_written": "dcfa525ff2e32a4a2cfca34fcf5d9fa3a3357605101f1c2d0baaefbe00cad4f7",
    "fanout_written2": "ed5f4cf20da85c78e7ffc2ba9ece87389b084b7ad2b27f1b4a5fc0977ba266af",
    "fanout_written3": "aa829d3b5695a1b46ab671acbebfdbf31795659cd57b6a19e960eb6c120f89c3",
    "fanout_written4": "0b01dd75ff72fe5fd607591a105068a7051fcf3b968870ed9e8096e962df4956",
    "fanout_written5": "af7237575f980a9a94b7701a2a4d67121ea5dfb533aa9f45db6646000413c209",
    "fanout_written6": "1fa55a097db17583e872d1c4c5f4b9252a4bea9851df57d0d13254d25f629e7e",
    "fanout_written7": "0951ad031735ebea39a9313e0145a716cb617f4238f4ab7b16ef3709ec9b00f1",
    "fanout_written8": "408033a9e8233c599e6588d8f1c22e206887185bc1d3b6c096f185ed1b22825b",
    "fanout_written9": "70bcf190f3011bc9587584d49d9a7077ecd85de92af8697db619f8cbacb04d3e",
    "fanout_written10": "0e740bff5d64bfbc2ac4e51dcbf093755dece5ac4124bdd5d860c93c7b68793f",
    "fanout_written11": "69e1d58d59c1b5ff4dd375771e23813267b769087190298c59fade9bbecc4b5f",
    "fanout_written12": "4cc05406c990cecebb4438a89fa479cf25d611fb48baf2516f0a6c5fb4cb5ba7",
    "fanout_written13": "8784bc079e3fb957dcd436900f12d3ad9acc0d96c4a1c6d96aedcc5d82540d95",
    "fanout_written14": "1e68644bacb9dd298af03333204e423c4abc45318b317618b22db371398b3f80",
    "fanout_written15": "b4b0548faf7e05476acc7ad40ad8e14eb12fddba1e160b67bafee9ed1337f94e",
    "fanout_written16": "66cf612163386bfd80fa1bdc069b2d3c684f60609625d3827acbeff603c5b7e8",
    "fanout_written17": "22f0f1005812485a43f61db0b8ef1059d122f88df4ace15ba620bd618500e3f1",
    "fanout_written18": "7d1bcc1cc7e1b45457893baef1dd25485e1899bcb194552a6c5d13f4dc6b2703",
    "fanout_written19": "95f4fc41368df4a3a55a12435d22b9bbb79e812d5e4c90e0f591e3aae30f345b",
    "fanout_written20": "87275cae4bebe4599fbc535c0bb62e9d087ac4de25feec3e58771406a7b4ed7d",
    "fanout_written21": "8a59433b66c98070502794a7d6a245d6cb22b2faa61b49f2f23e7697bda85e74",
    "fanout_written22": "d762e8db8fe00d41792e43d816ce1c1d7c8a83d2dafcafc1079f10d251ac173f",
    "fanout_written23": "e1b1cf4db3f427562d92c8f8edd527721124a6be99e510b8692b5cdb010a4e90",
    "fanout_written24": "382a9815111abeaa04871edc28e4b514cd62e3978081667b818a0f844ee04f13",
}


def records(name: str) -> list[dict]:
    return [json.loads(line) for line in (SETS / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()]


def sealed_digest(name: str) -> str:
    sealed = (
        "sealed",
        "fresh",
        "fresh2",
        "pool_sealed",
        "pool_sealed2",
        "pool_sealed3",
        "pool_sealed4",
        "written",
        "written2",
        "written3",
        "written4",
        "written5",
        "written6",
        "written7",
        "written8",
        "written9",
        "written10",
        "written11",
        "written12",
        "written13",
        "written14",
        "written15",
        "written16",
        "written17",
        "written18",
        "written19",
        "written20",
        "written21",
        "written22",
        "written23",
        "written24",
    )
    rows = sorted((r for r in records(name) if r["split"] in sealed), key=lambda r: r["id"])
    return hashlib.sha256(json.dumps(rows, ensure_ascii=False, sort_keys=True).encode()).hexdigest()


@pytest.mark.parametrize("name", sorted(SEALED))
def test_the_sealed_half_is_the_pinned_one_and_halves_follow_the_article(name):
    assert sealed_digest(name) == SEALED[name]
    for r in (
        records(name) if name in ("single_part", "fanout") else []
    ):  # a fresh or pool set is sealed whole
        title = r["title"] if name == "single_part" else sorted(r["in_corpus"])[0]
        first = hashlib.sha256(title.encode()).hexdigest()[0]
        assert r["split"] == ("dev" if first in "0123456789" else "sealed")


def test_no_single_part_question_is_split_on_either_half():
    split = [r["question"] for r in records("single_part") if len(plan(r["question"])) > 1]
    assert split == []


def test_the_plan_only_pool_halves_by_id_and_shares_no_question_with_another_set():
    seen = {r["id"] for name in ("fanout", "fanout_fresh", "fanout_fresh2") for r in records(name)}
    for name, first in (
        ("fanout_pool_dev", "01234567"),
        ("fanout_pool_sealed", "89abcdef"),
        ("fanout_pool_sealed2", "89abcdef"),  # drawn from what the first sealed draw left
        ("fanout_pool_sealed3", "89abcdef"),  # and from what the second left
        ("fanout_pool_sealed4", "89abcdef"),  # and from what the third left
        ("fanout_pool_bank", "01234567"),  # the dev half's rest: the planning prompt's worked plans
    ):
        rows = records(name)
        assert len(rows) == (196 if name == "fanout_pool_bank" else 60) and not {r["id"] for r in rows} & seen
        assert all(hashlib.sha256(r["id"].encode()).hexdigest()[0] in first for r in rows)
        seen |= {r["id"] for r in rows}
