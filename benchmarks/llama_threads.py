"""Prefill and decode speed of the embedded model with 1 and with every core (run by hand).

    .venv/bin/python benchmarks/llama_threads.py

llama-cpp-python decodes with half the cores by default; verirag passes ``os.cpu_count()``. An
800-token prompt (this repository's README) is evaluated, then 60 tokens are generated greedily. The
first line names the instruction sets the installed build uses (scripts/install.sh picks them).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from llama_cpp import Llama, llama_print_system_info

from verirag.models.weights import local_model_path


def main() -> None:
    path = str(local_model_path())
    print(llama_print_system_info().decode().strip())
    text = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")[:3000]
    for threads in sorted({1, os.cpu_count() or 1}):
        llm = Llama(model_path=path, n_ctx=4096, n_threads=threads, n_batch=512, verbose=False)
        tokens = llm.tokenize(text.encode())[:800]
        started = time.perf_counter()
        llm.eval(tokens)
        prefill = time.perf_counter() - started
        started = time.perf_counter()
        out = llm.create_completion(prompt=tokens, max_tokens=60, temperature=0.0)
        decode = time.perf_counter() - started
        assert isinstance(out, dict)  # not streamed: one response
        generated = out["usage"]["completion_tokens"]
        print(
            f"n_threads={threads}: prefill {len(tokens)} tokens in {prefill:.2f} s "
            f"({len(tokens) / prefill:.0f}/s), "
            f"decode {generated} tokens in {decode:.2f} s ({generated / decode:.0f}/s)"
        )
        llm.close()


if __name__ == "__main__":
    main()
