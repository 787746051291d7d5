"""Message templates of reading a user's job file or command line: id → English template.

Written by importers.jobs (``gpupicker job read``, File › Open). Part of
:data:`gpupicker.core.messages.templates.TEMPLATES`; zh_CN in resources/i18n/gpupicker_zh_CN.ts,
context ``CoreText``.
"""

TEMPLATES: dict[str, str] = {
    "job.unused.no_effect": "does not change memory or speed",
    "job.unused.empty": "left empty (not set)",
    "job.unused.off": "set to false (off)",
    "job.unused.full_rows": (
        "the estimate assumes every row is a full seq_len of tokens, which packing (or padding "
        "to seq_len) makes true"
    ),
    "job.unused.unpacked": (
        "off: the estimate still assumes full rows of seq_len tokens; unpacked samples shorter "
        "than that take less memory and time per step"
    ),
    "job.unused.tf32_16bit": (
        "TF32 applies to fp32 matmuls only; this {dtype} run's matmuls are timed at the {dtype} "
        "rate, so the estimate does not change"
    ),
    "job.unused.not_modelled": "not modelled by gpupicker",
    "job.warning.not_modelled": "{key} = {value} is not modelled: the estimate does not reflect it",
    "job.unused.unknown_flag": "not a {engine} flag gpupicker knows",
    "job.warning.unknown_flag": (
        "{flag} is not a {engine} flag gpupicker knows (a typo?): the estimate does not reflect it"
    ),
    "job.warning.duplicate_keys": "keys given more than once, only the last value of each is used: {keys}",
    "job.warning.ckpt_offload": (
        "gradient checkpointing “{mode}” also moves the checkpoints to "
        "CPU RAM; the estimate counts ordinary gradient checkpointing"
    ),
    "job.warning.fp32_training": (
        "bf16 and fp16 are off: axolotl trains in fp32 (float32 weights, no autocast); memory "
        "counts fp32 states, but the speed is timed at the GPU's 16-bit matmul peak (fp32 and "
        "TF32 rates are not modelled), so the time shown is too short"
    ),
    "job.warning.stage": (
        "stage {stage} is costed as supervised fine-tuning (its reference or reward model is not counted)"
    ),
    "job.warning.no_seq_len": (
        "the config sets no sequence length (the dataset decides); give "
        "seq_len, or the estimate uses gpupicker's default"
    ),
    "job.warning.default_quant": "no quantization named: {why} uses {quant} by default",
    "job.no_model": "the job names no model: add model_id (or a model folder)",
    "job.yaml_aliases": "more than {n} YAML aliases: refused (an alias bomb, not a job config)",
    "job.yaml_depth": "YAML nested deeper than {n} levels: refused",
    "job.not_yaml": "not YAML or JSON: {why}",
    "job.too_big": "larger than {mib} MiB: not a job config",
    "job.unknown_kind": (
        "not a job gpupicker reads (axolotl, LLaMA-Factory or torchtune YAML, torchtitan TOML, "
        "TrainingArguments JSON, SkyPilot YAML, a vllm serve / "
        "sglang.launch_server / llama-server / ollama run / mlx_lm.server / text-generation-launcher "
        "line, or a trl sft / swift sft training command); it starts with "
        "“{head}”"
    ),
    "job.not_a_file": "{path} is not a regular file",
    "job.not_text": "{path} is not UTF-8 text",
    "job.unknown_model": (
        "{key}: model “{name}” is not in the catalog — import its folder "
        "(gpupicker model import) or give model_id"
    ),
    "job.no_model_flag": "the {kind} command names no model",
    "job.skypilot_no_engine": (
        "the SkyPilot task's run: has no vllm / sglang / llama-server / ollama command to read"
    ),
}
