"""A scripted OpenAI-compatible model server with parallel slots, for load runs on loopback.

    python -m tests.model_server --port 8080 --parallel 2 [--model tests.fakes:slow]

``POST /v1/chat/completions`` answers with a scripted chat model from :mod:`tests.fakes` (its replies,
including next-token log-probabilities for judgments, and its latency, ``VERIRAG_FAKE_LATENCY``), at
most ``--parallel`` requests at a time, as llama.cpp's server does with ``--parallel N`` and vLLM with
its batch size: further requests wait for a free slot. ``GET /metrics`` reports requests served, the
most in service at once and the total time requests waited for a slot.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import time

from langchain_core.messages import AIMessage, HumanMessage, SystemMessage


def create_app(model, parallel: int):
    """The FastAPI app serving ``model`` (a LangChain chat model) through ``parallel`` slots."""
    from fastapi import FastAPI

    app = FastAPI()
    slots = asyncio.Semaphore(parallel)
    stats = {"requests": 0, "in_service": 0, "most_in_service": 0, "waited_seconds": 0.0}
    kinds = {"system": SystemMessage, "user": HumanMessage, "assistant": AIMessage}

    @app.get("/v1/models")
    async def models():
        return {"object": "list", "data": [{"id": "scripted", "object": "model"}]}

    @app.get("/metrics")
    async def metrics():
        return stats

    @app.post("/v1/chat/completions")
    async def complete(body: dict):
        messages = [kinds[m["role"]](content=m["content"]) for m in body["messages"]]
        queued = time.perf_counter()
        async with slots:
            stats["waited_seconds"] += time.perf_counter() - queued
            stats["in_service"] += 1
            stats["most_in_service"] = max(stats["most_in_service"], stats["in_service"])
            try:
                reply = await asyncio.to_thread(model.invoke, messages)
            finally:
                stats["in_service"] -= 1
        stats["requests"] += 1
        usage = reply.usage_metadata or {}
        choice = {
            "index": 0,
            "finish_reason": "stop",
            "message": {"role": "assistant", "content": reply.text},
            "logprobs": (reply.response_metadata or {}).get("logprobs"),
        }
        return {
            "id": f"cmpl-{stats['requests']}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model", "scripted"),
            "choices": [choice],
            "usage": {
                "prompt_tokens": usage.get("input_tokens", 0),
                "completion_tokens": usage.get("output_tokens", 0),
                "total_tokens": usage.get("total_tokens", 0),
            },
        }

    return app


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--parallel", type=int, default=1, help="Requests served at once (slots).")
    parser.add_argument("--model", default="tests.fakes:slow", help="MODULE:NAME of a chat model.")
    args = parser.parse_args()
    import uvicorn

    module, _, name = args.model.partition(":")
    model = getattr(importlib.import_module(module), name)
    uvicorn.run(create_app(model, args.parallel), host="127.0.0.1", port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
