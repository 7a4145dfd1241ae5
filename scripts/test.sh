#!/usr/bin/env bash
# One command for the tests: install what they need, index the shipped corpus (the integration tests
# use it), then run the unit tests and the integration tests with the real local model.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh

# The web page is tested in a real browser: Debian's Chromium and its driver (no browser download).
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  printf '\033[1m[test]\033[0m %s\n' "installing Debian's chromium and chromium-driver for the web page test"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -q
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium chromium-driver
fi

.venv/bin/verirag ingest
exec .venv/bin/python -m pytest "$@"
