"""The review's hostile model files, one by one: each refused with its own sentence."""

from __future__ import annotations

import json
import os
import struct
import time
from pathlib import Path

import pytest

from gpupicker.importers import ModelImportError, inspect_path
from tests.support.model_files import TINY_LLAMA, write_config


def _refusal(path: Path) -> str:
    t0 = time.perf_counter()
    with pytest.raises(ModelImportError) as info:
        inspect_path(path)
    assert time.perf_counter() - t0 < 2.0
    return str(info.value)


@pytest.mark.parametrize(("value", "kind"), [("x", "str"), (["x"], "list"), (3, "int")])
def test_text_config_that_is_not_an_object(tmp_path, value, kind):
    write_config(tmp_path, {**TINY_LLAMA, "text_config": value})
    assert _refusal(tmp_path) == (
        f"config.json: text_config is a {kind}, not an object, so the model cannot be read"
    )


@pytest.mark.parametrize("groups", ["x", {"g": "x"}, {"g": {"weights": "x"}}])
def test_a_damaged_compressed_tensors_group_keeps_the_method_without_bits(tmp_path, groups):
    write_config(
        tmp_path,
        {
            **TINY_LLAMA,
            "quantization_config": {"quant_method": "compressed-tensors", "config_groups": groups},
        },
    )
    m = inspect_path(tmp_path)
    assert m.quantization == {"quant_method": "compressed-tensors", "bits": None, "weights_dtype": None}


def test_a_5000_digit_integer_in_config_and_header(tmp_path):
    (tmp_path / "config.json").write_text('{"model_type": "llama", "hidden_size": ' + "9" * 5000 + "}")
    assert "a number 5000 characters long" in _refusal(tmp_path / "config.json")
    raw = b'{"w": {"dtype": "F16", "shape": [' + b"9" * 5000 + b'], "data_offsets": [0, 2]}}'
    st = tmp_path / "x.safetensors"
    st.write_bytes(struct.pack("<Q", len(raw)) + raw + b"\0\0")
    assert "a number 5000 characters long" in _refusal(st)


def test_a_list_as_dtype(tmp_path):
    raw = json.dumps({"w": {"dtype": ["BF16"], "shape": [1], "data_offsets": [0, 2]}}).encode()
    st = tmp_path / "x.safetensors"
    st.write_bytes(struct.pack("<Q", len(raw)) + raw + b"\0\0")
    assert "has dtype ['BF16'], which safetensors does not define" in _refusal(st)


def test_a_fifo_and_a_link_to_dev_zero_are_not_opened(tmp_path):
    os.mkfifo(tmp_path / "x.safetensors")
    assert _refusal(tmp_path / "x.safetensors").endswith(
        "x.safetensors is not a regular file (a pipe, a device or a socket), so it was not opened"
    )
    d = tmp_path / "m"
    d.mkdir()
    (d / "config.json").symlink_to("/dev/zero")
    assert "is not a regular file" in _refusal(d / "config.json")
    assert "is not a regular file" in _refusal(d)  # the folder names its config, not "absent"


def test_a_cache_ref_of_dotdot_does_not_climb_out(tmp_path):
    from gpupicker.importers.hf_cache import snapshot_of

    repo = tmp_path / "models--org--x"
    (repo / "snapshots").mkdir(parents=True)
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text("..")
    assert snapshot_of(repo) is None
    (repo / "snapshots" / "abc").symlink_to("/")
    assert snapshot_of(repo) is None  # a snapshot outside the repository is not the cache's
