"""Where threads are saved (``verirag ask --thread``, ``verirag batch --checkpoint``): SQLite or Postgres.

An embedded SQLite file by default, or a Postgres database shared by many processes and machines.
``--checkpoint`` / ``$VERIRAG_CHECKPOINT_URL`` takes ``postgresql://USER:PASSWORD@HOST:PORT/DB`` (LangGraph's
``PostgresSaver``; its tables are created on first use) or a SQLite file path; empty means
``$VERIRAG_HOME/checkpoints.sqlite``.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from verirag.errors import VeriragError

ENV = "VERIRAG_CHECKPOINT_URL"
_POSTGRES = ("postgresql://", "postgres://")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]+:")  # "postgresql:", "mysql:" (not a drive letter "C:")


class CheckpointError(VeriragError):
    """The checkpoint database cannot be reached or used."""


def default_url() -> str:
    """``$VERIRAG_CHECKPOINT_URL``, else empty (the SQLite file)."""
    return os.environ.get(ENV, "")


def redacted(url: str) -> str:
    """``url`` without its password, for messages."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


@contextlib.contextmanager
def open_checkpointer(url: str = "") -> Iterator[Any]:
    """A LangGraph checkpointer for ``url`` (see the module docstring), closed on exit.

    A Postgres server that is down, refuses the login or goes away during the run raises
    :class:`CheckpointError` with one line naming the (password-free) URL; the steps saved before stay
    saved, so the same command resumes the thread once the server is back.
    """
    if url.startswith(_POSTGRES):
        with _postgres(url) as saver:
            yield saver
        return
    if _SCHEME.match(url):  # a mistyped or unsupported URL must not become a SQLite file named like it
        raise CheckpointError(
            f"unsupported checkpoint URL {redacted(url)}: use "
            "postgresql://USER@HOST:PORT/DB or a SQLite file path"
        )
    import sqlite3

    from langgraph.checkpoint.sqlite import SqliteSaver

    from verirag.paths import verirag_home

    path = Path(url).expanduser() if url else verirag_home() / "checkpoints.sqlite"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(path, check_same_thread=False)
    except (OSError, sqlite3.Error) as exc:
        raise CheckpointError(f"cannot open the checkpoint file {path}: {exc}") from exc
    try:
        yield SqliteSaver(connection)
    finally:
        connection.close()


@contextlib.contextmanager
def _postgres(url: str) -> Iterator[Any]:
    try:
        import psycopg
        from langgraph.checkpoint.postgres import PostgresSaver
        from psycopg.rows import dict_row
    except ImportError as exc:
        raise CheckpointError(
            "Postgres checkpoints need langgraph-checkpoint-postgres and psycopg "
            f"(pip install 'verirag' installs both): {exc}"
        ) from exc
    where = redacted(url)
    try:
        options: dict[str, Any] = {} if "connect_timeout" in url else {"connect_timeout": 10}
        with psycopg.Connection.connect(
            url, autocommit=True, prepare_threshold=0, row_factory=dict_row, **options
        ) as connection:
            saver = PostgresSaver(connection)
            saver.setup()  # creates or migrates the checkpoint tables; a no-op when they are current
            yield saver
    except psycopg.Error as exc:
        first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        raise CheckpointError(f"checkpoint database {where}: {first}") from exc


def thread_for(question: str, config: dict) -> str:
    """A stable thread id for one question under one configuration (``verirag batch --checkpoint``).

    A retried or resumed question continues its own saved run, and never another configuration's.
    """
    key = json.dumps([question, config], sort_keys=True, ensure_ascii=False, default=str)
    return "batch-" + hashlib.sha256(key.encode()).hexdigest()[:24]
