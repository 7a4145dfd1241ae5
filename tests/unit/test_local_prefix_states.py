"""The local model's saved KV states, with a fake llama.cpp context that counts what it evaluates."""

import threading
import time

import numpy as np
import pytest
from langchain_core.messages import HumanMessage

from verirag.models import local


class FakeLlama:
    """Holds tokens as its "KV cache" and evaluates like llama-cpp-python: only after the common prefix."""

    def __init__(self, *args):
        self.input_ids = np.zeros(8192, dtype=np.intc)
        self.n_tokens = 0
        self.evaluated: list[int] = []  # tokens evaluated per call

    @staticmethod
    def tokenize(text, add_bos=False, special=True):
        return [int(t) for t in text.decode().split()]

    def create_completion(self, prompt, **kwargs):
        shared = local.shared_prefix(self.input_ids[: self.n_tokens], prompt)
        shared = min(shared, len(prompt) - 1)
        self.evaluated.append(len(prompt) - shared)
        self.input_ids[: len(prompt)] = prompt
        self.n_tokens = len(prompt)
        return {"choices": [{"text": "ok", "finish_reason": "stop"}], "usage": {"completion_tokens": 1}}


@pytest.fixture
def model(monkeypatch):
    """A LocalChatModel over a FakeLlama: the prompt is the last message, tokens are its numbers."""
    key = ("fake.gguf", 8192, 2, 0)
    monkeypatch.setattr(local, "_new_llama", lambda *key: FakeLlama())
    monkeypatch.setattr(local, "_save_kv", lambda llm: (None, 4 * llm.n_tokens))  # 4 bytes a token
    monkeypatch.setattr(local, "_load_kv", fake_load)
    monkeypatch.setattr(local.LocalChatModel, "_prompt", lambda self, llm, messages: messages[-1].text)
    local._contexts.pop(key, None)
    yield local.LocalChatModel(model_path=key[0], n_ctx=key[1], n_threads=key[2], seed=key[3])
    local._contexts.pop(key, None)


def fake_load(llm, state):
    llm.input_ids[: len(state.tokens)] = state.tokens
    llm.n_tokens = len(state.tokens)


def ask(model, tokens) -> int:
    """Send ``tokens`` as a prompt; the number of tokens the model reported as reused from its cache."""
    reply = model.invoke([HumanMessage(" ".join(map(str, tokens)))])
    return reply.usage_metadata["input_token_details"]["cache_read"]


def span(start, n):
    return list(range(start, start + n))


def test_each_prompt_reuses_the_longest_prefix_any_earlier_prompt_evaluated(model):
    """A question's order of prompts: three shuffled votes under shared instructions, the memory's prompts
    (verify, generate, cite), checks over short quotes under another system prompt, then the next
    sentence over the memory and the next round's vote. Both the memory and the votes' instructions are
    found again, whatever ran in between."""
    instructions = span(0, 100)
    for i in (1, 2, 3):
        ask(model, instructions + span(1000 * i, 700))  # each vote: its own shuffle of the window
    memory = span(20_000, 500)
    assert ask(model, memory + [1]) == 0
    assert ask(model, memory + [2]) == 500 and ask(model, memory + [3]) == 500
    checks = span(30_000, 60)
    for i in range(4):  # tier 1, the simplifier, the quotes: each over its own quote
        ask(model, checks + span(40_000 + 200 * i, 120))
    assert ask(model, memory + [4]) == 500  # the next sentence
    assert ask(model, instructions + span(9000, 700)) == 100  # the next round's vote
    assert ask(model, checks + span(40_000, 120)) == 179  # a check asked again: all but its last token


def test_the_reused_count_is_what_the_model_did_not_evaluate(model):
    prompts = ([1, 2, 3, 4], [9, 9], [1, 2, 3, 5, 6], [1, 2, 3, 5, 6])
    not_reused = [len(prompt) - ask(model, prompt) for prompt in prompts]
    llm = local._contexts[("fake.gguf", 8192, 2, 0)].llm
    assert llm.evaluated == not_reused == [4, 2, 2, 1]


def test_saved_states_drop_the_states_they_extend_and_the_least_recently_used_over_budget():
    def state(tokens):
        return local.SavedState(np.array(tokens), None, len(tokens))

    states = local.PrefixStates(budget_bytes=10)
    states.add(state([1, 2]))
    states.add(state([1, 2, 3]))  # extends [1, 2]: holds all it holds
    assert len(states) == 1 and states.size == 3
    states.add(state([7, 8, 9]))
    found, length = states.longest([1, 2, 3, 4])  # found: now the most recently used
    assert length == 3 and found is not None and list(found.tokens) == [1, 2, 3]
    states.add(state([5, 5, 5, 5, 5]))  # 11 bytes: over budget, the least recently used goes
    assert states.size == 8
    assert states.longest([7, 8, 9])[1] == 0 and states.longest([1, 2, 3])[1] == 3
    states.add(state(list(range(100, 120))))  # alone over budget: kept, the others go
    assert len(states) == 1 and states.longest([100])[1] == 1


def test_concurrent_calls_evaluate_one_at_a_time(model, monkeypatch):
    active = {"now": 0, "most": 0}
    guard = threading.Lock()
    evaluate = FakeLlama.create_completion

    def slow(self, prompt, **kwargs):
        with guard:
            active["now"] += 1
            active["most"] = max(active["most"], active["now"])
        time.sleep(0.05)
        out = evaluate(self, prompt, **kwargs)
        with guard:
            active["now"] -= 1
        return out

    monkeypatch.setattr(FakeLlama, "create_completion", slow)
    prompts = [[HumanMessage(" ".join(map(str, span(1000 * i, 300))))] for i in range(3)]
    replies = model.batch(prompts, config={"max_concurrency": 3})
    assert [r.text for r in replies] == ["ok"] * 3
    assert active["most"] == 1
    assert [ask(model, span(1000 * i, 300) + [1]) for i in range(3)] == [300] * 3  # each kept its prefix


def test_a_cache_scope_reuses_only_what_was_evaluated_in_the_same_scope(model):
    """The evaluation runs each system in a scope of its own: a prompt another scope evaluated just before
    (live cache) or earlier (saved state) is evaluated again in full; back in its own scope it is reused."""
    llm = lambda: local._contexts[("fake.gguf", 8192, 2, 0)].llm  # noqa: E731
    vote = span(0, 300)
    with local.cache_scope("system:verirag"):
        assert ask(model, vote) == 0
    with local.cache_scope("system:verirag-one-vote"):
        assert ask(model, vote) == 0 and llm().evaluated[-1] == 300  # not the live cache of the other
        ask(model, span(5000, 50))
    with local.cache_scope("judge"):
        assert ask(model, vote) == 0 and llm().evaluated[-1] == 300  # nor a saved state of another
    with local.cache_scope("system:verirag"):
        assert ask(model, vote) == 299  # its own saved state
    assert ask(model, vote) == 0  # outside any scope: the default scope has evaluated nothing yet
    states = local._contexts[("fake.gguf", 8192, 2, 0)].states
    assert {state.scope for state in states._states.values()} == {
        "system:verirag",
        "system:verirag-one-vote",
        "judge",
        "",
    }  # one store, one budget for all scopes
