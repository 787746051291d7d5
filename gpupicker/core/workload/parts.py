"""The nested parts of a workload: the LoRA adapter, the parallel plan, the cards of a machine."""

from __future__ import annotations

from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ..hardware.specs import Pricing
from ..messages import msg

ALL_LINEAR_TARGETS = ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")
"""peft's ``target_modules="all-linear"`` (every Linear but the output layer) on the decoders
gpupicker models, whose :meth:`~gpupicker.core.model_arch.ModelArch.module_shapes` name their
projections the Llama way; axolotl's ``lora_target_linear`` and LLaMA-Factory's
``lora_target: all`` mean the same."""

PACKED_DOC_HELP = (
    "mean tokens per sample of packed training rows whose attention stays inside each sample "
    "(torchtune dataset.packed: FlexAttention's block-causal document mask; "
    "core.speed.doc_mask); None = attention over the whole row"
)
"""``Workload.packed_doc_tokens``'s description."""

TORCHTUNE_TARGETS = {"output_proj": "o_proj"}
"""torchtune's ``lora_attn_modules`` name for the attention output projection (its
``MultiHeadAttention.output_proj``), the module peft calls ``o_proj``."""

LORA_SPELLINGS = {
    "target_modules": "targets",
    "lora_alpha": "alpha",
    "lora_dropout": "dropout",
    "rank": "r",
    "lora_r": "r",
    "lora_rank": "r",
}
"""peft ``LoraConfig`` (and axolotl / LLaMA-Factory) names of the :class:`LoraConfig` fields: a
``lora`` object copied from a peft call is read as it is written."""

LORA_NO_EFFECT = frozenset(
    {
        "task_type",
        "use_rslora",
        "init_lora_weights",
        "inference_mode",
        "fan_in_fan_out",
        "peft_type",
        "random_state",
    }
)
"""peft ``LoraConfig`` keys that change neither memory nor speed (the task head type, the
rank-stabilised scale, how the adapter starts, a frozen-inference flag) and Unsloth's
``get_peft_model(random_state=…)`` seed: accepted without a warning. ``bias`` is one of them
when it is ``"none"`` (peft's default); ``"all"`` / ``"lora_only"`` train the biases too and
are named as unknown."""


class LoraConfig(BaseModel):
    """LoRA adapter settings (peft names).

    Attributes:
        r: LoRA rank.
        targets: adapted module names (``q_proj``, ``v_proj``, ``gate_proj`` …).
        adapter_dtype: dtype of the adapter weights (peft keeps them fp32 by default).
        trainable_params: exact count when known (peft ``print_trainable_parameters``);
            else computed as Σ r·(d_in + d_out) over targets and layers.
    """

    model_config = ConfigDict(frozen=True, extra="ignore", allow_inf_nan=False)

    r: int = Field(default=16, ge=1, le=4096)
    alpha: float = 32.0
    targets: tuple[str, ...] = ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")
    adapter_dtype: Literal["fp32", "bf16", "fp16"] = "fp32"
    dropout: float = Field(default=0.0, ge=0.0, lt=1.0)
    trainable_params: int | None = Field(default=None, ge=0)
    use_dora: bool = Field(
        default=False,
        description="peft DoRA: a trainable magnitude "
        "vector per adapted module and the weight norm of W + s·B·A "
        "in every forward (core.dora)",
    )

    @model_validator(mode="before")
    @classmethod
    def _peft_spellings(cls, data: Any) -> Any:
        """Read peft's names (:data:`LORA_SPELLINGS`) into the fields.

        Raises:
            ValueError: for a field given in both spellings with different values.
        """
        return read_spellings(data, LORA_SPELLINGS, "lora")

    @field_validator("targets", mode="before")
    @classmethod
    def _module_names(cls, v: object) -> object:
        """Module paths to module names: peft matches ``target_modules`` on the path's end.

        ``self_attn.q_proj`` and ``model.layers.0.mlp.up_proj`` mean ``q_proj`` / ``up_proj``
        (peft ``check_target_module_exists``); a single string is one target; ``all-linear``
        (peft), ``all`` (LLaMA-Factory) are :data:`ALL_LINEAR_TARGETS`; torchtune's
        ``output_proj`` is ``o_proj`` (:data:`TORCHTUNE_TARGETS`).
        """
        if isinstance(v, str):
            v = [v]
        if isinstance(v, (list, tuple)) and [str(t).strip().lower() for t in v] in (
            ["all-linear"],
            ["all_linear"],
            ["all"],
        ):
            return ALL_LINEAR_TARGETS
        if isinstance(v, (list, tuple)):
            names = (t.strip().rsplit(".", 1)[-1] if isinstance(t, str) else t for t in v)
            return tuple(TORCHTUNE_TARGETS.get(n, n) if isinstance(n, str) else n for n in names)
        return v


PARALLELISM_SPELLINGS = {
    "tensor_parallel_size": "tensor_parallel",
    "tensor_model_parallel_size": "tensor_parallel",
    "tp": "tensor_parallel",
    "tp_size": "tensor_parallel",
    "pipeline_parallel_size": "pipeline_parallel",
    "pipeline_model_parallel_size": "pipeline_parallel",
    "pp": "pipeline_parallel",
    "pp_size": "pipeline_parallel",
    "data_parallel_size": "data_parallel",
    "dp": "data_parallel",
    "dp_size": "data_parallel",
    "expert_parallel_size": "expert_parallel",
    "expert_model_parallel_size": "expert_parallel",
    "ep": "expert_parallel",
    "ep_size": "expert_parallel",
    "zero": "zero_stage",
}
"""The engines' and trainers' names of the :class:`Parallelism` fields: vLLM / SGLang
``tensor_parallel_size`` / ``tp_size``, Megatron ``tensor_model_parallel_size`` /
``pipeline_model_parallel_size`` / ``expert_model_parallel_size``, DeepSpeed's ``zero``."""


class Parallelism(BaseModel):
    """How the job is split over ``num_gpus``.

    Attributes:
        zero_stage: DeepSpeed ZeRO stage 0–3 (0 = plain data parallel).
        fsdp: PyTorch FSDP FULL_SHARD (memory like ZeRO-3).
        tensor_parallel: tensor-parallel degree (weights and KV split over GPUs).
        pipeline_parallel: pipeline stages (layers split over GPUs).
        cpu_offload: optimizer states (and for ZeRO-3 parameters) offloaded to CPU RAM.
        data_parallel: replicas (serving) or data-parallel degree (training); None = the
            GPUs left over by tensor × pipeline parallelism.
        expert_parallel: ranks the routed experts of an MoE model are split over (each rank
            holds 1/EP of them); None or 1 = every rank holds every expert.
    """

    model_config = ConfigDict(frozen=True, extra="ignore", allow_inf_nan=False)

    zero_stage: Literal[0, 1, 2, 3] = 0
    fsdp: bool = False
    tensor_parallel: int = Field(default=1, ge=1, le=4096)
    pipeline_parallel: int = Field(default=1, ge=1, le=4096)
    cpu_offload: bool = False
    data_parallel: int | None = Field(
        default=None,
        ge=1,
        le=4096,
        description="serving: "
        "model replicas (vLLM/SGLang --data-parallel-size); "
        "training: the data-parallel degree",
    )
    expert_parallel: int | None = Field(
        default=None, ge=1, le=4096, description="MoE: ranks the routed experts are split over"
    )

    @model_validator(mode="before")
    @classmethod
    def _engine_spellings(cls, data: Any) -> Any:
        """Read the engines' names (:data:`PARALLELISM_SPELLINGS`) into the fields.

        Raises:
            ValueError: for a field given in two spellings with different values.
        """
        return read_spellings(data, PARALLELISM_SPELLINGS, "parallelism")


def read_spellings(data: Any, spellings: dict[str, str], where: str) -> Any:
    """``data`` (a nested workload object) with each alias in ``spellings`` read into its field.

    Anything but a dict is returned as it is (the model's own check refuses it).

    Raises:
        ValueError: ``workload.token_alias_disagrees`` for an alias and its field both given
            with different values (``where.alias`` and ``where.field`` named).
    """
    if not isinstance(data, dict):
        return data
    d = dict(data)
    for alias, field in spellings.items():
        if alias not in d:
            continue
        value = d.pop(alias)
        if field in d and d[field] != value:
            raise ValueError(
                msg(
                    "workload.token_alias_disagrees",
                    alias=f"{where}.{alias}",
                    field=f"{where}.{field}",
                    alias_value=repr(value),
                    value=repr(d[field]),
                )
            )
        d[field] = value
    return d


class GpuPart(BaseModel):
    """Cards of one type in the job's machine (one item of :attr:`Workload.gpus`).

    Attributes:
        gpu: catalog GPU id (``rtx_4090``).
        count: how many cards of this type (1–64).
        free_gib: memory free on each of these cards when the engine loads, GiB (what
            ``nvidia-smi --query-gpu=memory.free`` shows; a card that drives a display has
            less); None = the card's usable capacity. llama.cpp's default ``--tensor-split``
            is proportional to it (``llama-model.cpp`` ``load_tensors``: "default split, by
            free memory").
    """

    model_config = ConfigDict(frozen=True, extra="ignore", allow_inf_nan=False)

    gpu: str = Field(min_length=1, max_length=100)
    count: int = Field(default=1, ge=1, le=64)
    free_gib: float | None = Field(default=None, gt=0, le=100_000)

    @model_validator(mode="before")
    @classmethod
    def _from_id(cls, data: Any) -> Any:
        """A bare catalog id (``"rtx_3090"``) is one card of that type."""
        return {"gpu": data} if isinstance(data, str) else data


AUTO_SHARDING = Parallelism(fsdp=True, zero_stage=3)
"""The sharding a full fine-tune or pre-training on several GPUs gets when the job names none:
FSDP FULL_SHARD (ZeRO-3). Plain data parallelism would keep a full copy of the weights,
gradients and optimizer states on every GPU (ZeRO paper, Rajbhandari et al. 2020, Table 1),
which no practitioner runs for full training on several GPUs."""


def check_machine(
    num_gpus: int, gpus: tuple[GpuPart, ...] | None, tensor_split: tuple[float, ...] | None
) -> None:
    """Check that a machine of unlike cards agrees with itself (``Workload``'s after-validator).

    ``num_gpus`` is the cards' total, at most 64 cards, and a ``tensor_split`` has one share per
    card of ``gpus``, none negative and not all zero.

    Raises:
        ValueError: naming the disagreement.
    """
    if gpus is not None:
        total = sum(p.count for p in gpus)
        if num_gpus != total:
            raise ValueError(msg("workload.gpus_count_disagrees", num_gpus=num_gpus, total=total))
        if total > 64:
            raise ValueError(msg("workload.gpus_too_many", total=total))
        if tensor_split is not None and len(tensor_split) != total:
            raise ValueError(msg("workload.tensor_split_length", given=len(tensor_split), total=total))
    elif tensor_split is not None:
        raise ValueError(msg("workload.tensor_split_needs_gpus"))
    if tensor_split is not None and (any(x < 0 for x in tensor_split) or sum(tensor_split) <= 0):
        raise ValueError(msg("workload.tensor_split_values"))


def pricing_spelling(v: object) -> object:
    """``v`` unchanged when it is one of :data:`~gpupicker.core.hardware.specs.Pricing`.

    Raises:
        ValueError: ``workload.unknown_pricing`` naming ``v`` and the accepted kinds (a
            misspelt kind would otherwise match no price row and rank nothing priced).
    """
    if isinstance(v, str) and v not in get_args(Pricing):
        choices = ", ".join(get_args(Pricing))
        raise ValueError(msg("workload.unknown_pricing", pricing=repr(v), choices=choices))
    return v


def currency_spelling(v: object) -> str:
    """``"USD"`` for ``usd`` in any case and spacing: the workload's money is in US dollars.

    Amounts are shown in the catalog's display currency (``gpupicker catalog currency CODE``).

    Raises:
        ValueError: ``workload.currency_not_usd`` for any other value.
    """
    if isinstance(v, str) and v.strip().upper() == "USD":
        return "USD"  # an ISO 4217 code in any case: one spelling, not a guess
    raise ValueError(msg("workload.currency_not_usd", currency=repr(v)))
