"""The support decision gives the verdicts recorded for it, byte for byte.

The verdicts were recorded from the code of 95012bf (``python -m tests.replay expect`` there) and recorded
again for each change of the decision since (the slot check's echoes, 2026-11-27: the tape's verdicts
unchanged, 50 synthetic ones differ; its echoed words, 2026-11-28: one tape record's rival reading, no
verdict; a role's synonym and the parts of a hyphenated word, 2026-11-28: 22 synthetic records of 6 pairs
change their missing terms or what the draft asked, no verdict; the ``stated`` reading, 2026-11-29: 25
synthetic verdicts of 7 true pairs pass, no false pair's, the tape's unchanged; ``implied_owner``, 2026-11-30:
8 synthetic records of 2 false pairs change what they find, no verdict; a name opening with an accented
capital, 2026-11-30: 8 synthetic records of 2 true pairs under ``atoms`` (off by default) split "… Agnès
Varda, Éric Rohmer …" into more atoms, 4 of them failed by the hash judge; a copy with its asides left out,
and no blank for a converted figure, 2026-12-01: 250 synthetic records of 67 true pairs now pass, no false
pair's verdict changes, 58 records and 10 of the tape's ask less; a draft's statements kept where they hold
alone, 2026-12-02: no verdict changes, 641 synthetic drafts and one of the tape's are rewritten, the tape's a
false pair's true statement kept without its changed figure): the embedded model's own
replies on a fixed sample of the verifier benchmarks v1 and v2 (a tape), and a synthetic judge on every
pair. This test replays the tape and every 10th pair; ``tests/integration/test_replay.py`` every pair.
"""

from __future__ import annotations

import json

from tests import replay

EVERY = 10


def expected(every: int) -> list[dict]:
    """The recorded verdicts of the tape, and of every ``every``-th pair under the synthetic judge."""
    records = replay.read_expected()
    tape = [r for r in records if r["model"] == "tape"]
    out = tape
    for benchmark in replay.BENCHMARKS:
        ids = {p["id"] for p in replay.pairs(benchmark)[::every]}
        out += [
            r for r in records if r["model"] == "synthetic" and r["benchmark"] == benchmark and r["id"] in ids
        ]
    return out


def assert_replayed(every: int) -> None:
    """Today's verdicts equal the recorded ones, record by record (each as its JSON line)."""
    want = [json.dumps(r, sort_keys=True, ensure_ascii=False) for r in expected(every)]
    got = [json.dumps(r, sort_keys=True, ensure_ascii=False) for r in replay.replayed(every)]
    assert len(got) == len(want)
    for old, new in zip(want, got, strict=True):
        assert new == old


def test_the_tape_and_a_fixed_sample_are_decided_as_before():
    assert_replayed(EVERY)
