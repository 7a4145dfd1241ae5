"""Many users at once: one served graph (``langgraph dev`` with ``--n-jobs-per-worker``) takes twelve
runs handed over together — eight through ``langgraph_sdk``, each in its own stream mode, and four
through the web page's own API calls (two questions, two answers to check) — and every run comes back
with its own sentences only: on its stream, in its thread's final state and history, in its usage ledger.

The model is scripted (``tests.fakes:crowd``): every question asks about its own made-up place, whose
answer sentence names that place and its person and is in no document, so a sentence of one run found
anywhere in another run's stream or state can only have crossed over. Each call sleeps
``CROWD_LATENCY`` seconds, so the runs are in flight together, which the last test checks from the
checkpoints' times (without ``--n-jobs-per-worker``, ``langgraph dev`` runs them one after another and
that test fails)."""

from __future__ import annotations

import asyncio
import functools
import json
import os
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.fakes import CROWD_ANSWERS, CROWD_DOCS
from tests.servers import langgraph_server
from verirag.stores import HybridStore
from verirag.testing import HashEmbedder

ROOT = Path(__file__).resolve().parents[2]
MODEL = "import:tests.fakes:crowd"
CONTEXT = {"max_trials": 1}
QUESTIONS = list(CROWD_ANSWERS)
SENTENCES = list(CROWD_ANSWERS.values())
# the SDK's runs: one stream mode (or several) each; "messages-tuple" carries every model reply
SDK_MODES: list[Any] = [
    "values",
    "updates",
    "custom",
    "messages-tuple",
    "debug",
    ["custom", "updates"],
    ["values", "messages-tuple"],
    ["custom", "updates", "values"],
]
WEB_ASKS, WEB_CHECKS = 2, 2
# the web page's requests (verirag/web/static/app.js: ask() and check())
PAGE_ASK_MODES = ["custom", "updates", "values"]
PAGE_CHECK_MODES = ["custom", "values"]
JOBS = len(SDK_MODES) + WEB_ASKS + WEB_CHECKS  # every run executes at once


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    home = tmp_path_factory.mktemp("home")
    HybridStore(home / "store", embedder=HashEmbedder()).add(CROWD_DOCS)  # the default store of that home
    env = {
        "VERIRAG_HOME": str(home),
        "VERIRAG_MODEL": MODEL,
        "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p),
    }
    with langgraph_server(ROOT, home / "server.log", env=env, jobs=JOBS) as url:
        yield url


def others(own: str) -> list[str]:
    return [s for s in SENTENCES if s != own]


def crossed(text: str, own: str) -> list[str]:
    """The sentences of other runs found in ``text``."""
    return [s for s in others(own) if s in text]


async def sdk_run(client, question: str, mode) -> dict:
    thread = await client.threads.create()
    parts = [
        (part.event, part.data)
        async for part in client.runs.stream(
            thread["thread_id"], "verirag", input={"question": question}, context=CONTEXT, stream_mode=mode
        )
    ]
    return {
        "thread": thread["thread_id"],
        "question": question,
        "own": CROWD_ANSWERS[question],
        "parts": parts,
    }


async def page_events(response: httpx.Response):
    """Server-sent events as the page's ``events()`` reads them: (event, data parsed as JSON)."""
    buffer = ""
    async for chunk in response.aiter_text():
        buffer += chunk.replace("\r\n", "\n")
        while "\n\n" in buffer:
            block, buffer = buffer.split("\n\n", 1)
            event, data = "message", []
            for line in block.split("\n"):
                if line.startswith("event:"):
                    event = line[6:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:].removeprefix(" "))
            if data:
                yield event, json.loads("\n".join(data))


async def page_run(http: httpx.AsyncClient, body: dict, own: str, question: str = "") -> dict:
    """What the page does: POST /threads, then POST /threads/{id}/runs/stream and read the stream."""
    thread = (await http.post("/threads", json={})).raise_for_status().json()
    async with http.stream("POST", f"/threads/{thread['thread_id']}/runs/stream", json=body) as response:
        response.raise_for_status()
        parts = [part async for part in page_events(response)]
    return {"thread": thread["thread_id"], "question": question, "own": own, "parts": parts}


def page_check_input(index: int) -> dict:
    """An answer of one sentence and one citation, checked against its own place's document."""
    doc = CROWD_DOCS[index]
    return {
        "answer": f"{SENTENCES[index][:-1]} [1].",
        "documents": [{"title": doc["title"], "text": doc["text"]}],
    }


@functools.cache
def sync_client(url: str):
    from langgraph_sdk import get_sync_client

    return get_sync_client(url=url)


def state_of(url: str, thread: str) -> dict:
    return dict(sync_client(url).threads.get_state(thread))


def history_of(url: str, thread: str) -> list[dict]:
    return [dict(state) for state in sync_client(url).threads.get_history(thread, limit=1000)]


@pytest.fixture(scope="module")
def crowd(server) -> dict:
    """One question alone (the usage ledger a run of that shape has), then every run at once: the SDK's,
    the page's questions and the page's checks. Gives ``alone`` (that ledger's calls per node) and
    ``runs`` (what gather returned, in order: a dict per run, or the exception it raised)."""
    from langgraph_sdk import get_client

    asks = range(len(SDK_MODES), len(SDK_MODES) + WEB_ASKS)
    checks = range(asks.stop, asks.stop + WEB_CHECKS)
    assert checks.stop <= len(QUESTIONS) - 1  # the last question is the solo run's, asked by no other

    async def everyone():
        client = get_client(url=server)
        solo = await sdk_run(client, QUESTIONS[-1], "values")
        async with httpx.AsyncClient(base_url=server, timeout=60) as http:
            runs = [sdk_run(client, QUESTIONS[i], mode) for i, mode in enumerate(SDK_MODES)]
            runs += [
                page_run(
                    http,
                    {
                        "assistant_id": "verirag",
                        "input": {"question": QUESTIONS[i]},
                        "stream_mode": PAGE_ASK_MODES,
                    },
                    SENTENCES[i],
                    QUESTIONS[i],
                )
                for i in asks
            ]
            runs += [
                page_run(
                    http,
                    {
                        "assistant_id": "verirag-check",
                        "input": page_check_input(i),
                        "stream_mode": PAGE_CHECK_MODES,
                    },
                    SENTENCES[i],
                )
                for i in checks
            ]
            return solo, await asyncio.gather(*runs, return_exceptions=True)

    solo, runs = asyncio.run(everyone())
    alone = state_of(server, solo["thread"])["values"]
    assert [s["text"] for s in alone["sentences"]] == [SENTENCES[-1]]
    return {"alone": {node: c["calls"] for node, c in alone["usage"].items()}, "runs": runs}


def finished(crowd) -> list[dict]:
    return [run for run in crowd["runs"] if isinstance(run, dict)]


def name(run: dict) -> str:
    return run["question"] or f"the check of {run['own']!r}"


def test_the_web_requests_are_the_pages_own(server):
    page = httpx.get(f"{server}/verirag/app.js").raise_for_status().text
    assert 'await api("/threads", {})' in page
    assert "/threads/${thread.thread_id}/runs/stream" in page
    assert f"stream_mode: {json.dumps(PAGE_ASK_MODES, separators=(', ', ': '))}" in page
    assert f"stream_mode: {json.dumps(PAGE_CHECK_MODES, separators=(', ', ': '))}" in page


def test_no_concurrent_run_is_lost(server, crowd):
    assert [run for run in crowd["runs"] if not isinstance(run, dict)] == []
    runs = finished(crowd)
    assert len(runs) == JOBS and len({run["thread"] for run in runs}) == JOBS  # each on its own thread
    for run in runs:
        assert [data for event, data in run["parts"] if event == "error"] == [], name(run)
        assert state_of(server, run["thread"])["next"] == [], name(run)  # ran to its end


def test_each_stream_holds_its_own_sentence_and_no_other_runs(crowd):
    for run in finished(crowd):
        streamed = json.dumps([data for _, data in run["parts"]])
        assert run["own"] in streamed, (name(run), [event for event, _ in run["parts"]])
        assert crossed(streamed, run["own"]) == [], name(run)


def test_each_thread_ends_with_its_own_question_answer_and_ledger(server, crowd):
    for run in finished(crowd):
        values = state_of(server, run["thread"])["values"]
        assert crossed(json.dumps(values), run["own"]) == [], name(run)
        if run["question"]:
            assert values["question"] == run["question"]
            assert [(s["text"], s["verified_by"]) for s in values["sentences"]] == [(run["own"], "citations")]
            assert values["answer"] == f"{run['own'][:-1]} [1]."
            # the ledger counts this run's calls only: the same as the same kind of run alone
            assert {node: c["calls"] for node, c in values["usage"].items()} == crowd["alone"], name(run)
        else:  # an answer checked: its own sentence, held by its own document
            assert [(c["text"], c["verdict"]) for c in values["checked"]] == [(run["own"], "supported")]
            assert values["supported"] is True
        # and so does every step before: no other question, no other sentence, ever
        history = history_of(server, run["thread"])
        assert crossed(json.dumps(history), run["own"]) == [], name(run)
        assert {state["values"].get("question") or "" for state in history} <= {run["question"], ""}


def test_the_runs_were_in_flight_together(server, crowd):
    spans = []
    for run in finished(crowd):
        stamps = sorted(datetime.fromisoformat(s["created_at"]) for s in history_of(server, run["thread"]))
        spans.append((stamps[0], stamps[-1]))  # its first checkpoint and its last
    assert len(spans) == JOBS
    # a moment inside every run: the last to start started before the first to end ended
    assert max(start for start, _ in spans) < min(end for _, end in spans)
