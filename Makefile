# Shortcuts; the README's two commands (scripts/setup.sh, scripts/test.sh) do all of this on a fresh machine.
.PHONY: setup lint unit test

setup:  ## install, index the shipped corpus, answer a sample question
	bash scripts/setup.sh

lint:  ## ruff format --check and ruff check on verirag/, tests/, benchmarks/ and notebooks/, mypy on verirag/, tests/ and benchmarks/ (needs the light install: bash scripts/install.sh --light)
	.venv/bin/ruff format --check verirag tests benchmarks notebooks
	.venv/bin/ruff check verirag tests benchmarks notebooks
	.venv/bin/python -m mypy verirag tests benchmarks

unit:  ## the scripted-model tests (fast)
	.venv/bin/python -m pytest tests/unit -q

test:  ## everything: lint, types, unit tests, then the integration tests
	bash scripts/test.sh -q
