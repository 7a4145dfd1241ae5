"""Where verirag keeps its cache, and where an installed data package's files are.

The cache holds the assembled model, the vector store and the BM25 index; its folder is ``$VERIRAG_HOME``
when set, else ``~/.cache/verirag``.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path


def verirag_home() -> Path:
    """Return the cache folder (not created)."""
    env = os.environ.get("VERIRAG_HOME")
    return Path(env).expanduser() if env else Path.home() / ".cache" / "verirag"


def default_store_path() -> Path:
    """Folder of the default persistent document store."""
    return verirag_home() / "store"


def package_dir(package: str) -> Path | None:
    """The folder of an installed package (found without importing it), None when it is not installed."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))
