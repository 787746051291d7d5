"""The keys of a workload's ``model`` object that are read, or that need not be.

Hugging Face ``config.json`` fields: :func:`model_keys_read`, used to name the ones no field
reads.
"""

from __future__ import annotations

from ..model_arch import ModelArch

MODEL_KEYS_NOT_NEEDED = frozenset(
    {
        "architectures",
        "auto_map",
        "bos_token_id",
        "eos_token_id",
        "pad_token_id",
        "transformers_version",
        "torch_dtype",
        "dtype",
        "_name_or_path",
        "initializer_range",
        "rms_norm_eps",
        "layer_norm_eps",
        "layer_norm_epsilon",
        "norm_eps",
        "rope_theta",
        "rope_scaling",
        "rope_parameters",
        "partial_rotary_factor",
        "hidden_act",
        "activation_function",
        "attention_dropout",
        "hidden_dropout",
        "resid_pdrop",
        "embd_pdrop",
        "attn_pdrop",
        "use_cache",
        "pretraining_tp",
        "mlp_bias",
        "router_aux_loss_coef",
        "output_router_logits",
        "router_jitter_noise",
        "norm_topk_prob",
        "routed_scaling_factor",
        "scoring_func",
        "topk_method",
        "n_group",
        "topk_group",
        "use_sliding_window",
        "layer_types",
        "sliding_window_pattern",
        "full_attention_interval",
        "mlp_only_layers",
        "multi_query",
        "intermediate_size_mlp",
        "qk_layernorm",
        "use_qk_norm",
        "bias",
        "quantization_config",
        "hybrid_override_pattern",
        "n_groups",
        "conv_kernel",
        "conv_L_cache",
        "mtp_num_hidden_layers",
        "num_mtp_modules",
        "mamba_d_conv",
    }
)
"""``config.json`` keys a ``model`` dict may carry that do not change memory or speed
(token ids, norms' epsilon, RoPE base and scaling, dropout, router loss settings) or that
:class:`ModelArch` reads while building another field (``layer_types``, ``multi_query`` …):
accepted without a warning. ``quantization_config`` is named here because the workload's
``weights_dtype`` / ``quant_method`` say the format."""


def model_keys_read() -> set[str]:
    """Every key of a ``model`` dict that is read.

    The :class:`ModelArch` fields, their ``config.json`` aliases and
    :data:`MODEL_KEYS_NOT_NEEDED`.
    """
    from ..model_config import CONFIG_ALIASES

    return {
        *ModelArch.model_fields,
        *(n for names in CONFIG_ALIASES.values() for n in names),
        *MODEL_KEYS_NOT_NEEDED,
    }
