"""Translatable display names and glossary tooltips (one literal per string, for lupdate)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

translate = QCoreApplication.translate


def task_names() -> dict[str, str]:
    """Task id → short display name with a mnemonic."""
    return {
        "inference": translate("Tasks", "&Inference (serve or chat with a model)"),
        "lora": translate("Tasks", "&LoRA fine-tuning (16-bit base, small adapters)"),
        "qlora": translate("Tasks", "&QLoRA fine-tuning (4-bit NF4 base, adapters)"),
        "full_ft": translate("Tasks", "F&ull fine-tuning (all weights trained)"),
        "pretrain": translate("Tasks", "&Pre-training (from scratch on many tokens)"),
        "image_gen": translate("Tasks", "I&mage generation (diffusion models)"),
        "diffusion_lora": translate("Tasks", "&Diffusion LoRA / DreamBooth fine-tuning (SD 1.5, SDXL, FLUX)"),
    }


def task_short(task: str) -> str:
    """Task id → short name for summaries."""
    return {
        "inference": translate("Tasks", "Inference"),
        "lora": translate("Tasks", "LoRA"),
        "qlora": translate("Tasks", "QLoRA"),
        "full_ft": translate("Tasks", "Full fine-tune"),
        "pretrain": translate("Tasks", "Pre-training"),
        "image_gen": translate("Tasks", "Image generation"),
        "diffusion_lora": translate("Tasks", "Diffusion LoRA"),
        "decode_ceiling": translate("Tasks", "Decode ceiling"),
    }.get(task, task)


def component_label(component: str) -> str:
    """Memory component → translated name (core's English label as fallback)."""
    names = {
        "weights": translate("Components", "Weights"),
        "kv_cache": translate("Components", "KV cache"),
        "activations": translate("Components", "Activations"),
        "logits": translate("Components", "Logits / loss (fp32)"),
        "gradients": translate("Components", "Gradients"),
        "optimizer": translate("Components", "Optimizer states"),
        "adapters": translate("Components", "LoRA adapters"),
        "quant_workspace": translate("Components", "Dequantization workspace"),
        "optimizer_temp": translate("Components", "Optimizer-step temporaries"),
        "engine_reserve": translate("Components", "Engine reserve"),
        "allocator_overhead": translate("Components", "Allocator overhead"),
        "cuda_context": translate("Components", "CUDA context"),
    }
    from ...core.results import COMPONENT_LABELS  # not at import: the first page needs no core

    return names.get(component, COMPONENT_LABELS.get(component, component))


def goal_names() -> dict[str, str]:
    """Ranking goal → display name."""
    return {
        "cheapest": translate("Goals", "Lowest total cost"),
        "fastest": translate("Goals", "Fastest finish within budget"),
        "value": translate("Goals", "Best cost per token"),
        "headroom": translate("Goals", "Most memory headroom"),
    }


def pricing_names() -> dict[str, str]:
    """Pricing type → display name."""
    return {
        "on_demand": translate("Pricing", "On-demand"),
        "spot": translate("Pricing", "Spot / preemptible"),
        "reserved_1y": translate("Pricing", "Reserved (1 year)"),
        "reserved": translate("Pricing", "Reserved"),
        "capacity_block": translate("Pricing", "Capacity block"),
        "marketplace": translate("Pricing", "Marketplace"),
        "monthly": translate("Pricing", "Monthly subscription"),
        "yearly": translate("Pricing", "Yearly subscription"),
        "owned": translate("Pricing", "Owned hardware"),
    }


def label_name(label: str) -> str:
    """Option label from core (cheapest, fastest, best value …) → display text."""
    names = {
        "cheapest": translate("Labels", "Cheapest"),
        "fastest": translate("Labels", "Fastest"),
        "best_value": translate("Labels", "Best value"),
        "best value": translate("Labels", "Best value"),
        "value": translate("Labels", "Best value"),
        "most_headroom": translate("Labels", "Most headroom"),
        "most headroom": translate("Labels", "Most headroom"),
        "headroom": translate("Labels", "Most headroom"),
        "preferred": translate("Labels", "Your GPU"),
    }
    return names.get(label.lower(), label)


def glossary() -> dict[str, str]:
    """Term → tooltip explaining it in one or two sentences."""
    return {
        "vram": translate(
            "Glossary",
            "VRAM: the GPU's own memory. The model weights, the KV cache, "
            "activations and (for training) gradients and optimizer states must all fit "
            "in it at the same time.",
        ),
        "kv_cache": translate(
            "Glossary",
            "KV cache: keys and values of every token seen so far, kept "
            "per layer so generation does not recompute them. Grows with batch × "
            "context length.",
        ),
        "gqa": translate(
            "Glossary",
            "GQA (grouped-query attention): several query heads share one "
            "key/value head, which shrinks the KV cache by that factor.",
        ),
        "lora_rank": translate(
            "Glossary",
            "LoRA rank r: size of the small trainable adapter matrices. "
            "Higher rank = more trainable parameters and slightly more memory; 8–64 "
            "is typical.",
        ),
        "qlora": translate(
            "Glossary",
            "QLoRA / NF4: the frozen base model is stored in 4-bit "
            "NormalFloat (about 0.52 bytes per weight) while LoRA adapters train in 16/32 "
            "bit. Roughly 4× less weight memory than bf16.",
        ),
        "grad_ckpt": translate(
            "Glossary",
            "Gradient checkpointing: keep only a few activations and "
            "recompute the rest in the backward pass. Saves most activation memory "
            "for about 20–30% more compute.",
        ),
        "zero": translate(
            "Glossary",
            "ZeRO / FSDP: shard optimizer states (stage 1), gradients (stage "
            "2) and parameters (stage 3 / FSDP) across the GPUs so each holds only a "
            "slice.",
        ),
        "mfu": translate(
            "Glossary",
            "MFU (model FLOPs utilization): the share of the GPU's peak "
            "tensor FLOPS a training run really achieves; 30–50% is typical.",
        ),
        "headroom": translate(
            "Glossary",
            "Headroom: memory left free on each GPU after the estimated "
            "peak. Keep a few GiB for fragmentation and framework variance.",
        ),
        "batch": translate(
            "Glossary",
            "Batch: sequences processed together per step. Memory for "
            "activations and the KV cache grows linearly with it.",
        ),
        "seq_len": translate(
            "Glossary", "Sequence length: tokens per training example (or context length for inference)."
        ),
        "optimizer": translate(
            "Glossary",
            "Optimizer: AdamW keeps two fp32 states per trainable "
            "parameter (8 bytes); 8-bit AdamW keeps them in 2 bytes.",
        ),
        "engine": translate(
            "Glossary",
            "Inference engine: transformers generate(), vLLM (pre-allocates "
            "a KV pool, gpu_memory_utilization) or llama.cpp (GGUF, can offload layers "
            "to CPU).",
        ),
        "spot": translate(
            "Glossary",
            "Spot / preemptible: much cheaper, but the provider can stop the machine; use checkpoints.",
        ),
        "weights_dtype": translate(
            "Glossary",
            "Weight format: bytes per parameter. fp32 4, bf16/fp16 "
            "2, fp8/int8 1, NF4/int4 about 0.5, GGUF Q4_K_M about 0.6.",
        ),
    }
