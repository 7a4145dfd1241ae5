"""The node contract (verirag.graph.node): a node returns a Step (its update and what its model calls cost) or
a plain update; the wrapper turns the cost into the node's usage-ledger entry and gives nodes and routers a
real Context."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Literal

from langchain_core.messages import AIMessage
from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime

from verirag.graph.context import Context
from verirag.graph.node import Step, Stopwatch, as_node, as_router
from verirag.graph.state import State


def _runtime(context: Any) -> Runtime[Context]:
    """A runtime as LangGraph hands one to a node: its context as the caller gave it (a dict, None, ...)."""
    return Runtime(context=context)


def _reply(text: str, prompt_tokens: int, cached: int = 0) -> AIMessage:
    return AIMessage(
        content=text,
        usage_metadata={
            "input_tokens": prompt_tokens,
            "output_tokens": len(text.split()),
            "total_tokens": prompt_tokens + len(text.split()),
            "input_token_details": {"cache_read": cached},
        },
    )


def asks_twice(state: State, runtime: Runtime[Context]) -> Step:
    """A node with two model calls, one of whose judgments fell back to its default."""
    time.sleep(0.01)
    replies = [_reply("Tokyo is the capital", 10, cached=6), _reply("Yes", 5)]
    return Step({"query": f"{state['question']} ({runtime.context.writer})"}, replies, fallbacks=1)


def plain(state: State) -> dict:
    """A node without model calls: its update only."""
    return {"iteration": 1}


def by_writer(state: State, runtime: Runtime[Context]) -> Literal["plain", "__end__"]:
    """To "plain" for the one-answer writer, read from a real Context only."""
    real = isinstance(runtime.context, Context)  # a dict, None or a parent's context: to the end
    return "plain" if real and runtime.context.writer == "answer" else "__end__"


def test_a_step_becomes_its_ledger_entry_and_only_its_update_reaches_the_state():
    update = as_node(asks_twice)({"question": "Q"}, _runtime({"writer": "answer"}))
    assert set(update) == {"query", "usage"}  # no "replies" or "fallbacks" in the update
    assert update["query"] == "Q (answer)"  # the dict context became a Context
    entry = update["usage"]["asks_twice"]
    assert (entry["runs"], entry["calls"], entry["fallbacks"]) == (1, 2, 1)
    assert (entry["input_tokens"], entry["output_tokens"], entry["cached_tokens"]) == (15, 5, 6)
    assert entry["seconds"] >= 0.01


def test_a_plain_update_gets_one_run_and_no_calls():
    update = as_node(plain)({"question": "Q"}, _runtime(None))
    assert update["iteration"] == 1
    entry = update["usage"]["plain"]
    assert (entry["runs"], entry["calls"], entry["fallbacks"], entry["input_tokens"]) == (1, 0, 0, 0)


def test_as_router_gives_a_router_a_context_and_keeps_its_name():
    router = as_router(by_writer)
    assert router.__name__ == "by_writer"
    assert router({"question": "Q"}, _runtime({"writer": "answer"})) == "plain"
    assert router({"question": "Q"}, _runtime(None)) == END  # the defaults: writer="vtg"
    context = Context(writer="answer")
    assert router({"question": "Q"}, _runtime(context)) == "plain"


@dataclass
class ParentContext:
    """A parent graph's own context: LangGraph hands it to verirag's nodes and routers as it is."""

    writer: str
    user: str = "someone"


def test_in_a_graph_the_state_holds_the_ledger_and_the_router_sees_a_context():
    workflow = StateGraph(State, context_schema=Context)
    workflow.add_node("asks_twice", as_node(asks_twice))
    workflow.add_node("plain", as_node(plain))
    workflow.add_edge(START, "asks_twice")
    workflow.add_conditional_edges("asks_twice", as_router(by_writer), ["plain", END])
    workflow.add_edge("plain", END)
    given: Any = ParentContext(writer="answer")
    state = workflow.compile().invoke({"question": "Q"}, context=given)
    assert "replies" not in state and "fallbacks" not in state
    assert state["query"] == "Q (answer)" and state["iteration"] == 1
    usage = state["usage"]
    assert (usage["asks_twice"]["calls"], usage["asks_twice"]["fallbacks"]) == (2, 1)
    assert (usage["plain"]["runs"], usage["plain"]["calls"]) == (1, 0)


def test_a_stopwatch_times_a_sub_step_from_its_creation():
    watch = Stopwatch("node.step")
    time.sleep(0.01)
    entry = watch.entry([_reply("Yes", 4)], fallbacks=1)["node.step"]
    assert (entry["runs"], entry["calls"], entry["input_tokens"], entry["fallbacks"]) == (1, 1, 4, 1)
    assert entry["seconds"] >= 0.01
