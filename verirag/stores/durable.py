"""Crash-safe file writes and the store's writer lock.

A file is written to a temporary ``.tmp-`` name in its own folder, fsynced and renamed over the final
name, so a reader sees either the old or the new complete file, never a torn one, even after a kill or
a power loss.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

TMP_PREFIX = ".tmp-"


def fsync_dir(folder: Path) -> None:
    """Make a rename or unlink inside ``folder`` durable."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _replace(source: Path, target: Path) -> None:
    """The atomic step of :func:`write_atomic` (one named function, so fault tests can stop here)."""
    os.replace(source, target)


def write_atomic(path: Path, write: Callable[[BinaryIO], object]) -> None:
    """Write ``path`` through ``write(file)`` so that it is either fully replaced or left unchanged."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{TMP_PREFIX}{path.name}-{os.getpid()}-{secrets.token_hex(4)}")
    try:
        with open(tmp, "wb") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        _replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    fsync_dir(path.parent)


@contextlib.contextmanager
def exclusive(folder: Path, wait: bool = True) -> Iterator[bool]:
    """Hold the writer lock of ``folder`` (``flock`` on ``folder/.lock``); yields whether it was taken.

    With ``wait=False`` it yields False at once when another writer holds the lock or the folder is
    read-only, so a reader can skip a repair instead of blocking behind a long ingest. The kernel drops
    the lock when its holder dies, so a killed ingest never leaves the store locked.
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(folder / ".lock", os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        if wait:
            raise
        yield False
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        yield True
    finally:
        os.close(fd)  # closing the descriptor releases the lock
