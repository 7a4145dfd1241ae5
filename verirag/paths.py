"""Where verirag keeps its cache: the assembled model, the vector store and the BM25 index.

The folder is ``$VERIRAG_HOME`` when set, else ``~/.cache/verirag``.
"""

from __future__ import annotations

import os
from pathlib import Path


def verirag_home() -> Path:
    """Return the cache folder (not created)."""
    env = os.environ.get("VERIRAG_HOME")
    return Path(env).expanduser() if env else Path.home() / ".cache" / "verirag"


def default_store_path() -> Path:
    """Folder of the default persistent document store."""
    return verirag_home() / "store"
