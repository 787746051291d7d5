"""Chinese (or any language's) rendering of the English sentences core writes.

Core is Qt-free and writes option reasons, recommendation notes, advisor
descriptions and assumptions in English f-strings. :func:`translate_core_text`
splits such a text the way core builds it (sentences joined by ". ", clauses by
"; "), matches each clause against regular expressions derived from core's
f-string templates (:data:`TEMPLATES`, every one a literal for lupdate in the
"CoreText" context) and renders ``QCoreApplication.translate("CoreText",
template)`` with the captured values, numbers keeping core's formatting.
Unmatched pieces stay English. Without a translator ``translate`` returns the
English template, so the output equals the input exactly.
"""

from __future__ import annotations

import re
from functools import lru_cache

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from ...core.zh_names import zh_name

CONTEXT = "CoreText"

TEMPLATES: tuple[str, ...] = (
    # issue 18: non-CUDA stacks (core.accelerators)
    QT_TRANSLATE_NOOP("CoreText", "{accelerator}: no CUDA; the estimate stands for {stack} with {engines} (not measured here: {range})"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{vendor} accelerator: no CUDA and no modelled software stack; the estimate is CUDA-like (not measured here: {range})"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Ascend NPU"),
    QT_TRANSLATE_NOOP("CoreText", "AMD GPU"),
    QT_TRANSLATE_NOOP("CoreText", "Intel Gaudi"),
    QT_TRANSLATE_NOOP("CoreText", "Intel Arc GPU"),
    QT_TRANSLATE_NOOP("CoreText", "Apple silicon"),
    QT_TRANSLATE_NOOP("CoreText", "Non-NVIDIA"),
    QT_TRANSLATE_NOOP("CoreText", "NVIDIA (third-party modified)"),
    # calibration on the user's runs (core.calibration)
    QT_TRANSLATE_NOOP("CoreText", "Calibrated on your {n} run (memory ×{mf}, error {mb} → {ma})"),
    QT_TRANSLATE_NOOP("CoreText", "Calibrated on your {n} runs (memory ×{mf}, error {mb} → {ma})"),
    QT_TRANSLATE_NOOP("CoreText", "Calibrated on your {n} run (speed ×{sf}, error {sb} → {sa})"),
    QT_TRANSLATE_NOOP("CoreText", "Calibrated on your {n} runs (speed ×{sf}, error {sb} → {sa})"),
    QT_TRANSLATE_NOOP("CoreText", "Calibrated on your {n} run (memory ×{mf}, error {mb} → {ma}, speed ×{sf}, error {sb} → {sa})"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Calibrated on your {n} runs (memory ×{mf}, error {mb} → {ma}, speed ×{sf}, error {sb} → {sa})"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Scaled ×{factor} to match your recorded runs"),
    QT_TRANSLATE_NOOP("CoreText", "Speed scaled ×{factor} to match your recorded runs"),
    # errors (live estimate, results page)
    QT_TRANSLATE_NOOP("CoreText", "model {model} is not resolved"),
    QT_TRANSLATE_NOOP("CoreText", "look it up in the catalog first"),
    # engines on hardware they have no backend for (core.checks, QA F26)
    QT_TRANSLATE_NOOP("CoreText", "{engine} does not run on the {gpu} ({platform}): it runs on {platforms}"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "bitsandbytes {dtype} has no {platform} backend, so it does not run on the {gpu}: use GGUF with llama.cpp or MLX instead"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "bitsandbytes {dtype} has no {platform} backend, so it does not run on the {gpu}: use GGUF with llama.cpp instead"),  # noqa: E501
    # advisor descriptions
    QT_TRANSLATE_NOOP("CoreText", "Train in pure bf16 (weights and optimizer states)"),
    QT_TRANSLATE_NOOP("CoreText", "Use an 8-bit (paged) AdamW (bitsandbytes)"),
    QT_TRANSLATE_NOOP("CoreText", "Fine-tune LoRA adapters (r=16, all linear layers) instead of all weights"),
    QT_TRANSLATE_NOOP("CoreText", "QLoRA: 4-bit NF4 base weights + LoRA adapters"),
    QT_TRANSLATE_NOOP("CoreText", "QLoRA: keep the frozen base in 4-bit NF4"),
    QT_TRANSLATE_NOOP("CoreText", "Turn on gradient checkpointing"),
    QT_TRANSLATE_NOOP("CoreText", "Micro-batch {batch} with {steps}× gradient accumulation (same effective batch)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Shorter sequences: {tokens} tokens"),
    QT_TRANSLATE_NOOP("CoreText", "Offload optimizer states to CPU RAM (ZeRO-Offload)"),
    QT_TRANSLATE_NOOP("CoreText", "Shard over {n} GPUs with FSDP / ZeRO-3"),
    QT_TRANSLATE_NOOP("CoreText", "8-bit weights (GGUF Q8_0)"),
    QT_TRANSLATE_NOOP("CoreText", "8-bit weights (FP8/INT8)"),
    QT_TRANSLATE_NOOP("CoreText", "4-bit weights (GGUF Q4_K_M)"),
    QT_TRANSLATE_NOOP("CoreText", "4-bit weights (AWQ/GPTQ, NF4)"),
    QT_TRANSLATE_NOOP("CoreText", "Quantize the KV cache to FP8/INT8"),
    QT_TRANSLATE_NOOP("CoreText", "Shorter context: about {tokens} tokens"),
    QT_TRANSLATE_NOOP("CoreText", "Serve {n} sequences at a time"),
    QT_TRANSLATE_NOOP("CoreText", "Split the model over {n} GPUs (tensor parallel)"),
    QT_TRANSLATE_NOOP("CoreText", "FP8 denoiser weights (diffusers / torchao fp8 quantization)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "4-bit NF4 denoiser weights (bitsandbytes)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "VAE tiling + slicing (decode in 512² tiles, one image at a time)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Model CPU offload (enable_model_cpu_offload: one component on the GPU at a time)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Sequential CPU offload (enable_sequential_cpu_offload: weights streamed to the GPU block by block)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{nb} image(s) per call instead of {b}"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Lower resolution: {r}² pixels"),  # noqa: E501
    # advisor speed and quality costs
    QT_TRANSLATE_NOOP("CoreText", "faster"),
    QT_TRANSLATE_NOOP("CoreText", "slight"),
    QT_TRANSLATE_NOOP("CoreText", "keep fp32 master weights if the loss stalls"),
    QT_TRANSLATE_NOOP("CoreText", "≈ same speed"),
    QT_TRANSLATE_NOOP("CoreText", "negligible (8-bit Adam matches 32-bit, Dettmers et al. 2022)"),
    QT_TRANSLATE_NOOP("CoreText", "faster per step"),
    QT_TRANSLATE_NOOP("CoreText", "usually close to full fine-tuning for instruction tuning"),
    QT_TRANSLATE_NOOP("CoreText", "less for new domains"),
    QT_TRANSLATE_NOOP("CoreText", "≈30–50 % slower than LoRA (dequantization)"),
    QT_TRANSLATE_NOOP("CoreText", "close to 16-bit LoRA (QLoRA paper)"),
    QT_TRANSLATE_NOOP("CoreText", "≈30–50 % slower (dequantization)"),
    QT_TRANSLATE_NOOP("CoreText", "≈20–35 % slower (the forward pass is recomputed)"),
    QT_TRANSLATE_NOOP("CoreText", "none"),
    QT_TRANSLATE_NOOP("CoreText", "slower at small micro-batches"),
    QT_TRANSLATE_NOOP("CoreText", "long examples are truncated or split"),
    QT_TRANSLATE_NOOP("CoreText", "much slower optimizer step (PCIe-bound)"),
    QT_TRANSLATE_NOOP("CoreText", "needs ≈12 B/param of CPU RAM"),
    QT_TRANSLATE_NOOP("CoreText", "{n}× the GPU-hours price"),
    QT_TRANSLATE_NOOP("CoreText", "needs NVLink-class links to scale"),
    QT_TRANSLATE_NOOP("CoreText", "PCIe-only cards lose speed to all-reduce"),
    QT_TRANSLATE_NOOP("CoreText", "similar or faster with good kernels (bitsandbytes int8 is slower)"),
    QT_TRANSLATE_NOOP("CoreText", "very small"),
    QT_TRANSLATE_NOOP("CoreText", "faster decode (fewer bytes per token)"),
    QT_TRANSLATE_NOOP("CoreText", "small (≈1–3 % on benchmarks)"),
    QT_TRANSLATE_NOOP("CoreText", "faster decode"),
    QT_TRANSLATE_NOOP("CoreText", "long prompts are cut"),
    QT_TRANSLATE_NOOP("CoreText", "lower aggregate throughput"),
    # assumptions: throughput
    QT_TRANSLATE_NOOP("CoreText", "Fixed engine overhead {ms} ms per step"),
    QT_TRANSLATE_NOOP("CoreText", "decode GEMMs at {share} of dense peak"),
    QT_TRANSLATE_NOOP("CoreText", "Framework {framework}: optimized stack (llm-foundry MPT benchmarks)"),
    QT_TRANSLATE_NOOP("CoreText", "{net} between {nodes} nodes"),
    QT_TRANSLATE_NOOP("CoreText", "Ethernet"),
    QT_TRANSLATE_NOOP("CoreText", "{tflop} TFLOP per denoising step ({denoiser}) × {steps} steps at {share} of {tflops} TFLOPS"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "+0.1 s text encoder/VAE"),
    # model import (gpupicker.importers): the refusals and warnings users meet most
    QT_TRANSLATE_NOOP("CoreText", "{file} is a PyTorch pickle file: gpupicker never opens pickles, because loading one can run any code it contains"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Convert it to .safetensors (transformers: save_pretrained(..., safe_serialization=True)) or to .gguf (llama.cpp convert_hf_to_gguf.py), or import the model's config.json"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{file} is not a valid safetensors file: its header claims {n} bytes, more than the {limit}-byte limit of the format"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{file} is not a valid safetensors file: its header claims {n} bytes but the file has only {size} (cut short or not safetensors)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{file} is cut short: tensor {tensor} ends at byte {n} but the file has {size} bytes ({share} of it is there)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "model_type {type} is not one gpupicker models: read as a Llama-style decoder from hidden_size, num_hidden_layers, num_attention_heads, intermediate_size and vocab_size (gated MLP, no q/k/v biases assumed)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "the weights are quantized ({method}): element counts of packed tensors are not parameters, so the count comes from config.json"),  # noqa: E501
    # training frameworks, sustained rates and diffusion (issue 13)
    # issue 12: engine speed profiles, sustained GPU factors, vLLM pool sizing, serving
    QT_TRANSLATE_NOOP("CoreText", "Quantize the KV cache to Q8_0 with flash attention (-fa)"),
    # launch config (core/launch_config.py, issue 14)
    QT_TRANSLATE_NOOP("CoreText", "{engine} with a context of {ctx} tokens per sequence, GPU memory fraction {frac}, tensor parallel {n} and KV cache {kv}"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Quantization {quant}"),
    QT_TRANSLATE_NOOP("CoreText", "The KV pool holds about {n} sequences of that context at once"),
    QT_TRANSLATE_NOOP("CoreText", "Ollama with a {ctx}-token context for {n} parallel request(s), {quant} weights and {kv} KV cache"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "llama.cpp with n_ctx {n_ctx} ({n} slot(s) × {ctx} tokens), {ngl} layers on the GPU, {quant} weights and {kv} KV cache"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Layers split over {n} GPUs"),
    QT_TRANSLATE_NOOP("CoreText", "transformers generate() with device_map='auto' over {n} GPU(s), batch {batch} and context {ctx}"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "TRL SFT on {n} GPU(s): micro-batch {batch}, {seq} tokens, {opt} and {dtype}"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "torchtune {recipe}: batch {batch}, {seq} tokens"),
    QT_TRANSLATE_NOOP("CoreText", "LitGPT {recipe} on {n} device(s): micro-batch {batch}, {seq} tokens"),
    QT_TRANSLATE_NOOP("CoreText", "With gradient checkpointing"),
    QT_TRANSLATE_NOOP("CoreText", "LoRA rank {n}"),
    QT_TRANSLATE_NOOP("CoreText", "DeepSpeed ZeRO stage {n}"),
    QT_TRANSLATE_NOOP("CoreText", "FSDP full sharding"),
    QT_TRANSLATE_NOOP("CoreText", "{n} × {gpu} at {pricing} prices"),
    QT_TRANSLATE_NOOP("CoreText", "The model's Hugging Face repo is not in the catalog: replace YOUR_MODEL"),
    QT_TRANSLATE_NOOP("CoreText", "Point -m at the GGUF file you downloaded (the name shown is a placeholder)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Ollama names models by its own tags: replace the model with the tag of the {quant} build you pull"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "SkyPilot's name for {gpu} is not known to gpupicker: check '{name}' with `sky show-gpus`"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "int4 assumed to be an AWQ checkpoint (set quant_method to 'gptq' otherwise)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "quantization method {method} is not one gpupicker can name"),
    QT_TRANSLATE_NOOP("CoreText", "weights format {dtype} has no vLLM/SGLang --quantization gpupicker knows"),
    QT_TRANSLATE_NOOP("CoreText", "weights {dtype} have no GGUF type: the estimate and this command assume Q4_K_M"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Pre-training from scratch: the TRL SFT script shows the flags, use your own training script with the same batch and sharding"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Pick the torchtune config of your model with tune ls (YOUR_MODEL is a placeholder)"),  # noqa: E501
)
"""English templates of core's sentences and clauses; ``{name}`` marks a captured value."""

_PATTERNS: dict[str, str] = {
    "why": r"[^()]+",
    "provider": r"[^,()]+",
    "verdict": r"fits|does not fit",
    "task": r"lora|qlora|full_ft|pretrain|inference|image_gen",
    "optimizer_id": r"[\w-]+",
    "n": r"\d[\d,]*",
    "replicas": r"\d[\d,]*",
    "flag": r"low-trust|stale",
    "mf": r"[\d.]+", "sf": r"[\d.]+",
    "mb": r"[\d.]+%", "ma": r"[\d.]+%", "sb": r"[\d.]+%", "sa": r"[\d.]+%",
    "kind": r"[^,()]+",
}
"""Placeholder patterns other than the default ``.+?`` (where a value may contain the text
that follows it, e.g. a GPU name with a comma before the provider)."""

_NESTED = frozenset({"accelerator", "where", "scenario", "why", "verdict", "provider", "vendor",
                     "link", "error",
                     "optimizer", "net", "conversions", "flag", "kind"})
"""Placeholders whose values are core phrases themselves, translated in turn."""

_ANY = r"(?:(?!; ).)+?"
"""Default placeholder pattern: any text within one clause."""
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_SENTENCE_END = re.compile(r"((?<!et al)(?<!e\.g)\.(?: +|$))")
_CLAUSE_SEP = re.compile(r"(; )")
_TIGHT = re.compile(r"(?<=[\uff09\u201d\u3001\uff0c]) (?=[\u4e00-\u9fff])")
_CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def _compile(template: str) -> tuple[re.Pattern[str], str]:
    """The regular expression matching ``template`` and its longest literal piece."""
    parts = _PLACEHOLDER.split(template)
    rx = []
    for i, part in enumerate(parts):
        rx.append(re.escape(part) if i % 2 == 0
                  else f"(?P<{part}>{_PATTERNS.get(part, _ANY)})")
    literal = max(parts[::2], key=len)
    return re.compile("".join(rx), re.DOTALL), literal


@lru_cache(maxsize=1)
def _compiled() -> tuple[tuple[str, re.Pattern[str], str], ...]:
    """(template, regex, literal), most specific (longest literal) first; compiled on the
    first translation, not at import (issue 17: ~40 ms of the start-up)."""
    return tuple(sorted(((t, *_compile(t)) for t in TEMPLATES), key=lambda x: -len(x[2])))


def _render(template: str, values: dict[str, str]) -> str:
    text = QCoreApplication.translate(CONTEXT, template)
    text = _PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), text)
    # a translated value ending in full-width punctuation needs no space before Chinese text
    return _TIGHT.sub("", text) if text != template else text


def _clause(text: str) -> str:
    """One clause translated (unchanged when no template matches)."""
    for template, rx, literal in _compiled():
        if literal not in text:
            continue
        m = rx.fullmatch(text)
        if m is None:
            continue
        values = m.groupdict()
        for name, value in values.items():
            if name in ("gpu", "provider", "gpus") and _CHINESE[0]:
                shown = ", ".join(zh_name(v) for v in value.split(", "))
                if shown != value:
                    values[name] = shown
                    continue
            if name in ("conversions", "options"):
                values[name] = _join(value, ", ", "、")
            elif name in _NESTED:
                values[name] = _body(value)
        return _render(template, values)
    return text


def _join(text: str, sep: str, translated_sep: str) -> str:
    """``text`` split on ``sep``, each piece translated; ``translated_sep`` joins them when
    any piece changed."""
    pieces = text.split(sep)
    out = [_clause(p) for p in pieces]
    return (translated_sep if out != pieces else sep).join(out)


def _body(text: str) -> str:
    """A sentence without its full stop: whole, else clause by clause."""
    whole = _clause(text)
    if whole != text or "; " not in text:
        return whole
    return _join(text, "; ", "；")


_CHINESE = [False]
"""Whether the text being translated goes to a Chinese UI (GPU and provider names then
take their Chinese display names, core.zh_names)."""


@lru_cache(maxsize=8192)
def _translate(text: str, lang: str) -> str:
    _CHINESE[0] = lang != "none" and bool(_CJK.search(lang))
    pieces = _SENTENCE_END.split(text)
    out: list[str] = []
    for i in range(0, len(pieces), 2):
        body = pieces[i]
        sep = pieces[i + 1] if i + 1 < len(pieces) else ""
        new = _body(body) if body else body
        if new != body and sep:
            sep = "。"
        out.append(new + sep)
    return "".join(out)


def translate_core_text(text: str) -> str:
    """``text`` from core, translated sentence by sentence into the UI's language.

    Pieces no template matches stay English; without a translator for "CoreText" the
    result is ``text`` itself.
    """
    if not text:
        return text
    lang = QCoreApplication.translate(CONTEXT, "none")
    if lang == "none":
        # no CoreText translator (English): every template renders as itself, so the result
        # is ``text`` (see the module docstring); skip compiling and matching (issue 17)
        return text
    return _translate(text, lang)


def core_clauses(text: str) -> list[str]:
    """The sentences of ``text`` split into clauses, as :func:`translate_core_text` sees
    them (for coverage checks)."""
    out = []
    for i, body in enumerate(_SENTENCE_END.split(text)):
        if i % 2 == 0 and body:
            out += body.split("; ")
    return out


def has_cjk(text: str) -> bool:
    """True when ``text`` contains Chinese characters or full-width punctuation."""
    return bool(_CJK.search(text))


__all__ = ["TEMPLATES", "core_clauses", "has_cjk", "translate_core_text"]
