"""A job or model file saved with a UTF-8 byte-order mark (Excel, Windows Notepad) reads as the
same file without one: YAML/JSON job files, the DeepSpeed config a job names, a model's
config.json and safetensors index."""

from __future__ import annotations

import codecs
import shutil
from pathlib import Path

from gpupicker.importers import inspect_path
from gpupicker.importers.jobs import read_job_file
from tests.importers.test_jobs import JOBS, lookup  # noqa: F401 - the fixture
from tests.support.model_files import TINY_LLAMA, llama_tensors, write_config, write_sharded


def _add_bom(path: Path) -> None:
    path.write_bytes(codecs.BOM_UTF8 + path.read_bytes())


def test_job_file_and_its_deepspeed_config(tmp_path, lookup):  # noqa: F811 - the fixture
    name = "llamafactory-llama3-full-sft-ds3.yaml"
    plain = read_job_file(JOBS / name, lookup).workload
    job = tmp_path / name
    shutil.copy(JOBS / name, job)
    ds = tmp_path / "examples" / "deepspeed" / "ds_z3_config.json"
    ds.parent.mkdir(parents=True)
    ds.write_text('{"zero_optimization": {"stage": 3}}', encoding="utf-8")
    _add_bom(job)
    _add_bom(ds)
    got = read_job_file(job, lookup).workload
    assert got == plain and got["parallelism"] == {"zero_stage": 3}


def test_model_config_and_index(tmp_path):
    write_config(tmp_path, TINY_LLAMA)
    write_sharded(tmp_path, llama_tensors(TINY_LLAMA), shards=2)
    plain = inspect_path(tmp_path)
    _add_bom(tmp_path / "config.json")
    _add_bom(tmp_path / "model.safetensors.index.json")
    got = inspect_path(tmp_path)
    assert (got.params, got.weights_bytes, got.warnings) == (plain.params, plain.weights_bytes, [])
    assert got.config["num_key_value_heads"] == 2
