"""Every pair of the verifier benchmarks v1 and v2 decided as before verirag/verify/ was built (the synthetic
judge, all five decisions, about 2 minutes; ``tests/unit/test_replay.py`` holds the tape and a sample)."""

from __future__ import annotations

from tests.unit.test_replay import assert_replayed


def test_every_pair_is_decided_as_before():
    assert_replayed(1)
