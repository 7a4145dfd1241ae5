"""Deprecated: the graph moved to :mod:`verirag.workflow` (the assembly sits above the nodes, and
``verirag.graph`` is the vocabulary they are written against). ``from verirag.graph.builder import
graph`` keeps working, with a DeprecationWarning."""

from __future__ import annotations

import importlib
import warnings
from typing import Any


def __getattr__(name: str) -> Any:
    if name in ("graph", "build_graph", "builder", "NODES"):
        warnings.warn("verirag.graph.builder is now verirag.workflow", DeprecationWarning, stacklevel=2)
        return getattr(importlib.import_module("verirag.workflow"), name)
    raise AttributeError(name)
