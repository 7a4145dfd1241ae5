"""Start a server process on a free loopback port for a test, wait until it answers, stop it after."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path
from typing import Callable, Iterator, Sequence

import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serve(command: Callable[[int], Sequence[str]], health: Callable[[int], str], *, cwd: Path | None = None,
          env: dict | None = None, log: Path | None = None, timeout: float = 120) -> Iterator[int]:
    """Run ``command(port)``; yield the port once ``health(port)`` answers; kill the process group after."""
    port = free_port()
    output = log.open("w") if log else subprocess.DEVNULL
    proc = subprocess.Popen(list(command(port)), cwd=cwd, env={**os.environ, **(env or {})}, stdout=output,
                            stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(health(port), timeout=2):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    detail = log.read_text()[-2000:] if log else ""
                    pytest.fail(f"{command(port)[0]} did not start (exit {proc.poll()})\n{detail}")
                time.sleep(0.5)
        yield port
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
        if log:
            output.close()
