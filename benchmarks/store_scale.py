"""Adding a few files to a large store: seconds and peak memory, old (one BM25 index rebuilt from all
documents on every ingest) against new (one small BM25 segment per ingest). Run by hand, not in CI.

    .venv/bin/python benchmarks/store_scale.py --work /tmp/scale --chunks 100000 [--old-code DIR]

The store holds ``--chunks`` passages made of the shipped corpus's paragraphs repeated (each copy with
its own title, so every chunk is a distinct document), embedded with :class:`HashEmbedder` so the
embedding model's cost stays out of the figures (vectors still go through Chroma's HNSW index). Every
step runs in its own process, measured with ``wait4``: wall seconds and peak resident memory (which
includes about 0.3 GB of Python, Chroma and NumPy imports). ``--old-code`` is a checkout of verirag
before segments (e.g. ``git archive 5df43e3 | tar -x -C DIR``): the store is then built by the old code,
a copy is upgraded by the new code (a one-time full BM25 build), and 10 files are added to each with
``verirag ingest`` of its own version.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

BUILD = """
import sys, itertools
from verirag.stores import HybridStore, make_document
from verirag.stores.corpus import iter_corpus
from verirag.stores.embeddings import HashEmbedder
n = int(sys.argv[2])
paragraphs = list(iter_corpus())
docs = [make_document(f"{d['title']} (copy {i // len(paragraphs)})", d["text"])
        for i, d in zip(range(n), itertools.cycle(paragraphs))]
store = HybridStore(sys.argv[1], embedder=HashEmbedder())
store.add(docs)
print(store.count())
"""

UPGRADE = """
import sys
from verirag.stores import HybridStore
store = HybridStore(sys.argv[1])
print(store.repair())
"""


def peak_of(command: list[str], code: Path) -> tuple[float, float, str]:
    """Run ``command`` with ``code`` on PYTHONPATH; (seconds, peak RSS of that process in GB, stdout)."""
    env = {**os.environ, "PYTHONPATH": str(code)}
    started = time.perf_counter()
    # cwd = the code's folder: `python -c` and `-m` put the working directory first on sys.path
    proc = subprocess.Popen(
        command, env=env, cwd=code, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    assert proc.stdout is not None
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status):
        raise SystemExit(f"{command} failed (exit {os.waitstatus_to_exitcode(status)})")
    return seconds, usage.ru_maxrss / 1024 / 1024, out.strip()


def ten_files(folder: Path, tag: str, n: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        (folder / f"note-{tag}-{i}.md").write_text(
            f"# Field note {tag} {i}\n\nThe heron number {i} of batch {tag} waits by the river. " * 20
        )
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--work", type=Path, required=True, help="Scratch folder (stores are built here).")
    parser.add_argument("--chunks", type=int, default=100_000)
    parser.add_argument("--files", type=int, default=10)
    parser.add_argument("--old-code", type=Path, help="A checkout of verirag before BM25 segments.")
    args = parser.parse_args()
    python, rows = sys.executable, []
    args.work = args.work.resolve()
    args.old_code = args.old_code.resolve() if args.old_code else None
    args.work.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("VERIRAG_HOME", str(args.work / "home"))
    new, old = args.work / "new", args.work / "old"
    for path in (new, old):
        shutil.rmtree(path, ignore_errors=True)
    if args.old_code:
        s, gb, out = peak_of([python, "-c", BUILD, str(old), str(args.chunks)], args.old_code)
        rows.append(("old", f"build {int(out):,} chunks (hash embedder)", s, gb))
        shutil.copytree(old, new)
        s, gb, out = peak_of([python, "-c", UPGRADE, str(new)], ROOT)
        rows.append(("new", "one-time upgrade of that store (full BM25 build from Chroma)", s, gb))
    else:
        s, gb, out = peak_of([python, "-c", BUILD, str(new), str(args.chunks)], ROOT)
        rows.append(("new", f"build {int(out):,} chunks (hash embedder)", s, gb))
    for version, store, code in [("old", old, args.old_code), ("new", new, ROOT)]:
        if code is None:
            continue
        files = ten_files(args.work / f"files-{version}", version, args.files)
        command = [python, "-m", "verirag.cli", "ingest", str(files), "--store", str(store)]
        s, gb, out = peak_of(command, code)
        match = re.search(r"added ([\d,]+) new", out)
        assert match is not None
        added = match.group(1)
        rows.append((version, f"verirag ingest {args.files} files ({added} new chunks)", s, gb))
        s, gb, out = peak_of(command, code)
        rows.append((version, f"the same {args.files} files again (nothing new)", s, gb))
    print(f"store of {args.chunks:,} chunks\n")
    print("| code | step | seconds | peak RSS (GB) |")
    print("|---|---|---|---|")
    for version, step, seconds, gb in rows:
        print(f"| {version} | {step} | {seconds:.1f} | {gb:.2f} |")


if __name__ == "__main__":
    main()
