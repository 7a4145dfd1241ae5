"""Chroma in client/server mode, reached the two ways a user reaches it: ``verirag ingest --chroma-url``
(or ``VERIRAG_CHROMA_URL``) puts the vectors on a ``chroma run`` server on loopback, and ``verirag ask``
with ``VERIRAG_CHROMA_URL`` finds what was ingested; the same store asked without the URL, or with the
server down, is one line (naming the variable, or the server's URL) and loses nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

from tests import servers
from verirag.stores import HybridStore
from verirag.testing import HashEmbedder

ROOT = Path(__file__).resolve().parents[2]
QUESTION = "What is the capital of Japan?"


def cli(*args: str, home: Path, **env: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "VERIRAG_HOME": str(home), "PYTHONPATH": str(ROOT), **env}
    return subprocess.run(
        [sys.executable, "-m", "verirag.cli", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


def test_ingest_and_ask_reach_a_chroma_server_by_its_url(tmp_path):
    import chromadb

    home, notes = tmp_path / "home", tmp_path / "notes"
    notes.mkdir()
    (notes / "Japan.txt").write_text("Japan is an island country in East Asia. Its capital is Tokyo.")
    (notes / "Banana.txt").write_text("A banana is an elongated, edible fruit.")
    ask = ["ask", QUESTION, "--json", "--model", "import:tests.fakes:japan", "--system", "vanilla"]
    with servers.chroma_server(tmp_path / "chroma-data") as url:
        # an empty store made for the hash embedder, so no embedding model loads; the commands below
        # find the embedder in the store's manifest and reach Chroma only through the URL they are given
        HybridStore(home / "store", embedder=HashEmbedder(), chroma_url=url).add([])
        added = cli("ingest", str(notes), "--chroma-url", url, home=home)
        assert added.returncode == 0, added.stderr
        assert "added 2 new document(s) of 2" in added.stdout
        again = cli("ingest", str(notes), home=home, VERIRAG_CHROMA_URL=url)  # the variable, as README
        assert again.returncode == 0 and "added 0 new document(s) of 2" in again.stdout, again.stderr
        assert not (home / "store" / "chroma").exists()  # no embedded database: the vectors are served
        port = urlparse(url).port
        assert port is not None
        server = chromadb.HttpClient(host="127.0.0.1", port=port)
        assert server.get_collection("verirag").count() == 2

        forgotten = cli(*ask, home=home)  # without the URL: refused, and the store is not "repaired" empty
        assert forgotten.returncode == 1 and forgotten.stderr.strip().splitlines() == [
            f"error: the store at {home / 'store'} keeps its vectors on a Chroma server: set "
            "VERIRAG_CHROMA_URL (or --chroma-url) to its http://host:port"
        ]
        assert HybridStore(home / "store", chroma_url=url).count() == 2

        answered = cli(*ask, home=home, VERIRAG_CHROMA_URL=url)
        assert answered.returncode == 0, answered.stderr
        result = json.loads(answered.stdout)
        assert result["config"]["chroma_url"] == url
        assert result["answer"] == "The capital of Japan is Tokyo [1]."
        assert [(d["title"], d["source"]) for d in result["documents"].values()] == [
            ("Japan", str(notes / "Japan.txt"))
        ]

    down = cli(*ask, home=home, VERIRAG_CHROMA_URL=url)  # the server has stopped
    lines = [line for line in down.stderr.splitlines() if line.strip()]
    assert down.returncode == 1 and len(lines) == 1, down.stderr
    assert lines[0].startswith(f"error: cannot open the Chroma store at {url}: ")
    assert "Traceback" not in down.stderr
