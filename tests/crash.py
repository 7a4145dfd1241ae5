"""Run the verirag CLI in this process and kill it with SIGKILL at a chosen write step.

    python -m tests.crash STEP N BATCH -- ingest PATH --store DIR

STEP is ``chroma`` (right after the N-th Chroma batch was written), ``mid-write`` (half of the bytes of
the N-th file written), ``before-replace`` (the N-th file write is complete in its temporary file but
not renamed) or ``after-replace`` (renamed, nothing after it done). The write order of an ingest is:
Chroma batches, segment file, manifest, then for a merge: merged segment file, manifest. BATCH is the
number of documents per Chroma write. The kill is a real ``kill -9`` of this process: no ``finally``
block, no flush, no lock release but the kernel's.
"""

from __future__ import annotations

import io
import os
import signal
import sys
from collections.abc import Callable
from typing import Any


def kill() -> None:
    """``kill -9`` this process."""
    os.kill(os.getpid(), signal.SIGKILL)


def arm(
    step: str, n: int, action: Callable[[], None] = kill, patch: Callable[[Any, str, Any], None] = setattr
) -> None:
    """Patch the named write step so that its ``n``-th occurrence runs ``action`` (default: SIGKILL).

    ``patch`` sets the attribute (``monkeypatch.setattr`` in a test process, so it is undone after).
    """
    from verirag.stores import durable
    from verirag.stores.hybrid import HybridStore

    seen = {"count": 0}

    def hit() -> bool:
        seen["count"] += 1
        return seen["count"] == n

    if step == "chroma":
        original = HybridStore._write_chroma

        def write_chroma(self, collection, batch):
            original(self, collection, batch)
            if hit():
                action()

        patch(HybridStore, "_write_chroma", write_chroma)
    elif step in ("before-replace", "after-replace"):
        replace = durable._replace

        def patched(source, target):
            if step == "before-replace" and hit():
                action()
            replace(source, target)
            if step == "after-replace" and hit():
                action()

        patch(durable, "_replace", patched)
    elif step == "mid-write":
        write_atomic = durable.write_atomic

        def torn(path, write):
            if not hit():
                return write_atomic(path, write)

            def half(fh):
                whole = io.BytesIO()
                write(whole)
                fh.write(whole.getvalue()[: len(whole.getvalue()) // 2])
                fh.flush()
                action()

            return write_atomic(path, half)

        patch(durable, "write_atomic", torn)
    else:
        raise SystemExit(f"unknown step {step!r}")


if __name__ == "__main__":
    step, n, batch, sep, *args = sys.argv[1:]
    assert sep == "--", "usage: python -m tests.crash STEP N BATCH -- VERIRAG-ARGS..."
    from verirag import cli
    from verirag.stores.hybrid import HybridStore

    HybridStore.batch_size = int(batch)
    arm(step, int(n))
    sys.argv = ["verirag", *args]
    cli.main()
