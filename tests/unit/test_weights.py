import hashlib

import pytest

from verirag.errors import ModelIntegrityError
from verirag.models import weights


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def test_hash_mismatch_names_the_file_and_both_hashes(tmp_path):
    model = tmp_path / "model.gguf"
    model.write_bytes(b"not the model")
    expected = "0" * 64
    with pytest.raises(ModelIntegrityError) as info:
        weights.verify_file(model, expected)
    message = str(info.value)
    assert str(model) in message and expected in message and _sha(b"not the model") in message


def test_verification_is_repeated_when_the_file_changes(tmp_path):
    model = tmp_path / "model.gguf"
    model.write_bytes(b"good")
    assert weights.verify_file(model, _sha(b"good")) == model
    model.write_bytes(b"tampered!")  # different size -> re-hashed
    with pytest.raises(ModelIntegrityError):
        weights.verify_file(model, _sha(b"good"))


def test_assembly_concatenates_parts_in_order(tmp_path):
    parts = []
    for i, chunk in enumerate([b"aa", b"bb", b"cc"]):
        part = tmp_path / f"part{i}"
        part.write_bytes(chunk)
        parts.append(part)
    target = tmp_path / "out" / "model.gguf"
    weights.assemble_local_model(target, parts, expected_sha256=_sha(b"aabbcc"))
    assert target.read_bytes() == b"aabbcc"


def test_assembly_with_wrong_parts_leaves_no_file(tmp_path):
    part = tmp_path / "part"
    part.write_bytes(b"evil")
    target = tmp_path / "model.gguf"
    with pytest.raises(ModelIntegrityError, match="expected"):
        weights.assemble_local_model(target, [part], expected_sha256=_sha(b"good"))
    assert not target.exists()
    assert list(tmp_path.iterdir()) == [part]


def test_local_model_path_rejects_a_corrupt_assembled_file(tmp_path):
    target = tmp_path / "models" / weights.LOCAL_MODEL_FILE
    target.parent.mkdir()
    target.write_bytes(b"corrupt")
    with pytest.raises(ModelIntegrityError, match=weights.LOCAL_MODEL_SHA256):
        weights.local_model_path(tmp_path)
