"""The node contract: what every node and router gets from the graph, and what a node gives back.

A node ``node(state, runtime)`` (or ``node(state)``) returns a :class:`Step`, its update and what its model
calls cost, or a plain update dict (no model calls). :func:`as_node` wraps it where the graph is built: it
gets a real :class:`Context` (the caller's fields, the CLI's defaults for the rest), and its Step becomes its
usage-ledger entry. :func:`as_router` gives a router the same Context; :class:`Stopwatch` times a sub-step.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields
from typing import Any, Protocol, TypeVar

from langchain_core.messages import AIMessage
from langgraph.runtime import Runtime

from verirag.graph.context import Context
from verirag.usage import merge_usage, node_usage

_FIELDS = {f.name for f in fields(Context)}
Route = TypeVar("Route")


def context_of(given: Any) -> Context:
    """A :class:`Context` from what a caller passed: itself, a dict or object of fields, or nothing."""
    if isinstance(given, Context):
        return given
    if isinstance(given, dict):
        values = dict(given)
    else:  # None, or a parent graph's context: keep the fields it shares with verirag's
        values = {k: getattr(given, k) for k in _FIELDS if given is not None and hasattr(given, k)}
    return Context(**{k: v for k, v in values.items() if k in _FIELDS})


def _with_context(runtime: Runtime[Context]) -> Runtime[Context]:
    if isinstance(runtime.context, Context):
        return runtime
    return runtime.override(context=context_of(runtime.context))


@dataclass(frozen=True)
class Step:
    """A node's state update and what its model calls cost.

    ``replies``: the model's replies (calls and tokens); ``fallbacks``: parsed judgments that fell back to a
    default.
    """

    update: dict
    replies: Sequence[AIMessage] = ()
    fallbacks: int = 0


class Stopwatch:
    """A sub-step of a node timed from its creation, for its own ledger entry ``"node.step"``."""

    def __init__(self, name: str) -> None:
        self.name, self.started = name, time.perf_counter()

    def entry(self, replies: Iterable[AIMessage] = (), fallbacks: int = 0) -> dict[str, dict[str, float]]:
        """The usage-ledger entry: one run of ``replies``, ``fallbacks``, the seconds since creation."""
        return node_usage(self.name, replies, time.perf_counter() - self.started, fallbacks)


class Node(Protocol):
    """A wrapped node as LangGraph calls it: ``node(state, runtime=runtime)``."""

    def __call__(self, state: Any, runtime: Runtime[Context]) -> dict:
        """Run the node on ``state``; return its state update."""


def as_node(function: Callable[..., dict | Step]) -> Node:
    """``function(state, runtime)`` (or ``function(state)``) as a graph node that gets a :class:`Context`.

    A :class:`Step`'s replies and fallbacks (none for a plain dict) become its timed usage-ledger entry.
    """
    takes_runtime = function.__code__.co_argcount > 1
    name = function.__name__

    def node(state: Any, runtime: Runtime[Context]) -> dict:
        watch = Stopwatch(name)
        result = function(state, _with_context(runtime)) if takes_runtime else function(state)
        step = result if isinstance(result, Step) else Step(result)
        update = dict(step.update)
        # a node may report a sub-step of its own ("node.step", e.g. the simplifier's quotes) under "usage"
        update["usage"] = merge_usage(update.get("usage"), watch.entry(step.replies, step.fallbacks))
        return update

    node.__name__ = node.__qualname__ = name
    node.__doc__ = function.__doc__
    return node


def as_router(function: Callable[[Any, Runtime[Context]], Route]) -> Callable[[Any, Runtime[Context]], Route]:
    """``function(state, runtime)`` as a router of a conditional edge that gets a :class:`Context`."""

    @functools.wraps(function)
    def router(state: Any, runtime: Runtime[Context]) -> Route:
        return function(state, _with_context(runtime))

    return router
