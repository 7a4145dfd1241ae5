#!/usr/bin/env bash
# One command for a fresh machine: install, index the shipped corpus, answer a sample question with the
# embedded local model. Re-running it is cheap (everything is cached).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
VERIRAG=".venv/bin/verirag"
"$VERIRAG" ingest
QUESTION="${1:-Who painted the Mona Lisa?}"
printf '\n\033[1mverirag ask "%s"\033[0m\n' "$QUESTION"
"$VERIRAG" ask "$QUESTION"
