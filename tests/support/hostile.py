"""Seeded hostile inputs for the fuzz tests: workload lines, model files, tracker CSVs, logs.

Every generator takes a ``random.Random`` so a failing case can be rebuilt from the seed. The
shapes are the ones the 2026-12 reliability review found crashing or hanging the readers
(deep nesting, integers past Python's 4,300-digit limit, a JSON array as the first line,
``text_config`` as a string, a list as dtype, FIFOs, ``/dev/zero`` links, ``inf`` GPU counts,
cells over csv's 128 KiB limit, ``block_size=0``) plus random mutations around them.
"""

from __future__ import annotations

import json
import os
import random
import struct
from pathlib import Path

from tests.support.model_files import TINY_LLAMA, llama_tensors, write_config, write_safetensors

WORKLOAD_BASES = [
    {"task": "inference", "model_id": "llama3_1_8b"},
    {"task": "qlora", "model_id": "mistral_7b_v0_1", "seq_len": 1024},
    {
        "task": "inference",
        "model": {
            "hidden_size": 4096,
            "intermediate_size": 11008,
            "num_hidden_layers": 32,
            "num_attention_heads": 32,
            "vocab_size": 32000,
        },
        "prompt_len": 512,
        "new_tokens": 128,
    },
    {"task": "lora", "model_id": "llama3_1_8b", "batch": 2, "lora": {"r": 16}},
    {"task": "full_ft", "params": 1_000_000_000},
]
"""Valid workloads the lines are made from (README and validation-case shapes)."""

FIELDS = [
    "task",
    "model_id",
    "model",
    "batch",
    "seq_len",
    "prompt_len",
    "new_tokens",
    "gpu",
    "num_gpus",
    "framework",
    "lora",
    "parallelism",
    "pricing",
    "budget_usd",
    "dtype",
    "max_usd_per_hour",
    "deadline_hours",
    "requests_per_minute",
    "resolution",
    "steps",
    "dataset_tokens",
    "epochs",
    "no_such_field",
]
"""Fields a mutation replaces (Workload fields and one unknown)."""


def hostile_raw(rng: random.Random) -> str:
    """One hostile JSON value as raw text (some not valid JSON on purpose)."""
    n = rng.choice([10, 65, 200, 3000, 20000])
    return rng.choice(
        [
            "[" * n + "]" * n,
            '{"a":' * n + "1" + "}" * n,
            "9" * rng.choice([20, 101, 4301, 5000]),
            "-" + "9" * 400,
            "1e999",
            "-1e999",
            "1e-400",
            "NaN",
            "Infinity",
            "-Infinity",
            "0",
            "-1",
            "1.5",
            "1e308",
            "2147483648",
            "18446744073709551617",
            "true",
            "null",
            '""',
            '"x"',
            '"' + "a" * rng.choice([10, 5000, 70000]) + '"',
            '"\\u0000\\u001b[2J\\u2028\\u2029"',
            '"\u2028raw separator\u0085"',
            '"\\ud800"',
            '"\\U0001F600"',
            '"$(touch pwned)`id`"',
            '"=HYPERLINK(\\"x\\")"',
            "[]",
            "{}",
            "[1, 2, 3]",
            '{"r": "x"}',
            '{"hidden_size": 0}',
            json.dumps(rng.choice(WORKLOAD_BASES)),
        ]
    )


def hostile_line(rng: random.Random) -> str:
    """One hostile workload line (no newline inside)."""
    base = dict(rng.choice(WORKLOAD_BASES))
    kind = rng.randrange(10)
    if kind <= 4:  # one field replaced by a hostile value, spliced in as text
        field = rng.choice(FIELDS)
        base.pop(field, None)
        head = json.dumps(base)[:-1]
        return f'{head}, "{field}": {hostile_raw(rng)}}}'
    if kind == 5:  # a whole hostile value as the line
        return hostile_raw(rng)
    if kind == 6:  # cut short
        text = json.dumps(base)
        return text[: rng.randrange(1, len(text))]
    if kind == 7:  # an array, possibly of workloads
        return json.dumps([base] * rng.randrange(0, 3))
    if kind == 8:  # random characters
        return "".join(
            chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x3000)]))
            for _ in range(rng.randrange(1, 80))
        )
    return json.dumps(base)  # valid


def workload_batches(rng: random.Random, lines: int, per_batch: int = 25) -> list[list[str]]:
    """``lines`` hostile lines in JSON Lines batches; each batch of several has one valid line
    after the first (so the input is JSON Lines, as the documented usage is)."""
    out: list[list[str]] = []
    while lines > 0:
        k = min(per_batch, lines)
        batch = [hostile_line(rng) for _ in range(k)]
        if k > 1:
            batch[rng.randrange(1, k)] = json.dumps(rng.choice(WORKLOAD_BASES))
        out.append(batch)
        lines -= k
    return out


def _config_variants(rng: random.Random) -> list[dict[str, object]]:
    cfg = dict(TINY_LLAMA)
    out: list[dict[str, object]] = []
    for value in ["x", ["x"], 3, None, {"model_type": ["llama"]}, {"hidden_size": "64"}]:
        out.append({**cfg, "text_config": value})
        out.append({**cfg, "llm_config": value})
    for q in [
        {"quant_method": "compressed-tensors", "config_groups": "x"},
        {"quant_method": "compressed-tensors", "config_groups": {"g": "x"}},
        {"quant_method": "compressed-tensors", "config_groups": {"g": {"weights": "x"}}},
        {"quant_method": "compressed-tensors", "config_groups": {"g": {"weights": [1]}}},
        {"quant_method": "compressed-tensors", "config_groups": []},
        {"quant_method": ["gptq"], "bits": "4"},
        {"quant_method": "gptq", "bits": 4.5},
        {"load_in_4bit": [True]},
        "not a dict",
        7,
    ]:
        out.append({**cfg, "quantization_config": q})
    for field in [
        "hidden_size",
        "num_hidden_layers",
        "vocab_size",
        "num_attention_heads",
        "intermediate_size",
        "num_key_value_heads",
        "head_dim",
        "torch_dtype",
        "model_type",
        "tie_word_embeddings",
        "max_position_embeddings",
    ]:
        for value in [-1, 0, 1e308, "64", [64], {"x": 1}, True, None, 2**70]:
            if rng.random() < 0.5:
                out.append({**cfg, field: value})
    return out


def model_cases(rng: random.Random, root: Path) -> list[Path]:
    """Hostile model files and folders under ``root`` (≥ 200 paths to inspect)."""
    paths: list[Path] = []
    n = 0

    def folder() -> Path:
        nonlocal n
        n += 1
        d = root / f"m{n:04d}"
        d.mkdir(parents=True)
        return d

    for cfg in _config_variants(rng):
        d = folder()
        write_config(d, cfg)
        paths.append(d)
    for digits in (4301, 5000):  # integers past Python's conversion limit, as text
        d = folder()
        (d / "config.json").write_text('{"model_type": "llama", "hidden_size": ' + "9" * digits + "}")
        paths += [d, d / "config.json"]
    for depth in (100, 5000):
        d = folder()
        (d / "config.json").write_text('{"model_type": "llama", "x": ' + "[" * depth + "]" * depth + "}")
        paths.append(d)
    tensors = llama_tensors(TINY_LLAMA)
    for _ in range(60):  # safetensors headers mutated one entry at a time
        d = folder()
        write_config(d, TINY_LLAMA)
        header: dict[str, object] = {}
        off = 0
        for name, (dtype, shape) in tensors.items():
            size = 2
            for s in shape:
                size *= s
            header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [off, off + size]}
            off += size
        victim = rng.choice(list(header))
        entry = dict(header[victim])  # type: ignore[call-overload]
        key = rng.choice(["dtype", "shape", "data_offsets"])
        entry[key] = rng.choice(
            [
                ["BF16"],
                {"x": 1},
                None,
                -1,
                "F16x",
                [2**70, 1],
                ["64"],
                [-1, 4],
                [0, 2**80],
                "9" * 5000,
                [1.5, 2],
                [[1]],
                True,
            ]
        )
        header[victim] = entry
        raw = json.dumps(header).encode()
        if rng.random() < 0.2:
            raw = raw.replace(b"[0,", b"[" + b"9" * 5000 + b",", 1)
        (d / "model.safetensors").write_bytes(struct.pack("<Q", len(raw)) + raw + b"\0" * off)
        paths += [d, d / "model.safetensors"]
    for _ in range(20):  # random bytes with a safetensors or GGUF name
        d = folder()
        size = rng.choice([0, 3, 8, 9, 100, 5000])
        data = bytes(rng.randrange(256) for _ in range(size))
        if rng.random() < 0.5:
            data = struct.pack("<Q", rng.choice([0, 1, 2, 7, 2**40, 2**63])) + data
        name = rng.choice(["model.safetensors", "model.gguf", "x-00001-of-00002.gguf", "x"])
        if name.endswith("gguf") and rng.random() < 0.5:
            data = b"GGUF" + data
        (d / name).write_bytes(data)
        paths += [d / name, d]
    # special files: FIFOs and devices named as model files
    d = folder()
    for name in ("fifo.safetensors", "fifo.gguf", "fifo"):
        os.mkfifo(d / name)
        paths.append(d / name)
    d = folder()
    os.mkfifo(d / "config.json")
    paths += [d, d / "config.json"]
    for target in ("/dev/zero", "/dev/urandom"):
        d = folder()
        (d / "config.json").symlink_to(target)
        (d / "model.safetensors").symlink_to(target)
        paths += [d, d / "config.json", d / "model.safetensors"]
    # Hugging Face cache repositories whose links or refs lead out of them
    cache = root / "hub"
    for i, how in enumerate(["root", "etc", "ref_dotdot", "config_out", "weights_out", "loop"]):
        repo = cache / f"models--org--m{i}"
        snaps = repo / "snapshots"
        snaps.mkdir(parents=True)
        (repo / "refs").mkdir()
        (repo / "refs" / "main").write_text("abc")
        if how == "root":
            (snaps / "abc").symlink_to("/")
        elif how == "etc":
            (snaps / "abc").symlink_to("/etc")
        elif how == "ref_dotdot":
            (repo / "refs" / "main").write_text("..")
            (snaps / "abc").mkdir()
        else:
            snap = snaps / "abc"
            snap.mkdir()
            outside = root / f"outside{i}"
            write_config(outside, TINY_LLAMA)
            write_safetensors(outside / "model.safetensors", tensors)
            if how == "config_out":
                (snap / "config.json").symlink_to(outside / "config.json")
            elif how == "weights_out":
                write_config(snap, TINY_LLAMA)
                (snap / "model.safetensors").symlink_to(outside / "model.safetensors")
            else:
                (snap / "config.json").symlink_to(snap / "config.json")
        paths += [repo, snaps / "abc"]
    return paths


def tracker_csvs(rng: random.Random, root: Path) -> list[Path]:
    """Hostile SkyPilot (``<provider>/vms.csv``) and gpuhunt (``<provider>.csv``) files."""
    out: list[Path] = []
    counts = ["inf", "-inf", "nan", "1e309", "0", "-1", "1.5", "9" * 400, "", "x", "8"]
    prices = ["inf", "nan", "-1", "0", "1e-300", "5e-324", "1e308", "1.29", "", "x"]
    for i in range(30):
        d = root / f"sky{i}" / "lambda"
        d.mkdir(parents=True)
        rows = [
            "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region"
        ]
        for _ in range(rng.randrange(1, 4)):
            big = '"' + "x" * rng.choice([10, 70_000, 140_000]) + '"'
            rows.append(
                ",".join(
                    [
                        "gpu_1x",
                        rng.choice(["A100", "H100", "???", "", big]),
                        rng.choice(counts),
                        "30",
                        "200",
                        rng.choice(["", big, "{'Gpus': [1]}"]),
                        rng.choice(prices),
                        rng.choice(prices),
                        "us-east-1",
                    ]
                )
            )
        if rng.random() < 0.2:
            rows.append('gpu,"unterminated,1,2')
        (d / "vms.csv").write_text("\n".join(rows) + "\n")
        out.append(d / "vms.csv")
    for i in range(30):
        d = root / f"hunt{i}"
        d.mkdir()
        rows = ["instance_name,gpu_name,gpu_count,gpu_memory,price,spot,location,cpu,memory"]
        for _ in range(rng.randrange(1, 4)):
            big = "y" * rng.choice([5, 140_000])
            rows.append(
                ",".join(
                    [
                        "inst",
                        rng.choice(["A100", "H100", big]),
                        rng.choice(counts),
                        rng.choice(["80", "inf", "-1", big]),
                        rng.choice(prices),
                        rng.choice(["true", "false", "maybe"]),
                        "us",
                        "8",
                        "32",
                    ]
                )
            )
        (d / "runpod.csv").write_text("\n".join(rows) + "\n")
        out.append(d / "runpod.csv")
    return out


def calibration_logs(rng: random.Random) -> list[str]:
    """Hostile vLLM / llama.cpp / nvidia-smi log texts."""
    lines = [
        "block_size={n}",
        "GPU KV cache size: {n} tokens",
        "# GPU blocks: {n}",
        "Model loading took {n} GiB",
        "CUDA0 model buffer size = {n} MiB",
        "CUDA1 KV buffer size = {n} MiB",
        "n_ctx = {n}",
        "| {n}MiB / {n}MiB |",
        "llama_kv_cache: CUDA0 compute buffer size = {n} MiB",
    ]
    values = ["0", "1", "16", "9" * 400, "1" + "0" * 30, "1,000,000", "4.5", "99999999999"]
    out = []
    for _ in range(40):
        k = rng.randrange(1, 6)
        out.append("\n".join(rng.choice(lines).format(n=rng.choice(values)) for _ in range(k)))
    return out
