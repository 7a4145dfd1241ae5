#!/usr/bin/env bash
# One command for the tests: install what they need (Python packages, Debian's postgresql), index the
# shipped corpus (the integration tests use it), then run the unit tests and the integration tests with
# the real local model and the real servers (Chroma, LangGraph, Dask, PostgreSQL) on loopback.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
# PostgreSQL for the checkpoint tests (Debian's package; each test starts its own throwaway cluster on
# loopback and removes it, so no system cluster or service is used)
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    printf '\033[1m[test]\033[0m installing postgresql (apt)\n'
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  else
    echo "[test] PostgreSQL is missing: run 'sudo apt-get install postgresql' (the Postgres tests will fail)" >&2
  fi
fi
.venv/bin/verirag ingest
exec .venv/bin/python -m pytest "$@"
