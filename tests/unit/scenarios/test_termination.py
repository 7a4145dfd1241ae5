"""Every run ends within the step bound the Context's caps allow, whatever the model answers."""

import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from verirag import Context
from verirag.api import run
from verirag.testing import distribution_reply, last_user_text

WORDS = [
    "Tokyo",
    "Japan",
    "capital",
    "Kyoto",
    "Fuji",
    "volcano",
    "city",
    "island",
    "banana",
    "[1]",
    "[2]",
    "[9]",
    "Selected Documents:",
    "[END]",
    "Yes",
    "No",
    "7",
    ".",
]


class RandomModel:
    """Answers every prompt at random, in or out of the expected format."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def __call__(self, messages, kwargs):
        rng = self.rng
        if kwargs.get("logprobs"):
            tokens = rng.sample(["Yes", "No", "Fully", "Partially", "1", "2", "3", "4", "5", "Maybe"], 4)
            return distribution_reply({t: rng.random() for t in tokens})
        n = len(re.findall(r"<document number=", last_user_text(messages)))
        parts = [rng.choice(WORDS) for _ in range(rng.randint(0, 12))] + [str(rng.randint(0, n + 2))]
        rng.shuffle(parts)
        return " ".join(parts)


def documented_bound(retrieval_iterations: int, sentences: int, trials: int, writer: str) -> int:
    """docs/reliability.md: 4·T_r + 2 + S·(5·T + 6) + 4 steps (4·T_r + 2 + 3 for the one-answer writer);
    the 2 are the start node's step and the planner's."""
    if writer == "answer":
        return 4 * retrieval_iterations + 2 + 3
    return 4 * retrieval_iterations + 2 + sentences * (5 * trials + 6) + 4


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 10**6),
    sentences=st.integers(1, 3),
    trials=st.integers(0, 2),
    iterations=st.integers(1, 3),
    writer=st.sampled_from(["vtg", "answer"]),
    verify_mode=st.sampled_from(["classify", "score"]),
    utility=st.sampled_from(["listwise", "pointwise"]),
    unverified=st.sampled_from(["drop", "show"]),
)
def test_random_model_runs_end_within_the_step_bound(
    vtg_store, scripted, seed, sentences, trials, iterations, writer, verify_mode, utility, unverified
):
    name, _ = scripted(RandomModel(random.Random(seed)))
    context = Context(
        model=name,
        store="vtg",
        top_k=2,
        candidates_per_query=4,
        window=2,
        utility_samples=2,
        max_retrieval_iterations=iterations,
        max_sentences=sentences,
        max_trials=trials,
        writer=writer,
        verify_mode=verify_mode,
        utility_mode=utility,
        evidence_docs=1,
        unverified=unverified,
    )
    steps: list[str] = []

    def on_event(mode, chunk):
        if mode == "updates":
            steps.append(next(iter(chunk)))

    out, _ = run("What is the capital of Japan?", context, on_event=on_event)
    assert steps[-1] == "finalize"
    assert len(steps) <= documented_bound(iterations, sentences, trials, writer) == context.step_bound()
    assert writer == "answer" or len(out["sentences"]) <= sentences
    assert all(re.search(r"\w", s["text"]) for s in out["sentences"])
    assert all(s["verified_by"] in ("citations", "memory", "none") for s in out["sentences"])


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 10**6),
    max_parts=st.integers(2, 6),
    max_hops=st.integers(1, 3),
    question=st.sampled_from(
        [
            "What are the capitals of the countries that border Japan?",
            "Who founded Tokyo, Kyoto and Osaka?",
            "Who are the mayors of the capitals of the countries that border Japan?",
        ]
    ),
)
def test_random_model_planned_questions_end_within_their_caps(
    vtg_store, scripted, seed, max_parts, max_hops, question
):
    name, _ = scripted(RandomModel(random.Random(seed)))
    context = Context(
        model=name,
        store="vtg",
        top_k=2,
        candidates_per_query=4,
        window=2,
        utility_samples=2,
        max_retrieval_iterations=1,
        max_sentences=2,
        max_trials=1,
        evidence_docs=1,
        max_parts=max_parts,
        max_hops=max_hops,
    )
    steps: list[str] = []

    def on_event(mode, chunk):
        if mode == "updates":
            steps.append(next(iter(chunk)))

    out, _ = run(question, context, on_event=on_event)
    if steps[-1] == "finalize":  # not split (no second hop allowed, or more members than parts)
        assert len(steps) <= context.step_bound() and out["plan"] == []
    else:  # start, plan, per hop a wave of parts, propose_members and next_parts, compose: 3 + 3·hops
        assert steps[-1] == "compose_answer"
        assert len(set(steps) - {"answer_part"}) == 5 and steps.count("next_parts") <= max_hops
        assert steps.count("propose_members") == steps.count("next_parts")
        assert 1 <= len(out["plan"]) <= max_parts
    assert all(re.search(r"\w", s["text"]) for s in out["sentences"])
