"""One memory and speed profile per training framework.

A training job's peak memory and speed depend on the framework much more than
on the model alone: Unsloth never builds the full logits and offloads the
checkpointed layer inputs to CPU RAM, llm-foundry runs a fused cross-entropy
kernel on bf16 logits, DeepSpeed keeps an fp32 copy of the gradient partition
during its optimizer step, torchtitan/FSDP/Megatron train with fp32 master
weights, and Hugging Face Trainer runs eager PyTorch with a host overhead per
layer. Each :class:`TrainingFramework` below states what it changes and where
that comes from (the framework's own source or benchmark page).

A framework gpupicker does not model is an error listing those it models
(:func:`training_framework`): never a silent fallback to Hugging Face.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..messages import msg
from ..tasks import FULL_TRAINING_TASKS
from .frameworks import framework_row

HF_LOGITS_BYTES_PER_VOCAB = 12.1
"""Bytes per token per vocabulary entry alive at the loss with transformers' ``ForCausalLMLoss``:
bf16 logits, the fp32 upcast, log-softmax and its gradient (H200 cases: 12.1 for V = 128,256)."""


@dataclass(frozen=True)
class TrainingFramework:
    """What one training framework changes in memory and speed.

    Attributes:
        id: canonical lower-case name (the ``Workload.framework`` value).
        name: display name.
        logits_bytes_per_vocab: bytes per token per vocabulary entry alive at the loss
            (12.1 = full fp32 logits as in transformers; smaller for fused/chunked/cut CE).
        logits_chunk_tokens: when set, only this many tokens' logits are alive at once
            (Liger FusedLinearCrossEntropy, Unsloth/Apple cut cross-entropy).
        activation_scale: saved activations relative to transformers' eager layer
            (fused RMSNorm/SwiGLU/RoPE kernels save fewer tensors).
        offloads_checkpoints: the framework can move the checkpointed layer inputs to CPU RAM
            when the workload asks (``grad_ckpt: "offload"`` / ``"unsloth"``): Unsloth's
            ``use_gradient_checkpointing="unsloth"``, torchtune's and TRL's
            ``activation_offloading``. Plain ``grad_ckpt: true`` keeps them on the GPU.
        master_weights: 16-bit training keeps fp32 master weights + fp32 Adam states
            (ZeRO paper K = 12): mixed precision by default.
        fp32_grad_copy: the optimizer step materializes an fp32 copy of the (sharded)
            gradients (DeepSpeed ``stage_1_and_2.py``/``stage3.py`` ``step()``; sized by
            :func:`deepspeed_step_bytes` per ZeRO stage).
        bucket_bytes: communication buffers held during the step (bytes per GPU).
        eager_host: eager PyTorch driven by HF Trainer: fixed host overhead per layer
            per step (``speed.training.HF_HOST_S_PER_LAYER``) and the HF MFU factor.
        speedup_vs_hf: published speed-up over plain HF Trainer on the same job
            (applied on top of the HF estimate when ``eager_host``).
        mfu_factor: MFU relative to the optimized-stack base of
            ``speed.training.MFU_OPTIMIZED`` (llm-foundry benchmark tables).
        sharding: the sharding this framework applies when several GPUs are used and the
            user chose none: ``"fsdp"``, ``"zero3"`` or ``"ddp"`` (plain data parallel).
        kbit_embeddings_16bit: a 4/8-bit LoRA base keeps its embeddings and lm_head in 16-bit,
            where peft's ``prepare_model_for_kbit_training`` alone casts them to fp32: TRL
            ``SFTTrainer`` casts them back (``peft_module_casting_to_bf16``, norms stay fp32),
            axolotl converts them (and the norms) to the training dtype after preparing
            (``loaders/model.py`` ``_convert_embedding_modules_dtype``; 2023: ``utils/models.py``
            "converting modules to ... for flash attention"), LLaMA-Factory never upcasts them
            (``prepare_model_for_training``: only ``upcast_layernorm``, default False), nor does
            ms-swift (no ``prepare_model_for_kbit_training`` in ``swift/``). No fp32
            embedding, no autocast copy of it, a 16-bit residual stream.
        inplace_lora_backward: the LoRA layers' backward kernels reuse the saved activations
            buffers (Unsloth ``fast_lora.py``): the backward of a layer holds one new
            tokens × I buffer and the attention's dQ/dK/dV beside the recomputed layer, not the
            eager layer's gradients (memory.training_activations).
        grad_ckpt_default: the framework turns gradient checkpointing on unless told not to
            (a workload that does not set ``grad_ckpt`` gets it, core.workload).
        full_ft_single_gpu_optimizer: the optimizer the framework's single-GPU full fine-tuning
            recipes use when the workload names none (torchtune: bitsandbytes PagedAdamW8bit).
        source: where the numbers come from.
    """

    id: str
    name: str
    logits_bytes_per_vocab: float = HF_LOGITS_BYTES_PER_VOCAB
    logits_chunk_tokens: int | None = None
    activation_scale: float = 1.0
    offloads_checkpoints: bool = False
    master_weights: bool = True
    fp32_grad_copy: bool = False
    bucket_bytes: int = 0
    eager_host: bool = False
    speedup_vs_hf: float = 1.0
    mfu_factor: float = 1.0
    sharding: str = "fsdp"
    kbit_embeddings_16bit: bool = False
    inplace_lora_backward: bool = False
    grad_ckpt_default: bool = False
    full_ft_single_gpu_optimizer: str | None = None
    source: str = ""


_TORCHTITAN = TrainingFramework(
    "torchtitan",
    "torchtitan (FSDP2)",
    mfu_factor=0.93,
    sharding="fsdp",
    source="pytorch/torchtitan docs/performance.md (Llama-3 8B 64xA100 MFU 58.2%, "
    "Llama-2 13B 61.1%); fp32 master weights under FSDP2 mixed precision; "
    "cross_entropy on .float() logits",
)
"""torchtitan's profile; OLMo-core, a trainer of the same build, is costed with it."""

_MEGATRON = TrainingFramework(
    "megatron",
    "Megatron-LM / Megatron-Core",
    logits_bytes_per_vocab=6.0,
    sharding="fsdp",
    source="NVIDIA/Megatron-LM vocab_parallel_cross_entropy (fp32 logits reused in place); "
    "distributed optimizer (fp32 master + Adam sharded over data parallel)",
)
"""Megatron-Core's profile; MindSpeed-LLM, MindFormers and NeMo, Megatron-style trainers, are
costed with it."""

_FRAMEWORKS: tuple[TrainingFramework, ...] = (
    TrainingFramework(
        "transformers",
        "Hugging Face Trainer / peft",
        master_weights=False,
        eager_host=True,
        sharding="fsdp",
        source="transformers ForCausalLMLoss (fp32 logits); H200 cases of validation/h200.jsonl (27 runs)",
    ),
    TrainingFramework(
        "unsloth",
        "Unsloth",
        # Apple's Cut Cross-Entropy (Wijmans et al. 2024, arXiv 2411.09009) computes the loss
        # blockwise from hidden states and lm_head and never materializes the logits; without
        # it unsloth_zoo's unsloth_fused_ce_loss chunks them to the VRAM left (target_gb):
        # either way no logits tensor of vocabulary × tokens is part of the peak
        logits_bytes_per_vocab=0.0,
        activation_scale=0.69,
        offloads_checkpoints=True,
        inplace_lora_backward=True,
        master_weights=False,
        eager_host=True,
        speedup_vs_hf=2.0,
        sharding="ddp",
        source="unslothai/unsloth README benchmarks (2x faster, 70% less VRAM; Llama-3.1-8B "
        "QLoRA 78,475 tokens on 24 GB vs 5,789 with HF+FA2); unsloth/models/_utils.py "
        'prepare_model_for_kbit_training: use_gradient_checkpointing="unsloth" sets '
        "_offloaded_gradient_checkpointing (Unsloth_Offloaded_Gradient_Checkpointer: layer "
        "inputs to CPU), True runs HF gradient_checkpointing_enable (inputs on the GPU); fused "
        "cross-entropy without logits (unsloth_zoo loss_utils: cut_cross_entropy's "
        "fused_linear_cross_entropy, else unsloth_fused_ce_loss chunked to the free VRAM); "
        "fused RMSNorm/SwiGLU/RoPE/LoRA-MLP kernels "
        "save X, gate and up only; kernels/fast_lora.py LoRA_MLP.backward: DW, then h/df/de "
        "into DW/e/g and dX into X in place",
    ),
    TrainingFramework(
        "trl",
        "TRL SFTTrainer (HF Trainer + peft)",
        master_weights=False,
        eager_host=True,
        kbit_embeddings_16bit=True,
        offloads_checkpoints=True,
        grad_ckpt_default=True,
        sharding="fsdp",
        source="huggingface/trl trl/trainer/sft_trainer.py _prepare_peft_model: a 4/8-bit model "
        "(not sharded QLoRA) goes through peft prepare_model_for_kbit_training, then, with "
        "bf16, peft_module_casting_to_bf16 casts lm_head/embed_tokens back to bf16 and keeps "
        "the norms in fp32; trl/trainer/sft_config.py: gradient_checkpointing and bf16 default "
        "to True (TrainingArguments: False); SFTConfig activation_offloading (torchtune's "
        "OffloadActivations, trl/models/activation_offloading.py); HF Trainer underneath "
        "(transformers' speed)",
    ),
    TrainingFramework(
        "liger",
        "Liger kernels (on HF Trainer)",
        logits_bytes_per_vocab=2.0,
        logits_chunk_tokens=4096,
        activation_scale=0.85,
        master_weights=False,
        eager_host=True,
        speedup_vs_hf=1.2,
        source="linkedin/Liger-Kernel README (+20% throughput, -60% memory; "
        "LigerFusedLinearCrossEntropyLoss never materializes the logits; fused RMSNorm, "
        "SwiGLU, RoPE)",
    ),
    TrainingFramework(
        "axolotl",
        "axolotl (HF Trainer)",
        master_weights=False,
        eager_host=True,
        kbit_embeddings_16bit=True,
        source="axolotl-ai-cloud/axolotl: HF Trainer + peft underneath (same memory/speed as "
        "transformers unless liger/cut_cross_entropy plugins are enabled: choose "
        "framework 'liger' for those)",
    ),
    TrainingFramework(
        "llama-factory",
        "LLaMA-Factory (HF Trainer)",
        master_weights=False,
        eager_host=True,
        kbit_embeddings_16bit=True,
        grad_ckpt_default=True,
        source="hiyouga/LLaMA-Factory: HF Trainer + peft underneath (same as transformers); "
        "src/llamafactory/hparams/model_args.py disable_gradient_checkpointing=False: "
        "gradient checkpointing on by default",
    ),
    TrainingFramework(
        "ms-swift",
        "ms-swift (ModelScope SWIFT, HF Trainer)",
        master_weights=False,
        eager_host=True,
        kbit_embeddings_16bit=True,
        grad_ckpt_default=True,
        source="modelscope/ms-swift: HF Trainer + peft underneath (same memory/speed as "
        "transformers); swift/trainers/arguments.py @0037257c "
        "TrainArgumentsMixin.gradient_checkpointing = True; no prepare_model_for_kbit_training "
        "anywhere in swift/ (2024-05 49d59be29 and today): a k-bit base keeps 16-bit embeddings",
    ),
    TrainingFramework(
        "torchtune",
        "torchtune",
        logits_bytes_per_vocab=HF_LOGITS_BYTES_PER_VOCAB / 8,
        offloads_checkpoints=True,
        # recipes/configs/llama3_1/8B_full_single_device.yaml, llama3_2/3B_full_single_device
        # .yaml: optimizer bitsandbytes.optim.PagedAdamW8bit (with optimizer_in_bwd: True)
        full_ft_single_gpu_optimizer="paged_adamw8bit",
        master_weights=False,
        sharding="fsdp",
        source="pytorch/torchtune CEWithChunkedOutputLoss (8 chunks, upcast per chunk); "
        "recipes train in pure bf16 by default; enable_activation_offloading "
        "(training/_activation_offloading.py OffloadActivations: saved tensors to CPU)",
    ),
    TrainingFramework(
        "litgpt",
        "LitGPT",
        logits_bytes_per_vocab=2.5,
        master_weights=False,
        sharding="fsdp",
        source="Lightning-AI/litgpt chunked_cross_entropy (bf16 logits, 128-token chunks); "
        "--precision bf16-true default; resource-tables.md",
    ),
    TrainingFramework(
        "llm-foundry",
        "llm-foundry / Composer",
        logits_bytes_per_vocab=2.5,
        sharding="fsdp",
        source="mosaicml/llm-foundry: loss_fn 'fused_crossentropy' default (flash-attn "
        "xentropy, in-place backward on bf16 logits); amp_bf16 with FSDP fp32 master "
        "weights; scripts/train/benchmarking/README.md MFU tables (base of "
        "speed.training.MFU_OPTIMIZED)",
    ),
    TrainingFramework(
        "deepspeed",
        "DeepSpeed ZeRO",
        fp32_grad_copy=True,
        bucket_bytes=2 * 500_000_000 * 2,
        sharding="zero3",
        source="microsoft/DeepSpeed runtime/zero/stage_1_and_2.py step(): fp32 copy of the "
        "gradient partition; reduce_bucket_size and allgather_bucket_size 5e8 "
        "elements (2 B each); ZeRO paper K = 12",
    ),
    TrainingFramework(
        "fsdp",
        "PyTorch FSDP1/FSDP2",
        sharding="fsdp",
        source="PyTorch FSDP MixedPrecision(param_dtype=bf16) with fp32 sharded parameters "
        "and Adam states; HF loss on top (fp32 logits)",
    ),
    _TORCHTITAN,
    replace(
        _TORCHTITAN,
        id="olmo-core",
        name="OLMo-core (FSDP2)",
        source="allenai/OLMo-core: a PyTorch FSDP2/HSDP trainer with fused kernels like "
        "torchtitan; costed with torchtitan's profile (no OLMo-core measurement "
        "checked: inputs.stand_in.olmo_core says so on every estimate)",
    ),
    _MEGATRON,
    replace(
        _MEGATRON,
        id="mindspeed",
        name="MindSpeed-LLM (Megatron on Ascend)",
        source="Ascend/MindSpeed-LLM: Megatron-LM/Megatron-Core with Ascend kernels; costed "
        "with megatron's profile (inputs.stand_in.mindspeed says so on every estimate)",
    ),
    replace(
        _MEGATRON,
        id="mindformers",
        name="MindSpore MindFormers",
        source="mindspore/mindformers: Megatron-style tensor/pipeline parallel LLM training on "
        "MindSpore; costed with megatron's profile (inputs.stand_in.mindformers says so "
        "on every estimate)",
    ),
    replace(
        _MEGATRON,
        id="nemo",
        name="NVIDIA NeMo (Megatron-Core)",
        source="NVIDIA NeMo: Megatron-Core underneath (same profile as megatron)",
    ),
)
_BY_ID = {f.id: f for f in _FRAMEWORKS}


def modelled_training_frameworks() -> tuple[str, ...]:
    """Ids of the training frameworks gpupicker models, in display order."""
    return tuple(f.id for f in _FRAMEWORKS)


def training_framework(name: str) -> TrainingFramework:
    """The profile of training framework ``name`` (case-insensitive, aliases accepted).

    Raises:
        ValueError: for a framework gpupicker does not model; the message lists those it does.
    """
    try:
        key = framework_row(name or "").name  # aliases live in the one framework table
    except ValueError:
        key = ""
    if key in _BY_ID:
        return _BY_ID[key]
    raise ValueError(
        msg("training_frameworks.unknown", name=repr(name), choices=", ".join(modelled_training_frameworks()))
    )


def grad_ckpt_default(name: str | None) -> bool:
    """True when training framework ``name`` checkpoints by default.

    LLaMA-Factory, ms-swift; False for unknown names (validation reports those elsewhere).
    """
    try:
        return training_framework(name or "").grad_ckpt_default
    except ValueError:
        return False


def recipe_optimizer(name: str | None, task: str | None, num_gpus: object) -> str | None:
    """The optimizer framework ``name``'s recipe uses for ``task`` on ``num_gpus`` GPUs, if it fixes one.

    torchtune's single-device full fine-tuning configs step bitsandbytes ``PagedAdamW8bit``
    (:attr:`TrainingFramework.full_ft_single_gpu_optimizer`); None elsewhere and for unknown
    names (validation reports those).
    """
    if task != "full_ft" or num_gpus not in (None, 1):
        return None
    try:
        return training_framework(name or "").full_ft_single_gpu_optimizer
    except ValueError:
        return None


def fill_framework_defaults(d: dict[str, object], task: str) -> None:
    """Fill the training fields of workload dict ``d`` that its framework's defaults fix.

    Gradient checkpointing on where :func:`grad_ckpt_default` says so (LLaMA-Factory, ms-swift,
    TRL), the recipe optimizer of :func:`recipe_optimizer` (torchtune's single-GPU full
    fine-tuning) — only for fields ``d`` leaves out; the estimate names both. A framework that
    is not text is left to the workload field's own check.
    """
    fw = d.get("framework")
    if not isinstance(fw, str):
        return
    if "grad_ckpt" not in d and grad_ckpt_default(fw):
        d["grad_ckpt"] = True
    if "optimizer" not in d and (opt := recipe_optimizer(fw, task, d.get("num_gpus"))):
        d["optimizer"] = opt


def logits_bytes(fw: TrainingFramework, tokens: int, vocab: int) -> float:
    """Bytes of logits/loss buffers alive at the loss for ``tokens`` tokens (per GPU, no TP).

    Frameworks with a chunked or cut cross-entropy hold only
    ``min(tokens, logits_chunk_tokens)`` tokens' worth.
    """
    alive = tokens if fw.logits_chunk_tokens is None else min(tokens, fw.logits_chunk_tokens)
    return alive * vocab * fw.logits_bytes_per_vocab


DS_SUB_GROUP_SIZE = 1_000_000_000
"""DeepSpeed ZeRO-3 ``sub_group_size`` default (elements): stage3.py steps the optimizer one
sub-group of the partition at a time (``deepspeed/runtime/zero/config.py``, v0.12: ``pp_int(1e9)``)."""


def deepspeed_step_bytes(partition: float, zero: int) -> float:
    """Bytes DeepSpeed allocates at the optimizer step beyond the model states, per GPU.

    ``partition`` is the number of trainable elements this GPU updates (Ψ / data-parallel
    degree under ZeRO ≥ 1); ``zero`` the ZeRO stage. From DeepSpeed's own step code (v0.12.3):

    * ZeRO-1/2 (``runtime/zero/stage_1_and_2.py`` ``step()``): the 16-bit gradient partition
      is flattened into a new buffer and cast ``.to(fp32)``; both are alive at the cast:
      (2 + 4) bytes × partition.
    * ZeRO-3 (``runtime/zero/stage3.py`` ``_prepare_fp32_grad_for_sub_group``): the same
      flatten + fp32 cast, but one sub-group at a time: (2 + 4) × min(partition,
      :data:`DS_SUB_GROUP_SIZE`) (a sub-group closes once it reaches the size, so it can
      exceed it by one parameter's partition; not modelled).
    * ZeRO-0 with bf16 (``runtime/bf16_optimizer.py``): gradients accumulate in a flat fp32
      buffer: 4 × partition.

    The fused Adam update itself (``FusedAdam``, multi-tensor apply) allocates nothing.
    Reduce/allgather buckets are :attr:`TrainingFramework.bucket_bytes`.
    """
    if zero >= 3:
        return 6.0 * min(partition, DS_SUB_GROUP_SIZE)
    return (6.0 if zero >= 1 else 4.0) * partition


def mixed_precision_default(fw: TrainingFramework, task: str) -> bool:
    """True when 16-bit full fine-tuning / pre-training keeps fp32 master weights.

    Optimized stacks (FSDP, DeepSpeed, torchtitan, Megatron/NeMo, llm-foundry) always do;
    Hugging Face-based trainers train in pure bf16 when the model is loaded in bf16 (and in
    mixed precision when it is loaded in fp32: ``weights_dtype='fp32'``).
    """
    return fw.master_weights and task in FULL_TRAINING_TASKS


__all__ = [
    "DS_SUB_GROUP_SIZE",
    "HF_LOGITS_BYTES_PER_VOCAB",
    "TrainingFramework",
    "deepspeed_step_bytes",
    "fill_framework_defaults",
    "grad_ckpt_default",
    "logits_bytes",
    "mixed_precision_default",
    "modelled_training_frameworks",
    "recipe_optimizer",
    "training_framework",
]
