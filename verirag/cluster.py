"""``verirag batch --dask ADDRESS``: every question is a task on a Dask cluster.

Dask's scheduler places tasks, reruns a dead worker's tasks and retries a task that raised; this module
only bounds the questions in flight (``concurrency``) and appends each result to the results file in
this one process, so each question is written once, whatever happened to the workers.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable, Sequence
from typing import Any

from verirag.batch import answer_one
from verirag.errors import VeriragError
from verirag.graph.context import Context

LOCAL = "local"
_savers: dict[str, Any] = {}
_savers_lock = threading.Lock()
_exits = contextlib.ExitStack()  # worker-process checkpointers stay open for the process's lifetime


def _checkpointer(url: str) -> Any:
    from verirag.checkpoints import open_checkpointer

    with _savers_lock:
        if url not in _savers:
            _savers[url] = _exits.enter_context(open_checkpointer(url))
        return _savers[url]


def question_task(question: str, context: Context, checkpoint_url: str | None) -> dict:
    """What a worker runs for one question (module-level, so workers import it by name)."""
    saver = _checkpointer(checkpoint_url) if checkpoint_url is not None else None
    return answer_one(question, context, saver)


@contextlib.contextmanager
def connect(address: str, workers: int):
    """A Dask client for ``address`` (``tcp://HOST:PORT``), or for a throwaway cluster on loopback.

    The throwaway cluster, when ``address`` is ``local``, has ``workers`` processes. A one-line error when the
    address cannot be reached.
    """
    from distributed import Client, LocalCluster

    try:
        if address == LOCAL:
            n = max(1, min(workers, os.cpu_count() or 1))
            cluster = LocalCluster(
                n_workers=n,
                threads_per_worker=max(1, -(-workers // n)),
                host="127.0.0.1",
                dashboard_address=None,
                processes=True,
            )
            client = Client(cluster)
        else:
            cluster, client = None, Client(address, timeout="5s")
    except (OSError, TimeoutError) as exc:
        raise VeriragError(f"cannot reach the Dask scheduler at {address}: {exc}") from exc
    try:
        yield client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def answer_on_cluster(
    questions: Sequence[str],
    context: Context,
    address: str,
    concurrency: int = 4,
    retries: int = 2,
    checkpoint_url: str | None = None,
    on_result: Callable[[int, dict], None] | None = None,
) -> list[dict]:
    """Answer ``questions`` as Dask tasks, at most ``concurrency`` at a time; results in input order.

    A task that still fails after ``retries`` retries, or whose workers kept dying, yields
    ``{"question", "error"}`` like any other failed question.
    """
    from distributed import as_completed

    from verirag.checkpoints import thread_for

    results: list[dict | None] = [None] * len(questions)
    with connect(address, concurrency) as client:
        queue = iter(enumerate(questions))
        running = as_completed()
        index_of: dict[str, int] = {}

        def submit_next() -> None:
            for index, question in queue:
                future = client.submit(
                    question_task,
                    question,
                    context,
                    checkpoint_url,
                    retries=retries,
                    key=f"verirag-{index}-{thread_for(question, context.as_dict())}",
                )
                index_of[future.key] = index
                running.add(future)
                return

        for _ in range(max(1, concurrency)):
            submit_next()
        for future in running:
            index = index_of.pop(future.key)
            try:
                result = future.result()
            except Exception as exc:  # the task kept failing, or KilledWorker: one failed question
                result = {"question": questions[index], "error": f"{type(exc).__name__}: {exc}"}
            future.release()
            results[index] = result
            if on_result:
                on_result(index, result)
            submit_next()
    return [r for r in results if r is not None]
