"""What every node gets from the graph, and what it gives back, in one place.

:func:`as_node` wraps a node ``node(state, runtime) -> update`` (or ``node(state)``) where the graph is
built: the node always sees a real :class:`Context` (the caller's fields, the CLI's defaults for the
rest), and its ``"replies"`` and ``"fallbacks"`` become its entry in the usage ledger.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import fields
from typing import Any, Protocol

from langgraph.runtime import Runtime

from verirag.graph.context import Context
from verirag.usage import merge_usage, node_usage

_FIELDS = {f.name for f in fields(Context)}


def context_of(given: Any) -> Context:
    """A :class:`Context` from what a caller passed: itself, a dict or object of fields, or nothing."""
    if isinstance(given, Context):
        return given
    if isinstance(given, dict):
        values = dict(given)
    else:  # None, or a parent graph's context: keep the fields it shares with verirag's
        values = {k: getattr(given, k) for k in _FIELDS if given is not None and hasattr(given, k)}
    return Context(**{k: v for k, v in values.items() if k in _FIELDS})


class Node(Protocol):
    """A wrapped node as LangGraph calls it: ``node(state, runtime=runtime)``."""

    def __call__(self, state: Any, runtime: Runtime[Context]) -> dict:
        """Run the node on ``state``; return its state update."""


def as_node(function: Callable[..., dict]) -> Node:
    """``function(state, runtime)`` (or ``function(state)``) as a graph node that gets a :class:`Context`.

    Its ``replies``/``fallbacks`` become its timed usage-ledger entry.
    """
    takes_runtime = function.__code__.co_argcount > 1
    name = function.__name__

    def node(state: Any, runtime: Runtime[Context]) -> dict:
        started = time.perf_counter()
        if not takes_runtime:
            update = function(state)
        else:
            if not isinstance(runtime.context, Context):
                runtime = runtime.override(context=context_of(runtime.context))
            update = function(state, runtime)
        update = dict(update)
        replies, fallbacks = update.pop("replies", []), update.pop("fallbacks", 0)
        entry = node_usage(name, replies, time.perf_counter() - started, fallbacks)
        # a node may report a sub-step of its own ("node.step", e.g. the simplifier's quotes) under "usage"
        update["usage"] = merge_usage(update.get("usage"), entry)
        return update

    node.__name__ = node.__qualname__ = name
    node.__doc__ = function.__doc__
    return node
