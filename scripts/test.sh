#!/usr/bin/env bash
# One command for the tests, in two stages so that a style, type or unit failure shows in about a minute:
#   1. a light install (no llama.cpp or models), then format and lint (ruff), types (mypy) and the unit tests;
#   2. everything else (llama.cpp, the models (the 0.5B one too), torch and sentence-transformers for the
#      embedder's equivalence test, Debian's chromium and postgresql), the shipped corpus indexed, then the
#      integration tests with the real local model and real servers on loopback.
# Arguments go to pytest (e.g. -q, -x, -k NAME).
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf '\033[1m[test]\033[0m %s\n' "$*"; }

bash scripts/install.sh --light
say "format and lint (ruff), types (mypy)"
.venv/bin/ruff format --check verirag tests benchmarks notebooks
.venv/bin/ruff check verirag tests benchmarks notebooks
.venv/bin/python -m mypy verirag tests benchmarks
say "unit tests"
.venv/bin/python -m pytest tests/unit "$@"

bash scripts/install.sh --torch --small

# Debian packages the tests use, installed when missing (CI starts from a fresh machine): Chromium and its
# driver for the web page test (no browser download), PostgreSQL for the checkpoint tests (each test starts
# its own throwaway cluster on loopback and removes it; no system cluster or service is used).
missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v chromedriver >/dev/null || missing+=(chromium-driver)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]} (apt)"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
.venv/bin/verirag ingest
say "integration tests"
exec .venv/bin/python -m pytest tests/integration --durations=12 "$@"
