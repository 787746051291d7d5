"""Model states of a training step: what is trained, its optimizer states, and how they are sharded.

The bytes per trainable parameter (mixed-precision Adam 2+2+12, ZeRO paper, Rajbhandari et al.
2020), the LoRA trainable count (LoRA paper, Hu et al. 2021), peft's k-bit preparation, fp32
master weights, the framework whose optimizer holds the states under a ZeRO stage, the routed
experts split over expert parallelism, FSDP's unsharded root unit and the optimizer step fused
into the backward pass. :mod:`.training` adds activations, logits and the allocator's reserve.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..dtypes import bytes_per_weight
from ..messages import Message, msg
from ..model_arch import ModelArch
from ..stacks.training_frameworks import TrainingFramework, mixed_precision_default, training_framework
from ..workload import Workload
from ..workload.parts import LoraConfig
from .common import linear_group_params, weights_bytes
from .experts import effective_ep, experts_per_rank_fraction, routed_expert_bytes

OPTIMIZER_STATES = {"adamw": 2.0, "lion": 1.0, "sgd": 1.0}
"""Optimizer states per trainable parameter, in units of the parameter's dtype size
(torch AdamW keeps exp_avg and exp_avg_sq in the parameter dtype)."""
OPTIMIZER_8BIT_BYTES = {"adamw8bit": 2.0, "paged_adamw8bit": 2.0}
"""bitsandbytes 8-bit optimizers: two uint8 states per parameter (+ small block scales)."""
PAGED_OPTIMIZERS = frozenset({"paged_adamw8bit"})
"""bitsandbytes paged optimizers: their states are allocated with ``cudaMallocManaged``
(``bitsandbytes.functional.get_paged`` → ``cget_managed_ptr``), outside PyTorch's caching
allocator, and the driver evicts them to host RAM when the GPU runs out of memory (QLoRA paper,
Dettmers et al. 2023, §3 "Paged Optimizers"): they never cause an out-of-memory error and
``torch.cuda.max_memory_allocated`` does not count them."""
ADAFACTOR_BYTES_PER_PARAM = 0.1
"""Adafactor keeps factored row/column second moments: ~(rows + cols)/(rows·cols) of a matrix."""


def lora_trainable_params(arch: ModelArch, lora: LoraConfig) -> int:
    """Exact LoRA trainable parameters: Σ over targets and layers of ``r·(d_in + d_out)``.

    peft's count (``print_trainable_parameters``) equals this for Linear targets
    (LoRA paper, Hu et al. 2021, §4): Llama-3.2-1B, r = 16, all seven
    projections → 11,272,192 (H200 case files). For MoE, expert MLP targets
    count once per expert. DoRA adds its magnitude vectors (:func:`..dora.dora_magnitude_params`).

    Raises:
        ValueError: when a target module name is unknown for this architecture.
    """
    if lora.trainable_params is not None:
        return lora.trainable_params
    shapes = arch.module_shapes()
    per_layer = 0
    for t in lora.targets:
        if t not in shapes:
            raise ValueError(
                msg("training.unknown_lora_target", target=repr(t), known=", ".join(sorted(shapes)))
            )
        din, dout = shapes[t]
        mult = (
            (arch.num_local_experts or 1)
            if (arch.is_moe and t in ("gate_proj", "up_proj", "down_proj", "w1", "w2", "w3"))
            else 1
        )
        per_layer += lora.r * (din + dout) * mult
    from ..dora import dora_magnitude_params

    return per_layer * arch.num_hidden_layers + dora_magnitude_params(arch, lora)


def kbit_prepared(w: Workload, fw: TrainingFramework) -> bool:
    """True when a 4/8-bit LoRA run goes through peft's ``prepare_model_for_kbit_training``.

    ``w.prepare_kbit``, on by default for QLoRA with an HF-based trainer; Unsloth has its own
    loader. peft ``utils/other.py``: non-quantized fp16/bf16 parameters → fp32.
    """
    return (
        bool(w.prepare_kbit)
        and w.is_adapter_training
        and fw.eager_host
        and fw.id != "unsloth"
        and bytes_per_weight(w.weights_dtype) < 2.0
    )


def kbit_fp32_embeddings(w: Workload, fw: TrainingFramework) -> bool:
    """True when a k-bit prepared run keeps its embeddings and lm_head in fp32.

    peft's ``prepare_model_for_kbit_training`` casts them to fp32 (``utils/other.py``), so the
    residual stream that starts at the embedding is fp32 too; TRL, axolotl and LLaMA-Factory keep
    them 16-bit (``TrainingFramework.kbit_embeddings_16bit``), and so does a DeepSpeed ZeRO engine:
    ``DeepSpeedEngine._configure_distributed_model`` casts the whole module to its fp16/bf16
    (``self.module.half()`` / ``.bfloat16()``, runtime/engine.py), the fp32 copies included.
    """
    if not kbit_prepared(w, fw) or fw.kbit_embeddings_16bit:
        return False
    return not step_framework(w).fp32_grad_copy


def kbit_note(w: Workload, fw: TrainingFramework) -> Message:
    """The sentence naming the dtypes a k-bit run keeps (peft's fp32, or the framework's 16-bit)."""
    if kbit_fp32_embeddings(w, fw):
        return msg("training.kbit_prepared")
    return msg("training.kbit_prepared_16bit", framework=step_framework(w).name)


def uses_master_weights(w: Workload) -> bool:
    """Whether 16-bit full fine-tuning / pre-training keeps fp32 master weights (16 B/param).

    ``w.master_weights`` when the user chose; else mixed precision for pre-training with any
    framework and for full fine-tuning with the optimized stacks
    (:func:`training_frameworks.mixed_precision_default`); Hugging Face-based trainers
    fine-tune a model loaded in bf16 in pure bf16.

    Raises:
        ValueError: for a training framework gpupicker does not model.
    """
    if not w.is_full_training:
        return False
    if w.master_weights is not None:
        return w.master_weights
    return w.task == "pretrain" or mixed_precision_default(step_framework(w), w.task)


def step_framework(w: Workload) -> TrainingFramework:
    """The framework whose optimizer holds the model states: DeepSpeed under a ZeRO stage.

    A Hugging Face-based trainer (HF Trainer, TRL, LLaMA-Factory, axolotl …) given a DeepSpeed
    ZeRO stage hands the model to ``deepspeed.initialize`` (transformers ``integrations/
    deepspeed.py`` ``deepspeed_init``), whose ZeRO optimizer keeps the fp32 master partition,
    casts the gradient partition to fp32 in ``step()`` and holds its reduce/all-gather buckets
    (``runtime/zero/stage_1_and_2.py``: ``single_partition_of_fp32_groups``): the DeepSpeed
    profile, whatever trainer drives it. FSDP, or no ZeRO stage: the workload's framework.

    Raises:
        ValueError: for a training framework gpupicker does not model.
    """
    fw = training_framework(w.framework)
    par = w.parallelism
    if fw.eager_host and par.zero_stage >= 1 and not par.fsdp:
        return training_framework("deepspeed")
    return fw


def expert_parallel_split(
    w: Workload,
    arch: ModelArch,
    zero: int,
    shards: int,
    trainable: int,
    full: bool,
    base_w: int,
    grads: int,
    opt: int,
) -> tuple[int, int, int]:
    """Weights, gradients and optimizer states per GPU with the routed experts split over EP.

    Each EP rank holds, and trains, ``ceil(E / EP)`` of the ``E`` routed experts
    (Megatron-Core ``expert_model_parallel_size``, DeepSpeed-MoE ``ep_size``;
    :func:`.experts.experts_per_rank_fraction`). A component that ZeRO/FSDP already shards
    over the data-parallel ranks is left as it is: the experts' share of it is sharded over the
    expert-data-parallel group (``dp / EP`` ranks) instead of ``dp``, the same bytes per GPU
    (ZeRO-1: optimizer states; ZeRO-2: also gradients; ZeRO-3/FSDP: also weights).
    """
    frac = experts_per_rank_fraction(arch, effective_ep(w.parallelism.expert_parallel, w.num_gpus))
    if frac >= 1.0:
        return base_w, grads, opt
    other = 1.0 - frac
    if zero < 3:
        base_w -= int(routed_expert_bytes(arch, w.weights_dtype, w.quantized_group_set) / shards * other)
    if full and trainable:
        share = linear_group_params(arch)["experts"] / trainable * other
        if zero < 2:
            grads -= int(grads * share)
        if zero < 1:
            opt -= int(opt * share)
    return base_w, grads, opt


def fsdp_unsharded_root_bytes(w: Workload, arch: ModelArch, fw: TrainingFramework, dp: int) -> int:
    """Bytes per GPU that FSDP holds beyond an even 1/dp split of the model, forward to backward.

    * The root unit, what no wrapped decoder layer owns: token embeddings, an untied lm_head
      and the final norm — stays unsharded from its forward to its backward on every rank:
      FSDP1 ``_runtime_utils._post_forward_reshard`` frees the unsharded flat parameter only
      ``if not state._is_root`` ("Do not free the root's parameters in the post-forward for
      FULL_SHARD with the intention that they are immediately used for backward"), and FSDP2
      sets the root's ``reshard_after_forward`` to False. In the dtype those parameters train
      in: fp32 after peft's ``prepare_model_for_kbit_training`` or for fp32 weights, else
      16-bit (FSDP ``MixedPrecision.param_dtype``).
    * A bitsandbytes 4-bit base: only the packed weights are parameters that FSDP flattens and
      shards (``bnb_4bit_quant_storage``, answer.ai FSDP+QLoRA); each Linear4bit's quantization
      state (absmax and its double-quantization constants, ``weight.quant_state``) is a module
      attribute outside the FlatParameter, so every rank keeps all of it: the bytes per weight
      beyond the packed 4 bits (:func:`~gpupicker.core.dtypes.bytes_per_weight` − 0.5).

    Returns:
        the extra bytes over ``1/dp`` of those parts (0 for ``dp`` = 1).
    """
    if dp <= 1:
        return 0
    lora = w.is_adapter_training
    wide = kbit_fp32_embeddings(w, fw) or (not lora and bytes_per_weight(w.weights_dtype) >= 4)
    emb = arch.vocab_size * arch.hidden_size * (1 if arch.tie_word_embeddings else 2)
    root = (emb + arch.hidden_size) * (4 if wide else 2)
    extra = root * (dp - 1) // dp
    bpw = bytes_per_weight(w.weights_dtype)
    if lora and 0.5 < bpw < 1.0 and w.weights_dtype in ("nf4", "fp4"):
        extra += int(arch.linear_params() * (bpw - 0.5)) * (dp - 1) // dp
    return int(extra)


def optimizer_in_backward(w: Workload, num_gpus: int = 1) -> bool:
    """Whether the optimizer step runs inside the backward pass, one parameter at a time.

    ``w.optimizer_in_bwd`` when given; else torchtune's single-device full fine-tuning
    recipes, whose configs set ``optimizer_in_bwd: True`` (pytorch/torchtune
    ``recipes/configs/llama3_1/8B_full_single_device.yaml``, ``llama3_2/3B_full_single_device
    .yaml``: "True saves memory"). The recipe registers a ``register_post_accumulate_grad_hook``
    per parameter that steps that parameter's optimizer and sets its ``grad`` to None, so only
    the gradient being applied is alive (``full_finetune_single_device.py``).
    """
    if not w.is_full_training:
        return False
    if w.optimizer_in_bwd is not None:
        return w.optimizer_in_bwd
    return w.framework.lower() == "torchtune" and num_gpus == 1


@dataclass(frozen=True)
class ShardPlan:
    """How a training job's GPUs divide its model: the degrees of each kind of parallelism.

    Attributes:
        n: GPUs of the job (at least 1).
        tp: tensor-parallel degree (at most ``n``).
        pp: pipeline-parallel degree (at most ``n / tp``).
        dp: data-parallel degree, ``n / (tp · pp)``.
        zero: ZeRO stage; 3 under FSDP.
        shards: ``tp · pp``, the model-parallel split of weights and states.
    """

    n: int
    tp: int
    pp: int
    dp: int
    zero: int
    shards: int


def shard_plan(w: Workload, num_gpus: int) -> ShardPlan:
    """The parallel degrees of ``w`` on ``num_gpus`` GPUs (Megatron-LM TP × PP × DP; FSDP = ZeRO-3)."""
    n = max(1, num_gpus)
    par = w.parallelism
    tp = min(par.tensor_parallel, n)
    pp = min(par.pipeline_parallel, max(1, n // tp))
    dp = max(1, n // (tp * pp))
    return ShardPlan(n=n, tp=tp, pp=pp, dp=dp, zero=3 if par.fsdp else par.zero_stage, shards=tp * pp)


@dataclass(frozen=True)
class ModelStates:
    """The model states of one training step in bytes: the whole model, or one GPU's share.

    Attributes:
        trainable: trainable parameters of the whole model.
        p_bytes: bytes per trainable parameter, and per gradient element.
        base_w: weights (the frozen base of LoRA, or every weight), with peft's fp32 copies.
        adapters: LoRA adapter weights (0 for full training).
        grads: gradients.
        opt: optimizer states held on the GPU.
        autocast_cache: autocast's 16-bit copies of fp32 weights, cached during the forward.
        fp32_params: fp32 parameters trained under a 16-bit autocast.
        master: 16-bit training with fp32 master weights (mixed precision).
        paged_states: bitsandbytes paged optimizer states, in CUDA unified memory (not the GPU's).
        gather: ZeRO-3/FSDP gathered-layer buffers, FSDP's unsharded root unit included.
        root_held: FSDP's unsharded root unit alone (part of ``gather``).
    """

    trainable: int
    p_bytes: float
    base_w: int
    adapters: int
    grads: int
    opt: int
    autocast_cache: int
    fp32_params: bool
    master: bool
    paged_states: int
    gather: int = 0
    root_held: int = 0


def model_states(w: Workload, arch: ModelArch, fw: TrainingFramework, lora: LoraConfig | None) -> ModelStates:
    """The unsharded model states of ``w``: weights, adapters, gradients, optimizer states.

    Mixed-precision AdamW with fp32 master weights: 4 + 4 + 4 = 12 bytes of states per
    parameter (ZeRO paper, Rajbhandari et al. 2020, K = 12); torch AdamW otherwise keeps two
    states in the parameter's dtype (:data:`OPTIMIZER_STATES`); bitsandbytes 8-bit optimizers
    two uint8 states (:data:`OPTIMIZER_8BIT_BYTES`). peft's ``prepare_model_for_kbit_training``
    casts every 16-bit parameter left unquantized (embeddings, lm_head, norms) to fp32, and
    autocast then caches a 16-bit lm_head for each forward.

    Raises:
        ValueError: for an unknown LoRA target, dtype or training framework.
    """
    base_w = weights_bytes(arch, w.weights_dtype, w.quantized_group_set)
    autocast_cache = 0
    if lora is not None:
        trainable = lora_trainable_params(arch, lora)
        p_bytes = bytes_per_weight(lora.adapter_dtype)
        adapters = int(trainable * p_bytes)
        fp32_params = False
        if kbit_fp32_embeddings(w, fw):
            # peft prepare_model_for_kbit_training: every 16-bit parameter left unquantized
            # (embeddings, lm_head, norms) is cast to fp32; under autocast the lm_head is
            # re-cast to bf16 in each forward (cached); the residual stream becomes fp32
            emb = arch.vocab_size * arch.hidden_size * (1 if arch.tie_word_embeddings else 2)
            base_w += 2 * emb
            autocast_cache = 2 * arch.vocab_size * arch.hidden_size
    else:
        trainable = arch.param_count()
        p_bytes = max(2.0, bytes_per_weight(w.weights_dtype))
        adapters = 0
        fp32_params = p_bytes >= 4 and w.compute_dtype != "fp32"
        if fp32_params:
            autocast_cache = 2 * trainable  # bf16 copies of fp32 weights, cached during forward
    grads = int(trainable * p_bytes)
    master = lora is None and p_bytes == 2.0 and uses_master_weights(w)
    if master and w.optimizer == "adamw":
        # mixed precision with fp32 master weights: 4 (master) + 4 + 4 (Adam) = K = 12 bytes
        opt = int(trainable * 12)
    elif w.optimizer in OPTIMIZER_8BIT_BYTES:
        opt = int(trainable * OPTIMIZER_8BIT_BYTES[w.optimizer])
    elif w.optimizer == "adafactor":
        opt = int(trainable * ADAFACTOR_BYTES_PER_PARAM)
    else:
        opt = int(trainable * p_bytes * OPTIMIZER_STATES[w.optimizer])
    paged_states = 0
    if w.optimizer in PAGED_OPTIMIZERS:
        # in CUDA unified memory, paged to host RAM under pressure: not the GPU's to hold
        paged_states, opt = opt, 0
    return ModelStates(
        trainable=trainable,
        p_bytes=p_bytes,
        base_w=base_w,
        adapters=adapters,
        grads=grads,
        opt=opt,
        autocast_cache=autocast_cache,
        fp32_params=fp32_params,
        master=master,
        paged_states=paged_states,
    )


def shard_model_states(
    w: Workload,
    arch: ModelArch,
    fw: TrainingFramework,
    step_fw: TrainingFramework,
    plan: ShardPlan,
    st: ModelStates,
    lora: LoraConfig | None,
) -> ModelStates:
    """One GPU's share of ``st`` under tensor/pipeline parallelism, ZeRO/FSDP, EP and offload.

    ZeRO-1 shards optimizer states, ZeRO-2 also gradients, ZeRO-3/FSDP also parameters, plus
    two layers of gathered parameters as buffers (ZeRO paper, Table 1); tensor and pipeline
    parallelism divide everything by ``tp · pp`` (Megatron-LM); the routed experts split over
    expert parallelism (:func:`expert_parallel_split`); FSDP keeps its root unit unsharded
    (:func:`fsdp_unsharded_root_bytes`); CPU offload moves the optimizer states (and ZeRO-3
    parameters) to host RAM.
    """
    par = w.parallelism
    zero, dp, shards = plan.zero, plan.dp, plan.shards
    wdt = w.weights_dtype
    base_w, grads, opt, adapters, autocast_cache = (
        x // shards for x in (st.base_w, st.grads, st.opt, st.adapters, st.autocast_cache)
    )
    if zero >= 1:
        opt //= dp
    if zero >= 2:
        grads //= dp
    base_w, grads, opt = expert_parallel_split(
        w, arch, zero, shards, st.trainable, lora is None, base_w, grads, opt
    )
    gather = 0
    if zero >= 3:
        base_w //= dp
        adapters //= dp
        autocast_cache //= dp
        gather = (
            2 * weights_bytes(arch, wdt, w.quantized_group_set) // max(1, arch.num_hidden_layers) // shards
        )
        if dp == 1 and not par.fsdp and step_fw.fp32_grad_copy:
            # DeepSpeed ZeRO-3 on one data-parallel rank gathers nothing: the parameter views
            # its own partition (partition_parameters.py _no_gather_coalesced, NoGatherHandle)
            gather = 0
    quantized_base = lora is not None and bytes_per_weight(wdt) < 2.0
    root_held = 0
    if zero >= 3 and par.fsdp and dp > 1 and (fw.eager_host or fw.id == "fsdp"):
        # accelerate / HF Trainer FSDP wraps each decoder layer (TRANSFORMER_BASED_WRAP) and
        # leaves the embeddings in the root unit
        root_held = fsdp_unsharded_root_bytes(w, arch, fw, dp) // shards
        gather += root_held
    if zero >= 3 and quantized_base and not par.fsdp:
        # DeepSpeed ZeRO-3 cannot partition bitsandbytes 4/8-bit parameters: every GPU holds
        # the whole quantized base (LlamaFactory #3880, public case C26). FSDP with
        # bnb_4bit_quant_storage (answer.ai FSDP+QLoRA) does shard them.
        base_w = weights_bytes(arch, wdt, w.quantized_group_set) // shards
        gather = 0
    if par.cpu_offload:
        opt = 0
        if zero >= 3:
            base_w = 0
    return replace(
        st,
        base_w=base_w,
        adapters=adapters,
        grads=grads,
        opt=opt,
        autocast_cache=autocast_cache,
        gather=gather,
        root_held=root_held,
    )


__all__ = [
    "ADAFACTOR_BYTES_PER_PARAM",
    "ModelStates",
    "OPTIMIZER_8BIT_BYTES",
    "OPTIMIZER_STATES",
    "PAGED_OPTIMIZERS",
    "ShardPlan",
    "expert_parallel_split",
    "fsdp_unsharded_root_bytes",
    "kbit_fp32_embeddings",
    "kbit_note",
    "kbit_prepared",
    "lora_trainable_params",
    "model_states",
    "optimizer_in_backward",
    "shard_model_states",
    "shard_plan",
    "step_framework",
    "uses_master_weights",
]
