"""Messages of the memory, engine, training, diffusion and fit models, and the validation errors
of the workload, model, dtype and unit checks (group M2).

Real results over the bundled catalog: every assumption, engine error and raised error of these
modules is a :class:`~gpupicker.core.messages.Message` whose ids are this group's, the English is
what core always wrote, and in zh_CN each template renders in Chinese — no English template left.

The rule for "no English left": in the zh_CN translation of every template of the message tree
(placeholders, `code`, 'quoted' values and identifiers such as ``n_ctx`` or ``fp32`` removed),
no lower-case Latin word of four letters or more remains, except the technical terms Chinese
engineers write in Latin script (:data:`LATIN_TERMS`); capitalised words are names (vLLM,
PyTorch, Ollama, AdamW). Parameter values are not judged: they are numbers, ids, GPU / engine /
model names.
"""

from __future__ import annotations

import re

import pytest

from gpupicker.core.messages import JOINERS, TEMPLATES, Message

GROUP = (
    "memory",
    "engines",
    "training",
    "training_frameworks",
    "diffusion",
    "fit",
    "workload",
    "model_arch",
    "dtypes",
    "units",
)
"""Id prefixes of this group's section of core/messages.py."""

LATIN_TERMS = frozenset(
    {
        "token",
        "tokens",
        "flash",
        "attention",
        "logits",
        "diffusers",
        "transformers",
        "generate",
        "peft",
        "autocast",
    }
)
"""Lower-case technical terms a Chinese text keeps in Latin script (token, flash attention,
logits, the diffusers / transformers / peft libraries, transformers' generate() and PyTorch's
autocast)."""

_PLACEHOLDER = re.compile(r"\{\w+\}")
_KEPT = re.compile(r"`[^`]*`|'[^']*'|\S*[_\d./()\-]\S*")
_LOWER_WORD = re.compile(r"(?<![A-Za-z])[a-z]{4,}(?![A-Za-z])")
_CJK = re.compile(r"[\u4e00-\u9fff]")


def _ids(m: Message) -> list[str]:
    """Every template id in the tree of ``m`` (joiners walked through)."""
    out = [] if m.id in JOINERS else [m.id]
    for value in m.params.values():
        parts = value if isinstance(value, tuple) else (value,)
        for p in parts:
            if isinstance(p, Message):
                out += _ids(p)
    return out


def _english_left(template_id: str) -> list[str]:
    from PySide6.QtCore import QCoreApplication

    english = TEMPLATES[template_id]
    zh = QCoreApplication.translate("CoreText", english)
    if zh == english or not _CJK.search(zh):
        return [f"{template_id}: untranslated {english!r}"]
    skeleton = _KEPT.sub(" ", _PLACEHOLDER.sub(" ", zh))
    return [f"{template_id}: {w!r} in {zh!r}" for w in _LOWER_WORD.findall(skeleton) if w not in LATIN_TERMS]


def _check(texts: list[str], where: str) -> set[str]:
    """Assert every text is one of this group's Messages, fully Chinese in zh_CN; returns ids."""
    from gpupicker.ui.i18n.core_messages import tr_message

    seen: set[str] = set()
    for text in texts:
        assert isinstance(text, Message), f"{where}: plain text {text!r}"
        ids = _ids(text)
        assert ids and all(i.split(".")[0] in GROUP for i in ids), (where, ids)
        problems = [p for i in ids for p in _english_left(i)]
        assert not problems, (where, str(text), problems)
        zh = tr_message(text)
        assert _CJK.search(zh) and zh != str(text), (where, zh)
        seen.update(ids)
    return seen


def _gpus(repo):
    return {g.id: g for g in repo.gpus()}


def _memory_cases(repo):
    """(label, workload, gpu id or None, num_gpus) covering each memory model's branches."""
    from gpupicker.core.workload import Workload

    m = repo.get_model

    def w(task, model, **kw):
        return Workload(task=task, model=m(model) if model else None, model_id=model, **kw)

    return [
        ("hf", w("inference", "llama3_8b", batch=4, prompt_len=1024, new_tokens=256), "rtx_4090", 1),
        ("decode", w("decode_ceiling", "llama3_8b"), "rtx_4090", 1),
        ("params only", Workload(task="inference", model={"params": 7_000_000_000}), "rtx_4090", 1),
        ("vllm", w("inference", "qwen2_5_7b", framework="vllm"), "l40s", 1),
        ("vllm tp", w("inference", "llama3_70b", framework="vllm"), "h100_sxm", 4),
        ("vllm no gpu", w("inference", "qwen2_5_7b", framework="vllm"), None, 1),
        (
            "vllm too long",
            w("inference", "llama3_8b", framework="vllm", seq_len=8192, gpu_memory_utilization=0.7),
            "rtx_4090",
            1,
        ),
        ("vllm no memory", w("inference", "llama3_70b", framework="vllm"), "rtx_4090", 1),
        ("sglang", w("inference", "llama3_8b", framework="sglang"), "rtx_4090", 1),
        ("sglang no pool", w("inference", "llama3_70b", framework="sglang"), "rtx_4090", 1),
        ("trt-llm", w("inference", "llama3_8b", framework="tensorrt-llm"), "l40s", 1),
        ("trt-llm no gpu", w("inference", "llama3_8b", framework="tensorrt-llm"), None, 1),
        ("lmdeploy", w("inference", "qwen2_5_7b", framework="lmdeploy"), "rtx_4090", 1),
        ("mindie", w("inference", "qwen2_5_72b", framework="mindie"), "ascend_910b", 4),
        (
            "llama.cpp offload",
            w("inference", "llama3_70b", framework="llama.cpp", weights_dtype="q4_k_m"),
            "rtx_4090",
            1,
        ),
        (
            "llama.cpp int4",
            w("inference", "llama3_8b", framework="llama.cpp", weights_dtype="int4"),
            "rtx_4090",
            1,
        ),
        (
            "llama.cpp q8 kv",
            w("inference", "llama3_8b", framework="llama.cpp", weights_dtype="q4_k_m", kv_cache_dtype="q8_0"),
            "rtx_4090",
            1,
        ),
        (
            "ollama",
            w("inference", "llama3_8b", framework="ollama", weights_dtype="q4_k_m", attention="flash"),
            "rtx_4090",
            1,
        ),
        ("lora", w("lora", "llama3_8b", batch=4, seq_len=4096), "rtx_4090", 1),
        ("qlora", w("qlora", "llama3_70b"), "a100_sxm_80gb", 1),
        (
            "lora bf16 adapters 8-bit adam",
            w("lora", "llama3_8b", optimizer="adamw8bit", lora={"adapter_dtype": "bf16"}),
            "rtx_4090",
            1,
        ),
        ("full fp32", w("full_ft", "qwen2_5_0_5b", weights_dtype="fp32"), "a100_sxm_80gb", 1),
        ("full bf16 pure", w("full_ft", "qwen2_5_0_5b", optimizer="lion"), "a100_sxm_80gb", 1),
        ("full sgd", w("full_ft", "qwen2_5_0_5b", optimizer="sgd"), "a100_sxm_80gb", 1),
        ("full adafactor", w("full_ft", "qwen2_5_0_5b", optimizer="adafactor"), "rtx_4090", 1),
        (
            "pretrain deepspeed",
            w("pretrain", "llama3_8b", framework="deepspeed", grad_ckpt=True, parallelism={"zero_stage": 3}),
            "h100_sxm",
            8,
        ),
        (
            "zero-offload",
            w(
                "full_ft",
                "llama3_8b",
                framework="deepspeed",
                grad_ckpt=True,
                parallelism={"zero_stage": 2, "cpu_offload": True},
            ),
            "rtx_4090",
            1,
        ),
        ("unsloth", w("qlora", "llama3_8b", framework="unsloth", grad_ckpt="unsloth"), "rtx_4090", 1),
        ("llama-factory", w("lora", "qwen2_5_7b", framework="llama-factory"), "rtx_4090", 1),
        ("sdxl", w("image_gen", "sdxl_base", images=100, batch=4), "rtx_3060_12gb", 1),
        ("flux offload", w("image_gen", "flux1_dev", images=10), "rtx_4060_ti_16gb", 1),
        ("flux plain", w("image_gen", "flux1_dev", images=10), "h100_sxm", 1),
        ("sdxl lora", w("diffusion_lora", "sdxl_base", images=100, grad_ckpt=True), "rtx_4090", 2),
    ]


def test_memory_assumptions_and_engine_errors_are_chinese_messages(zh_cn, repo):
    from gpupicker.core.memory import estimate_memory

    gpus = _gpus(repo)
    seen: set[str] = set()
    for label, w, gpu_id, n in _memory_cases(repo):
        mem = estimate_memory(w, gpus[gpu_id] if gpu_id else None, n)
        seen |= _check(list(mem.assumptions), label)
        if mem.engine_message:
            seen |= _check([mem.engine_message], f"{label} engine_message")
    # the branches above were reached (a wording change that drops one fails here too)
    for i in (
        "memory.inferred_arch",
        "memory.ascend_pool",
        "memory.weights_only",
        "engines.vllm_seq_too_long",
        "engines.vllm_no_cache_memory",
        "engines.no_gpu",
        "engines.sglang_no_memory",
        "engines.lmdeploy_head",
        "engines.trtllm_head",
        "engines.partial_offload",
        "engines.not_gguf",
        "engines.ollama_ctx",
        "engines.llamacpp_v_cache",
        "training.zero_offload",
        "training.offloaded_checkpoints",
        "training.kbit_prepared",
        "training.opt_adamw8bit",
        "training.opt_adafactor",
        "training.pure_16bit",
        "training.fp32",
        "training.master_weights",
        "training.autocast_copies",
        "diffusion.option.sequential_cpu_offload",
        "diffusion.pipeline_cfg",
        "diffusion.lora_step",
    ):
        assert i in seen, i


def test_diffusion_speed_assumptions_are_chinese_messages(zh_cn, repo):
    from gpupicker.core.hardware.gpu_sustained import sustained_notes
    from gpupicker.core.speed.image import diffusion_throughput

    gpus = _gpus(repo)
    seen: set[str] = set()
    for label, w, gpu_id, n in _memory_cases(repo):
        if w.task not in ("image_gen", "diffusion_lora"):
            continue
        gpu = gpus[gpu_id]
        t = diffusion_throughput(w, w.model, gpu, n)
        other = set(sustained_notes(gpu))  # the sustained-rate notes are another module's
        seen |= _check([a for a in t.assumptions if a not in other], label)
        if t.offload_alternative:
            seen |= _check([t.offload_alternative], f"{label} alternative")
            assert not t.offload_alternative.endswith(".")
            assert f"{t.offload_alternative}." in t.assumptions
    assert {
        "diffusion.offload_alternative",
        "diffusion.train_step_time",
        "diffusion.range_train_image",
        "diffusion.parallel_train",
        "diffusion.options_applied",
    } <= seen


def test_fit_assumptions_are_chinese_messages(zh_cn, repo):
    from gpupicker.core.planners.fit import solve_fit

    gpus = _gpus(repo)
    m = repo.get_model
    from gpupicker.core.workload import Workload

    seen: set[str] = set()
    for w, gpu_id, dim in (
        (Workload(task="lora", model=m("llama3_8b")), "rtx_4090", "batch"),
        (
            Workload(task="inference", model=m("llama3_8b"), framework="llama.cpp", weights_dtype="q4_k_m"),
            "rtx_4090",
            "seq_len",
        ),
        (Workload(task="inference", model=m("llama3_8b"), framework="vllm"), "l40s", "concurrency"),
        (Workload(task="inference", model=m("llama3_70b")), "rtx_4090", "batch"),
    ):
        r = solve_fit(w, gpus[gpu_id], dim)
        seen |= _check(list(r.assumptions), f"fit {dim}")
    assert {"fit.bisection", "fit.context_cap", "fit.all_layers", "fit.pool_flat", "fit.none_fits"} <= seen


def _errors(repo):
    """Callables raising this group's ValueErrors, with the English text core always wrote."""
    from gpupicker.core import dtypes, units
    from gpupicker.core.memory import estimate_memory
    from gpupicker.core.memory.training_states import lora_trainable_params
    from gpupicker.core.model_arch import ModelArch
    from gpupicker.core.planners.fit import with_dimension
    from gpupicker.core.stacks.training_frameworks import training_framework
    from gpupicker.core.workload import Workload
    from gpupicker.core.workload.parts import LoraConfig

    m = repo.get_model
    inf = Workload(task="inference", model=m("llama3_8b"))
    img = Workload(task="image_gen", model=m("sdxl_base"))
    return [
        (
            lambda: estimate_memory(Workload(task="inference", model_id="nope")),
            "model 'nope' is not resolved; look it up in the catalog first",
        ),
        (
            lambda: estimate_memory(Workload(task="image_gen", model=m("llama3_8b"))),
            "image generation needs a diffusion model (UNet/DiT); Meta Llama 3 8B is a language model",
        ),
        (
            lambda: estimate_memory(Workload(task="image_gen", model=ModelArch(params=7_000_000_000))),
            "image generation needs a diffusion model (UNet/DiT); this model is a language model",
        ),
        (lambda: estimate_memory(Workload(task="lora", model=m("sdxl_base"))), None),
        (lambda: estimate_memory(Workload(task="inference", model=m("sdxl_base"))), None),
        (lambda: dtypes.bytes_per_weight("fp7"), None),
        (lambda: dtypes.bytes_per_kv_element("fp7"), None),
        (lambda: units.format_bytes(1, "KiB"), "unknown byte unit 'KiB'; use 'GiB' or 'GB'"),
        (lambda: training_framework("keras"), None),
        (lambda: lora_trainable_params(m("llama3_8b"), LoraConfig(targets=("qkv",))), None),
        (
            lambda: ModelArch.model_construct().with_inferred_architecture(),
            "model has neither an architecture nor a parameter count",
        ),
        (lambda: with_dimension(inf, "width", 2), None),
        (lambda: with_dimension(Workload(task="decode_ceiling", model=m("llama3_8b")), "batch", 2), None),
        (lambda: with_dimension(img, "seq_len", 2), None),
        (lambda: with_dimension(inf, "batch", 0), "batch 0 is outside 1–1000000"),
        (lambda: with_dimension(inf, "lora_r", 8), None),
        (lambda: with_dimension(Workload(task="lora", model=m("llama3_8b")), "concurrency", 8), None),
        (
            lambda: with_dimension(inf.model_copy(update={"new_tokens": 100}), "seq_len", 50),
            "a context of 50 tokens leaves no prompt (100 new tokens)",
        ),
    ]


def test_raised_errors_are_chinese_messages_with_todays_english(zh_cn, repo):
    seen: set[str] = set()
    for i, (call, english) in enumerate(_errors(repo)):
        with pytest.raises(ValueError) as ei:
            call()
        message = ei.value.args[0]
        seen |= _check([message], f"error {i}: {ei.value}")
        if english is not None:
            assert str(ei.value) == english
    assert "memory.this_model" in seen and "model_arch.no_size" in seen


def test_workload_validation_errors_reach_the_ui_in_chinese(zh_cn, repo):
    """A validator's Message reaches the status bar (error_messages) and the workload-file
    reader in Chinese; the CLI's error_text keeps today's English."""
    from pydantic import ValidationError

    from gpupicker.cli.common import error_text
    from gpupicker.core.model_arch import ModelArch
    from gpupicker.core.workload import Workload
    from gpupicker.ui.i18n.formatting import error_messages

    cases = [
        (
            lambda: Workload(task="qlora", model=repo.get_model("llama3_8b"), weights_dtype="bf16"),
            "QLoRA needs 4-bit or 8-bit base weights (weights_dtype 'nf4' or 'int8')",
            "QLoRA 需要 4 位或 8 位基座权重",
        ),
        (lambda: Workload(task="inference"), "a workload needs a model", "任务配置需要指定模型"),
        (
            lambda: Workload(task="inference", model_id="x", weights_dtype="fp7"),
            "weights_dtype: Value error, unknown weight dtype 'fp7'; known: ",
            "未知的权重格式 'fp7'",
        ),
        (
            lambda: ModelArch(hidden_size=64),
            "model architecture is missing num_hidden_layers, "
            "num_attention_heads, vocab_size (or give the exact parameter count as 'params')",
            "模型结构缺少 num_hidden_layers",
        ),
        (
            lambda: ModelArch(
                hidden_size=64,
                num_hidden_layers=2,
                num_attention_heads=6,
                num_key_value_heads=4,
                vocab_size=100,
            ),
            "num_attention_heads must be a multiple of num_key_value_heads",
            "的整数倍",
        ),
    ]
    for build, english, chinese in cases:
        with pytest.raises(ValidationError) as ei:
            build()
        assert english in error_text(ei.value)
        zh = error_messages(ei.value)
        assert chinese in zh and "Value error" not in zh, zh


def test_results_page_error_is_the_message(zh_cn, repo, monkeypatch):
    """A Message raised by core reaches the results page's ``view.error`` as the Message
    (tr_message renders it), not as its English str."""
    from gpupicker.core.messages import join, msg
    from gpupicker.core.workload import Workload
    from gpupicker.ui import compute
    from gpupicker.ui.i18n.core_messages import tr_message

    error = join(
        [msg("memory.needs_diffusion_model"), msg("memory.is_language_model", label="Meta Llama 3 8B")],
        "clauses",
    )

    def refuse(*args, **kwargs):
        raise ValueError(error)

    monkeypatch.setattr(compute, "rank_on_snapshot", refuse)
    view = compute.run_recommendation(
        Workload(task="image_gen", model_id="llama3_8b"), compute.CatalogSnapshot.from_repo(repo)
    )
    assert isinstance(view.error, Message) and view.error.id == "join.clauses"
    assert tr_message(view.error) == "图像生成需要扩散模型（UNet/DiT）；Meta Llama 3 8B 是语言模型"


def test_recommend_memory_texts_are_messages(repo):
    """Recommend's options carry the memory model's Messages (no plain text left)."""
    from gpupicker.core.ranking.recommend import recommend
    from gpupicker.core.workload import Workload

    gpus, prices = repo.gpus(), repo.prices()
    for w in (
        Workload(task="inference", model=repo.get_model("qwen2_5_7b"), framework="vllm"),
        Workload(task="qlora", model=repo.get_model("llama3_8b")),
        Workload(task="image_gen", model=repo.get_model("flux1_dev"), images=10),
    ):
        rec = recommend(w, gpus, prices)
        for o in rec.options:
            texts = [*o.memory.assumptions, *([o.memory.engine_message] if o.memory.engine_message else [])]
            assert texts and all(isinstance(t, Message) for t in texts), texts
