#!/usr/bin/env bash
# One command for the tests: install what they need, index the shipped corpus (the integration tests
# use it), then run the unit tests and the integration tests with the real local model.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
.venv/bin/verirag ingest
exec .venv/bin/python -m pytest "$@"
