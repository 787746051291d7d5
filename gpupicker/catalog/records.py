"""Catalog row records: the columns of each table and the models.csv row model. No Qt, no SQL.

``ModelRecord`` is one row of ``models.csv`` (the flat, editable form stored in
the ``models`` table); ``CatalogModel`` is what the repository hands to the UI:
the record's descriptive fields plus the resolved :class:`ModelArch`. One schema: the
record declares only the catalog's own columns (:data:`MODEL_CATALOG_FIELDS`); each
architecture column takes its type and bounds from the ModelArch field it holds, and
:func:`model_arch_from_record` / :func:`arch_columns` map between them by the same names.

Column lists here are exactly the headers of the bundled ``data/*.csv`` files
(a test checks it), so export writes those columns in that order.
"""

from __future__ import annotations

import typing
from typing import TYPE_CHECKING, Any, Literal

import annotated_types
from pydantic import BaseModel, ConfigDict, Field, create_model, field_validator, model_validator

from ..core.model_arch import ModelArch

GPU_COLUMNS: tuple[str, ...] = (
    "id",
    "name",
    "vendor",
    "segment",
    "architecture",
    "release_year",
    "memory_gb",
    "memory_type",
    "memory_bandwidth_gbps",
    "fp32_tflops",
    "fp16_tflops_dense",
    "bf16_tflops_dense",
    "fp8_tflops_dense",
    "int8_tops_dense",
    "int4_tops_dense",
    "tensor_core_gen",
    "tdp_w",
    "interconnect",
    "nvlink_bandwidth_gbps",
    "pcie_gen",
    "msrp_usd",
    "source",
    "notes",
    "fp4_tflops_dense",
    "gpu_memory_limit_gb",
)
"""The columns of gpus.csv and the ``gpus`` table, in file order (the GpuSpec fields)."""
PRICE_COLUMNS: tuple[str, ...] = (
    "gpu_id",
    "provider",
    "region",
    "pricing",
    "price_per_gpu_hour",
    "gpus_per_instance",
    "observed",
    "source",
    "notes",
    "currency",
    "includes_tax",
    "vat_invoice",
    "in_stock",
    "stock_gpus",
    "snapshot_at",
)
"""The columns of prices.csv and the ``prices`` table, in file order (amounts per GPU-hour in
the row's ``currency``)."""
MODEL_COLUMNS: tuple[str, ...] = (
    "id",
    "name",
    "family",
    "params_b",
    "active_params_b",
    "num_layers",
    "hidden_size",
    "intermediate_size",
    "num_attention_heads",
    "num_key_value_heads",
    "head_dim",
    "vocab_size",
    "max_context",
    "tie_word_embeddings",
    "moe_num_experts",
    "moe_top_k",
    "license",
    "source",
    "notes",
    "sliding_window",
    "attention_pattern",
    "kv_lora_rank",
    "qk_rope_head_dim",
    "moe_intermediate_size",
    "n_shared_experts",
    "shared_expert_intermediate_size",
    "first_k_dense_replace",
    "moe_layer_step",
    "q_lora_rank",
    "qk_nope_head_dim",
    "v_head_dim",
    "index_n_heads",
    "index_head_dim",
    "linear_attention_layers",
    "linear_num_key_heads",
    "linear_key_head_dim",
    "linear_num_value_heads",
    "linear_value_head_dim",
    "hf_repo",
    "modelscope_id",
    "layer_pattern",
    "global_head_dim",
    "num_global_key_value_heads",
    "num_kv_shared_layers",
    "mamba_num_heads",
    "mamba_head_dim",
    "ssm_state_size",
    "mamba_n_groups",
    "mamba_conv_kernel",
    "conv_l_cache",
    "num_nextn_predict_layers",
    "kv_heads_per_layer",
    "attention_k_eq_v",
    "kv_compress_ratios",
    "o_lora_rank",
    "o_groups",
    "hc_mult",
    "moe_latent_size",
)
"""The columns of models.csv and the ``models`` table, in file order."""
LAYER_COLUMNS: tuple[str, ...] = MODEL_COLUMNS[
    MODEL_COLUMNS.index("layer_pattern") : MODEL_COLUMNS.index("num_nextn_predict_layers") + 1
]
"""Model columns added in schema m008: the per-layer pattern (``layer_pattern``, one
``core.model_config.LAYER_KINDS`` character per layer), global-layer head sizes (Gemma 4),
KV-shared layers, Mamba-2 and LFM2 conv sizes and MTP layers (integers but the pattern)."""
PER_LAYER_COLUMNS: tuple[str, ...] = MODEL_COLUMNS[
    MODEL_COLUMNS.index("kv_heads_per_layer") : MODEL_COLUMNS.index("attention_k_eq_v") + 1
]
"""Model columns added in schema m009: ``kv_heads_per_layer`` (text: one KV-head count per
layer, comma-separated, 0 on layers without attention — LFM2, OpenELM) and
``attention_k_eq_v`` (true/false: Gemma 4's full-attention layers take V from k_proj)."""
COMPRESSED_ATTENTION_COLUMNS: tuple[str, ...] = MODEL_COLUMNS[MODEL_COLUMNS.index("kv_compress_ratios") :]
"""Model columns added in schema m011: ``kv_compress_ratios`` (text: DeepSeek-V4's KV
compression ratio of each layer, comma-separated), its grouped low-rank output
(``o_lora_rank``, ``o_groups``), hyper-connection streams (``hc_mult``) and LatentMoE's
latent width (``moe_latent_size``, Nemotron 3 Super)."""
MOE_MLA_COLUMNS: tuple[str, ...] = MODEL_COLUMNS[
    MODEL_COLUMNS.index("moe_intermediate_size") : MODEL_COLUMNS.index("hf_repo")
]
"""Model columns added in schema m003 (MoE layout, MLA ranks and the DeepSeek-V3.2 indexer,
hybrid linear attention; integers, blank = none)."""
COLUMNS: dict[str, tuple[str, ...]] = {
    "gpus": GPU_COLUMNS,
    "prices": PRICE_COLUMNS,
    "models": MODEL_COLUMNS,
}
"""CSV/catalog columns per table, in file order."""

OLD_COLUMN_NAMES: dict[str, dict[str, str]] = {
    "gpus": {},
    "prices": {"usd_per_gpu_hour": "price_per_gpu_hour"},
    "models": {},
}
"""Headers older CSV files use → today's column, per table. Imports accept both (a file
exported before migration m006 has ``usd_per_gpu_hour``); exports write today's names."""


def column_for_header(table: str, header: str) -> str:
    """The catalog column a CSV header names (an old header's new name).

    That is ``header`` itself, or today's name of an old
    header (:data:`OLD_COLUMN_NAMES`; ``usd_per_gpu_hour`` → ``price_per_gpu_hour``).
    """
    return OLD_COLUMN_NAMES.get(table, {}).get(header, header)


REQUIRED_COLUMNS: dict[str, tuple[str, ...]] = {
    "gpus": ("id", "name", "memory_gb", "memory_bandwidth_gbps"),
    "prices": ("gpu_id", "provider", "price_per_gpu_hour"),
    "models": ("id", "name", "family", "params_b"),
}
"""Columns an imported CSV must have (the others default to blank)."""


def _blank_to_none(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: (None if isinstance(v, str) and not v.strip() else v) for k, v in data.items()}
    return data


MODEL_CATALOG_FIELDS: dict[str, tuple[Any, Any]] = {
    "id": (str, Field(min_length=1)),
    "name": (str, Field(min_length=1)),
    "family": (str, ""),
    "params_b": (float, Field(gt=0)),
    "active_params_b": (float | None, Field(default=None, gt=0)),
    "license": (str, ""),
    "source": (str, ""),
    "notes": (str, ""),
    "attention_pattern": (str, ""),
    "hf_repo": (str, Field(default="", pattern=r"^$|^[A-Za-z0-9][\w.-]*/[\w.-]+$")),
    "modelscope_id": (str, Field(default="", pattern=r"^$|^[A-Za-z0-9][\w.-]*/[\w.-]+$")),
}
"""models.csv columns that are the catalog's own: ``(type, default or Field)``. Every other
column of :data:`MODEL_COLUMNS` holds a :class:`ModelArch` field and takes its type and
bounds from there (:func:`arch_field`)."""

ARCH_FIELD_OF_COLUMN: dict[str, str] = {
    "num_layers": "num_hidden_layers",
    "moe_num_experts": "num_local_experts",
    "moe_top_k": "num_experts_per_tok",
    "max_context": "max_position_embeddings",
}
"""models.csv columns named differently from the ModelArch field they hold."""

ARCH_COLUMNS: tuple[str, ...] = tuple(c for c in MODEL_COLUMNS if c not in MODEL_CATALOG_FIELDS)
"""models.csv columns that hold a ModelArch field, in file order."""

MOE_ONLY_COLUMNS: frozenset[str] = frozenset(
    {
        "moe_num_experts",
        "moe_top_k",
        "moe_intermediate_size",
        "n_shared_experts",
        "shared_expert_intermediate_size",
        "first_k_dense_replace",
        "moe_layer_step",
    }
)
"""Architecture columns that mean something only for a MoE row (more than one expert)."""


def arch_field(column: str) -> str:
    """The :class:`ModelArch` field a models.csv architecture column holds.

    Raises:
        KeyError: for a column that holds no ModelArch field (a catalog field, or unknown).
    """
    field = ARCH_FIELD_OF_COLUMN.get(column, column)
    if column in MODEL_CATALOG_FIELDS or field not in ModelArch.model_fields:
        raise KeyError(f"models.csv column {column!r} holds no ModelArch field")
    return field


def _column_from_arch(column: str) -> tuple[Any, Any]:
    """``(type, Field)`` of an architecture column of models.csv.

    The type is the ModelArch field's, made optional
    (a blank cell is "not given"), with its bounds. ModelArch's ``0`` for a size it does
    not know (``hidden_size`` …) is a blank cell in a row, so there the bound is ≥ 1.

    Raises:
        TypeError: for a ModelArch constraint this mapping does not carry over (so a new one
            is never dropped silently).
    """
    info = ModelArch.model_fields[arch_field(column)]
    kinds = [t for t in (typing.get_args(info.annotation) or (info.annotation,)) if t is not type(None)]
    if typing.get_origin(kinds[0]) is tuple:  # a per-layer list: "0,0,8,0" in one cell
        return (str | None, Field(default=None, pattern=r"^\d+(,\d+)*$", max_length=700_000))
    ge = le = None
    for m in info.metadata:
        if isinstance(m, annotated_types.Ge):
            ge = m.ge
        elif isinstance(m, annotated_types.Le):
            le = m.le
        else:
            raise TypeError(
                f"ModelArch.{arch_field(column)}: constraint {m!r} is not "
                "carried over to the models.csv column"
            )
    if ge == 0 and type(info.default) is int and info.default == 0:
        ge = 1
    return (kinds[0] | None, Field(default=None, ge=ge, le=le))


class _ModelRecordBase(BaseModel):
    """Validators and methods of :class:`ModelRecord`.

    Its fields are made from
    :data:`MODEL_COLUMNS` below.
    """

    model_config = ConfigDict(frozen=True, extra="ignore")

    if TYPE_CHECKING:  # the architecture columns, typed as their ModelArch fields at run time

        def __getattr__(self, name: str) -> Any: ...

    @model_validator(mode="before")
    @classmethod
    def _blank_cells(cls, data: Any) -> Any:
        return _blank_to_none(data)

    @field_validator(
        "family",
        "license",
        "source",
        "notes",
        "attention_pattern",
        "hf_repo",
        "modelscope_id",
        mode="before",
        check_fields=False,
    )
    @classmethod
    def _none_to_empty(cls, v: Any) -> Any:
        return "" if v is None else v

    @field_validator("kv_heads_per_layer", "kv_compress_ratios", mode="before", check_fields=False)
    @classmethod
    def _per_layer_list(cls, v: Any) -> Any:
        if isinstance(v, (list, tuple)):
            return ",".join(str(x) for x in v)
        return v.replace(" ", "") if isinstance(v, str) else v

    @field_validator("tie_word_embeddings", "attention_k_eq_v", mode="before", check_fields=False)
    @classmethod
    def _bool(cls, v: Any) -> Any:
        if isinstance(v, str):
            s = v.strip().lower()
            if s in ("true", "1", "yes", "y"):
                return True
            if s in ("false", "0", "no", "n"):
                return False
            if not s:
                return None
        return v

    @property
    def kind(self) -> Literal["llm", "diffusion"]:
        """``"diffusion"`` for image/video models (family ``diffusion`` or no layer count)."""
        if self.family.lower() == "diffusion" or self.num_layers is None:
            return "diffusion"
        return "llm"


_MODEL_RECORD_DOC = """\
One row of ``models.csv`` as stored in the catalog (sizes are element counts).

Catalog columns (:data:`MODEL_CATALOG_FIELDS`) are declared here; every architecture
column has the type and lower bound of the :class:`ModelArch` field it holds (the
four spelled differently: :data:`ARCH_FIELD_OF_COLUMN`); a blank cell is "not given".

Attributes:
    params_b: total parameters in billions (10**9).
    active_params_b: parameters used per token in billions (MoE); equals ``params_b``
        for dense models.
    num_layers: transformer blocks (HF ``num_hidden_layers``).
    intermediate_size: MLP width; per expert for MoE rows.
    max_context: context length in tokens.
    sliding_window: local-attention window in tokens (blank = none).
    attention_pattern: free text such as ``"5 sliding : 1 global"``.
    hf_repo: the Hugging Face repository id of the checkpoint (``Qwen/Qwen3-8B``), the model
        argument of a launch command; ``modelscope_id`` the ModelScope id where one exists.
    kv_lora_rank: MLA latent rank (DeepSeek-V2/V3, Kimi K2).
    moe_intermediate_size: expert width; when set, ``intermediate_size`` is the width of
        the dense layers (blank: ``intermediate_size`` is per expert, as in Mixtral).
    n_shared_experts: always-active experts of ``moe_intermediate_size`` (DeepSeek, GLM,
        Kimi, Llama 4, ERNIE).
    shared_expert_intermediate_size: one gated shared MLP of this width (Qwen2-MoE).
    first_k_dense_replace: dense layers before the first MoE layer.
    moe_layer_step: every n-th layer is MoE (Llama 4 Maverick: 2); blank = every layer.
    q_lora_rank, qk_nope_head_dim, v_head_dim: MLA query rank and head dims.
    index_n_heads, index_head_dim: DeepSeek-V3.2 lightning-indexer heads and width.
    linear_attention_layers: Gated DeltaNet layers of a hybrid (Qwen3-Next: 36 of 48);
        ``linear_num_key_heads`` … ``linear_value_head_dim`` their sizes (conv kernel 4).
    layer_pattern: one character per layer (``core.model_config.LAYER_KINDS``): ``F`` full
        attention, ``S`` sliding window, ``L`` Gated DeltaNet, ``M`` Mamba-2, ``C`` LFM2 short
        conv, ``-``/``E`` Nemotron-H MLP/MoE-only blocks; blank = from the counts and
        ``attention_pattern``. Read from config.json ``layer_types``,
        ``sliding_window_pattern``, ``full_attention_interval`` or ``hybrid_override_pattern``.
    global_head_dim, num_global_key_value_heads: full-attention layers' head size and KV heads
        when they differ from the sliding layers' (Gemma 4).
    num_kv_shared_layers: last layers that reuse an earlier layer's KV (Gemma 3n / 4 E-series).
    mamba_num_heads, mamba_head_dim, ssm_state_size, mamba_n_groups, mamba_conv_kernel:
        Mamba-2 mixer sizes (Nemotron-H ``n_groups``, ``conv_kernel``).
    conv_l_cache: LFM2 short-conv cache length (``conv_L_cache``).
    num_nextn_predict_layers: multi-token-prediction layers shipped with the checkpoint
        (DeepSeek-V3 / GLM ``num_nextn_predict_layers``, Qwen3.5 ``mtp_num_hidden_layers``).
    kv_heads_per_layer: KV heads of each layer, comma-separated (``0,0,8,0,…``; 0 on layers
        without attention), when they differ per layer (LFM2's GGUF ``head_count_kv`` array,
        OpenELM's ``num_kv_heads`` list); blank = ``num_key_value_heads`` on every attention
        layer.
    attention_k_eq_v: Gemma 4 ``attention_k_eq_v``: full-attention layers have no v_proj (V is
        k_proj's output) and ``num_global_key_value_heads`` KV heads.
    kv_compress_ratios: DeepSeek-V4 ``compress_ratios``, one per layer, comma-separated
        (``0,0,4,128,…``): 0 keeps only the sliding window, 4 adds KV compressed 4× with the
        lightning indexer, 128 KV compressed 128× (``core.model_shape.KV_COMPRESS_RATIOS``).
    o_lora_rank, o_groups: DeepSeek-V4's grouped low-rank attention output (``wo_a``/``wo_b``).
    hc_mult: DeepSeek-V4 hyper-connection residual streams.
    moe_latent_size: LatentMoE latent width the routed experts run in (Nemotron 3 Super).
"""

if TYPE_CHECKING:
    ModelRecord = _ModelRecordBase
else:
    ModelRecord = create_model(
        "ModelRecord",
        __base__=_ModelRecordBase,
        __module__=__name__,
        __doc__=_MODEL_RECORD_DOC,
        **{
            c: MODEL_CATALOG_FIELDS[c] if c in MODEL_CATALOG_FIELDS else _column_from_arch(c)
            for c in MODEL_COLUMNS
        },
    )


class CatalogModel(BaseModel):
    """A catalog model as the UI lists it: descriptive fields plus the resolved architecture.

    Attributes:
        kind: ``"llm"`` or ``"diffusion"``.
        params_b: total parameters in billions as listed in the catalog.
        active_params_b: parameters per token in billions (MoE), else ``params_b``.
        max_context: context length in tokens (None for diffusion rows).
        arch: the :class:`ModelArch` the calculator uses.
        is_user: True when the user added or changed this row.
    """

    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    family: str = ""
    kind: Literal["llm", "diffusion"] = "llm"
    params_b: float
    active_params_b: float | None = None
    max_context: int | None = None
    arch: ModelArch
    license: str = ""
    source: str = ""
    notes: str = ""
    hf_repo: str = ""
    modelscope_id: str = ""
    is_user: bool = False
