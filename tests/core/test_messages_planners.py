"""Advisor, calibration, launch_config and the importers write Messages.

Real results over the bundled catalog — advice for training, inference, llama.cpp and image
jobs on cards they do not fit (single changes and stacked combinations), launch configs for
every serving engine and training launcher on the top options, calibration notes, refusals and
skipped runs, and the errors and warnings of the model importers on real damaged and partial
model files — must be :class:`~gpupicker.core.messages.Message` values of this group's ids, and
render in zh_CN with no English template left.

The zh_CN rule: render each message with its translated templates and blank what is not a
template — the parameters (numbers, file and tensor names, dtypes, engine flags, GPU names:
data, not prose) and ``text.verbatim`` parts (pydantic's or the OS's own text) — then no ASCII
word of 4+ letters may remain except identifiers (with ``_``, ``.``, ``/``, ``-`` or a digit:
``hidden_size``, ``config.json``, ``llama.cpp``) and the technical terms the translations keep on
purpose (:data:`TECH_TERMS`: LoRA, GGUF, safetensors …).
"""

from __future__ import annotations

import json
import re
import struct

import pytest

from gpupicker.core.messages import JOINERS, TEMPLATES, Message, join
from gpupicker.core.workload import Workload
from tests.support.model_files import (
    TINY_LLAMA,
    llama_tensors,
    write_config,
    write_raw_header,
    write_safetensors,
    write_sharded,
)

GROUP = ("advisor.", "calibration.", "launch_config.", "importers.")
"""Id prefixes of this group's messages."""

TECH_TERMS = frozenset(
    {
        "gpupicker",
        "token",
        "tokens",
        "LoRA",
        "QLoRA",
        "Adam",
        "AdamW",
        "Dettmers",
        "FSDP",
        "ZeRO-Offload",
        "NVLink",
        "PCIe",
        "all-reduce",
        "GGUF",
        "gguf",
        "bitsandbytes",
        "torchao",
        "diffusers",
        "transformers",
        "safetensors",
        "pickle",
        "PyTorch",
        "Llama",
        "Hugging",
        "Face",
        "SkyPilot",
        "Ollama",
        "torchtune",
        "tune",
        "LitGPT",
        "nvidia-smi",
        "True",
        "logits",
    }
)
"""ASCII words the zh_CN translations keep: method, engine, library and file-format names, the
product's name, commands and code (``tune ls``, ``safe_serialization=True``). Quoted spans ('...',
`...`: the log lines gpupicker reads, values to type), ``--flags``, ``calls()`` and "flash
attention" are removed before the check."""

WORKLOADS: tuple[tuple[str, str, dict, str], ...] = (
    ("full_ft", "llama3_8b", {"batch": 8, "seq_len": 4096}, "rtx_4090"),
    ("full_ft", "llama3_70b", {"weights_dtype": "fp32"}, "h100_sxm"),
    ("lora", "llama3_8b", {"batch": 4, "seq_len": 2048}, "rtx_3060_12gb"),
    (
        "inference",
        "llama3_70b",
        {"framework": "vllm", "weights_dtype": "bf16", "batch": 8, "seq_len": 8192},
        "rtx_4090",
    ),
    (
        "inference",
        "mixtral_8x7b",
        {"framework": "llama.cpp", "weights_dtype": "f16", "seq_len": 8192},
        "rtx_4090",
    ),
    ("image_gen", "sdxl_base", {"images": 8, "resolution": 1024}, "rtx_3060_12gb"),
    ("image_gen", "flux1_dev", {"images": 4, "resolution": 1024}, "rtx_4090"),
)

SERVING = ("vllm", "sglang", "llama.cpp", "ollama", "transformers")
TRAINING = ("transformers", "deepspeed", "fsdp", "torchtune", "litgpt")


def _walk(m: Message):
    yield m
    for value in m.params.values():
        for v in value if isinstance(value, tuple) else (value,):
            if isinstance(v, Message):
                yield from _walk(v)


def _template_text(m: Message, translate) -> str:
    """``m`` in zh_CN with every parameter and verbatim part blanked (templates only)."""
    if m.id == "text.verbatim":
        return ""
    if m.id in JOINERS:
        sep, end = JOINERS[m.id]
        return translate(sep).join(_template_text(p, translate) for p in m.params["parts"]) + (
            translate(end) if end else ""
        )
    values = {}
    for key, value in m.params.items():
        if isinstance(value, Message):
            values[key] = _template_text(value, translate)
        elif isinstance(value, tuple):
            values[key] = "".join(_template_text(p, translate) for p in value)
        else:
            values[key] = ""
    return translate(TEMPLATES[m.id]).format_map(values)


def _zh_translate():
    from PySide6.QtCore import QCoreApplication

    from gpupicker.ui.i18n.core_messages import CONTEXT, PUNCTUATION

    punct = PUNCTUATION["zh"]
    return lambda t: punct[t] if t in punct else QCoreApplication.translate(CONTEXT, t)


def _english_left(text: str) -> list[str]:
    text = re.sub(r"'[^']*'|`[^`]*`|--[\w-]+|\w+\(\)|flash attention", " ", text)
    words = re.findall(r"[A-Za-z][A-Za-z0-9_./\-]*", text)
    return [
        w
        for w in words
        if len(re.sub(r"[^A-Za-z]", "", w)) >= 4
        and not re.search(r"[_./\d]", w.rstrip("."))
        and w not in TECH_TERMS
    ]


def _check(texts: list[tuple[str, object]]) -> None:
    """Every text a Message of this group, fully Chinese once parameters are blanked."""
    from gpupicker.ui.i18n.core_messages import tr_message
    from tests.support.message_texts import has_cjk

    translate = _zh_translate()
    assert texts
    for where, text in texts:
        assert isinstance(text, Message), (where, text)
        ids = [m.id for m in _walk(text) if m.id not in JOINERS and m.id != "text.verbatim"]
        # pricing kinds are the shared "pricing.*" words (the report names them too)
        assert ids and all(i.startswith((*GROUP, "pricing.")) for i in ids), (where, ids)
        for m in _walk(text):
            if m.id in TEMPLATES and m.id != "text.verbatim":
                zh = translate(TEMPLATES[m.id])
                assert zh != TEMPLATES[m.id] or not re.search(r"[A-Za-z]{4}", zh), (where, m.id)
        skeleton = _template_text(text, translate)
        assert not _english_left(skeleton), (where, str(text), skeleton, _english_left(skeleton))
        shown = tr_message(text)
        assert has_cjk(shown), (where, shown)


def _advice(repo) -> list[tuple[str, object]]:
    from gpupicker.core.planners.advisor import advise

    gpus = {g.id: g for g in repo.gpus()}
    out: list[tuple[str, object]] = []
    actions: set[str] = set()
    for task, model_id, extra, gpu in WORKLOADS:
        w = Workload(task=task, model=repo.get_model(model_id), model_id=model_id, **extra)
        for a in advise(w, gpus[gpu]):
            actions.add(a.action)
            out += [
                (f"{model_id}/{a.action}: description", a.description),
                (f"{model_id}/{a.action}: speed_cost", a.speed_cost),
                (f"{model_id}/{a.action}: quality_cost", a.quality_cost),
                # what the results page shows
                (f"{model_id}/{a.action}: costs", join([a.speed_cost, a.quality_cost], "clauses")),
            ]
    # single changes, combinations (a+b) and the diffusion-only ones were all exercised
    assert any("+" in a for a in actions)
    assert {"grad_ckpt", "qlora", "kv_fp8", "int4", "vae_tiling", "sequential_cpu_offload"} <= actions
    return out


def _launch(repo) -> list[tuple[str, object]]:
    from gpupicker.core.planners.launch_config import launch_config
    from gpupicker.core.ranking.recommend import recommend

    gpus, prices = repo.gpus(), repo.prices()
    out: list[tuple[str, object]] = []
    cases = [
        ("inference", "qwen2_5_7b", {"weights_dtype": "int4"}, SERVING),
        ("inference", "llama3_8b", {"weights_dtype": "mxfp4"}, ("vllm", "llama.cpp")),
        ("lora", "llama3_8b", {"grad_ckpt": True}, TRAINING),
        ("pretrain", "qwen2_5_1_5b", {"num_gpus": 8, "pricing": "spot"}, TRAINING[:3]),
    ]
    for task, model_id, extra, fws in cases:
        w = Workload(task=task, model=repo.get_model(model_id), model_id=model_id, **extra)
        rec = recommend(w, gpus, prices)
        for opt in [
            *rec.options[:2],
            next(o for o in rec.options if o.gpu_id == "rtx_4090_48gb" or o.gpu_id.startswith("rtx_40")),
        ]:
            for fw in fws:
                lc = launch_config(w.model_copy(update={"framework": fw}), opt, None)
                out += [(f"{fw} assumption", a) for a in lc.assumptions]
                out += [(f"{fw} warning", x) for x in lc.warnings]
    for w, why in (
        (Workload(task="image_gen", model_id="sdxl_base", model=repo.get_model("sdxl_base")), "image_gen"),
        (
            Workload(
                task="inference", model_id="llama3_8b", framework="mlc-llm", model=repo.get_model("llama3_8b")
            ),
            "serving",
        ),
        (
            Workload(
                task="pretrain",
                model_id="llama3_8b",
                framework="torchtune",
                model=repo.get_model("llama3_8b"),
            ),
            "torchtune",
        ),
    ):
        opt = recommend(
            w.model_copy(update={"framework": "transformers"}) if why != "image_gen" else w, gpus, prices
        ).options[0]
        with pytest.raises(ValueError) as exc:
            launch_config(w, opt)
        out.append((f"launch error {why}", exc.value.args[0]))
    return out


def _calibration(repo) -> list[tuple[str, object]]:
    from gpupicker.core.memory import estimate_memory
    from gpupicker.core.planners.calibration import Calibration, _measured_speed, check_plausible, make_run
    from gpupicker.core.speed.throughput import estimate_throughput

    gpus = repo.gpus()
    gpu = next(g for g in gpus if g.id == "rtx_4090")
    w = Workload(
        task="inference", model_id="qwen2_5_7b", model=repo.get_model("qwen2_5_7b"), weights_dtype="int4"
    )
    m, t = estimate_memory(w, gpu, 1), estimate_throughput(w, gpu, 1)
    speed = _measured_speed(w, t)
    out: list[tuple[str, object]] = []
    for peak, tps in (
        (m.total_bytes / 2**30 * 1.1, None),
        (None, speed * 0.8),
        (m.total_bytes / 2**30 * 0.9, speed * 1.2),
    ):
        run = make_run(w, gpu.id, peak_gib=peak, tokens_per_s=tps)
        for n in (1, 3):
            runs = [run.model_copy(update={"id": k}) for k in range(n)]
            runs.append(run.model_copy(update={"id": 99, "gpu_id": "gone"}))
            cal = Calibration.from_runs(runs, gpus)
            out += [("skipped", s) for s in cal.skipped]
            m2, t2, note = cal.apply(w, gpu.id, m, t)
            out.append(("note", note))
            if peak:
                out.append(("memory assumption", m2.assumptions[-1]))
            if tps:
                out.append(("speed assumption", t2.assumptions[-1]))
    refusals = [
        (dict(peak_gib=40.0), None),
        (dict(peak_gib=0.5), None),
        (dict(tokens_per_s=speed * 100), None),
        ({}, "no figure here"),
        ({}, None),
    ]
    for kwargs, log in refusals:
        with pytest.raises(ValueError) as exc:
            run = make_run(w, gpu.id, log_text=log or "", **kwargs)
            check_plausible(run, gpu, m.total_bytes, speed)
        out.append((f"refusal {kwargs} {log}", exc.value.args[0]))
    return out


def _importers(tmp_path) -> list[tuple[str, object]]:
    from gpupicker.importers import ImportedModel, ModelImportError, inspect_path, to_record
    from gpupicker.importers.tiny_gguf import write_tiny_gguf

    out: list[tuple[str, object]] = []

    def read(label: str, path) -> None:
        try:
            model = inspect_path(path)
        except ModelImportError as exc:
            out.append((f"{label} error", exc.args[0]))
        else:
            out.extend((f"{label} warning", x) for x in model.warnings)

    (tmp_path / "model.bin").write_bytes(b"\0")
    read("pickle", tmp_path / "model.bin")
    read("missing", tmp_path / "nope.safetensors")
    (tmp_path / "m.onnx").write_bytes(b"\0")
    read("onnx", tmp_path / "m.onnx")
    (tmp_path / "short").write_bytes(b"abc")
    read("no suffix", tmp_path / "short")
    write_raw_header(tmp_path / "past.safetensors", b"{}", length=5000)
    read("header past end", tmp_path / "past.safetensors")
    write_raw_header(
        tmp_path / "bad.safetensors", {"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 4]}}
    )
    read("size mismatch", tmp_path / "bad.safetensors")
    write_raw_header(
        tmp_path / "neg.safetensors", {"a": {"dtype": "F32", "shape": [-1], "data_offsets": [0, 4]}}
    )
    read("bad shape", tmp_path / "neg.safetensors")
    cfg = tmp_path / "weird"
    write_config(
        cfg, {**TINY_LLAMA, "model_type": "weird", "quantization_config": {"quant_method": "gptq", "bits": 4}}
    )
    write_safetensors(cfg / "model.safetensors", llama_tensors(TINY_LLAMA))
    read("unknown model_type, quantized", cfg)
    lone = tmp_path / "lone"
    write_safetensors(lone / "model.safetensors", llama_tensors(TINY_LLAMA))
    read("no config", lone / "model.safetensors")
    shards = tmp_path / "shards"
    write_config(shards, TINY_LLAMA)
    write_sharded(shards, llama_tensors(TINY_LLAMA), shards=3)
    index = shards / "model.safetensors.index.json"
    data = json.loads(index.read_text())
    data["metadata"]["total_size"] = 1
    index.write_text(json.dumps(data))
    read("sharded, wrong total", shards)
    (shards / "model-00003-of-00003.safetensors").unlink()
    read("sharded, missing", shards)
    (tmp_path / "v9.gguf").write_bytes(b"GGUF" + struct.pack("<I", 9) + b"\0" * 40)
    read("gguf version", tmp_path / "v9.gguf")
    write_tiny_gguf(tmp_path / "tiny.gguf", arch="weirdarch")
    read("gguf arch", tmp_path / "tiny.gguf")
    raw = (tmp_path / "tiny.gguf").read_bytes()
    for cut in (100, 600, 4000):
        (tmp_path / f"cut{cut}.gguf").write_bytes(raw[:cut])
        read(f"gguf cut at {cut}", tmp_path / f"cut{cut}.gguf")
    read("empty folder", (tmp_path / "empty").mkdir() or tmp_path / "empty")
    with pytest.raises(ModelImportError) as exc:
        to_record(ImportedModel(path="x", format="config"))
    out.append(("to_record", exc.value.args[0]))
    assert len(out) >= 18
    return out


def test_advice_texts_are_messages_and_fully_chinese(zh_cn, repo):
    _check(_advice(repo))


def test_launch_config_texts_are_messages_and_fully_chinese(zh_cn, repo):
    _check(_launch(repo))


def test_calibration_texts_are_messages_and_fully_chinese(zh_cn, repo):
    _check(_calibration(repo))


def test_importer_errors_and_warnings_are_messages_and_fully_chinese(zh_cn, tmp_path):
    _check(_importers(tmp_path))


def test_english_is_what_these_modules_always_wrote(repo, tmp_path):
    """A few exact English texts (the behaviour snapshot does not run these modules)."""
    from gpupicker.core.planners.advisor import advise
    from gpupicker.importers import ModelImportError, inspect_path

    w = Workload(task="lora", model_id="llama3_8b", model=repo.get_model("llama3_8b"), batch=4, seq_len=4096)
    rtx_4090 = next(g for g in repo.gpus() if g.id == "rtx_4090")
    # a LoRA job fits by micro-batch and loss kernel, not by more GPUs (its states are small)
    combo = {a.action: a for a in advise(w, rtx_4090)}["grad_ckpt+batch_2+fused_ce"]
    assert combo.description == (
        "Turn on gradient checkpointing; Micro-batch 2 with 2× gradient accumulation (same "
        "effective batch); Fused cross-entropy (Liger kernels): the logits are never held in "
        "fp32 for the whole micro-batch"
    )
    assert combo.speed_cost == (
        "≈20–35 % slower (the forward pass is recomputed); slower at small micro-batches; about "
        "the same speed (pip install 'liger-kernel'; 'use_liger_kernel=True' in "
        "'TrainingArguments')"
    )
    assert combo.quality_cost == "none" and combo.quality_cost.id == "advisor.cost.none"
    (tmp_path / "x.pt").write_bytes(b"\0")
    with pytest.raises(ModelImportError) as exc:
        inspect_path(tmp_path / "x.pt")
    assert str(exc.value) == (
        "x.pt is a PyTorch pickle file: gpupicker never opens pickles, because loading one can "
        "run any code it contains. Convert it to .safetensors (transformers: save_pretrained(..., "
        "safe_serialization=True)) or to .gguf (llama.cpp convert_hf_to_gguf.py), or import the "
        "model's config.json"
    )
