"""Start a server process on a free loopback port for a test, wait until it answers, stop it after;
and the servers verirag's tests use (Chroma, the LangGraph dev server, Dask, PostgreSQL)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serve(
    command: Callable[[int], Sequence[str]],
    health: Callable[[int], str],
    *,
    cwd: Path | None = None,
    env: dict | None = None,
    log: Path | None = None,
    timeout: float = 120,
    stop: signal.Signals = signal.SIGTERM,
    port: int | None = None,
    started: Callable[[int], None] | None = None,
) -> Iterator[int]:
    """Run ``command(port)``; yield the port once ``health(port)`` answers; signal the process group after.

    ``health(port)`` is an HTTP URL that must answer, ``tcp://HOST:PORT`` that must accept a connection or
    a ``postgresql://`` URL that must accept a login. ``started(pid)`` receives the process id (the
    leader of its own process group).
    """
    port = port or free_port()
    output = log.open("w") if log else subprocess.DEVNULL
    proc = subprocess.Popen(
        list(command(port)),
        cwd=cwd,
        env={**os.environ, **(env or {})},
        stdout=output,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    if started:
        started(proc.pid)
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                _check(health(port))
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    detail = log.read_text()[-2000:] if log else ""
                    pytest.fail(f"{command(port)[0]} did not start (exit {proc.poll()})\n{detail}")
                time.sleep(0.5)
        yield port
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, stop)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)
        if not isinstance(output, int):  # a log file, not DEVNULL
            output.close()


def _check(url: str) -> None:
    if url.startswith("postgresql://"):
        import psycopg

        try:
            psycopg.connect(url, connect_timeout=2).close()
        except psycopg.OperationalError as exc:  # e.g. "the database system is starting up"
            raise OSError(str(exc)) from exc
        return
    if url.startswith("tcp://"):
        host, _, port = url.removeprefix("tcp://").rpartition(":")
        socket.create_connection((host, int(port)), timeout=2).close()
        return
    with urllib.request.urlopen(url, timeout=2):
        pass


def tool(name: str) -> str:
    """An executable installed beside this Python (the venv's ``chroma``, ``langgraph``, ``dask``)."""
    return str(Path(sys.executable).with_name(name))


@contextlib.contextmanager
def chroma_server(data: Path) -> Iterator[str]:
    """``chroma run`` on loopback over ``data``; yields its URL."""

    def command(port):
        return [
            tool("chroma"),
            "run",
            "--path",
            str(data),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ]

    with serve(command, lambda port: f"http://127.0.0.1:{port}/api/v2/heartbeat") as port:
        yield f"http://127.0.0.1:{port}"


@contextlib.contextmanager
def langgraph_server(
    root: Path, log: Path, env: dict | None = None, jobs: int | None = None
) -> Iterator[str]:
    """``langgraph dev`` serving ``root/langgraph.json`` on loopback (in-memory runtime); yields its URL.

    ``jobs`` is ``--n-jobs-per-worker``: without it ``langgraph dev`` executes one run at a time.
    """

    def command(port):
        return [
            tool("langgraph"),
            "dev",
            "--no-browser",
            "--no-reload",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            *(["--n-jobs-per-worker", str(jobs)] if jobs else []),
        ]

    env = {"LANGGRAPH_CLI_NO_ANALYTICS": "1", "LANGSMITH_TRACING": "false", **(env or {})}
    with serve(command, lambda port: f"http://127.0.0.1:{port}/ok", cwd=root, log=log, env=env) as port:
        yield f"http://127.0.0.1:{port}"


def postgres_bin() -> Path:
    """The newest Debian PostgreSQL server binaries (``scripts/test.sh`` installs ``postgresql``)."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]))
    if not found:
        pytest.fail(
            "PostgreSQL is not installed: run scripts/test.sh (it installs Debian's postgresql) "
            "or apt-get install postgresql"
        )
    return found[-1].parent


@contextlib.contextmanager
def postgres_server() -> Iterator[str]:
    """A throwaway PostgreSQL cluster on loopback (initdb in a temporary folder, its own port, trust
    login for user ``verirag``); yields its URL and removes everything after.

    initdb and postgres refuse to run as root: as root they run as the unprivileged ``postgres`` system
    user (created by Debian's package) through ``runuser``, in a folder that user owns.
    """
    import pwd
    import shutil
    import tempfile

    bindir = postgres_bin()
    folder = Path(tempfile.mkdtemp(prefix="verirag-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:
        owner = pwd.getpwnam("postgres")
        os.chown(folder, owner.pw_uid, owner.pw_gid)
        as_user = ["runuser", "-u", "postgres", "--"]
    data = folder / "data"
    try:
        initdb = [
            *as_user,
            str(bindir / "initdb"),
            "-D",
            str(data),
            "-U",
            "verirag",
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        ]
        init = subprocess.run(initdb, capture_output=True, text=True)
        if init.returncode:
            pytest.fail(f"initdb failed: {init.stderr[-2000:]}")

        def command(port):
            return [
                *as_user,
                str(bindir / "postgres"),
                "-D",
                str(data),
                "-p",
                str(port),
                "-h",
                "127.0.0.1",
                "-k",
                str(folder),
                "-c",
                "fsync=off",
            ]

        with serve(
            command,
            lambda port: f"postgresql://verirag@127.0.0.1:{port}/postgres",
            log=folder / "server.log",
            stop=signal.SIGINT,
        ) as port:  # SIGINT: fast shutdown
            yield f"postgresql://verirag@127.0.0.1:{port}/postgres"
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def dask_scheduler(log: Path) -> Iterator[str]:
    """A Dask scheduler on loopback (no dashboard); yields its ``tcp://`` address."""

    def command(port):
        return [
            tool("dask"),
            "scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--no-dashboard",
        ]

    with serve(command, lambda port: f"tcp://127.0.0.1:{port}", log=log) as port:
        yield f"tcp://127.0.0.1:{port}"


@contextlib.contextmanager
def dask_worker(
    scheduler: str, root: Path, log: Path, threads: int = 2, env: dict | None = None
) -> Iterator[int]:
    """One Dask worker process (no nanny, so a killed worker stays dead) with ``root`` importable;
    yields its process id."""
    pids: list[int] = []

    def command(port):
        return [
            tool("dask"),
            "worker",
            scheduler,
            "--host",
            "127.0.0.1",
            "--worker-port",
            str(port),
            "--nthreads",
            str(threads),
            "--no-nanny",
            "--no-dashboard",
        ]

    env = {"PYTHONPATH": str(root), **(env or {})}
    with serve(
        command, lambda port: f"tcp://127.0.0.1:{port}", cwd=root, log=log, env=env, started=pids.append
    ) as _:
        yield pids[0]


@contextlib.contextmanager
def model_server(
    root: Path, parallel: int, log: Path | None = None, env: dict | None = None
) -> Iterator[str]:
    """The scripted OpenAI-compatible server of :mod:`tests.model_server` with ``parallel`` slots;
    yields the model string ``openai-compatible:scripted@URL``."""

    def command(port):
        return [
            sys.executable,
            "-m",
            "tests.model_server",
            "--port",
            str(port),
            "--parallel",
            str(parallel),
        ]

    with serve(
        command,
        lambda port: f"http://127.0.0.1:{port}/v1/models",
        cwd=root,
        log=log,
        env={"PYTHONPATH": str(root), **(env or {})},
    ) as port:
        yield f"openai-compatible:scripted@http://127.0.0.1:{port}/v1"
