"""Results files kept gzip-compressed (docs/bench/*/results.jsonl.gz) read like plain ones."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from verirag.jsonl import append_record, read_records

ROOT = Path(__file__).resolve().parents[2]


def write_gzip(path: Path, records: list[dict], tail: str = "") -> None:
    text = "".join(json.dumps(r) + "\n" for r in records) + tail
    path.write_bytes(gzip.compress(text.encode("utf-8"), mtime=0))


def test_a_path_ending_in_gz_is_read_as_gzip(tmp_path):
    path = tmp_path / "results.jsonl.gz"
    write_gzip(path, [{"id": "q1"}, {"id": "q2", "text": "Zürich"}], tail='{"id": "q3", "torn')
    assert read_records(path) == [{"id": "q1"}, {"id": "q2", "text": "Zürich"}]


def test_a_plain_name_whose_file_is_compressed_reads_the_gz(tmp_path):
    write_gzip(tmp_path / "results.jsonl.gz", [{"id": "q1"}])
    assert not (tmp_path / "results.jsonl").exists()
    assert read_records(tmp_path / "results.jsonl") == [{"id": "q1"}]


def test_records_appended_beside_a_compressed_file_are_read_after_it(tmp_path):
    """A run resumed over a compressed results file appends plain records: a reader sees both, in order."""
    path = tmp_path / "results.jsonl"
    write_gzip(tmp_path / "results.jsonl.gz", [{"id": "q1"}])
    append_record(path, {"id": "q2"})
    assert read_records(path) == [{"id": "q1"}, {"id": "q2"}]
    assert read_records(tmp_path / "results.jsonl.gz") == [{"id": "q1"}]
    assert gzip.decompress((tmp_path / "results.jsonl.gz").read_bytes()).count(b"\n") == 1  # not written to


def test_a_missing_file_has_no_records(tmp_path):
    assert read_records(tmp_path / "results.jsonl") == []
    assert read_records(tmp_path / "results.jsonl.gz") == []


def test_the_committed_runs_are_read_from_their_compressed_records():
    """The results files kept under docs/bench are compressed, and read by their plain name (cost.py does)."""
    kept = sorted((ROOT / "docs" / "bench").glob("*/results.jsonl.gz"))
    assert kept
    for path in kept:
        records = read_records(path.with_suffix(""))
        assert records and all("system" in r and "output" in r for r in records), path.parent.name
