"""models.csv rows to ``ModelArch`` and back. No Qt, no SQL.

models.csv → ``ModelArch`` and back: the architecture a model row describes
(:func:`model_arch_from_record`) and the row's columns for an architecture (:func:`arch_columns`).
No Qt, no SQL.
"""

from __future__ import annotations

import re
from typing import Any

from ..core.messages import msg
from ..core.model_arch import ModelArch
from .record_checks import PARAM_TOLERANCE
from .records import ARCH_COLUMNS, MOE_ONLY_COLUMNS, CatalogModel, ModelRecord, arch_field

# ---- models.csv → ModelArch ------------------------------------------------------------------

# catalog family → Hugging Face model_type (decides gated MLP and q/k/v biases).
_FAMILY_MODEL_TYPE: dict[str, str] = {
    "llama2": "llama",
    "llama3": "llama",
    "llama3.1": "llama",
    "llama3.2": "llama",
    "llama3.3": "llama",
    "codellama": "llama",
    "yi": "llama",
    "llama4": "llama4",
    "mistral": "mistral",
    "mistral-small": "mistral",
    "mistral-large": "mistral",
    "ministral": "mistral",
    "mixtral": "mixtral",
    "qwen": "qwen",
    "qwen1.5": "qwen2",
    "qwen2": "qwen2",
    "qwen2.5": "qwen2",
    "qwen3": "qwen3",
    "qwen3-coder": "qwen3_moe",
    "qwen1.5-moe": "qwen2_moe",
    # the Qwen3.5 / 3.6 text decoder is the Qwen3-Next hybrid: gated full attention (q_proj × 2)
    # and Gated DeltaNet layers (transformers models/qwen3_5 builds on models/qwen3_next)
    "qwen3_5": "qwen3_next",
    "gemma": "gemma",
    "gemma2": "gemma2",
    "gemma3": "gemma3_text",
    "phi3": "phi3",
    "phi4": "phi3",
    "phi3.5-moe": "phimoe",
    "phi-2": "phi",
    "phi2": "phi",
    "deepseek-v2": "deepseek_v2",
    "deepseek-v3": "deepseek_v3",
    "kimi-k2": "deepseek_v3",
    "deepseek-moe": "deepseek",
    "gpt2": "gpt2",
    "falcon": "falcon",
    "starcoder2": "starcoder2",
    "gpt-neox": "gpt_neox",
    "glm4": "glm",
    "glm4.5": "glm4_moe",
    "gpt-oss": "gpt_oss",
    "baichuan2": "baichuan",
    "internlm2.5": "internlm2",
    "minicpm": "minicpm",
    "command-r": "cohere",
    "cohere": "cohere",
    "dbrx": "dbrx",
}
# families whose attention projections carry biases although their model_type is not in
# core's q/k/v-bias list (GLM-4 add_qkv_bias, GLM-4.5 attention_bias, gpt-oss attention_bias).
_FAMILY_ATTENTION_BIAS = frozenset({"glm4", "glm4.5", "gpt-oss"})


def model_type_for(rec: ModelRecord) -> str:
    """Hugging Face ``model_type`` for a catalog row, from its family (and id for distills)."""
    fam = rec.family.lower().strip()
    if fam == "deepseek-r1-distill":
        return "qwen2" if "qwen" in rec.id.lower() else "llama"
    if fam == "qwen3" and (rec.moe_num_experts or 0) > 1:
        return "qwen3_moe"
    return _FAMILY_MODEL_TYPE.get(fam, re.sub(r"[^a-z0-9]+", "_", fam) or "llama")


_ALL_SLIDING = re.compile(r"all\s+layers", re.I)
_RATIO_IN_PARENS = re.compile(r"\(\s*(\d+)\s*:\s*(\d+)\s*\)")
_LOCAL = r"(?:sliding|local|chunked)"
_GLOBAL = r"(?:global|full)"
_LOCAL_FIRST = re.compile(rf"(\d+)\s*[^:\d]*?{_LOCAL}[^:]*:\s*(\d+)\s*[^:\d]*?{_GLOBAL}", re.I)
_GLOBAL_FIRST = re.compile(rf"(\d+)\s*[^:\d]*?{_GLOBAL}[^:]*:\s*(\d+)\s*[^:\d]*?{_LOCAL}", re.I)


def sliding_window_layers(num_layers: int, sliding_window: int | None, pattern: str) -> int | None:
    """How many of ``num_layers`` use local (sliding/chunked) attention.

    ``"5 sliding : 1 global"`` → 5 of every 6 layers (the global layer closes each
    period, as in Gemma 3); ``"alternating sliding/full (1:1)"`` → half;
    ``"1 full : 3 sliding"`` → 3 of 4; ``"all layers sliding-window"`` or a window
    with no pattern → every layer. Returns None when there is no window or the
    pattern is not understood (the calculator then treats every layer as global,
    which over- rather than under-estimates the KV cache).
    """
    if not sliding_window or num_layers <= 0:
        return None
    text = (pattern or "").strip()
    if not text or _ALL_SLIDING.search(text):
        return num_layers
    local = glob = None
    if m := _LOCAL_FIRST.search(text):
        local, glob = int(m.group(1)), int(m.group(2))
    elif m := _GLOBAL_FIRST.search(text):
        glob, local = int(m.group(1)), int(m.group(2))
    elif re.search(r"alternating", text, re.I):
        local, glob = 1, 1
        if (m := _RATIO_IN_PARENS.search(text)) and re.search(rf"{_LOCAL}\s*/\s*{_GLOBAL}", text, re.I):
            local, glob = int(m.group(1)), int(m.group(2))
    if not local or not glob:
        return None
    period = local + glob
    n_global = (num_layers // period) * glob + max(0, num_layers % period - local)
    return num_layers - n_global


def _rel_diff(a: int, b: float) -> float:
    return abs(a - b) / b if b else 0.0


def model_arch_from_record(rec: ModelRecord) -> ModelArch:
    """Map a models.csv row to the calculator's :class:`ModelArch`.

    Every architecture column (:data:`ARCH_COLUMNS`) fills its ModelArch field
    (:func:`arch_field`: ``num_layers``→``num_hidden_layers``,
    ``moe_num_experts``→``num_local_experts``, ``moe_top_k``→``num_experts_per_tok``,
    ``max_context``→``max_position_embeddings``); the MoE columns only for a MoE row, whose
    ``intermediate_size`` is per expert unless ``moe_intermediate_size`` is given (then it is
    the dense layers' width); ``model_type`` comes from the
    family (Qwen2 biases, non-gated Falcon/StarCoder2/GPT-2 MLPs); the attention
    pattern sets ``sliding_window_layers``. When the
    parameter count computed from those fields differs from ``params_b``·10**9 (or
    the active count from ``active_params_b``·10**9) by more than 2 %, the listed
    figures are set as ``params``/``active_params``. Diffusion rows carry ``params``
    only.

    Raises:
        ValueError: when the row does not describe a valid architecture.
    """
    listed = int(round(rec.params_b * 1e9))
    listed_active = int(round((rec.active_params_b or rec.params_b) * 1e9))
    if rec.kind == "diffusion":
        # active < total for a denoiser of experts run one at a time (Wan2.2 A14B: 27B / 14B)
        return ModelArch(
            name=rec.name,
            kind="diffusion",
            params=listed,
            active_params=listed_active if listed_active < listed else None,
        )
    missing = [
        f
        for f in ("num_layers", "hidden_size", "num_attention_heads", "vocab_size")
        if getattr(rec, f) is None
    ]
    if missing:
        raise ValueError(msg("catalog.model.llm_missing", columns=", ".join(missing)))
    moe = (rec.moe_num_experts or 0) > 1
    # every architecture column passes through (blank: ModelArch's default, 0 for a size it
    # does not know); the MoE ones only for a MoE row
    fields: dict[str, Any] = {
        arch_field(c): v
        for c in ARCH_COLUMNS
        if (v := getattr(rec, c)) is not None and (moe or c not in MOE_ONLY_COLUMNS)
    }
    if moe and rec.moe_intermediate_size is None and rec.intermediate_size:
        fields["moe_intermediate_size"] = rec.intermediate_size  # per expert, as in Mixtral
    fields.update(name=rec.name, kind="llm", model_type=model_type_for(rec))
    if not rec.layer_pattern:  # the stated per-layer pattern decides; else the words do
        fields["sliding_window_layers"] = sliding_window_layers(
            rec.num_layers, rec.sliding_window, rec.attention_pattern
        )
    if rec.family.lower() in _FAMILY_ATTENTION_BIAS:
        fields["attention_bias"] = True
    arch = ModelArch(**fields)
    if not rec.layer_pattern and arch.num_hidden_layers and (arch.sliding_window or arch.is_hybrid):
        # state the layer kinds the counts describe, so the row and an export of it agree
        arch = arch.model_copy(
            update={
                "layer_pattern": arch.layers,
                "sliding_window_layers": (
                    arch.layers.count("S") if arch.sliding_window else arch.sliding_window_layers
                ),
            }
        )
    if (
        _rel_diff(arch.param_count(), listed) > PARAM_TOLERANCE
        or _rel_diff(arch.active_param_count(), listed_active) > PARAM_TOLERANCE
    ):
        arch = arch.model_copy(update={"params": listed, "active_params": listed_active})
    return arch


def arch_columns(arch: ModelArch) -> dict[str, Any]:
    """The architecture columns of a models.csv row describing ``arch``.

    The inverse of
    :func:`model_arch_from_record`'s pass-through, for imported models.

    ModelArch's ``0`` for a size it does not know becomes a blank cell (None); the MoE
    columns are blank unless ``arch.is_moe``. ``sliding_window_layers`` has no column:
    ``layer_pattern`` states every layer's kind (:attr:`ModelArch.layers`, written for any
    model with sliding-window, linear-attention, Mamba or conv layers), so a re-read row holds
    the same KV and state as the config it came from; nor have the ``params`` overrides.
    """
    out: dict[str, Any] = {}
    for c in ARCH_COLUMNS:
        field = arch_field(c)
        v = getattr(arch, field)
        unknown_size = type(ModelArch.model_fields[field].default) is int and v == 0
        if isinstance(v, tuple):
            v = ",".join(str(x) for x in v)
        out[c] = None if unknown_size or (c in MOE_ONLY_COLUMNS and not arch.is_moe) else v
    if (
        out.get("layer_pattern") is None
        and arch.num_hidden_layers
        and (arch.sliding_window or arch.is_hybrid)
    ):
        out["layer_pattern"] = arch.layers
    return out


def catalog_model_from_record(rec: ModelRecord, is_user: bool = False) -> CatalogModel:
    """The :class:`CatalogModel` of a stored row, its architecture by :func:`model_arch_from_record`.

    Raises:
        ValueError: when the row does not describe a valid architecture.
    """
    return CatalogModel(
        id=rec.id,
        name=rec.name,
        family=rec.family,
        kind=rec.kind,
        params_b=rec.params_b,
        active_params_b=rec.active_params_b,
        max_context=rec.max_context,
        arch=model_arch_from_record(rec),
        license=rec.license,
        source=rec.source,
        notes=rec.notes,
        hf_repo=rec.hf_repo,
        modelscope_id=rec.modelscope_id,
        is_user=is_user,
    )
