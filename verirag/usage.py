"""The usage ledger: what each node cost, in runs, LLM calls, tokens and seconds.

It counts per node the runs, LLM calls, tokens, reused prompt tokens, parse fallbacks, judgments scored from
the reply's text instead of its log-probabilities, and seconds. Every node's update carries
``{"usage": node_usage(...)}`` (put there by :func:`verirag.graph.node.as_node`); the ``merge_usage`` reducer
adds them up in graph state, so the ledger survives checkpoints, shows in LangGraph Studio and feeds the
output contract.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from langchain_core.messages import AIMessage

FIELDS = (
    "runs",
    "calls",
    "input_tokens",
    "output_tokens",
    "cached_tokens",
    "fallbacks",
    "from_text",
    "seconds",
)
# set in a judgment reply's response_metadata by verirag.models.scoring when the backend gave no usable
# log-probabilities, so the judgment was read from the reply's text (counted as "from_text")
SCORED_FROM_TEXT = "verirag_scored_from_text"


def node_usage(
    node: str, messages: Iterable[AIMessage] = (), seconds: float = 0.0, fallbacks: int = 0
) -> dict[str, dict[str, float]]:
    """Ledger entry for one node execution from the model replies it produced."""
    entry: dict[str, float] = dict.fromkeys(FIELDS, 0)
    entry["runs"] = 1
    for message in messages:
        meta: Mapping[str, Any] = message.usage_metadata or {}
        entry["calls"] += 1
        entry["input_tokens"] += meta.get("input_tokens", 0)
        entry["output_tokens"] += meta.get("output_tokens", 0)
        entry["cached_tokens"] += (meta.get("input_token_details") or {}).get("cache_read", 0) or 0
        entry["from_text"] += bool((message.response_metadata or {}).get(SCORED_FROM_TEXT))
    entry["fallbacks"] = fallbacks
    entry["seconds"] = round(seconds, 4)
    return {node: entry}


def merge_usage(left: dict | None, right: dict | None) -> dict:
    """Reducer: add per-node counters."""
    merged = {node: dict(counters) for node, counters in (left or {}).items()}
    for node, counters in (right or {}).items():
        target = merged.setdefault(node, dict.fromkeys(FIELDS, 0))
        for key, value in counters.items():
            target[key] = round(target.get(key, 0) + value, 4)
    return merged


def totals(usage: dict) -> dict[str, float]:
    """Sum of every node's counters.

    A sub-step's entry ("node.step") adds its calls and tokens, which its node's entry leaves out, but not its
    runs and seconds, which its node's entry already holds.
    """
    out: dict[str, float] = dict.fromkeys(FIELDS, 0)
    for name, counters in usage.items():
        for key in FIELDS:
            if "." in name and key in ("runs", "seconds"):
                continue
            out[key] = round(out[key] + counters.get(key, 0), 4)
    return out


def cost_line(usage: dict) -> str:
    """One line for people from the output contract's ``usage``: calls, tokens and seconds."""
    total = usage.get("total") or totals(usage.get("per_node") or {})
    return (
        f"{int(total['calls'])} model call(s), {int(total['input_tokens'])} prompt + "
        f"{int(total['output_tokens'])} completion tokens, {usage.get('wall_seconds', 0):.1f} s"
    )
