"""One question through the LangGraph server (`langgraph dev` + langgraph_sdk, as Studio and the SDK
reach it, no context sent) and through the CLI (`verirag ask`), on the same machine, store and model.

    .venv/bin/python benchmarks/server_vs_cli.py ["What is the capital of Pakistan?"]

Both paths must run the same default Context (issue 21 item 0): the table shows each run's seconds, its
model calls and whether the two ran with the same Context (`config` of the final state). Seconds in nodes
are the ledger's sum over nodes (the graph's own work); end-to-end is the client's wait for the server and
the process time for the CLI (model load and store open included).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.servers import langgraph_server  # noqa: E402
from verirag.usage import totals  # noqa: E402


def per_node(output: dict) -> dict:
    """The per-node ledger of a final graph state (server) or of an output contract (CLI)."""
    usage = output["usage"]
    return usage["per_node"] if "per_node" in usage else usage


def through_server(question: str) -> tuple[dict, float]:
    from langgraph_sdk import get_sync_client

    log = Path(tempfile.mkdtemp()) / "server.log"
    with langgraph_server(ROOT, log, env={"PYTHONPATH": str(ROOT)}) as url:
        sdk = get_sync_client(url=url)
        thread = sdk.threads.create()
        started = time.perf_counter()
        state = sdk.runs.wait(thread["thread_id"], "verirag", input={"question": question})
        assert isinstance(state, dict)
        return state, time.perf_counter() - started


def through_cli(question: str) -> tuple[dict, float]:
    started = time.perf_counter()
    proc = subprocess.run(
        [str(Path(sys.executable).with_name("verirag")), "ask", question, "--json"],
        capture_output=True,
        text=True,
        check=True,
        env=os.environ.copy(),
    )
    return json.loads(proc.stdout), time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("question", nargs="?", default="What is the capital of Pakistan?")
    question = parser.parse_args().question
    rows = []
    for name, run in (("langgraph dev + SDK", through_server), ("verirag ask", through_cli)):
        output, seconds = run(question)
        rows.append((name, output, seconds))
    print(f"question: {question}\n")
    print("| path | seconds in nodes | end-to-end s | model calls | sentences verified | answer |")
    print("|---|---|---|---|---|---|")
    node_seconds = []
    for name, output, seconds in rows:
        total = totals(per_node(output))
        node_seconds.append(total["seconds"])
        verified = sum(s["verified_by"] != "none" for s in output["sentences"])
        print(
            f"| {name} | {total['seconds']:.1f} | {seconds:.1f} | {int(total['calls'])} | "
            f"{verified}/{len(output['sentences'])} | {output['answer']} |"
        )
    (_, server, _), (_, cli, _) = rows
    print(
        f"\nsame Context: {server['config'] == cli['config']}; "
        f"seconds in nodes, server / CLI: {node_seconds[0] / node_seconds[1]:.2f}"
    )
    if server["config"] != cli["config"]:
        differ = sorted(k for k in server["config"] if server["config"][k] != cli["config"].get(k))
        print("fields that differ:", ", ".join(differ))


if __name__ == "__main__":
    main()
