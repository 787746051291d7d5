"""The speed model's texts as Messages, rendered fully Chinese in zh_CN (group M3).

Real results over the bundled catalog (inference on every engine, tensor parallel and layer
split, llama.cpp offload, Apple/AMD/Ascend/ECC/power-limited GPUs, LoRA/QLoRA/full training
in and beyond one node, serving with latency targets, recommend) and the warnings and errors of
``core.checks`` and ``core.frameworks``. Every text that throughput, speed_inference, serving,
gpu_sustained, accelerators, frameworks and checks write must be a
:class:`~gpupicker.core.messages.Message`; rendered in zh_CN, what is left once its parameter
values (numbers, GPU/engine/model names, dtypes: data, not template text) are taken out must
contain Chinese and no English word — Latin words of 4+ letters are allowed only when they are
names or technical terms Chinese engineers write in Latin letters (:data:`LATIN_TERMS`).
"""

from __future__ import annotations

import re

import pytest

from gpupicker.core.messages import JOINERS, NAME_PARAMS, TEMPLATES, Message
from gpupicker.core.workload import Workload

M3 = (
    "throughput.",
    "speed_inference.",
    "serving.",
    "gpu_sustained.",
    "accelerators.",
    "frameworks.",
    "checks.",
)
"""Message id prefixes of this group's modules."""

LATIN_TERMS = frozenset(
    {
        # engines, libraries and their APIs as their projects spell them
        "CUDA",
        "Metal",
        "Graph",
        "Hugging",
        "Face",
        "transformers",
        "generate",
        "Trainer",
        "PyTorch",
        "eager",
        "LitGPT",
        "torchtune",
        "torchtitan",
        "vLLM",
        "SGLang",
        "Radix",
        "LMDeploy",
        "TurboMind",
        "MindIE",
        "CANN",
        "ROCm",
        "Ollama",
        "ExLlama",
        "Studio",
        "GGUF",
        "GPTQ",
        "Marlin",
        "bitsandbytes",
        "ModelSlim",  # Huawei's quantization tool (msModelSlim), named as it names itself
        "RoPE",
        "YaRN",
        "README",
        "VULKAN",
        "SYCL",
        "METAL",
        "Arc",
        "issue",
        "Qwen",
        "Llama",
        "None",
        "LoRA",
        "QLoRA",
        "Triton",
        "FP8Linear",
        # hardware and units
        "NVIDIA",
        "GeForce",
        "Apple",
        "Gaudi",
        "Ampere",
        "Hopper",
        "Blackwell",
        "GDDR",
        "TFLOPS",
        "Enflame",
        "MetaX",  # kept in Latin script until the bundled CJK font has their characters
        "GFLOP",
        "GEMM",
        "token",
        "PCIe",
        # serving latencies as Chinese engineers abbreviate them (token 间延迟 ITL, 首 token 延迟 TTFT)
        "TTFT",
    }
)
"""Latin words allowed in a Chinese rendering: names and identifiers (engines, libraries, config
keys, file names, units, hardware), not English prose."""

_WORD = re.compile(r"[A-Za-z0-9_]*[A-Za-z][A-Za-z0-9_]*(?:[-./][A-Za-z0-9_]+)*")
_CJK = re.compile(r"[\u4e00-\u9fff]")


def _ids(m: Message) -> set[str]:
    """Ids in ``m``'s tree (joiners included)."""
    out = {m.id}
    for v in m.params.values():
        for p in v if isinstance(v, tuple) else (v,):
            if isinstance(p, Message):
                out |= _ids(p)
    return out


def _head(m: Message) -> str:
    """The id that says which module wrote ``m``: its own, or its first part's for a joiner."""
    while m.id in JOINERS and m.params.get("parts"):
        parts = m.params["parts"]
        assert isinstance(parts, tuple)
        m = parts[0]
    return m.id


def _values(m: Message) -> list[str]:
    """Plain parameter values in ``m``'s tree (numbers, names, verbatim text), as English."""
    out: list[str] = []
    for key, v in m.params.items():
        for p in v if isinstance(v, tuple) else (v,):
            if isinstance(p, Message):
                out += _values(p)
            else:
                out.append(p)
                if key in NAME_PARAMS:
                    from gpupicker.core.report.zh_names import zh_name

                    out += [zh_name(x) for x in p.split(", ")]
    return out


def _template_words(zh: str, m: Message) -> set[str]:
    """Latin words of the rendered ``zh`` outside ``m``'s parameter values and LATIN_TERMS."""
    from gpupicker.ui.i18n.core_messages import zh_typography

    rest = zh
    for v in sorted(set(_values(m)), key=len, reverse=True):
        if v:  # as core wrote it, and as the Chinese typography rewrites it (±30%, A、B)
            rest = rest.replace(v, " ").replace(zh_typography(v), " ")
    # a word joined by "-", "_", "." or "/" or holding a digit is an identifier (a file, a
    # repository, a config key, a model), not prose
    return {
        w
        for w in _WORD.findall(rest)
        if len(w) >= 4 and w not in LATIN_TERMS and not re.search(r"[-_./0-9]", w)
    }


def _wl(repo, model: str, **kw) -> Workload:
    return Workload(model=repo.get_model(model), model_id=model, **kw)


def _m3_texts(repo) -> list[tuple[str, object]]:
    """(where, text) of every text this group's modules write for the workloads below."""
    from gpupicker.core.checks import (
        engine_hardware_refusal,
        require_inference_framework,
        vllm_context_refusal,
        workload_warnings,
    )
    from gpupicker.core.hardware.accelerators import stack_clause
    from gpupicker.core.memory import estimate_memory
    from gpupicker.core.ranking.recommend import recommend
    from gpupicker.core.speed.inference import engine_profile
    from gpupicker.core.speed.serving import plan_serving
    from gpupicker.core.speed.throughput import estimate_throughput
    from gpupicker.core.stacks.frameworks import framework_row

    gpus = {g.id: g for g in repo.gpus()}
    out: list[tuple[str, object]] = []

    def speed(w: Workload, gpu: str, n: int = 1, memory: bool = False) -> None:
        mem = estimate_memory(w, gpus[gpu], n) if memory else None
        t = estimate_throughput(w, gpus[gpu], n, mem)
        out.extend((f"{gpu}×{n} assumptions", a) for a in t.assumptions)
        if t.evidence:
            out.append((f"{gpu}×{n} evidence", t.evidence))

    chat = {"batch": 8, "prompt_len": 1024, "new_tokens": 256}
    for fw, gpu in (
        ("vllm", "rtx_4090"),
        ("sglang", "h100_sxm"),
        ("tensorrt-llm", "l40s"),
        ("mlc-llm", "rtx_3090"),
        ("exllamav2", "rtx_4090"),
        ("exllama", "rtx_3090_ti"),
        ("lmdeploy", "a100_sxm_80gb"),
        ("litgpt", "t4"),
        ("transformers", "mi300x"),
        ("mindie", "ascend_910b"),
    ):
        speed(_wl(repo, "llama3_8b", task="inference", framework=fw, **chat), gpu)
    speed(_wl(repo, "llama3_8b", task="inference", framework="vllm", **chat), "h100_sxm", 2)
    # an SGLang 0.4 build's 64-row GEMM tiles on the H20
    speed(_wl(repo, "llama3_8b", task="inference", framework="sglang", environment="SGLang 0.4.6"), "h20")
    # transformers 4.51 SDPA copies K and V to each query head of a group (repeat_kv)
    speed(
        _wl(repo, "qwen3_8b", task="inference", framework="transformers", environment="transformers 4.51.3"),
        "h20",
    )
    # Marlin's 16-row AWQ tiles on the H20 (SGLang 0.4.6), and an unnamed version's 8 rows
    awq = {"task": "inference", "framework": "sglang", "weights_dtype": "int4", "quant_method": "awq"}
    speed(_wl(repo, "qwen3_32b", environment="SGLang 0.4.6", **awq), "h20")
    speed(_wl(repo, "qwen3_32b", **awq), "h20")
    for dtype, gpu in (("nvfp4", "b200"), ("mxfp4", "h100_sxm")):  # FP4 rate / W4A16
        speed(_wl(repo, "llama3_8b", task="inference", framework="vllm", weights_dtype=dtype, **chat), gpu)
    speed(
        _wl(repo, "llama3_8b", task="inference", framework="vllm", speculative={"method": "ngram"}, **chat),
        "h100_sxm",
    )
    speed(_wl(repo, "llama3_8b", task="inference", framework="vllm", **chat), "rtx_4090", 2)
    # Ollama's llama.cpp runner (host sampling) and a model it ran on its Go engine (0.11.0 to 0.29)
    speed(_wl(repo, "qwen3_8b", task="inference", framework="ollama", engine_date="2025-09-04"), "rtx_4090")
    speed(
        _wl(repo, "gpt_oss_20b", task="inference", framework="ollama", engine_date="2025-09-04"), "rtx_4090"
    )
    speed(
        _wl(repo, "llama3_8b", task="inference", framework="llama.cpp", weights_dtype="q4_k_m"),
        "apple_m3_max",
    )
    speed(
        _wl(repo, "llama3_8b", task="inference", framework="llama.cpp", weights_dtype="q4_k_m"), "rtx_3090", 2
    )
    speed(
        _wl(repo, "llama3_70b", task="inference", framework="llama.cpp", weights_dtype="q4_k_m"),
        "rtx_4090",
        memory=True,
    )
    # 1,000 prompts at once: only what the KV pool holds runs, the rest wait in the queue
    speed(
        _wl(
            repo, "qwen3_32b", task="inference", framework="vllm", batch=1000, prompt_len=217, new_tokens=201
        ),
        "h100_sxm",
        memory=True,
    )
    # MoE experts and the KV cache in host RAM (llama.cpp --n-cpu-moe, --no-kv-offload)
    speed(
        _wl(
            repo,
            "qwen3_30b_a3b",
            task="inference",
            framework="llama.cpp",
            weights_dtype="q4_k_m",
            n_cpu_moe="auto",
            kv_on_host=True,
            prompt_len=4096,
            new_tokens=256,
        ),
        "rtx_4060",
        memory=True,
    )
    speed(_wl(repo, "llama3_8b", task="inference", framework="vllm", weights_dtype="q4_k_m"), "l4")
    speed(_wl(repo, "llama3_8b", task="decode_ceiling"), "h200_sxm")
    speed(_wl(repo, "llama3_8b", task="decode_ceiling"), "h100_sxm", 2)
    speed(_wl(repo, "llama3_8b", task="inference", framework="llama.cpp", compute_dtype="fp16"), "rtx_3090")
    speed(_wl(repo, "llama3_8b", task="lora", batch=4, seq_len=2048), "h100_sxm")
    speed(_wl(repo, "llama3_8b", task="qlora", weights_dtype="nf4", framework="unsloth"), "rtx_4090")
    speed(_wl(repo, "llama3_70b", task="full_ft", grad_ckpt=True, framework="llm-foundry"), "h100_sxm", 16)
    # packed samples attending only within themselves (torchtune's document mask)
    speed(
        _wl(repo, "llama3_8b", task="full_ft", framework="torchtune", seq_len=4096, packed_doc_tokens=145),
        "a100_sxm_80gb",
    )
    # FP8 training: the Linear layers at the FP8 rate, attention and the head at the 16-bit one
    speed(
        _wl(repo, "llama3_8b", task="pretrain", compute_dtype="fp8", framework="llm-foundry"), "h100_sxm", 8
    )
    speed(_wl(repo, "llama3_8b", task="full_ft", grad_ckpt=True), "rtx_4090", 16)
    # Megatron-style tensor parallelism: the activation all-reduces on the link
    speed(
        _wl(repo, "llama2_7b", task="pretrain", framework="mindspeed", parallelism={"tensor_parallel": 8}),
        "ascend_910b",
        8,
    )
    speed(_wl(repo, "llama3_8b", task="lora"), "apple_m3_max")
    speed(_wl(repo, "llama3_8b", task="lora"), "rtx_6000_ada")  # a measured GEMM factor

    for extra, gpu in (({"itl_target_s": 0.04}, "l40s"), ({"itl_target_s": 0.001}, "l40s"), ({}, "rtx_4090")):
        model = "llama3_70b" if gpu == "rtx_4090" else "llama3_8b"
        w = _wl(repo, model, task="inference", framework="vllm", requests_per_minute=600, **extra)
        _, t, plan, _ = plan_serving(w, gpus[gpu], 1)
        out.extend((f"serving {gpu} note", n) for n in plan.notes)
        out.extend((f"serving {gpu} assumption", a) for a in t.assumptions)

    # tensor-parallel sizes vLLM refuses: 40 attention heads over 3, 10 KV heads over 4
    for model, n in (("llama2_13b", 3), ("phi4_14b", 4)):
        mem = estimate_memory(_wl(repo, model, task="inference", framework="vllm"), gpus["h100_sxm"], n)
        out.append((f"{model} tp {n} refusal", mem.engine_message))
        out.extend((f"{model} tp {n} assumption", a) for a in mem.assumptions)

    long_prompt = {"prompt_len": 10_000, "new_tokens": 100}
    for w, gpu in (
        (_wl(repo, "llama3_8b", task="inference", **long_prompt), None),
        (_wl(repo, "llama3_8b", task="inference", framework="vllm", **long_prompt), None),
        (_wl(repo, "llama3_8b", task="inference", max_model_len=16_384), None),
        (_wl(repo, "llama3_8b", task="inference", seq_len=12_000), None),
        (_wl(repo, "llama3_8b", task="lora", seq_len=16_384), None),
        (_wl(repo, "llama3_8b", task="inference", framework="llama.cpp", weights_dtype="nf4"), None),
        (_wl(repo, "llama3_8b", task="inference", framework="vllm", weights_dtype="q4_k_m"), None),
        (_wl(repo, "llama3_8b", task="inference", weights_dtype="fp8"), gpus["a100_sxm_80gb"]),
        (_wl(repo, "llama3_8b", task="inference", framework="vllm", engine_build="b4696"), None),
    ):
        out.extend(("warning", x) for x in workload_warnings(w, gpu))
    speed(
        _wl(
            repo,
            "llama3_8b",
            task="inference",
            framework="llama.cpp",
            weights_dtype="q4_k_m",
            engine_date="2024-05",
        ),
        "rtx_4090",
    )
    speed(
        _wl(
            repo,
            "qwen3_30b_a3b",
            task="inference",
            framework="llama.cpp",
            weights_dtype="q4_k_m",
            prompt_len=680,
            engine_build="b5215",
        ),
        "rtx_3090",
    )
    # the same build on Metal: the old MUL_MAT_ID kernel of builds before PR #13388
    speed(
        _wl(
            repo,
            "qwen3_30b_a3b",
            task="inference",
            framework="llama.cpp",
            weights_dtype="q4_k_m",
            prompt_len=680,
            engine_build="b5215",
        ),
        "apple_m3_max",
    )
    speed(_wl(repo, "gpt_oss_20b", task="inference", framework="vllm", weights_dtype="mxfp4"), "h100_sxm")
    # mlx-lm on the llama.cpp profile: its date names no llama.cpp era
    speed(
        _wl(
            repo,
            "llama3_8b",
            task="inference",
            framework="mlx-lm",
            weights_dtype="int4",
            engine_date="2025-02",
        ),
        "apple_m3_max",
    )
    # transformers generate(): a named version era, the MoE expert loop (all experts before
    # 4.53, the routed ones after) and block-FP8 Linears
    for env, dtype in (
        ("transformers 4.51.3", "fp8"),
        ("transformers 4.57", "bf16"),
        ("transformers 4.32", "bf16"),
        ("transformers 5.17", "bf16"),
    ):
        speed(
            _wl(
                repo,
                "qwen3_30b_a3b",
                task="inference",
                framework="transformers",
                weights_dtype=dtype,
                environment=env,
            ),
            "h100_sxm",
        )
    speed(
        _wl(repo, "qwen3_8b", task="inference", framework="transformers", prompt_len=30_720, new_tokens=2048),
        "h20",
    )  # a long prompt: the wider range, and H20's SM count
    w = _wl(repo, "llama3_8b", task="inference", framework="vllm", max_model_len=16_384)
    est = vllm_context_refusal(w, w.model, estimate_memory(w, gpus["h100_sxm"]))
    out += [("engine_message", est.engine_message), ("vllm assumption", est.assumptions[-1])]

    for w, gpu in (
        (_wl(repo, "llama3_8b", task="inference", framework="tensorrt-llm"), "mi300x"),
        (_wl(repo, "llama3_8b", task="inference", weights_dtype="nf4"), "apple_m3_max"),
        (_wl(repo, "llama3_8b", task="inference", weights_dtype="nf4"), "gaudi2"),
        (_wl(repo, "llama3_8b", task="qlora"), "gaudi2"),
        (
            _wl(repo, "llama3_8b", task="inference", weights_dtype="int8", framework="vllm-ascend"),
            "ascend_910b",
        ),
        (
            _wl(
                repo,
                "llama3_8b",
                task="inference",
                framework="llama.cpp",
                weights_dtype="q4_k_m",
                backend="cpu",
            ),
            "rtx_4090",
        ),
        (
            _wl(
                repo,
                "llama3_8b",
                task="inference",
                framework="llama.cpp",
                weights_dtype="q4_k_m",
                backend="metal",
            ),
            "rtx_4090",
        ),
        (_wl(repo, "llama3_8b", task="inference", framework="vllm", backend="vulkan"), "h100_sxm"),
    ):
        out.append(("refusal", engine_hardware_refusal(w, gpus[gpu])))
    speed(
        _wl(repo, "mixtral_8x7b", task="qlora", seq_len=2048, num_gpus=4, parallelism={"fsdp": True}),
        "rtx_4090",
        4,
    )
    for backend, gpu in ((None, "arc_a770_16gb"), ("sycl", "arc_b580"), (None, "mi300x")):
        speed(
            _wl(
                repo,
                "llama3_8b",
                task="inference",
                framework="llama.cpp",
                weights_dtype="q4_k_m",
                backend=backend,
            ),
            gpu,
        )
    for g in gpus.values():
        if (clause := stack_clause(g)) is not None:
            out.append((f"{g.id} stack", clause))
    out.append(("no vendor", stack_clause(gpus["mi300x"].model_copy(update={"vendor": "Acme"}))))
    out.append(("no vendor", stack_clause(gpus["mi300x"].model_copy(update={"vendor": ""}))))

    def error(where: str, call, *args) -> None:
        with pytest.raises(ValueError) as ei:
            call(*args)
        out.append((where, ei.value.args[0]))

    error("unknown framework", framework_row, "no-such-engine")
    error(
        "training-only framework",
        require_inference_framework,
        _wl(repo, "llama3_8b", task="inference", framework="unsloth"),
    )
    error(
        "no speed model",
        engine_profile,
        _wl(repo, "llama3_8b", task="inference").model_copy(update={"framework": "megatron"}),
    )
    error(
        "unresolved model",
        estimate_throughput,
        _wl(repo, "llama3_8b", task="inference").model_copy(update={"model": None}),
        gpus["h100_sxm"],
    )

    from gpupicker.core.speed.serving import plan_serving

    # prefix caching on a paged pool, and an engine without one
    for fw, dtype in (("vllm", "bf16"), ("llama.cpp", "q4_k_m")):
        ws = _wl(
            repo,
            "llama3_8b",
            task="inference",
            framework=fw,
            weights_dtype=dtype,
            requests_per_minute=60,
            shared_prefix_ratio=0.5,
        )
        out.extend((f"prefix {fw}", n) for n in plan_serving(ws, gpus["l4"], 1)[2].notes)
    w = _wl(repo, "qwen2_5_7b", task="inference", framework="vllm", requests_per_minute=60, region="CN")
    for o in recommend(w, list(gpus.values()), repo.prices()).options:
        out.extend((f"recommend {o.gpu_id}", a) for a in o.throughput.assumptions)
        out.append((f"recommend {o.gpu_id} evidence", o.throughput.evidence))
        if o.serving is not None:
            out.extend((f"recommend {o.gpu_id} serving", n) for n in o.serving.notes)
    return out


def _mine(texts: list[tuple[str, object]]) -> list[tuple[str, object]]:
    """The texts written by this group (other groups' assumptions sit in the same tuples)."""
    return [(where, t) for where, t in texts if not isinstance(t, Message) or _head(t).startswith(M3)]


def test_the_speed_models_texts_are_messages(repo):
    texts = _m3_texts(repo)
    plain = sorted({f"{where}: {t}" for where, t in _mine(texts) if not isinstance(t, Message)})
    assert not plain, plain[:10]
    seen = set().union(*(_ids(t) for _, t in texts if isinstance(t, Message)))
    mine = {i for i in TEMPLATES if i.startswith(M3)}
    # every template of the section is exercised by the workloads above
    assert not sorted(mine - seen), sorted(mine - seen)


def test_the_speed_models_texts_render_fully_chinese(repo, zh_cn):
    from gpupicker.ui.i18n.core_messages import tr_message

    english, no_cjk = {}, []
    for where, t in _mine(_m3_texts(repo)):
        assert isinstance(t, Message)
        zh = tr_message(t)
        assert zh != str(t), (where, t)
        if not _CJK.search(zh):
            no_cjk.append((where, zh))
        for word in _template_words(zh, t):
            english.setdefault(word, (where, zh))
    assert not no_cjk, no_cjk[:5]
    assert not english, sorted(english.items())


def test_english_renders_as_before(repo, qapp):
    """Without a translator a message shows its English text (the CLI and JSON read that)."""
    from gpupicker.ui.i18n.core_messages import tr_message

    for _where, t in _mine(_m3_texts(repo))[:200]:
        assert tr_message(t) == str(t)
