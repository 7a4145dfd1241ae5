"""The prefix-aware pool of llama.cpp contexts, with fake contexts standing in for llama.cpp."""

import numpy as np
import pytest

from verirag.models import local


class FakeLlama:
    created = 0

    def __init__(self, *args):
        FakeLlama.created += 1
        self.input_ids = np.zeros(4096, dtype=np.int64)
        self.n_tokens = 0

    def run(self, tokens):
        self.input_ids[: len(tokens)] = tokens
        self.n_tokens = len(tokens)


@pytest.fixture
def pool(monkeypatch):
    FakeLlama.created = 0
    monkeypatch.setattr(local, "_new_llama", lambda *key: FakeLlama())
    key = ("fake.gguf", 4096, 2, 0)
    local._pools.pop(key, None)
    local._first(key)
    yield key
    local._pools.pop(key, None)


def use(key, tokens, n_slots=3):
    slot = local._acquire(key, tokens, n_slots)
    slot.llm.run(tokens)
    slot.lock.release()
    return slot


def test_interleaved_prompt_kinds_keep_their_own_cache(pool):
    writer = list(range(1000, 1400))  # system + memory documents
    judge = list(range(5000, 5300))  # another system prompt over other documents
    a = use(pool, writer + [1, 2, 3])
    b = use(pool, judge + [7])
    assert a is not b
    # the next writer prompt shares 400 tokens with slot a: it goes back there
    assert use(pool, writer + [4, 5]) is a
    assert use(pool, judge + [8, 9]) is b
    assert FakeLlama.created == 2


def test_a_long_shared_prefix_is_reused_even_when_the_prompt_grows(pool):
    long_term = list(range(200))
    first = use(pool, long_term + [1])
    # short-term memory adds far more tokens than the shared long-term prefix
    assert use(pool, long_term + list(range(10_000, 11_000))) is first


def test_a_full_pool_evicts_the_least_recently_used_slot(pool):
    slots = [use(pool, list(range(i * 1000, i * 1000 + 300))) for i in range(3)]
    assert FakeLlama.created == 3
    slots[1].last_used = slots[2].last_used + 1  # slot 0 is now the least recently used
    slots[2].last_used = slots[1].last_used + 1
    newcomer = use(pool, list(range(9000, 9300)))
    assert newcomer is slots[0] and FakeLlama.created == 3


def test_a_prompt_sharing_only_the_head_of_a_long_cache_does_not_evict_it(pool):
    system_and_first_doc = list(range(300))
    memory = use(pool, system_and_first_doc + list(range(1000, 1900)))  # all of memory: 1,200 tokens
    # tier 1 checks the cited document alone: it shares the first 300 tokens (> any fixed threshold)
    cited = use(pool, system_and_first_doc + [7, 8, 9])
    assert cited is not memory
    assert local._common_prefix(memory.llm, system_and_first_doc + list(range(1000, 1900))) == 1200


def test_concurrent_calls_keep_their_caches_but_evaluate_one_at_a_time(pool, monkeypatch):
    import threading
    import time

    from langchain_core.messages import HumanMessage

    state = {"active": 0, "most": 0}
    lock = threading.Lock()

    def tokenize(text, add_bos=False, special=True):
        return list(text)  # bytes: one token per byte

    def create_completion(self, prompt, **kwargs):
        with lock:
            state["active"] += 1
            state["most"] = max(state["most"], state["active"])
        time.sleep(0.05)
        self.run(list(prompt))
        with lock:
            state["active"] -= 1
        return {"choices": [{"text": "ok", "finish_reason": "stop"}], "usage": {"completion_tokens": 1}}

    monkeypatch.setattr(FakeLlama, "tokenize", staticmethod(tokenize), raising=False)
    monkeypatch.setattr(FakeLlama, "create_completion", create_completion, raising=False)
    monkeypatch.setattr(local.LocalChatModel, "_prompt", lambda self, llm, messages: messages[-1].text)
    model = local.LocalChatModel(model_path=pool[0], n_ctx=pool[1], n_threads=pool[2], seed=pool[3])
    prompts = [[HumanMessage(chr(65 + i) * 300)] for i in range(3)]  # three unrelated prompts
    replies = model.batch(prompts, config={"max_concurrency": 3})
    assert [r.text for r in replies] == ["ok"] * 3
    assert state["most"] == 1  # never two evaluations at once
    assert len(local._pools[pool]) == 3  # yet each prompt kept its own context (cache)


def test_the_memory_prefix_outlives_the_votes_and_a_run_of_checks_over_quotes(pool):
    """The retrieval stage's three shuffled votes fill the pool; then the writing stage alternates
    prompts over the memory (verify, generate, cite) with checks over short quotes under another system
    prompt. The next sentence must find the memory still cached: the stale votes are given up first."""
    instructions = list(range(100))
    for i in (1, 2, 3):
        use(pool, instructions + list(range(1000 * i, 1000 * i + 700)))  # each vote: a new shuffle
    assert FakeLlama.created == 3
    memory = list(range(20_000, 20_500))
    writer = [use(pool, memory + [task]) for task in (1, 2, 3)]  # verify_retrieval, generate, cite
    assert writer[0] is writer[1] is writer[2]
    checks = list(range(30_000, 30_060))  # the entailment system prompt, then a quote and the claim
    for i in range(4):  # tier 1, the simplifier, the quotes
        assert use(pool, checks + list(range(40_000 + 200 * i, 40_000 + 200 * i + 120))) is not writer[0]
    assert local._common_prefix(writer[0].llm, memory) == 500
    assert use(pool, memory + [4]) is writer[0]  # the next sentence reuses the memory
    assert FakeLlama.created == 3


def test_a_cache_no_longer_in_use_is_given_up_for_the_next_question(pool):
    memory = list(range(20_000, 20_500))
    old = use(pool, memory + [1])
    use(pool, memory + [2])  # a hit: in use
    others = [use(pool, list(range(1000 * i, 1000 * i + 300))) for i in (1, 2)]
    assert old not in others and FakeLlama.created == 3
    for i in range(local.RECENT_CALLS):  # the next question's prompts, reusing the two other caches
        use(pool, list(range(1000 * (1 + i % 2), 1000 * (1 + i % 2) + 300)) + [i])
    # the old memory is the longest cache, but no prompt has reused it lately: it is the one given up
    assert use(pool, list(range(50_000, 50_400))) is old
