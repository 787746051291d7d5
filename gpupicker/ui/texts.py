"""Translatable display names and glossary tooltips (one literal per string, for lupdate)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ..core.results import COMPONENT_LABELS


def _t(ctx: str, text: str) -> str:
    return QCoreApplication.translate(ctx, text)


def task_names() -> dict[str, str]:
    """Task id → short display name with a mnemonic."""
    return {
        "inference": _t("Tasks", "&Inference (serve or chat with a model)"),
        "lora": _t("Tasks", "&LoRA fine-tuning (16-bit base, small adapters)"),
        "qlora": _t("Tasks", "&QLoRA fine-tuning (4-bit NF4 base, adapters)"),
        "full_ft": _t("Tasks", "&Full fine-tuning (all weights trained)"),
        "pretrain": _t("Tasks", "&Pre-training (from scratch on many tokens)"),
        "image_gen": _t("Tasks", "I&mage generation (diffusion models)"),
    }


def task_short(task: str) -> str:
    """Task id → short name for summaries."""
    return {
        "inference": _t("Tasks", "Inference"),
        "lora": _t("Tasks", "LoRA"),
        "qlora": _t("Tasks", "QLoRA"),
        "full_ft": _t("Tasks", "Full fine-tune"),
        "pretrain": _t("Tasks", "Pre-training"),
        "image_gen": _t("Tasks", "Image generation"),
        "decode_ceiling": _t("Tasks", "Decode ceiling"),
    }.get(task, task)


def component_label(component: str) -> str:
    """Memory component → translated name (core's English label as fallback)."""
    names = {
        "weights": _t("Components", "Weights"),
        "kv_cache": _t("Components", "KV cache"),
        "activations": _t("Components", "Activations"),
        "logits": _t("Components", "Logits / loss (fp32)"),
        "gradients": _t("Components", "Gradients"),
        "optimizer": _t("Components", "Optimizer states"),
        "adapters": _t("Components", "LoRA adapters"),
        "quant_workspace": _t("Components", "Dequantization workspace"),
        "engine_reserve": _t("Components", "Engine reserve"),
        "allocator_overhead": _t("Components", "Allocator overhead"),
        "cuda_context": _t("Components", "CUDA context"),
    }
    return names.get(component, COMPONENT_LABELS.get(component, component))


def goal_names() -> dict[str, str]:
    """Ranking goal → display name."""
    return {
        "cheapest": _t("Goals", "Lowest total cost"),
        "fastest": _t("Goals", "Fastest finish within budget"),
        "value": _t("Goals", "Best cost per token"),
        "headroom": _t("Goals", "Most memory headroom"),
    }


def pricing_names() -> dict[str, str]:
    """Pricing type → display name."""
    return {
        "on_demand": _t("Pricing", "On-demand"),
        "spot": _t("Pricing", "Spot / preemptible"),
        "reserved_1y": _t("Pricing", "Reserved (1 year)"),
        "reserved": _t("Pricing", "Reserved"),
        "capacity_block": _t("Pricing", "Capacity block"),
        "marketplace": _t("Pricing", "Marketplace"),
        "owned": _t("Pricing", "Owned hardware"),
    }


def label_name(label: str) -> str:
    """Option label from core (cheapest, fastest, best value …) → display text."""
    names = {
        "cheapest": _t("Labels", "Cheapest"),
        "fastest": _t("Labels", "Fastest"),
        "best_value": _t("Labels", "Best value"),
        "best value": _t("Labels", "Best value"),
        "value": _t("Labels", "Best value"),
        "most_headroom": _t("Labels", "Most headroom"),
        "headroom": _t("Labels", "Most headroom"),
        "preferred": _t("Labels", "Your GPU"),
    }
    return names.get(label.lower(), label)


def glossary() -> dict[str, str]:
    """Term → tooltip explaining it in one or two sentences."""
    return {
        "vram": _t("Glossary", "VRAM: the GPU's own memory. The model weights, the KV cache, "
                   "activations and (for training) gradients and optimizer states must all fit "
                   "in it at the same time."),
        "kv_cache": _t("Glossary", "KV cache: keys and values of every token seen so far, kept "
                       "per layer so generation does not recompute them. Grows with batch × "
                       "context length."),
        "gqa": _t("Glossary", "GQA (grouped-query attention): several query heads share one "
                  "key/value head, which shrinks the KV cache by that factor."),
        "lora_rank": _t("Glossary", "LoRA rank r: size of the small trainable adapter matrices. "
                        "Higher rank = more trainable parameters and slightly more memory; 8–64 "
                        "is typical."),
        "qlora": _t("Glossary", "QLoRA / NF4: the frozen base model is stored in 4-bit "
                    "NormalFloat (about 0.52 bytes per weight) while LoRA adapters train in 16/32 "
                    "bit. Roughly 4× less weight memory than bf16."),
        "grad_ckpt": _t("Glossary", "Gradient checkpointing: keep only a few activations and "
                        "recompute the rest in the backward pass. Saves most activation memory "
                        "for about 20–30% more compute."),
        "zero": _t("Glossary", "ZeRO / FSDP: shard optimizer states (stage 1), gradients (stage "
                   "2) and parameters (stage 3 / FSDP) across the GPUs so each holds only a "
                   "slice."),
        "mfu": _t("Glossary", "MFU (model FLOPs utilization): the share of the GPU's peak "
                  "tensor FLOPS a training run really achieves; 30–50% is typical."),
        "headroom": _t("Glossary", "Headroom: memory left free on each GPU after the estimated "
                       "peak. Keep a few GiB for fragmentation and framework variance."),
        "batch": _t("Glossary", "Batch: sequences processed together per step. Memory for "
                    "activations and the KV cache grows linearly with it."),
        "seq_len": _t("Glossary", "Sequence length: tokens per training example (or context "
                      "length for inference)."),
        "optimizer": _t("Glossary", "Optimizer: AdamW keeps two fp32 states per trainable "
                        "parameter (8 bytes); 8-bit AdamW keeps them in 2 bytes."),
        "engine": _t("Glossary", "Inference engine: transformers generate(), vLLM (pre-allocates "
                     "a KV pool, gpu_memory_utilization) or llama.cpp (GGUF, can offload layers "
                     "to CPU)."),
        "spot": _t("Glossary", "Spot / preemptible: much cheaper, but the provider can stop the "
                   "machine; use checkpoints."),
        "weights_dtype": _t("Glossary", "Weight format: bytes per parameter. fp32 4, bf16/fp16 "
                            "2, fp8/int8 1, NF4/int4 about 0.5, GGUF Q4_K_M about 0.6."),
    }
