"""What every node gets from the graph: a real :class:`Context`, whoever runs it.

LangGraph hands a node ``runtime.context`` as the caller gave it: a :class:`Context` from the CLI and
``ask()``, a dict coerced to one by the LangGraph server, but ``None`` when a parent graph without a
context embeds verirag, or the parent's own context object when it has one. :func:`as_node` wraps a
node function so it always sees a :class:`Context`: the caller's fields where it gave any, the
defaults (the same ones the CLI uses) for the rest.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Callable

from langgraph.runtime import Runtime

from verirag.graph.context import Context

_FIELDS = {f.name for f in fields(Context)}


def context_of(given: Any) -> Context:
    """A :class:`Context` from what a caller passed: itself, a dict or object of fields, or nothing."""
    if isinstance(given, Context):
        return given
    if isinstance(given, dict):
        values = {k: v for k, v in given.items() if k in _FIELDS}
    else:  # None, or a parent graph's context: keep the fields it shares with verirag's
        values = {k: getattr(given, k) for k in _FIELDS if given is not None and hasattr(given, k)}
    return Context(**values)


def as_node(function: Callable[..., dict]) -> Callable[[Any, Runtime[Context]], dict]:
    """``function(state, runtime)`` (or ``function(state)``) as a node that always gets a :class:`Context`."""
    takes_runtime = function.__code__.co_argcount > 1

    def node(state: Any, runtime: Runtime[Context]) -> dict:
        if not takes_runtime:
            return function(state)
        if not isinstance(runtime.context, Context):
            runtime = runtime.override(context=context_of(runtime.context))
        return function(state, runtime)

    node.__name__ = node.__qualname__ = function.__name__
    node.__doc__ = function.__doc__
    return node
