"""What to change to fit: ranked changes to a workload, each re-estimated by the memory model.

Every suggestion is applied to a copy of the workload and re-run through
:func:`~gpupicker.core.memory.estimate_memory` (and the throughput model for
its speed cost), so ``new_total_bytes`` and ``fits`` are the calculator's own
verdict, not a rule of thumb. When no single change fits, cumulative
combinations are added (each step the change that saves most), the way an
engineer stacks them.

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

from collections.abc import Sequence
from typing import Any, TypeAlias

from pydantic import BaseModel, ConfigDict

from ..dtypes import bytes_per_weight
from ..hardware.specs import GpuSpec
from ..memory import estimate_memory, fits_on
from ..messages import Message, Text, join, msg
from ..speed.throughput import estimate_throughput
from ..stacks.training_frameworks import HF_LOGITS_BYTES_PER_VOCAB, training_framework
from ..workload import Workload


class Advice(BaseModel):
    """One suggested change and its re-estimated effect on one GPU type.

    Attributes:
        action: short id (``qlora``, ``grad_ckpt``, ``adamw8bit``, ``more_gpus_4`` …),
            ``+``-joined for combinations.
        description: the change in plain words.
        changes: workload fields to set (what the GUI applies on click).
        saves_bytes: per-GPU bytes saved vs the current workload.
        new_total_bytes: per-GPU peak after the change.
        fits: the calculator's verdict (``memory.fits_on``: within the GPU's usable memory
            and accepted by the engine).
        num_gpus: GPUs after the change.
        speed_factor: new speed / old speed on this GPU (None when unknown).
        speed_cost / quality_cost: the price of the change in words.
    """

    model_config = ConfigDict(frozen=True)

    action: str
    description: Text
    changes: dict[str, Any]
    saves_bytes: int
    new_total_bytes: int
    fits: bool
    num_gpus: int = 1
    speed_factor: float | None = None
    speed_cost: Text = ""
    quality_cost: Text = ""
    penalty: float = 0.0


_Change: TypeAlias = tuple[str, Message, dict[str, Any], Message, Message | None, float]
"""One candidate change: (action, description, workload field changes, speed cost, quality
cost — ``None`` when there is none —, penalty)."""


def _clauses(*ids: str) -> Message:
    """Parameterless costs (``advisor.cost.*`` ids written in full) joined as clauses ("a; b")."""
    return join([msg(i) for i in ids], "clauses")


def _candidates(w: Workload) -> list[_Change]:
    """(action, description, changes, speed_cost, quality_cost, penalty) that apply to ``w``."""
    out: list[_Change] = []
    bpw = bytes_per_weight(w.weights_dtype)
    par = w.parallelism.model_dump()
    if w.task in ("image_gen", "diffusion_lora"):
        return _diffusion_candidates(w)
    if w.is_training:
        if w.task in ("full_ft", "pretrain"):
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
        if w.task in ("full_ft", "pretrain") and not w.parallelism.cpu_offload:
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
        for n in (2, 4, 8, 16, 32, 64) if w.task in ("full_ft", "pretrain") else ():
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
    else:
        if bpw >= 2.0 and w.task == "inference":
            gguf = w.framework.lower() in ("llama.cpp", "ollama")
            out.append(
                (
                    "int8",
                    msg("advisor.int8_gguf") if gguf else msg("advisor.int8"),
                    {"weights_dtype": "q8_0" if gguf else "int8"},
                    msg("advisor.cost.int8_speed"),
                    msg("advisor.cost.very_small"),
                    2.0,
                )
            )
            out.append(
                (
                    "int4",
                    msg("advisor.int4_gguf") if gguf else msg("advisor.int4"),
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
                            [msg("advisor.cost.gpu_hours", n=n), msg("advisor.cost.pcie_all_reduce")],
                            "clauses",
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


def _diffusion_candidates(w: Workload) -> list[_Change]:
    """Changes for a diffusers pipeline.

    No KV cache, no tensor parallel: diffusers runs the whole pipeline on each GPU. Sources:
    diffusers docs ``optimization/memory`` (model / sequential CPU offload, VAE tiling) and
    ``quantization`` (fp8 / bitsandbytes NF4 transformer); speed costs from the public case
    C59 (SDXL: model offload 16.1 s vs 67.0 s sequential).
    """
    out: list[_Change] = []
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


def _apply(w: Workload, changes: dict[str, Any]) -> Workload:
    data = w.model_dump()
    data.update(changes)
    data["model"] = w.model  # keep the resolved architecture object
    if changes.get("task") in ("lora", "qlora") and not w.lora:
        data["lora"] = changes.get("lora", {})
    return Workload.model_validate(data)


def advise(
    w: Workload, gpu: GpuSpec, *, max_combination: int = 4, include_speed: bool = True
) -> list[Advice]:
    """Ranked changes that reduce the per-GPU memory of ``w`` on ``gpu``.

    Order: suggestions that fit first (least speed/quality cost first, then most
    memory saved), then those that do not fit (most memory saved first).
    Combinations (``a+b+…``) are added greedily when no single change fits.

    Args:
        w: the workload (model resolved).
        gpu: the GPU the user wants to use.
        max_combination: most changes stacked in one combined suggestion.
        include_speed: also estimate ``speed_factor`` with the throughput model.

    Raises:
        ValueError: when the model is not resolved.
    """
    if w.model is None:
        raise ValueError(w.unresolved_model_error())
    cap = gpu.usable_memory_bytes
    base = _memory(w, gpu).total_bytes
    base_speed = _speed(w, gpu) if include_speed else None
    results: list[Advice] = []
    cands = _candidates(w)
    for action, desc, changes, sc, qc, pen in cands:
        a = _evaluate(w, gpu, cap, base, base_speed, action, desc, changes, sc, qc, pen)
        if a is not None:
            results.append(a)
    if w.task == "image_gen":
        results.extend(_sequential_offload_advice(w, gpu, base, base_speed))
    if not any(a.fits for a in results):
        results.extend(_combinations(w, gpu, cap, base, base_speed, cands, max_combination))
    fit = sorted((a for a in results if a.fits), key=lambda a: (a.penalty, -a.saves_bytes))
    rest = sorted((a for a in results if not a.fits), key=lambda a: -a.saves_bytes)
    return fit + rest


def _memory(w: Workload, gpu: GpuSpec) -> Any:
    """The memory the advice compares.

    For a diffusers pipeline the plain pipeline with only the options the user chose (the
    memory options are themselves the advice), else the estimate.
    """
    if w.task in ("image_gen", "diffusion_lora"):
        return estimate_memory(w, None, w.num_gpus)
    return estimate_memory(w, gpu, w.num_gpus)


def _sequential_offload_advice(
    w: Workload, gpu: GpuSpec, base: int, base_speed: float | None
) -> list[Advice]:
    """Sequential CPU offload (diffusers ``enable_sequential_cpu_offload``).

    It fits almost any card, at :data:`~gpupicker.core.speed.image.SEQUENTIAL_OFFLOAD_SLOWDOWN`
    × the step time (C59).
    """
    from ..memory.diffusion import _memory as diff_memory
    from ..speed.image import SEQUENTIAL_OFFLOAD_SLOWDOWN

    opts = ("vae_tiling", "attention_slicing", "sequential_cpu_offload")
    try:
        mem = diff_memory(w, w.model, w.num_gpus, opts)  # type: ignore[arg-type]
    except ValueError:
        return []
    return [
        Advice(
            action="sequential_cpu_offload",
            description=msg("advisor.sequential_cpu_offload"),
            changes={},
            saves_bytes=base - mem.total_bytes,
            new_total_bytes=mem.total_bytes,
            fits=fits_on(mem, gpu),
            num_gpus=w.num_gpus,
            speed_factor=None,
            speed_cost=join(
                [
                    msg("advisor.cost.sequential_offload", x=f"{SEQUENTIAL_OFFLOAD_SLOWDOWN:g}"),
                    msg("advisor.cost.applied_automatically"),
                ],
                "clauses",
            ),
            quality_cost=msg("advisor.cost.none"),
            penalty=8.0,
        )
    ]


def _speed(w: Workload, gpu: GpuSpec) -> float | None:
    try:
        # a llama.cpp placement's host-resident bytes cost decode time: read its memory first
        mem = (
            estimate_memory(w, gpu, w.num_gpus)
            if w.framework.lower() == "llama.cpp" and w.task == "inference"
            else None
        )
        t = estimate_throughput(w, gpu, w.num_gpus, mem)
    except (ValueError, ZeroDivisionError):
        return None
    return (
        t.train_tokens_per_s
        or t.aggregate_decode_tokens_per_s
        or (1.0 / t.seconds_per_image if t.seconds_per_image else None)
    )


def _evaluate(
    w: Workload,
    gpu: GpuSpec,
    cap: int,
    base: int,
    base_speed: float | None,
    action: str,
    desc: Message,
    changes: dict[str, Any],
    sc: Message,
    qc: Message | None,
    pen: float,
) -> Advice | None:
    try:
        w2 = _apply(w, changes)
        mem = _memory(w2, gpu)
    except (ValueError, ImportError):
        return None
    new = mem.total_bytes
    factor = None
    if base_speed:
        s2 = _speed(w2, gpu)
        factor = s2 / base_speed if s2 else None
    return Advice(
        action=action,
        description=desc,
        changes=changes,
        saves_bytes=base - new,
        new_total_bytes=new,
        fits=fits_on(mem, gpu),
        num_gpus=w2.num_gpus,
        speed_factor=factor,
        speed_cost=sc,
        quality_cost=qc if qc is not None else msg("advisor.cost.none"),
        penalty=pen,
    )


def _compatible(combo: tuple[_Change, ...]) -> bool:
    names = [c[0] for c in combo]
    keys = [tuple(sorted(c[2])) for c in combo]
    return not ("lora" in names and "qlora" in names) and len(set(keys)) == len(keys)


def _combo_advice(
    w: Workload, gpu: GpuSpec, cap: int, base: int, base_speed: float | None, combo: tuple[_Change, ...]
) -> Advice | None:
    changes: dict[str, Any] = {}
    for c in combo:
        changes.update(c[2])
    return _evaluate(
        w,
        gpu,
        cap,
        base,
        base_speed,
        "+".join(x[0] for x in combo),
        *_combined_texts(combo, changes),
        sum(x[5] for x in combo),
    )


def _combined_texts(
    combo: Sequence[_Change], changes: dict[str, Any]
) -> tuple[Message, dict[str, Any], Message, Message | None]:
    """(description, changes, speed cost, quality cost) of stacked changes.

    Each text is joined as clauses ("a; b"); the quality cost is ``None`` when no change has one.
    """
    quality = [x[4] for x in combo if x[4] is not None]
    return (
        join([x[1] for x in combo], "clauses"),
        changes,
        join([x[3] for x in combo if x[3]], "clauses"),
        join(quality, "clauses") if quality else None,
    )


def _combinations(
    w: Workload, gpu: GpuSpec, cap: int, base: int, base_speed: float | None, cands: list[_Change], max_k: int
) -> list[Advice]:
    """Pairs and triples of single-GPU changes (minimal fitting sets only).

    When none fits: greedy stacks that may add GPUs, each step taking the change that saves the
    most bytes per unit of cost.
    """
    from itertools import combinations

    single = [c for c in cands if not c[0].startswith(("more_gpus", "cpu_offload"))]
    found: list[Advice] = []
    fitting_sets: list[set[str]] = []
    for k in (2, 3):
        for combo in combinations(single, k):
            names = {c[0] for c in combo}
            if not _compatible(combo) or any(f <= names for f in fitting_sets):
                continue
            a = _combo_advice(w, gpu, cap, base, base_speed, combo)
            if a is not None and a.fits:
                found.append(a)
                fitting_sets.append(names)
    if found:
        return found
    return _greedy(w, gpu, cap, base, base_speed, cands, max_k)


def _greedy(
    w: Workload, gpu: GpuSpec, cap: int, base: int, base_speed: float | None, cands: list[_Change], max_k: int
) -> list[Advice]:
    out: list[Advice] = []
    chosen: list[_Change] = []
    changes: dict[str, Any] = {}
    current = base
    pool = [c for c in cands if not c[0].startswith(("more_gpus", "cpu_offload"))]
    pool += [c for c in cands if c[0].startswith(("more_gpus", "cpu_offload"))]
    for _ in range(max_k):
        best = None
        for c in pool:
            if any(c[0] == x[0] for x in chosen):
                continue
            if c[0] == "lora" and any(x[0] == "qlora" for x in chosen):
                continue
            if c[0] == "qlora" and any(x[0] == "lora" for x in chosen):
                continue
            merged = {**changes, **c[2]}
            try:
                new = _memory(_apply(w, merged), gpu).total_bytes
            except (ValueError, ImportError):
                continue
            saved = current - new
            if saved <= 0:
                continue
            # prefer changes that fit; else most bytes saved per unit of penalty
            score = (0 if new <= cap else 1, -saved / c[5] if new > cap else c[5])
            if best is None or score < best[0]:
                best = (score, c, merged, new)
        if best is None:
            break
        _, c, changes, current = best
        chosen.append(c)
        if len(chosen) >= 2:
            a = _evaluate(
                w,
                gpu,
                cap,
                base,
                base_speed,
                "+".join(x[0] for x in chosen),
                *_combined_texts(chosen, dict(changes)),
                sum(x[5] for x in chosen),
            )
            if a is not None:
                out.append(a)
        if current <= cap:
            break
    return out


__all__ = ["Advice", "advise"]


def largest_card(gpus: list[GpuSpec], ranked_ids: set[str]) -> GpuSpec | None:
    """The card the "nothing fits" advice is for (as the CLI's ``recommend``).

    Of the GPUs in ``ranked_ids`` (ids of the ranked options), the one with most usable
    memory, NVIDIA/CUDA first; ``None`` when none is ranked.
    """
    cands = [g for g in gpus if g.id in ranked_ids]
    return max(cands, key=lambda g: (g.is_cuda, g.usable_memory_bytes)) if cands else None


def nothing_fits_causes(w: Workload, gpu: GpuSpec, advice: list[Advice]) -> list[str]:
    """The plain causes to name when no option fits in memory.

    From ``advice`` for ``gpu`` (:func:`advise`) and the memory model.

    Returns a list of ids, in this order:

    * ``"grad_ckpt"`` — training with gradient checkpointing off, and activations (with the
      logits) are the largest part of the per-GPU peak on ``gpu`` (Chen et al. 2016: keeping
      only layer inputs cuts them to about one layer's worth);
    * ``"multi_node"`` — the advice shards over counts above one node
      (``speed.interconnect.GPUS_PER_NODE`` = 8; full fine-tuning / pre-training, or 4+ GPUs already)
      and no suggested count within one node fits: the job needs several nodes.

    Raises:
        ValueError: when the model is not resolved (as :func:`advise`).
    """
    from ..speed.interconnect import GPUS_PER_NODE

    out: list[str] = []
    est = _memory(w, gpu)
    parts = {
        "activations": est.activations_bytes + est.logits_bytes,
        "weights": est.weights_bytes,
        "kv_cache": est.kv_cache_bytes,
        "gradients": est.gradients_bytes,
        "optimizer": est.optimizer_bytes,
    }
    if w.is_training and not w.grad_ckpt and max(parts, key=lambda k: parts[k]) == "activations":
        out.append("grad_ckpt")
    counts = [(a.num_gpus, a.fits) for a in advice if a.action.startswith("more_gpus_")]
    if any(n > GPUS_PER_NODE for n, _ in counts) and not any(f for n, f in counts if n <= GPUS_PER_NODE):
        out.append("multi_node")
    return out
