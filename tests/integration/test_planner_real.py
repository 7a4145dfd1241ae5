"""The real embedded model plans a fixed sample of the planner sets' DEV halves (never the sealed halves)
under the plan's JSON schema (llama.cpp's grammar): a question of one part stays whole, and a fan-out
question is split into a part asking for the set and a part asked of each member, as labelled by hand."""

from __future__ import annotations

import json
from pathlib import Path

from verirag.models import get_chat_model
from verirag.nodes.planning.plan import model_plan
from verirag.plans import MEMBER, SubQuestion

SETS = Path(__file__).resolve().parents[2] / "benchmarks" / "planner"
FROST = "What is frost?"  # single_part.jsonl, dev
PLANETS = (  # fanout.jsonl, dev: FanOutQA test question 0446750180203b4f
    "Find the four outer planets in the solar system. What are these planets and what is their mean density "
    "in g/cm^3?"
)


def _dev(name: str, question: str) -> bool:
    rows = [
        json.loads(line) for line in (SETS / name).read_text(encoding="utf-8").splitlines() if line.strip()
    ]
    return any(r["question"] == question and r["split"] == "dev" for r in rows)


def test_the_model_keeps_a_dev_question_of_one_part_whole():
    assert _dev("single_part.jsonl", FROST)  # never a sealed question
    plan, reply = model_plan(get_chat_model("local"), FROST)
    json.loads(str(reply.content))  # decoded under the schema: JSON as it stands
    assert plan == [SubQuestion(FROST)]


def test_the_model_splits_a_dev_fan_out_question_into_its_set_and_each_members_attribute():
    assert _dev("fanout.jsonl", PLANETS)
    plan, reply = model_plan(get_chat_model("local"), PLANETS)
    json.loads(str(reply.content))
    assert len(plan) == 2 and plan[0].depends_on is None and plan[1].depends_on == 0
    assert "four outer planets" in plan[0].question and MEMBER not in plan[0].question
    assert "mean density" in plan[1].question and MEMBER in plan[1].question
