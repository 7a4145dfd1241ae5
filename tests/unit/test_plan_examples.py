"""The worked plans the model's planning prompt shows: the bank's nearest, never the question's own."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from langchain_core.messages import AIMessage, HumanMessage

from verirag.nodes.planning.plan import model_plan
from verirag.plans import examples
from verirag.prompts import plan as prompt

ROOT = Path(__file__).resolve().parents[2]


def test_a_ranked_set_meets_ranked_sets_and_a_plain_question_plain_ones():
    ranked = examples.nearest("Who designed the 4 tallest bridges in the world?", 4)
    assert all(len(json.loads(reply)["parts"]) >= 2 for _, reply in ranked[-2:])
    plain = examples.nearest("When was the Eiffel Tower built?", 4)
    assert all(len(json.loads(reply)["parts"]) == 1 for _, reply in plain)


def test_the_nearest_comes_last_and_the_question_itself_is_never_shown():
    own = "Who are the directors of the five highest-grossing films of 2023?"  # an example of the bank
    near = examples.nearest(own, 3)
    assert own not in [q for q, _ in near] and len(near) == 3
    cosine = [examples.nearness(own, q) for q, _ in near]
    assert cosine == sorted(cosine) and cosine[0] > 0


def test_the_prompt_shows_the_fixed_examples_then_the_nearest_as_turns_before_the_question(scripted):
    question = "Where were the CEOs of the three largest banks in the US born?"
    seen: list[list] = []

    def whole(messages, kwargs):
        seen.append(messages)
        return json.dumps({"parts": [{"question": question, "uses_answer_of": None}]})

    _, model = scripted(whole)
    model_plan(model, question)
    asked = [str(m.content) for m in seen[0] if isinstance(m, HumanMessage)]
    plans = [str(m.content) for m in seen[0] if isinstance(m, AIMessage)]
    shown = [*prompt.EXAMPLES, *examples.nearest(question)]
    assert len(shown) == len(prompt.EXAMPLES) + examples.NEAREST
    assert asked == [f"Question: {q}" for q, _ in shown] + [f"Question: {question}"]
    assert plans == [p for _, p in shown]
    model_plan(model, question, nearest=0)
    assert len(seen[1]) == 2 + 2 * len(prompt.EXAMPLES)


def test_the_shipped_bank_is_the_one_the_dev_halves_make():
    script = ROOT / "benchmarks" / "planner" / "plan_examples.py"
    assert subprocess.run([sys.executable, str(script), "--check"], cwd=ROOT).returncode == 0
