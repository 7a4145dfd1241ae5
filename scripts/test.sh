#!/usr/bin/env bash
# One command for the tests: install what they need (Python packages, Debian's postgresql), index the
# shipped corpus (the integration tests use it), then run the unit tests and the integration tests with
# the real local model and the real servers (Chroma, LangGraph, Dask, PostgreSQL) on loopback.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh

# Debian packages the tests use, installed when missing (CI starts from a fresh machine): Chromium and its
# driver for the web page test (no browser download), PostgreSQL for the checkpoint tests (each test starts
# its own throwaway cluster on loopback and removes it; no system cluster or service is used).
missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v chromedriver >/dev/null || missing+=(chromium-driver)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
  printf '\033[1m[test]\033[0m installing %s (apt)\n' "${missing[*]}"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
.venv/bin/verirag ingest
exec .venv/bin/python -m pytest "$@"
