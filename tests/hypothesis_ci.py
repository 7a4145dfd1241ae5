"""Hypothesis in CI: the property tests explore new examples on every run, and any run can be replayed.

When the ``CI`` variable is set, Hypothesis turns on its built-in "ci" profile, which derandomizes: every
CI run would replay the same examples and never find a new failure. verirag's "ci" profile keeps the rest
of it (no deadline, no example database, the reproduction blob printed with a failure) but draws at random
from a seed chosen per test session and printed in pytest's header as
``hypothesis seed N (replay: --hypothesis-seed=N)``. Failures found are kept as ``@example`` entries on
their tests (docs/reliability.md, "Parsers of model output, fuzzed").

Loaded by tests/conftest.py, and with ``-p tests.hypothesis_ci`` by a pytest run outside tests/.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import settings

settings.register_profile("ci", settings.get_profile("ci"), derandomize=False, print_blob=True)


@pytest.hookimpl(tryfirst=True)  # before Hypothesis' own plugin reads --hypothesis-seed
def pytest_configure(config):
    in_ci = "ci" in (settings.get_current_profile_name(), config.getoption("hypothesis_profile"))
    if in_ci and not config.getoption("hypothesis_seed"):
        config.option.hypothesis_seed = str(random.SystemRandom().randrange(2**32))


def pytest_report_header(config):
    seed = config.getoption("hypothesis_seed")
    return f"hypothesis seed {seed} (replay: --hypothesis-seed={seed})" if seed else None
