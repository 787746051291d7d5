"""The changes the advisor tries on a workload, each with its speed and quality cost.

Sources for the costs: gradient checkpointing recomputes the forward pass
(Chen et al. 2016: ≈ one extra forward, 20–33 % slower); 8-bit Adam matches
32-bit Adam (Dettmers et al. 2022, "8-bit Optimizers via Block-wise
Quantization"); LoRA (Hu et al. 2021) and QLoRA (Dettmers et al. 2023) match
16-bit full fine-tuning on instruction tuning, QLoRA trains slower
(dequantization); ZeRO/FSDP shard states over GPUs (Rajbhandari et al. 2020);
ZeRO-Offload moves optimizer states to CPU RAM (Ren et al. 2021) at a PCIe-
bound optimizer step; FP8 KV cache (vLLM docs) costs little accuracy.
"""

from __future__ import annotations

from typing import Any, TypeAlias

from ..dtypes import bytes_per_weight
from ..messages import Message, join, msg
from ..stacks.training_frameworks import HF_LOGITS_BYTES_PER_VOCAB, training_framework
from ..workload import Workload

Change: TypeAlias = tuple[str, Message, dict[str, Any], Message, Message | None, float]
"""One candidate change: (action, description, workload field changes, speed cost, quality
cost — ``None`` when there is none —, penalty)."""


def _clauses(*ids: str) -> Message:
    """Parameterless costs (``advisor.cost.*`` ids written in full) joined as clauses ("a; b")."""
    return join([msg(i) for i in ids], "clauses")


def candidates(w: Workload) -> list[Change]:
    """(action, description, changes, speed_cost, quality_cost, penalty) that apply to ``w``.

    In the order they are tried: the training or inference changes below, each family in its
    helper; a diffusers pipeline has its own (:func:`_diffusion_candidates`).
    """
    bpw = bytes_per_weight(w.weights_dtype)
    par = w.parallelism.model_dump()
    if w.is_image:
        return _diffusion_candidates(w)
    if w.is_training:
        return [*_training_method_changes(w, bpw), *_activation_changes(w), *_sharding_changes(w, par)]
    return [*_weight_changes(w, bpw), *_kv_changes(w), *_request_changes(w, par)]


def _training_method_changes(w: Workload, bpw: float) -> list[Change]:
    """Full training: 16-bit weights, 8-bit Adam, LoRA or QLoRA instead; LoRA: a 4-bit base (QLoRA)."""
    out: list[Change] = []
    if w.is_full_training:
        if w.weights_dtype == "fp32":
            out.append(
                (
                    "bf16_weights",
                    msg("advisor.bf16_weights"),
                    {"weights_dtype": "bf16"},
                    msg("advisor.cost.faster"),
                    _clauses("advisor.cost.slight", "advisor.cost.keep_fp32_master"),
                    1.0,
                )
            )
        if w.optimizer == "adamw":
            out.append(
                (
                    "adamw8bit",
                    msg("advisor.adamw8bit"),
                    {"optimizer": "paged_adamw8bit"},
                    msg("advisor.cost.same_speed"),
                    msg("advisor.cost.adam8bit"),
                    1.0,
                )
            )
        if w.task == "full_ft":
            out.append(
                (
                    "lora",
                    msg("advisor.lora"),
                    {
                        "task": "lora",
                        "lora": {"r": 16},
                        "weights_dtype": "bf16" if bpw >= 2 else w.weights_dtype,
                    },
                    msg("advisor.cost.faster_per_step"),
                    _clauses("advisor.cost.lora_quality", "advisor.cost.lora_new_domains"),
                    3.0,
                )
            )
            out.append(
                (
                    "qlora",
                    msg("advisor.qlora"),
                    {"task": "qlora", "lora": {"r": 16}, "weights_dtype": "nf4"},
                    msg("advisor.cost.qlora_vs_lora"),
                    msg("advisor.cost.qlora_quality"),
                    4.0,
                )
            )
    elif w.task == "lora":
        out.append(
            (
                "qlora",
                msg("advisor.qlora_base"),
                {"task": "qlora", "weights_dtype": "nf4"},
                msg("advisor.cost.qlora_slower"),
                msg("advisor.cost.qlora_quality"),
                2.5,
            )
        )
    return out


def _activation_changes(w: Workload) -> list[Change]:
    """Training: gradient checkpointing, smaller micro-batches, a fused loss, shorter sequences."""
    out: list[Change] = []
    if not w.grad_ckpt:
        out.append(
            (
                "grad_ckpt",
                msg("advisor.grad_ckpt"),
                {"grad_ckpt": True},
                msg("advisor.cost.recompute"),
                None,
                1.0,
            )
        )
    if w.batch > 1:
        # a smaller micro-batch with gradient accumulation keeps the effective batch: the
        # first fix practitioners make (activations and logits scale with the micro-batch)
        nb = max(1, w.batch // 2)
        out.append(
            (
                f"batch_{nb}",
                msg("advisor.micro_batch", batch=nb, steps=w.batch // nb),
                {"batch": nb},
                msg("advisor.cost.small_micro_batches"),
                None,
                1.2,
            )
        )
        if nb > 1:
            out.append(
                (
                    "batch_1",
                    msg("advisor.micro_batch", batch=1, steps=w.batch),
                    {"batch": 1},
                    msg("advisor.cost.small_micro_batches"),
                    None,
                    1.4,
                )
            )
    if _full_logits(w):
        # Liger's fused linear cross-entropy never materializes the fp32 logits
        # (linkedin/Liger-Kernel LigerFusedLinearCrossEntropyLoss): the next fix for the
        # logits term, the largest one for 128k-vocabulary models (formulas.md §3)
        out.append(
            (
                "fused_ce",
                msg("advisor.fused_ce", kernels="Liger"),
                {"framework": "liger"},
                msg("advisor.cost.fused_ce_speed"),
                None,
                1.6,
            )
        )
    seq = w.training_seq_len()
    if seq > 512:
        out.append(
            (
                f"seq_{seq // 2}",
                msg("advisor.shorter_seq", tokens=seq // 2),
                {"seq_len": seq // 2},
                msg("advisor.cost.faster"),
                msg("advisor.cost.truncated"),
                5.0,
            )
        )
    return out


def _sharding_changes(w: Workload, par: dict[str, Any]) -> list[Change]:
    """Full training: optimizer states in CPU RAM, or sharded over more GPUs (FSDP / ZeRO-3)."""
    out: list[Change] = []
    if w.is_full_training and not w.parallelism.cpu_offload:
        out.append(
            (
                "cpu_offload",
                msg("advisor.cpu_offload"),
                {"parallelism": {**par, "cpu_offload": True, "zero_stage": max(2, par["zero_stage"])}},
                _clauses("advisor.cost.optimizer_step", "advisor.cost.cpu_ram"),
                None,
                4.0,
            )
        )
    # sharding over more GPUs helps full training (its states dominate); a LoRA / QLoRA
    # job's states are the adapters': it fits by micro-batch and loss kernels, not GPUs
    for n in (2, 4, 8, 16, 32, 64) if w.is_full_training else ():
        if n > w.num_gpus:
            out.append(
                (
                    f"more_gpus_{n}",
                    msg("advisor.shard", n=n),
                    {"num_gpus": n, "parallelism": {**par, "fsdp": True, "zero_stage": 3}},
                    join([msg("advisor.cost.gpu_hours", n=n), msg("advisor.cost.nvlink")], "clauses"),
                    None,
                    2.0 + n / 2,
                )
            )
    return out


def _weight_changes(w: Workload, bpw: float) -> list[Change]:
    """Inference: 8-bit or 4-bit weights (GGUF types for llama.cpp and Ollama)."""
    out: list[Change] = []
    if bpw >= 2.0 and w.task == "inference":
        gguf = w.framework.lower() in ("llama.cpp", "ollama")
        out.append(
            (
                "int8",
                msg("advisor.int8_gguf" if gguf else "advisor.int8"),
                {"weights_dtype": "q8_0" if gguf else "int8"},
                msg("advisor.cost.int8_speed"),
                msg("advisor.cost.very_small"),
                2.0,
            )
        )
        out.append(
            (
                "int4",
                msg("advisor.int4_gguf" if gguf else "advisor.int4"),
                {"weights_dtype": "q4_k_m" if gguf else "int4"},
                msg("advisor.cost.int4_speed"),
                msg("advisor.cost.int4_quality"),
                3.0,
            )
        )
    elif 1.0 <= bpw < 2.0 and w.task == "inference":
        out.append(
            (
                "int4",
                msg("advisor.int4"),
                {"weights_dtype": "int4"},
                msg("advisor.cost.faster_decode"),
                msg("advisor.cost.int4_quality"),
                2.5,
            )
        )
    return out


def _kv_changes(w: Workload) -> list[Change]:
    """Inference: an 8-bit KV cache, and llama.cpp's KV cache or MoE experts in host RAM."""
    out: list[Change] = []
    if w.kv_cache_dtype in ("bf16", "fp16", "fp32"):
        if w.framework.lower() in ("llama.cpp", "ollama"):
            # llama.cpp has no FP8 cache and quantizes V only with flash attention (-fa)
            out.append(
                (
                    "kv_fp8",
                    msg("advisor.kv_q8_0"),
                    {"kv_cache_dtype": "q8_0", "attention": "flash"},
                    msg("advisor.cost.same_speed"),
                    msg("advisor.cost.very_small"),
                    1.5,
                )
            )
        else:
            out.append(
                (
                    "kv_fp8",
                    msg("advisor.kv_fp8"),
                    {"kv_cache_dtype": "fp8"},
                    msg("advisor.cost.same_speed"),
                    msg("advisor.cost.very_small"),
                    1.5,
                )
            )
    if w.framework.lower() == "llama.cpp" and w.task == "inference":
        # llama.cpp placements: the KV cache, or more MoE experts, in host RAM
        if not w.kv_on_host:
            out.append(
                (
                    "kv_on_host",
                    msg("advisor.kv_on_host"),
                    {"kv_on_host": True},
                    msg("advisor.cost.kv_on_host"),
                    None,
                    3.0,
                )
            )
        if w.model is not None and w.model.is_moe and w.n_cpu_moe not in (None, "auto", "all"):
            out.append(
                (
                    "experts_auto",
                    msg("advisor.experts_auto"),
                    {"n_cpu_moe": "auto"},
                    msg("advisor.cost.host_experts"),
                    None,
                    2.5,
                )
            )
    return out


def _request_changes(w: Workload, par: dict[str, Any]) -> list[Change]:
    """Inference: shorter contexts, fewer sequences at once, tensor parallel over more GPUs."""
    out: list[Change] = []
    ctx = w.context_tokens()
    if ctx > 1024:
        if w.prompt_len is not None or w.new_tokens is not None:
            ch: dict[str, Any] = {"prompt_len": max(1, (w.prompt_len or 1) // 2)}
        else:
            ch = {"seq_len": ctx // 2}
        out.append(
            (
                f"context_{ctx // 2}",
                msg("advisor.shorter_context", tokens=ctx // 2),
                ch,
                msg("advisor.cost.faster"),
                msg("advisor.cost.prompts_cut"),
                5.0,
            )
        )
    if w.batch > 1:
        nb = max(1, w.batch // 2)
        out.append(
            (
                f"batch_{nb}",
                msg("advisor.serve_fewer", n=nb),
                {"batch": nb},
                msg("advisor.cost.lower_throughput"),
                None,
                2.0,
            )
        )
    for n in (2, 4, 8):
        if n > w.num_gpus:
            out.append(
                (
                    f"more_gpus_{n}",
                    msg("advisor.tensor_parallel", n=n),
                    {"num_gpus": n, "parallelism": {**par, "tensor_parallel": n}},
                    join(
                        [msg("advisor.cost.gpu_hours", n=n), msg("advisor.cost.pcie_all_reduce")], "clauses"
                    ),
                    None,
                    2.0 + n / 2,
                )
            )
    return out


def _full_logits(w: Workload) -> bool:
    """True for a training job whose framework keeps the full fp32 logits at the loss.

    The Hugging Face Trainer / TRL / peft profile (training_frameworks.HF_LOGITS_BYTES_PER_VOCAB);
    frameworks with a fused or chunked cross-entropy already avoid them.
    """
    try:
        fw = training_framework(w.framework)
    except ValueError:
        return False
    return fw.logits_chunk_tokens is None and fw.logits_bytes_per_vocab >= HF_LOGITS_BYTES_PER_VOCAB


def _diffusion_candidates(w: Workload) -> list[Change]:
    """Changes for a diffusers pipeline.

    No KV cache, no tensor parallel: diffusers runs the whole pipeline on each GPU. Sources:
    diffusers docs ``optimization/memory`` (model / sequential CPU offload, VAE tiling) and
    ``quantization`` (fp8 / bitsandbytes NF4 transformer); speed costs from the public case
    C59 (SDXL: model offload 16.1 s vs 67.0 s sequential).
    """
    out: list[Change] = []
    bpw = bytes_per_weight(w.weights_dtype)
    par = w.parallelism.model_dump()
    if bpw >= 2.0:
        out.append(
            (
                "fp8_weights",
                msg("advisor.fp8_denoiser"),
                {"weights_dtype": "fp8"},
                msg("advisor.cost.fp8_denoiser"),
                msg("advisor.cost.very_small"),
                1.5,
            )
        )
    if bpw >= 1.0:
        out.append(
            (
                "nf4_weights",
                msg("advisor.nf4_denoiser"),
                {"weights_dtype": "nf4"},
                msg("advisor.cost.nf4_denoiser"),
                msg("advisor.cost.small"),
                2.5,
            )
        )
    if not w.vae_tiling:
        out.append(
            (
                "vae_tiling",
                msg("advisor.vae_tiling"),
                {"vae_tiling": True},
                msg("advisor.cost.slower_decode"),
                None,
                1.0,
            )
        )
    if w.task == "image_gen" and not w.parallelism.cpu_offload:
        out.append(
            (
                "model_cpu_offload",
                msg("advisor.model_cpu_offload"),
                {"parallelism": {**par, "cpu_offload": True}},
                msg("advisor.cost.model_offload"),
                None,
                3.0,
            )
        )
    b = w.batch if "batch" in w.model_fields_set or w.task == "diffusion_lora" else min(w.images, 4)
    if b > 1:
        nb = max(1, b // 2)
        out.append(
            (
                f"batch_{nb}",
                msg("advisor.images_per_call", nb=nb, b=b),
                {"batch": nb},
                msg("advisor.cost.per_image"),
                None,
                1.5,
            )
        )
    if w.resolution > 512:
        r = max(512, w.resolution * 3 // 4 // 64 * 64)
        out.append(
            (
                f"resolution_{r}",
                msg("advisor.lower_resolution", r=r),
                {"resolution": r},
                msg("advisor.cost.faster"),
                msg("advisor.cost.smaller_images"),
                5.0,
            )
        )
    return out
