"""Load run on loopback: N concurrent questions through the LangGraph dev server and through
``verirag batch`` (threads, a Dask cluster, a shared model server with parallel slots). Run by hand.

    .venv/bin/python benchmarks/load.py [--questions 32] [--latency 0.2] [--timeout 300]

Every server is started here on 127.0.0.1 and stopped at the end (``tests/servers.py``): a Chroma server
holding the store's vectors (BM25 in a local folder; :class:`HashEmbedder`), the LangGraph dev server
serving ``langgraph.json``, a Dask scheduler with two workers, and the scripted OpenAI-compatible model
server of ``tests/model_server.py``. The model is scripted (``tests.fakes:slow``): every call sleeps
``--latency`` seconds, and each question "Qn" takes the VTG path (write, cite, judge support, end,
4 calls; no critique) and is answered "Qn is answered by An [1].", so every answer and every usage ledger
can be checked to be its own. All N questions are handed over at once; latency is from then to the
question's answer (it includes waiting for a slot). The run is bounded: N questions per scenario, and a
scenario that exceeds ``--timeout`` seconds stops the run.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # tests.servers, tests.fakes

from tests.fakes import SLOW_SUPPORT  # noqa: E402


def own(question: str, answer: str, calls: int) -> bool:
    n = question.split()[0][1:]
    return answer == f"Q{n} is answered by A{n} [1]." and calls == 4


def summary(
    name: str, concurrency: str, latencies: list[float], wall: float, errors: int, owned: int
) -> dict:
    ordered = sorted(latencies) or [float("nan")]
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {
        "scenario": name,
        "concurrency": concurrency,
        "n": len(latencies) + errors,
        "wall": wall,
        "throughput": len(latencies) / wall,
        "p50": statistics.median(ordered),
        "p95": p95,
        "errors": errors,
        "own": owned,
    }


def through_langgraph_server(
    url: str, questions: list[str], context: dict
) -> tuple[list[float], float, int, int]:
    from langgraph_sdk import get_client

    async def main():
        client = get_client(url=url)
        started = time.perf_counter()

        async def one(question):
            thread = await client.threads.create()
            state = await client.runs.wait(
                thread["thread_id"], "verirag", input={"question": question}, context=context
            )
            assert isinstance(state, dict)
            calls = sum(int(node.get("calls", 0)) for node in (state.get("usage") or {}).values())
            return time.perf_counter() - started, own(question, state.get("answer", ""), calls)

        results = await asyncio.gather(*(one(q) for q in questions), return_exceptions=True)
        return results, time.perf_counter() - started

    results, wall = asyncio.run(main())
    ok = [r for r in results if not isinstance(r, BaseException)]
    return [t for t, _ in ok], wall, len(results) - len(ok), sum(owned for _, owned in ok)


def through_batch(run_batch, questions: list[str]) -> tuple[list[float], float, int, int]:
    """``run_batch(questions, on_result)`` is verirag's batch machinery (threads or Dask)."""
    started, latencies, errors, owned = time.perf_counter(), [], 0, 0

    def on_result(_, result):
        nonlocal errors, owned
        if "error" in result:
            errors += 1
            return
        latencies.append(time.perf_counter() - started)
        owned += own(result["question"], result["answer"], int(result["usage"]["total"]["calls"]))

    run_batch(questions, on_result)
    return latencies, time.perf_counter() - started, errors, owned


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--questions", type=int, default=32)
    parser.add_argument("--latency", type=float, default=0.2, help="Seconds per scripted model call.")
    parser.add_argument("--timeout", type=float, default=300, help="Seconds allowed per scenario.")
    args = parser.parse_args()
    os.environ["VERIRAG_FAKE_LATENCY"] = str(args.latency)  # before tests.fakes is imported anywhere
    import signal

    from rich.console import Console

    from tests import servers
    from tests.conftest import DOCS
    from verirag.batch import answer_many
    from verirag.cluster import answer_on_cluster
    from verirag.graph.context import Context
    from verirag.graph.systems import SYSTEMS
    from verirag.stores import HybridStore
    from verirag.testing import HashEmbedder

    signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(TimeoutError("scenario timed out")))
    questions = [f"Q{i} about Japan?" for i in range(args.questions)]
    warmup = [f"Q{1000 + i} about Japan?" for i in range(8)]
    env = {"VERIRAG_FAKE_LATENCY": str(args.latency)}
    rows = []
    work = Path(tempfile.mkdtemp(prefix="verirag-load-"))
    with servers.chroma_server(work / "chroma") as chroma:
        os.environ["VERIRAG_CHROMA_URL"] = chroma
        store = work / "store"
        HybridStore(store, embedder=HashEmbedder(), chroma_url=chroma).add(DOCS)
        fields = {
            **SYSTEMS["vtg"],
            "store": str(store),
            "chroma_url": chroma,
            "support_decision": SLOW_SUPPORT,
        }
        scripted = Context(**fields, model="import:tests.fakes:slow")

        def scenario(name, concurrency, measure):
            signal.alarm(int(args.timeout))
            try:
                measure(warmup)  # imports, graph compilation, connections: not measured
                rows.append(summary(name, concurrency, *measure(questions)))
            finally:
                signal.alarm(0)
            Console(stderr=True).print(f"done: {name}")

        context = {**fields, "model": "import:tests.fakes:slow"}
        for jobs in (None, 10):
            with servers.langgraph_server(
                ROOT, work / "langgraph.log", jobs=jobs, env={**env, "VERIRAG_CHROMA_URL": chroma}
            ) as url:
                scenario(
                    "LangGraph dev server (in-memory runtime)",
                    f"all N at once; --n-jobs-per-worker {jobs or '(default)'}",
                    lambda qs, url=url: through_langgraph_server(url, qs, context),
                )
        for c in (1, 8):
            scenario(
                "verirag batch, threads",
                str(c),
                lambda todo, c=c: through_batch(
                    lambda qs, cb: answer_many(qs, scripted, c, on_result=cb), todo
                ),
            )
        with (
            servers.dask_scheduler(work / "scheduler.log") as scheduler,
            servers.dask_worker(scheduler, ROOT, work / "w1.log", threads=4, env=env),
            servers.dask_worker(scheduler, ROOT, work / "w2.log", threads=4, env=env),
        ):
            scenario(
                "verirag batch --dask (2 workers x 4 threads)",
                "8",
                lambda todo: through_batch(
                    lambda qs, cb: answer_on_cluster(qs, scripted, scheduler, 8, on_result=cb), todo
                ),
            )
        for slots in (2, 8):
            with servers.model_server(ROOT, slots, log=work / "model.log", env=env) as model:
                served = Context(**fields, model=model)
                scenario(
                    f"verirag batch, threads -> model server with {slots} slots",
                    "8",
                    lambda todo, served=served: through_batch(
                        lambda qs, cb: answer_many(qs, served, 8, on_result=cb), todo
                    ),
                )
                with servers.langgraph_server(
                    ROOT, work / "langgraph.log", jobs=10, env={**env, "VERIRAG_CHROMA_URL": chroma}
                ) as url:
                    scenario(
                        f"LangGraph dev server -> model server with {slots} slots",
                        "all N at once; --n-jobs-per-worker 10",
                        lambda qs, url=url, model=model: through_langgraph_server(
                            url, qs, {**fields, "model": model}
                        ),
                    )

    print(
        f"{args.questions} questions per scenario, scripted model {args.latency * 1000:.0f} ms per call, "
        "5 calls per question, all servers on loopback\n"
    )
    print("| scenario | concurrency | wall s | questions/s | p50 s | p95 s | errors | own answer + ledger |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['scenario']} | {r['concurrency']} | {r['wall']:.1f} | {r['throughput']:.2f} "
            f"| {r['p50']:.2f} | {r['p95']:.2f} | {r['errors']} | {r['own']}/{r['n']} |"
        )


if __name__ == "__main__":
    main()
