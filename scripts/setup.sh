#!/usr/bin/env bash
# One command for a fresh machine: install, index the shipped corpus (from its shipped vectors), answer a
# sample question with the embedded local model. Each step prints its time. Re-running it is cheap
# (everything is cached).
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }
SETUP_START=$SECONDS
timed() {  # timed NAME COMMAND...: run a step, then print its time
  local name="$1" start=$SECONDS
  shift
  "$@"
  say "$name ($((SECONDS - start)) s)"
}

timed "install" bash scripts/install.sh
VERIRAG=".venv/bin/verirag"
timed "index the shipped corpus" "$VERIRAG" ingest
QUESTION="${1:-Who painted the Mona Lisa?}"
printf '\n\033[1mverirag ask "%s"\033[0m\n' "$QUESTION"
timed "answer" "$VERIRAG" ask "$QUESTION"
say "done in $((SECONDS - SETUP_START)) s"
