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
    # option reasons (recommend._fit_and_speed, _limit_why, _limit_and_reason, _build_options)
    QT_TRANSLATE_NOOP("CoreText", "Fits: {used} of {cap} GiB per GPU ({headroom} headroom)"),
    QT_TRANSLATE_NOOP("CoreText", "Fits: {used} of {cap} GiB per GPU ({headroom} headroom) — tight, VRAM is nearly the limit"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Does not fit: needs {used} GiB per GPU, the {gpu} has {cap} GiB — VRAM is the limit"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Does not fit: needs {used} GiB per GPU, the {gpu} has {cap} GiB — VRAM is the limit even split over {n} GPUs"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "use more GPUs, a bigger card or lower precision"),
    QT_TRANSLATE_NOOP("CoreText", "{rate} training tokens/s"),
    QT_TRANSLATE_NOOP("CoreText", "{seconds} s per image"),
    QT_TRANSLATE_NOOP("CoreText", "{rate} tokens/s per sequence"),
    QT_TRANSLATE_NOOP("CoreText", "{rate} tokens/s per sequence ({aggregate} aggregate)"),
    QT_TRANSLATE_NOOP("CoreText", "{rate} tokens/s per sequence ({aggregate} aggregate per replica)"),
    QT_TRANSLATE_NOOP("CoreText", "memory bandwidth ({bandwidth} GB/s) limits decode"),
    QT_TRANSLATE_NOOP("CoreText", "compute ({tflops} dense TFLOPS) limits speed"),
    QT_TRANSLATE_NOOP("CoreText", "the {link} link between GPUs limits speed"),
    QT_TRANSLATE_NOOP("CoreText", "the {framework} engine's per-step overhead, not the GPU, limits speed"),
    QT_TRANSLATE_NOOP("CoreText", "layers offloaded to system RAM limit speed"),
    # issue 18: non-CUDA stacks (core.accelerators)
    QT_TRANSLATE_NOOP("CoreText", "No part holds this job in one node of 8: options of 16–64 GPUs over InfiniBand/RoCE added, each with its scaling cost"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{n} GPUs on {nodes} nodes of {per} over {net}: each GPU runs at {share} of its speed within one node (scaling cost)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{n} GPUs on {nodes} nodes of {per} over {net}"),
    QT_TRANSLATE_NOOP("CoreText", "LMDeploy TurboMind, tensor parallel {tp}, cache_max_entry_count {frac}"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{engine} on Ascend: KV pool sized with vLLM's model (no measurement of this engine is modelled: {range})"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{accelerator}: no CUDA; the estimate stands for {stack} with {engines} (not measured here: {range})"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{vendor} accelerator: no CUDA and no modelled software stack; the estimate is CUDA-like (not measured here: {range})"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Ascend NPU"),
    QT_TRANSLATE_NOOP("CoreText", "AMD GPU"),
    QT_TRANSLATE_NOOP("CoreText", "Intel Gaudi"),
    QT_TRANSLATE_NOOP("CoreText", "Intel Arc GPU"),
    QT_TRANSLATE_NOOP("CoreText", "Apple silicon"),
    QT_TRANSLATE_NOOP("CoreText", "{n} cards over {link}: its bandwidth is not in the catalog, the all-reduce is estimated at PCIe speed (a lower bound)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{gpus}: not offered for multi-GPU training (one unified-memory machine, no collective-communication fabric); single-machine options only"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Non-NVIDIA"),
    QT_TRANSLATE_NOOP("CoreText", "NVIDIA (third-party modified)"),
    QT_TRANSLATE_NOOP("CoreText", "FSDP/ZeRO-3 shards weights, gradients and optimizer states over {n} GPUs"),
    QT_TRANSLATE_NOOP("CoreText", "each of the {n} GPUs renders its own images"),
    QT_TRANSLATE_NOOP("CoreText", "{n} cards over PCIe without NVLink: the all-reduce between GPUs costs speed"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{replicas} replicas needed for {rpm} requests/min"),
    QT_TRANSLATE_NOOP("CoreText", "{per_hour}/h"),
    QT_TRANSLATE_NOOP("CoreText", "{per_hour}/h × {hours} h = {total}"),
    QT_TRANSLATE_NOOP("CoreText", "{per_hour}/h = {per_month}/month"),
    QT_TRANSLATE_NOOP("CoreText", "no price in the catalog"),
    QT_TRANSLATE_NOOP("CoreText", "no price in the catalog to check against the budget"),
    QT_TRANSLATE_NOOP("CoreText", "over the {cap}/h cap"),
    QT_TRANSLATE_NOOP("CoreText", "over the {budget} budget"),
    QT_TRANSLATE_NOOP("CoreText", "misses the {deadline} h deadline"),
    QT_TRANSLATE_NOOP("CoreText", "Consumer cards have no NVLink: gradient and parameter exchange go over PCIe"),  # noqa: E501
    # price kinds and trust marks (core.price_kind), owned hardware (core.owned),
    # calibration on the user's runs (core.calibration)
    QT_TRANSLATE_NOOP("CoreText", "Price marked {flag}: {why}"),
    QT_TRANSLATE_NOOP("CoreText", "low-trust"),
    QT_TRANSLATE_NOOP("CoreText", "stale"),
    QT_TRANSLATE_NOOP("CoreText", "observed {observed}, over {months} months ago"),
    QT_TRANSLATE_NOOP("CoreText", "observed date unknown"),
    QT_TRANSLATE_NOOP("CoreText", "its source says: {marker}"),
    QT_TRANSLATE_NOOP("CoreText", "a figure quoted in a guide, no provider named"),
    QT_TRANSLATE_NOOP("CoreText", "The top pick rests on a {flag} price ({provider}, {kind}, observed {observed}: {why})"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "check it before relying on it"),
    QT_TRANSLATE_NOOP("CoreText", "The best option with an unflagged price is #{rank} ({n} × {gpu}, {provider}, {per_hour}/h)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "provider list price"),
    QT_TRANSLATE_NOOP("CoreText", "marketplace listing"),
    QT_TRANSLATE_NOOP("CoreText", "scraped aggregate"),
    QT_TRANSLATE_NOOP("CoreText", "quoted in a guide"),
    QT_TRANSLATE_NOOP("CoreText", "your own price"),
    QT_TRANSLATE_NOOP("CoreText", "your own hardware"),
    QT_TRANSLATE_NOOP("CoreText", "Break-even vs the best rental ({n} × {gpu}, {provider}, {per_hour}/h): {months} months at {share} use"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Break-even vs the best rental ({n} × {gpu}, {provider}, {per_hour}/h): never (the rental costs less than the power bill)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "owned {gpu_id}: give its power draw in W (the catalog has no TDP)"),
    QT_TRANSLATE_NOOP("CoreText", "owned {gpu_id}: the GPU is not in the catalog, left out"),
    QT_TRANSLATE_NOOP("CoreText", "Calibrated on your {n} run (memory ×{mf}, error {mb} → {ma})"),
    QT_TRANSLATE_NOOP("CoreText", "Calibrated on your {n} runs (memory ×{mf}, error {mb} → {ma})"),
    QT_TRANSLATE_NOOP("CoreText", "Calibrated on your {n} run (speed ×{sf}, error {sb} → {sa})"),
    QT_TRANSLATE_NOOP("CoreText", "Calibrated on your {n} runs (speed ×{sf}, error {sb} → {sa})"),
    QT_TRANSLATE_NOOP("CoreText", "Calibrated on your {n} run (memory ×{mf}, error {mb} → {ma}, speed ×{sf}, error {sb} → {sa})"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Calibrated on your {n} runs (memory ×{mf}, error {mb} → {ma}, speed ×{sf}, error {sb} → {sa})"),  # noqa: E501
    # recommendation notes
    QT_TRANSLATE_NOOP("CoreText", "Prices converted to USD before ranking: {conversions}"),
    QT_TRANSLATE_NOOP("CoreText", "1 USD = {rate} {currency}"),
    QT_TRANSLATE_NOOP("CoreText", "1 USD = {rate} {currency} (default rate)"),
    # issue 18: region filter (core.providers.region_notes)
    QT_TRANSLATE_NOOP("CoreText", "The seed guide prices {n} × {gpu} at {price}/h × {hours} h = {total}; at {provider} today: {price2}/h × {hours2} h = {total2}"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{kind}: billed {n} × {period} h for a {run} h run = {total}"),
    QT_TRANSLATE_NOOP("CoreText", "Monthly subscription"),
    QT_TRANSLATE_NOOP("CoreText", "Yearly subscription"),
    QT_TRANSLATE_NOOP("CoreText", "Only offers in {where} ({region}): {n} of {total} options"),
    QT_TRANSLATE_NOOP("CoreText", "No offer in {where} fits; the cheapest elsewhere is {n} × {gpu}, {provider}, {per_hour}/h"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Cheaper outside {where}: {n} × {gpu}, {provider}, {price} against {here} here"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "China"),
    QT_TRANSLATE_NOOP("CoreText", "the United States"),
    QT_TRANSLATE_NOOP("CoreText", "the EU"),
    QT_TRANSLATE_NOOP("CoreText", "Every price offer: the {k} cheapest providers per GPU, pricing and instance size are ranked"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{dropped} dearer offers left out"),
    QT_TRANSLATE_NOOP("CoreText", "No single GPU fits: the job needs {need} GiB on one GPU, the largest card ({gpu}) has {cap} GiB"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "It needs several GPUs (or lower precision)"),
    QT_TRANSLATE_NOOP("CoreText", "No option fits in memory"),
    QT_TRANSLATE_NOOP("CoreText", "see the advice for changes that would"),
    QT_TRANSLATE_NOOP("CoreText", "In {dtype} the model does not fit a 24 GB card"),
    QT_TRANSLATE_NOOP("CoreText", "guides that quote speeds for such cards assume 8- or 4-bit quantized weights"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Agrees with the seed guide's rule of thumb for {scenario}: {gpu} ({why})"),
    QT_TRANSLATE_NOOP("CoreText", "The buying guide's rule of thumb suggests {ids} for {scenario} ({why})"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "with these prices and speeds its best option ranks #{rank} ({n} GPU, {verdict})"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "It costs {cost}× the top pick and runs at {speed}× its speed ({n} × {gpu}, {provider})"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "It costs {cost}× the top pick ({n} × {gpu}, {provider})"),
    QT_TRANSLATE_NOOP("CoreText", "large-model training (70B+)"),
    QT_TRANSLATE_NOOP("CoreText", "LLM training (7B–70B)"),
    QT_TRANSLATE_NOOP("CoreText", "fine-tuning / LoRA"),
    QT_TRANSLATE_NOOP("CoreText", "inference"),
    QT_TRANSLATE_NOOP("CoreText", "development / testing"),
    QT_TRANSLATE_NOOP("CoreText", "most memory and speed"),
    QT_TRANSLATE_NOOP("CoreText", "best balance of cost and performance"),
    QT_TRANSLATE_NOOP("CoreText", "24 GB, good value"),
    QT_TRANSLATE_NOOP("CoreText", "high throughput at a fair price"),
    QT_TRANSLATE_NOOP("CoreText", "lowest cost, enough VRAM"),
    QT_TRANSLATE_NOOP("CoreText", "fits"),
    QT_TRANSLATE_NOOP("CoreText", "does not fit"),
    QT_TRANSLATE_NOOP("CoreText", "no price"),
    QT_TRANSLATE_NOOP("CoreText", "{hours} h on {n} × {gpu} ≈ {mtokens} M training tokens at the estimated speed"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "other options' hours follow from their own speed"),
    QT_TRANSLATE_NOOP("CoreText", "For pre-training from scratch that is {share} of the ≈{btokens} B tokens a compute-optimal run needs (20 tokens per parameter, Hoffmann et al. 2022): enough for a small experiment, not a finished model"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{gpu_id} × {n}: not estimated ({error})"),
    QT_TRANSLATE_NOOP("CoreText", "no exchange rate for {currency}"),
    QT_TRANSLATE_NOOP("CoreText", "set one (1 USD = … {currency}) with `gpupicker catalog fx set` or in the exchange-rate dialog"),  # noqa: E501
    # errors (live estimate, results page)
    QT_TRANSLATE_NOOP("CoreText", "model {model} is not resolved"),
    QT_TRANSLATE_NOOP("CoreText", "look it up in the catalog first"),
    QT_TRANSLATE_NOOP("CoreText", "image generation needs a diffusion model (UNet/DiT)"),
    QT_TRANSLATE_NOOP("CoreText", "{label} is a language model"),
    QT_TRANSLATE_NOOP("CoreText", "{label} is a diffusion model: choose the image-generation task (task 'image_gen')"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{label} is a diffusion model: choose diffusion LoRA fine-tuning (task 'diffusion_lora')"),  # noqa: E501
    # engines on hardware they have no backend for (core.checks, QA F26)
    QT_TRANSLATE_NOOP("CoreText", "{engine} does not run on the {gpu} ({platform}): it runs on {platforms}"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "bitsandbytes {dtype} has no {platform} backend, so it does not run on the {gpu}: use GGUF with llama.cpp or MLX instead"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "bitsandbytes {dtype} has no {platform} backend, so it does not run on the {gpu}: use GGUF with llama.cpp instead"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{n} GPU type(s) left out: {why}"),
    QT_TRANSLATE_NOOP("CoreText", "QLoRA needs 4-bit or 8-bit base weights (weights_dtype 'nf4' or 'int8')"),
    QT_TRANSLATE_NOOP("CoreText", "model has neither an architecture nor a parameter count"),
    # context windows, engine × weights-format warnings, diffusion (the advisor's texts are
    # Messages now: core/messages.py)
    QT_TRANSLATE_NOOP("CoreText", "{what} exceed the context window of {model} (max_position_embeddings {limit}): positions beyond it were never trained and give garbage unless RoPE scaling (YaRN) is configured"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{what} exceeds the context window of {model} (max_position_embeddings {limit}): train with RoPE scaling configured or shorter sequences"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{fw} runs GGUF files only: {dt} is not a GGUF type, so the estimate uses Q4_K_M for 4-bit and Q8_0 for 8-bit weights; convert the model to GGUF"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{fw} with GGUF weights ({dt}) is not modelled (vLLM's GGUF loader is experimental, the others have none): memory is the server's, speed is llama.cpp's; use AWQ/GPTQ/FP8 weights with this server or llama.cpp for GGUF"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "FP8 weights with Hugging Face transformers need FP8 tensor cores (compute capability 8.9+: Ada, Hopper, Blackwell); the {gpu} has none: use int8 (bitsandbytes) here, or vLLM, whose Marlin kernels run FP8 weights on Ampere"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Does not fit: needs {used} GiB per GPU, the {gpu} has {cap} GiB — VRAM is the limit on each of the {n} GPUs (each GPU holds the whole pipeline)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Only sequential CPU offload ({x}× slower per step) fits at {dtype}; {alt} denoiser weights fit in {gib} GiB at about {s} s per image"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "data-parallel training: each of the {n} GPUs trains on its own images and the LoRA gradients are all-reduced"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{s} s per training image (all GPUs together)"),  # noqa: E501
    # "none": core/report.py's fit table still writes it as plain text
    QT_TRANSLATE_NOOP("CoreText", "none"),
    # assumptions (tooltips): cost
    QT_TRANSLATE_NOOP("CoreText", "{n} × {price} per GPU-hour = {per_hour}/h"),
    QT_TRANSLATE_NOOP("CoreText", "Spot: +{extra} redone work and restarts (one interruption per {mtbi} h, checkpoints every {interval} h) → {hours} h"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Serving {hours} h per month"),
    QT_TRANSLATE_NOOP("CoreText", "{hours} h used per month"),
    QT_TRANSLATE_NOOP("CoreText", "power {watts} W × {utilization} at ${price}/kWh"),
    QT_TRANSLATE_NOOP("CoreText", "no resale value"),
    QT_TRANSLATE_NOOP("CoreText", "GPU energy {kwh} kWh ({watts} W × {share} × {n} GPUs)"),
    QT_TRANSLATE_NOOP("CoreText", "{kwh} kWh per 1M tokens"),
    # assumptions: throughput
    QT_TRANSLATE_NOOP("CoreText", "Engine: {engine}"),
    QT_TRANSLATE_NOOP("CoreText", "{eta} of peak memory bandwidth ({bandwidth} GB/s) for {dtype} weights"),
    QT_TRANSLATE_NOOP("CoreText", "Decode reads {weights} GB of weights per step"),
    QT_TRANSLATE_NOOP("CoreText", "Decode reads {weights} GB of weights + {kv} GB of KV cache per step"),
    QT_TRANSLATE_NOOP("CoreText", "Decode reads {weights} GB of weights per step, split over {n} GPUs (tensor parallel over {link})"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Decode reads {weights} GB of weights + {kv} GB of KV cache per step, split over {n} GPUs (tensor parallel over {link})"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{n} GPUs hold different layers in turn: more memory, no more speed"),
    QT_TRANSLATE_NOOP("CoreText", "Fixed engine overhead {ms} ms per step"),
    QT_TRANSLATE_NOOP("CoreText", "decode GEMMs at {share} of dense peak"),
    QT_TRANSLATE_NOOP("CoreText", "Calibration: {source}"),
    QT_TRANSLATE_NOOP("CoreText", "{dtype} dequantization adds {ms} ms per step"),
    QT_TRANSLATE_NOOP("CoreText", "{gflop} GFLOP per token ({formula} + attention) at MFU {mfu} of {tflops} TFLOPS dense"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Framework {framework}: eager PyTorch with {ms} ms host overhead per step (H200 cases)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Data-parallel scaling efficiency {share} over {link}"),
    QT_TRANSLATE_NOOP("CoreText", "No TFLOPS figure for {gpu} in the catalog: assumed {tflops} TFLOPS from its memory bandwidth"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "enter the real figure in the catalog for a better estimate"),
    QT_TRANSLATE_NOOP("CoreText", "Framework {framework}: optimized stack (llm-foundry MPT benchmarks)"),
    QT_TRANSLATE_NOOP("CoreText", "{net} between {nodes} nodes"),
    QT_TRANSLATE_NOOP("CoreText", "Ethernet"),
    QT_TRANSLATE_NOOP("CoreText", "{tflop} TFLOP per denoising step ({denoiser}) × {steps} steps at {share} of {tflops} TFLOPS"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "+0.1 s text encoder/VAE"),
    QT_TRANSLATE_NOOP("CoreText", "Several GPUs generate different images in parallel"),
    QT_TRANSLATE_NOOP("CoreText", "{layers}/{total} layers on the GPU"),
    QT_TRANSLATE_NOOP("CoreText", "the rest run from system RAM at ≈50 GB/s"),
    # assumptions: memory, engines, training, diffusion
    QT_TRANSLATE_NOOP("CoreText", "Weights only: one batch-1 decode pass"),
    QT_TRANSLATE_NOOP("CoreText", "Hugging Face transformers generate() with a growing DynamicCache"),
    QT_TRANSLATE_NOOP("CoreText", "KV cache in {dtype} for {batch} × {tokens} tokens"),
    QT_TRANSLATE_NOOP("CoreText", "Caching-allocator reserve calibrated on H200 measurements"),
    QT_TRANSLATE_NOOP("CoreText", "Only the parameter count is known: layer sizes assumed Llama-like (hidden {hidden}, {layers} layers, no GQA)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Enter the model's config.json for exact KV-cache and activation sizes"),
    QT_TRANSLATE_NOOP("CoreText", "vLLM, tensor parallel {tp}, gpu_memory_utilization {utilization}"),
    QT_TRANSLATE_NOOP("CoreText", "KV cache in {dtype}, {block}-token blocks"),
    QT_TRANSLATE_NOOP("CoreText", "KV pool {gib} GiB = {blocks} blocks"),
    QT_TRANSLATE_NOOP("CoreText", "{seqs} concurrent sequences of {tokens} tokens"),
    QT_TRANSLATE_NOOP("CoreText", "The KV pool cannot hold one sequence at this utilization: vLLM would refuse to start"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "No GPU given: KV sized for the batch"),
    QT_TRANSLATE_NOOP("CoreText", "llama.cpp, {dtype} weights, n_ctx {ctx} with {kv} KV allocated at load"),
    QT_TRANSLATE_NOOP("CoreText", "Token embeddings stay in host RAM"),
    QT_TRANSLATE_NOOP("CoreText", "compute buffer ≈ n_ubatch × n_vocab fp32 logits"),
    QT_TRANSLATE_NOOP("CoreText", "Only {layers} of {total} layers fit on the GPU (-ngl {ngl})"),
    QT_TRANSLATE_NOOP("CoreText", "the rest run on the CPU, several times slower"),
    QT_TRANSLATE_NOOP("CoreText", "Adapters train in {dtype} with {optimizer}"),
    QT_TRANSLATE_NOOP("CoreText", "the base model is frozen"),
    QT_TRANSLATE_NOOP("CoreText", "AdamW (2 states)"),
    QT_TRANSLATE_NOOP("CoreText", "SGD with momentum (1 state)"),
    QT_TRANSLATE_NOOP("CoreText", "Lion (1 state)"),
    QT_TRANSLATE_NOOP("CoreText", "Adafactor (factored second moments)"),
    QT_TRANSLATE_NOOP("CoreText", "paged 8-bit AdamW (2 bytes of state)"),
    QT_TRANSLATE_NOOP("CoreText", "Mixed precision with fp32 master weights ({framework}): 2 + 2 + 12 = 16 bytes per parameter (ZeRO paper)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "fp32 parameters and gradients with {optimizer} in fp32 (4 + 4 + 8 bytes per parameter)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Pure {dtype} training: parameters, gradients and {optimizer} in {dtype2} (2 + 2 + 4 bytes per parameter with AdamW)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "choose framework 'deepspeed' or 'fsdp' for fp32 master weights (16 bytes per parameter)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Peak at the loss: saved activations and fp32 logits are alive"),
    QT_TRANSLATE_NOOP("CoreText", "Peak at the end of backward: all gradients plus one layer's activations"),
    QT_TRANSLATE_NOOP("CoreText", "Peak at the optimizer step: gradients, states and optimizer temporaries"),
    QT_TRANSLATE_NOOP("CoreText", "{task} with {optimizer_id}"),
    QT_TRANSLATE_NOOP("CoreText", "micro-batch {batch} × {tokens} tokens"),
    QT_TRANSLATE_NOOP("CoreText", "gradient checkpointing"),
    QT_TRANSLATE_NOOP("CoreText", "no gradient checkpointing"),
    QT_TRANSLATE_NOOP("CoreText", "Weights include autocast's bf16 copies of the fp32 parameters"),
    QT_TRANSLATE_NOOP("CoreText", "diffusers {family} pipeline at {width}×{height}, {batch} image(s) per call"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "diffusers {family} pipeline at {width}×{height}, {batch} image(s) per call, classifier-free guidance"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Peak at the denoiser"),
    QT_TRANSLATE_NOOP("CoreText", "Peak at the VAE decode"),
    QT_TRANSLATE_NOOP("CoreText", "Peak at the denoiser (VAE slicing on)"),
    QT_TRANSLATE_NOOP("CoreText", "Peak at the VAE decode (VAE slicing on)"),
    # training frameworks, sustained rates and diffusion (issue 13)
    QT_TRANSLATE_NOOP("CoreText", "{ms} ms per denoising step × {steps} steps, {images} image(s) per call"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{seconds} s per training step of {images} image(s)"),
    QT_TRANSLATE_NOOP("CoreText", "{tflop} TFLOP per step for the {family} denoiser at {eta} of {tflops} sustained TFLOPS, plus {fixed} ms fixed per step (diffusers benchmark table, C59)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{tflop} TFLOP per step for the {family} denoiser with classifier-free guidance at {eta} of {tflops} sustained TFLOPS, plus {fixed} ms fixed per step (diffusers benchmark table, C59)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Range {lo}–{hi} s per image (host CPU, attention kernel and compile not known)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Memory options applied: {options}"),
    QT_TRANSLATE_NOOP("CoreText", "memory options: {options}"),
    QT_TRANSLATE_NOOP("CoreText", "no memory options"),
    QT_TRANSLATE_NOOP("CoreText", "VAE tiling + slicing"),
    QT_TRANSLATE_NOOP("CoreText", "VAE slicing"),
    QT_TRANSLATE_NOOP("CoreText", "attention slicing"),
    QT_TRANSLATE_NOOP("CoreText", "model CPU offload"),
    QT_TRANSLATE_NOOP("CoreText", "sequential CPU offload"),
    QT_TRANSLATE_NOOP("CoreText", "Range {lo}–{hi} GiB (working-set constants from one published SDXL case, C59)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "LoRA training step: {images} image(s) at {res}², frozen denoiser, about {m} M LoRA parameters with AdamW"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "peft prepare_model_for_kbit_training: embeddings, lm_head and norms in fp32, fp32 residual stream"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Framework profile: {framework} (full fp32 logits at the loss)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Framework profile: {framework} (fused/chunked cross-entropy)"),
    QT_TRANSLATE_NOOP("CoreText", "{framework} offloads the checkpointed layer inputs to CPU RAM: {gib} GiB of host memory"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Framework {framework}: optimized stack, MFU × {factor} of llm-foundry's"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{framework} is {factor}× faster than HF Trainer on the same job (its published benchmarks)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Range {lo}–{hi} training tokens/s (published torchtitan and llm-foundry tables: within −20 % to +25 %)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Range {lo}–{hi} GiB (measured H200 cases of this framework: within ±3 %)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "Range {lo}–{hi} GiB (framework profile from its published figures: ±15 %)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "training framework {name} is not modelled; choose one of {choices}"),  # noqa: E501
    # issue 12: engine speed profiles, sustained GPU factors, vLLM pool sizing, serving
    QT_TRANSLATE_NOOP("CoreText", "SGLang, tensor parallel {tp}, mem_fraction_static {frac}"),
    QT_TRANSLATE_NOOP("CoreText", "TensorRT-LLM, tensor parallel {tp}, kv_cache_free_gpu_mem_fraction {frac}"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "KV pool {gib} GiB ({tokens} tokens)"),
    QT_TRANSLATE_NOOP("CoreText", "{engine} would refuse to start: no memory is left for the KV pool"),
    QT_TRANSLATE_NOOP("CoreText", "compute buffer ≈ n_ubatch × n_vocab fp32 logits or the n_ubatch × n_ctx attention scores without flash attention"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "{dtype} is not a GGUF type: sized as Q4_K_M"),
    QT_TRANSLATE_NOOP("CoreText", "Ollama: n_ctx is num_ctx × OLLAMA_NUM_PARALLEL"),
    QT_TRANSLATE_NOOP("CoreText", "its default num_ctx is smaller than long prompts need, set num_ctx to the context"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "llama.cpp refuses a {dtype} KV cache without flash attention (-fa)"),
    QT_TRANSLATE_NOOP("CoreText", "Fixed engine time {ms} ms per step"),
    QT_TRANSLATE_NOOP("CoreText", "Fixed engine time {ms} ms per step (host launches {host} ms)"),
    QT_TRANSLATE_NOOP("CoreText", "decode GEMMs at {share} of sustained tensor peak"),
    QT_TRANSLATE_NOOP("CoreText", "Expected within ±{pct} % of measured speed"),
    QT_TRANSLATE_NOOP("CoreText", "{gpu}: {tflops} TFLOPS from its GPU core count (128 FP32 ALUs per Apple GPU core)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "FP16-accumulate GEMMs run at twice the listed GeForce rate"),
    QT_TRANSLATE_NOOP("CoreText", "Power-limited part ({watts} W): tensor throughput {share} of the datasheet figure"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "ECC on GDDR: {share} of datasheet bandwidth"),
    QT_TRANSLATE_NOOP("CoreText", "ROCm GEMMs at {share} of CUDA efficiency"),
    QT_TRANSLATE_NOOP("CoreText", "GGUF weights: speed of llama.cpp assumed (framework {framework} is not modelled for GGUF files)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "vLLM, tensor parallel {tp}, gpu_memory_utilization {utilization}, max_num_seqs {seqs}, max_num_batched_tokens {tokens}"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "max_model_len {tokens}"),
    QT_TRANSLATE_NOOP("CoreText", "Capacity seen by PyTorch {gib} GiB"),
    QT_TRANSLATE_NOOP("CoreText", "profile-run peak {gib} GiB (weights + {act} GiB activations)"),
    QT_TRANSLATE_NOOP("CoreText", "non-torch {gib} GiB"),
    QT_TRANSLATE_NOOP("CoreText", "CUDA graphs ≈ {gib} GiB on top"),
    QT_TRANSLATE_NOOP("CoreText", "KV pool {gib} GiB = {blocks} blocks ({tokens} tokens)"),
    QT_TRANSLATE_NOOP("CoreText", "vLLM would refuse to start: max_model_len {mml} is more than the {pool} tokens its KV pool holds"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "vLLM would refuse to start: no memory is left for KV blocks"),
    QT_TRANSLATE_NOOP("CoreText", "Serving: {b} of at most {cap} concurrent sequences per replica ({prompt} + {output} tokens each), {replicas} replica(s) of {n} GPU(s)"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "ITL {ms} ms with interleaved prefills, TTFT {s} s"),
    QT_TRANSLATE_NOOP("CoreText", "misses the latency target"),
    QT_TRANSLATE_NOOP("CoreText", "Misses the latency target even with one sequence per replica"),
    QT_TRANSLATE_NOOP("CoreText", "Latency targets cap each replica at {n} concurrent sequences (the KV pool holds {cap})"),  # noqa: E501
    QT_TRANSLATE_NOOP("CoreText", "The engine cannot hold one request of the mix on this option"),
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
