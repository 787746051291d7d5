"""The one English template of every core message id (``gpupicker.core.messages``).

A table, one section per group of core modules: the id (``<module>.<what>``) → its English
template with ``{name}`` placeholders. Each template's zh_CN translation is in
``resources/i18n/gpupicker_zh_CN.ts`` (context ``CoreText``); changing a template without its
translation fails ``tests/core/test_messages.py``. Data only: the Message machinery is in the
package's ``__init__``.
"""

from __future__ import annotations

from collections.abc import Mapping

TEMPLATES: dict[str, str] = {}
"""Message id → the English template. Filled below, one section per core module."""


def _section(templates: Mapping[str, str]) -> None:
    clash = set(templates) & set(TEMPLATES)
    if clash:
        raise ValueError(f"message ids defined twice: {sorted(clash)}")
    TEMPLATES.update(templates)


# --- generic pieces (any module) -------------------------------------------------------------
_section({
    "text.verbatim": "{text}",
    # a workload whose model is not resolved (core.workload.Workload.unresolved_model_error)
    "workload.model_not_resolved": "model {model} is not resolved",
    "workload.look_it_up": "look it up in the catalog first",
})

# --- recommend, cost, money, price_kind, owned, providers, summary --------------------------
_section({
    # recommend: an option's reason (core/reasons.py, recommend._build_options)
    "recommend.does_not_fit":
        "Does not fit: needs {used} GiB per GPU, the {gpu} has {cap} GiB — VRAM is the limit",
    "recommend.does_not_fit.split": "Does not fit: needs {used} GiB per GPU, the {gpu} has {cap} "
                                    "GiB — VRAM is the limit even split over {n} GPUs",
    "recommend.does_not_fit.pipeline": "Does not fit: needs {used} GiB per GPU, the {gpu} has "
                                       "{cap} GiB — VRAM is the limit on each of the {n} GPUs "
                                       "(each GPU holds the whole pipeline)",
    "recommend.use_more_gpus": "use more GPUs, a bigger card or lower precision",
    "recommend.fits": "Fits: {used} of {cap} GiB per GPU ({headroom} headroom)",
    "recommend.fits.tight":
        "Fits: {used} of {cap} GiB per GPU ({headroom} headroom) — tight, VRAM is nearly the limit",
    "recommend.speed.training": "{rate} training tokens/s",
    "recommend.speed.training_image": "{s} s per training image (all GPUs together)",
    "recommend.speed.image": "{seconds} s per image",
    "recommend.speed.sequence": "{rate} tokens/s per sequence",
    "recommend.speed.sequence_aggregate": "{rate} tokens/s per sequence ({aggregate} aggregate)",
    "recommend.speed.sequence_aggregate_replica":
        "{rate} tokens/s per sequence ({aggregate} aggregate per replica)",
    "recommend.limit.bandwidth": "memory bandwidth ({bandwidth} GB/s) limits decode",
    "recommend.limit.compute": "compute ({tflops} dense TFLOPS) limits speed",
    "recommend.limit.interconnect": "the {link} link between GPUs limits speed",
    "recommend.limit.engine":
        "the {framework} engine's per-step overhead, not the GPU, limits speed",
    "recommend.limit.offload": "layers offloaded to system RAM limit speed",
    "recommend.fsdp_shards":
        "FSDP/ZeRO-3 shards weights, gradients and optimizer states over {n} GPUs",
    "recommend.diffusion_lora_data_parallel": "data-parallel training: each of the {n} GPUs "
                                              "trains on its own images and the LoRA gradients "
                                              "are all-reduced",
    "recommend.images_per_gpu": "each of the {n} GPUs renders its own images",
    "recommend.fabric_without_bandwidth": "{n} cards over {link}: its bandwidth is not in the "
                                          "catalog, the all-reduce is estimated at PCIe speed "
                                          "(a lower bound)",
    "recommend.pcie_all_reduce":
        "{n} cards over PCIe without NVLink: the all-reduce between GPUs costs speed",
    "recommend.replicas": "{replicas} replicas needed for {rpm} requests/min",
    "recommend.price.per_hour": "{per_hour}/h",
    "recommend.price.total": "{per_hour}/h × {hours} h = {total}",
    "recommend.price.per_month": "{per_hour}/h = {per_month}/month",
    "recommend.no_price": "no price in the catalog",
    "recommend.miss.no_price": "no price in the catalog to check against the budget",
    "recommend.miss.cap": "over the {cap}/h cap",
    "recommend.miss.budget": "over the {budget} budget",
    "recommend.miss.latency": "misses the latency target",
    "recommend.miss.deadline": "misses the {deadline} h deadline",
    "recommend.consumer_no_nvlink":
        "Consumer cards have no NVLink: gradient and parameter exchange go over PCIe",
    "recommend.price_marked": "Price marked {flag}: {why}",
    "recommend.scaling": "{n} GPUs on {nodes} nodes of {per} over {net}",
    "recommend.scaling.cost": "{n} GPUs on {nodes} nodes of {per} over {net}: each GPU runs at "
                              "{share} of its speed within one node (scaling cost)",
    # recommend: notes and errors
    "recommend.fx_rate": "1 USD = {rate} {currency}",
    "recommend.fx_rate.default": "1 USD = {rate} {currency} (default rate)",
    "recommend.prices_converted": "Prices converted to USD before ranking: {conversions}",
    "recommend.offers_capped": "Every price offer: the {k} cheapest providers per GPU, pricing "
                               "and instance size are ranked",
    "recommend.offers_dropped": "{dropped} dearer offers left out",
    "recommend.unknown_goal": "unknown goal {goal}; choose one of {goals}",
    "recommend.gpu_types_left_out": "{n} GPU type(s) left out: {why}",
    "recommend.owned_not_in_catalog": "owned {gpu_id}: the GPU is not in the catalog, left out",
    "recommend.not_estimated": "{gpu} × {n}: not estimated ({error})",
    "recommend.multi_node_added": "No part holds this job in one node of 8: options of 16–64 "
                                  "GPUs over InfiniBand/RoCE added, each with its scaling cost",
    "recommend.no_multi_gpu_training": "{gpus}: not offered for multi-GPU training (one "
                                       "unified-memory machine, no collective-communication "
                                       "fabric); single-machine options only",
    "recommend.reference_tokens": "{hours} h on {n} × {gpu} ≈ {mtokens} M training tokens at "
                                  "the estimated speed",
    "recommend.other_hours_follow": "other options' hours follow from their own speed",
    "recommend.pretrain_share": "For pre-training from scratch that is {share} of the "
                                "≈{btokens} B tokens a compute-optimal run needs (20 tokens per "
                                "parameter, Hoffmann et al. 2022): enough for a small "
                                "experiment, not a finished model",
    "recommend.no_single_gpu_fits": "No single GPU fits: the job needs {need} GiB on one GPU, "
                                    "the largest card ({gpu}) has {cap} GiB",
    "recommend.needs_several_gpus": "It needs several GPUs (or lower precision)",
    "recommend.nothing_fits": "No option fits in memory",
    "recommend.see_advice": "see the advice for changes that would",
    "recommend.not_24gb": "In {dtype} the model does not fit a 24 GB card",
    "recommend.guides_assume_quantized":
        "guides that quote speeds for such cards assume 8- or 4-bit quantized weights",
    "recommend.seed_agrees": "Agrees with the seed guide's rule of thumb for {scenario}: "
                             "{gpu} ({why})",
    "recommend.seed_suggests":
        "The buying guide's rule of thumb suggests {gpus} for {scenario} ({why})",
    "recommend.seed_rank": "with these prices and speeds its best option ranks #{rank} "
                           "({n} GPU, {verdict})",
    "recommend.seed_cost_speed": "It costs {cost}× the top pick and runs at {speed}× its speed "
                                 "({n} × {gpu}, {provider})",
    "recommend.seed_cost": "It costs {cost}× the top pick ({n} × {gpu}, {provider})",
    "recommend.seed.large_training": "large-model training (70B+)",
    "recommend.seed.llm_training": "LLM training (7B–70B)",
    "recommend.seed.fine_tuning": "fine-tuning / LoRA",
    "recommend.seed.inference": "inference",
    "recommend.seed.development": "development / testing",
    "recommend.seed.why.large_training": "most memory and speed",
    "recommend.seed.why.llm_training": "best balance of cost and performance",
    "recommend.seed.why.fine_tuning": "24 GB, good value",
    "recommend.seed.why.inference": "high throughput at a fair price",
    "recommend.seed.why.development": "lowest cost, enough VRAM",
    "recommend.verdict.fits": "fits",
    "recommend.verdict.does_not_fit": "does not fit",
    "recommend.no_price_short": "no price",
    # cost, money: exchange rates, run cost and buy-vs-rent assumptions, errors
    "money.no_rate": "no exchange rate for {currency}",
    "money.set_rate": "set one (1 USD = … {currency}) with `gpupicker catalog fx set` or in the "
                      "exchange-rate dialog",
    "cost.per_hour": "{n} × {price} per GPU-hour = {per_hour}/h",
    "cost.spot": "Spot: +{extra} redone work and restarts (one interruption per {mtbi} h, "
                 "checkpoints every {interval} h) → {hours} h",
    "cost.subscription": "{kind}: billed {n} × {period} h for a {run} h run = {total}",
    "cost.subscription.monthly": "Monthly subscription",
    "cost.subscription.yearly": "Yearly subscription",
    "cost.serving_hours": "Serving {hours} h per month",
    "cost.energy": "GPU energy {kwh} kWh ({watts} W × {share} × {n} GPUs)",
    "cost.kwh_per_million": "{kwh} kWh per 1M tokens",
    "cost.hours_used": "{hours} h used per month",
    "cost.power": "power {watts} W × {utilization} at ${price}/kWh",
    "cost.no_resale": "no resale value",
    "cost.mtbi_not_positive": "mean time between interruptions must be positive",
    "cost.replica_speed_not_positive": "replica throughput must be positive",
    # price_kind: kinds, trust marks and the top-pick note
    "price_kind.list": "provider list price",
    "price_kind.marketplace": "marketplace listing",
    "price_kind.aggregate": "scraped aggregate",
    "price_kind.guide": "quoted in a guide",
    "price_kind.user": "your own price",
    "price_kind.owned": "your own hardware",
    "price_kind.flag.low_trust": "low-trust",
    "price_kind.flag.stale": "stale",
    "price_kind.why.guide": "a figure quoted in a guide, no provider named",
    "price_kind.why.doubt": "its source says: {marker}",
    "price_kind.why.no_date": "observed date unknown",
    "price_kind.why.old": "observed {observed}, over {months} months ago",
    "price_kind.observed_unknown": "unknown",
    "price_kind.top_pick_flagged": "The top pick rests on a {flag} price ({provider}, {kind}, "
                                   "observed {observed}: {why})",
    "price_kind.check_it": "check it before relying on it",
    "price_kind.best_unflagged": "The best option with an unflagged price is #{rank} ({n} × "
                                 "{gpu}, {provider}, {per_hour}/h)",
    # owned: break-even and errors
    "owned.break_even": "Break-even vs the best rental ({n} × {gpu}, {provider}, {per_hour}/h): "
                        "{months} months at {share} use",
    "owned.break_even.never": "Break-even vs the best rental ({n} × {gpu}, {provider}, "
                              "{per_hour}/h): never (the rental costs less than the power bill)",
    "owned.no_power": "owned {gpu_id}: give its power draw in W (the catalog has no TDP)",
    # providers: the region filter
    "providers.only_region": "Only offers in {where} ({region}): {n} of {total} options",
    "providers.none_in_region": "No offer in {where} fits; the cheapest elsewhere is {n} × "
                                "{gpu}, {provider}, {per_hour}/h",
    "providers.cheaper_outside": "Cheaper outside {where}: {n} × {gpu}, {provider}, {price} "
                                 "against {here} here",
    "providers.seed_price_here": "The seed guide prices {n} × {gpu} at {price}/h × {hours} h = "
                                 "{total}; at {provider} today: {price2}/h × {hours2} h = "
                                 "{total2}",
    "providers.unknown_region": "unknown region {region}; choose one of {regions}",
    "providers.region.CN": "China",
    "providers.region.US": "the United States",
    "providers.region.EU": "the EU",
    "providers.region.CA": "Canada",
    "providers.region.JP": "Japan",
    "providers.region.DE": "Germany",
    "providers.region.FI": "Finland",
    "providers.region.FR": "France",
    "providers.region.GB": "the United Kingdom",
    "providers.region.NL": "the Netherlands",
    "providers.region.IN": "India",
})


# --- memory, memory_common, engines, training, training_frameworks, diffusion, fit -----------
# (and workload, model_arch, dtypes, units: their validation errors)
_section({
    # memory: the task dispatch, Hugging Face generate()
    "memory.needs_diffusion_model": "image generation needs a diffusion model (UNet/DiT)",
    "memory.is_language_model": "{label} is a language model",
    "memory.diffusion_choose_lora": "{label} is a diffusion model: choose diffusion LoRA "
                                    "fine-tuning (task 'diffusion_lora')",
    "memory.diffusion_choose_image_gen": "{label} is a diffusion model: choose the "
                                         "image-generation task (task 'image_gen')",
    "memory.this_model": "this model",
    "memory.inferred_arch": "Only the parameter count is known: layer sizes assumed Llama-like "
                            "(hidden {hidden}, {layers} layers, no GQA)",
    "memory.enter_config": "Enter the model's config.json for exact KV-cache and activation sizes",
    "memory.ascend_pool": "{engine} on Ascend: KV pool sized with vLLM's model (no measurement "
                          "of this engine is modelled: {range})",
    "memory.weights_only": "Weights only: one batch-1 decode pass",
    "memory.hf_generate": "Hugging Face transformers generate() with a growing DynamicCache",
    "memory.hf_kv": "KV cache in {dtype} for {batch} × {tokens} tokens",
    "memory.hf_allocator": "Caching-allocator reserve calibrated on H200 measurements",
    # engines: vLLM, SGLang, TensorRT-LLM, LMDeploy, llama.cpp / Ollama
    # (engine_message holds the engine's own start-up error: its wording is the engine's)
    "engines.vllm_no_cache_memory": "No available memory for the cache blocks. Try increasing "
                                    "`gpu_memory_utilization` when initializing the engine.",
    "engines.vllm_seq_too_long": "The model's max seq len ({max_model_len}) is larger than the "
                                 "maximum number of tokens that can be stored in KV cache "
                                 "({pool_tokens}). Try increasing `gpu_memory_utilization` or "
                                 "decreasing `max_model_len` when initializing the engine.",
    "engines.vllm_settings": "vLLM, tensor parallel {tp}, gpu_memory_utilization {utilization}, "
                             "max_num_seqs {seqs}, max_num_batched_tokens {tokens}",
    "engines.kv_blocks": "KV cache in {dtype}, {block}-token blocks",
    "engines.max_model_len": "max_model_len {tokens}",
    "engines.no_gpu": "No GPU given: KV sized for the batch",
    "engines.torch_capacity": "Capacity seen by PyTorch {gib} GiB",
    "engines.profile_peak": "profile-run peak {gib} GiB (weights + {act} GiB activations)",
    "engines.non_torch": "non-torch {gib} GiB",
    "engines.cuda_graphs": "CUDA graphs ≈ {gib} GiB on top",
    "engines.vllm_pool": "KV pool {gib} GiB = {blocks} blocks ({tokens} tokens)",
    "engines.concurrent": "{seqs} concurrent sequences of {tokens} tokens",
    "engines.vllm_refuses_mml": "vLLM would refuse to start: max_model_len {mml} is more than "
                                "the {pool} tokens its KV pool holds",
    "engines.vllm_refuses_no_memory": "vLLM would refuse to start: no memory is left for KV "
                                      "blocks",
    "engines.no_fraction_model": "no fraction-pool memory model for {engine}",
    "engines.sglang_head": "SGLang, tensor parallel {tp}, mem_fraction_static {frac}",
    "engines.lmdeploy_head": "LMDeploy TurboMind, tensor parallel {tp}, cache_max_entry_count "
                             "{frac}",
    "engines.trtllm_head": "TensorRT-LLM, tensor parallel {tp}, kv_cache_free_gpu_mem_fraction "
                           "{frac}",
    "engines.sglang_no_memory": "Not enough memory. Please try to increase "
                                "--mem-fraction-static.",
    "engines.trtllm_no_memory": "Insufficient memory for the KV cache after loading the engine.",
    "engines.refuses_no_pool": "{engine} would refuse to start: no memory is left for the KV "
                               "pool",
    "engines.fraction_pool": "KV pool {gib} GiB ({tokens} tokens)",
    "engines.llamacpp_head": "llama.cpp, {dtype} weights, n_ctx {ctx} with {kv} KV allocated at "
                             "load",
    "engines.embeddings_on_host": "Token embeddings stay in host RAM",
    "engines.compute_buffer_flash": "compute buffer ≈ n_ubatch × n_vocab fp32 logits",
    "engines.compute_buffer": "compute buffer ≈ n_ubatch × n_vocab fp32 logits or the n_ubatch × "
                              "n_ctx attention scores without flash attention",
    "engines.partial_offload": "Only {layers} of {total} layers fit on the GPU (-ngl {ngl})",
    "engines.rest_on_cpu": "the rest run on the CPU, several times slower",
    "engines.not_gguf": "{dtype} is not a GGUF type: sized as Q4_K_M",
    "engines.ollama_ctx": "Ollama: n_ctx is num_ctx × OLLAMA_NUM_PARALLEL",
    "engines.ollama_default_ctx": "its default num_ctx is smaller than long prompts need, set "
                                  "num_ctx to the context",
    "engines.llamacpp_v_cache": "V cache quantization requires flash_attn",
    "engines.llamacpp_refuses_kv": "llama.cpp refuses a {dtype} KV cache without flash attention "
                                   "(-fa)",
    # training, training_frameworks
    "training.unknown_lora_target": "unknown LoRA target module {target}; known: {known}",
    "training.opt_adamw": "AdamW (2 states)",
    "training.opt_adamw8bit": "8-bit AdamW (2 bytes of state)",
    "training.opt_paged_adamw8bit": "paged 8-bit AdamW (2 bytes of state)",
    "training.opt_sgd": "SGD with momentum (1 state)",
    "training.opt_lion": "Lion (1 state)",
    "training.opt_adafactor": "Adafactor (factored second moments)",
    "training.adapters": "Adapters train in {dtype} with {optimizer}",
    "training.base_frozen": "the base model is frozen",
    "training.master_weights": "Mixed precision with fp32 master weights ({framework}): 2 + 2 + "
                               "12 = 16 bytes per parameter (ZeRO paper)",
    "training.fp32": "fp32 parameters and gradients with {optimizer} in fp32 (4 + 4 + 8 bytes "
                     "per parameter)",
    "training.pure_16bit": "Pure {dtype} training: parameters, gradients and {optimizer} in "
                           "{dtype2} (2 + 2 + 4 bytes per parameter with AdamW)",
    "training.choose_master": "choose framework 'deepspeed' or 'fsdp' for fp32 master weights "
                              "(16 bytes per parameter)",
    "training.range_measured": "Range {lo}–{hi} GiB (measured H200 cases of this framework: "
                               "within ±3 %)",
    "training.range_profile": "Range {lo}–{hi} GiB (framework profile from its published "
                              "figures: ±15 %)",
    "training.profile_full_logits": "Framework profile: {framework} (full fp32 logits at the "
                                    "loss)",
    "training.profile_fused_ce": "Framework profile: {framework} (fused/chunked cross-entropy)",
    "training.task_optimizer": "{task} with {optimizer_id}",
    "training.micro_batch": "micro-batch {batch} × {tokens} tokens",
    "training.grad_ckpt": "gradient checkpointing",
    "training.no_grad_ckpt": "no gradient checkpointing",
    "training.peak_loss": "Peak at the loss: saved activations and fp32 logits are alive",
    "training.peak_backward": "Peak at the end of backward: all gradients plus one layer's "
                              "activations",
    "training.peak_optimizer": "Peak at the optimizer step: gradients, states and optimizer "
                               "temporaries",
    "training.autocast_copies": "Weights include autocast's bf16 copies of the fp32 parameters",
    "training.kbit_prepared": "peft prepare_model_for_kbit_training: embeddings, lm_head and "
                              "norms in fp32, fp32 residual stream",
    "training.zero_offload": "ZeRO-Offload: optimizer states, fp32 master weights and gradients "
                             "in CPU RAM, about {gib} GiB of host memory ({bytes} bytes per "
                             "parameter × 1.5, DeepSpeed's estimator)",
    "training.cpu_step": "the optimizer step runs on the CPU",
    "training.offloaded_checkpoints": "{framework} offloads the checkpointed layer inputs to CPU "
                                      "RAM: {gib} GiB of host memory",
    "training_frameworks.unknown": "training framework {name} is not modelled; choose one of "
                                   "{choices}",
    # diffusion: memory and speed of diffusers pipelines and LoRA steps
    "diffusion.option.vae_tiling": "VAE tiling + slicing",
    "diffusion.option.vae_slicing": "VAE slicing",
    "diffusion.option.attention_slicing": "attention slicing",
    "diffusion.option.model_cpu_offload": "model CPU offload",
    "diffusion.option.sequential_cpu_offload": "sequential CPU offload",
    "diffusion.pipeline": "diffusers {family} pipeline at {width}×{height}, {batch} image(s) per "
                          "call",
    "diffusion.pipeline_cfg": "diffusers {family} pipeline at {width}×{height}, {batch} image(s) "
                              "per call, classifier-free guidance",
    "diffusion.peak_denoiser": "Peak at the denoiser",
    "diffusion.peak_vae": "Peak at the VAE decode",
    "diffusion.memory_options": "memory options: {options}",
    "diffusion.no_memory_options": "no memory options",
    "diffusion.memory_range": "Range {lo}–{hi} GiB (working-set constants from one published "
                              "SDXL case, C59)",
    "diffusion.lora_step": "LoRA training step: {images} image(s) at {res}², frozen denoiser, "
                           "about {m} M LoRA parameters with AdamW",
    "diffusion.train_step_time": "{seconds} s per training step of {images} image(s) (GPU "
                                 "{gpu_s} s, eager host dispatch {host_s} s: the longer one "
                                 "counts)",
    "diffusion.denoise_step_time": "{ms} ms per denoising step × {steps} steps, {images} "
                                   "image(s) per call",
    "diffusion.flops": "{tflop} TFLOP per step for the {family} denoiser at {eta} of {tflops} "
                       "sustained TFLOPS, plus {fixed} ms fixed per step (diffusers benchmark "
                       "table, C59)",
    "diffusion.flops_cfg": "{tflop} TFLOP per step for the {family} denoiser with "
                           "classifier-free guidance at {eta} of {tflops} sustained TFLOPS, plus "
                           "{fixed} ms fixed per step (diffusers benchmark table, C59)",
    "diffusion.range_image": "Range {lo}–{hi} s per image (host CPU, attention kernel and "
                             "compile not known)",
    "diffusion.range_train_image": "Range {lo}–{hi} s per training image (host CPU, attention "
                                   "kernel and compile not known)",
    "diffusion.options_applied": "Memory options applied: {options}",
    "diffusion.offload_alternative": "Only sequential CPU offload ({x}× slower per step) fits at "
                                     "{dtype}; {alt} denoiser weights fit in {gib} GiB at about "
                                     "{s} s per image",
    "diffusion.offload_alternative_train": "Only sequential CPU offload ({x}× slower per step) "
                                           "fits at {dtype}; {alt} denoiser weights fit in {gib} "
                                           "GiB at about {s} s per training image",
    "diffusion.parallel_train": "Several GPUs train data-parallel: each its own images, LoRA "
                                "gradients all-reduced",
    "diffusion.parallel_images": "Several GPUs generate different images in parallel",
    # fit: the largest batch / context / rank / concurrency
    "fit.unknown_dimension": "unknown dimension {dimension}; choose one of {choices}",
    "fit.decode_ceiling": "a decode ceiling holds only the weights: no batch, context or rank to "
                          "maximise",
    "fit.image_gen_batch_only": "image generation has no {dimension}; maximise its batch "
                                "(images at once)",
    "fit.out_of_range": "{dimension} {value} is outside 1–{limit}",
    "fit.lora_r_needs_lora": "lora_r needs a LoRA or QLoRA job; task {task} has no adapter",
    "fit.concurrency_serving_only": "concurrency is for serving (task 'inference'), not {task}",
    "fit.no_prompt_left": "a context of {value} tokens leaves no prompt ({new} new tokens)",
    "fit.bisection": "Largest {dimension} that fits on {gpu_id} × {n}: found by bisection over "
                     "the same memory model as the estimate",
    "fit.context_cap": "Context capped at the model's max_position_embeddings ({limit})",
    "fit.all_layers": "Counts as fitting only with every layer on the GPU (no CPU offload)",
    "fit.pool_flat": "The server pre-allocates its KV pool, so memory is flat; concurrency is "
                     "limited by the sequences the pool holds",
    "fit.none_fits": "Does not fit even at {dimension} {value}",
    # workload, model_arch, dtypes, units: validation errors (pydantic shows them per field)
    "workload.needs_model": "a workload needs a model: 'model' (config.json fields) or "
                            "'model_id'",
    "workload.qlora_weights": "QLoRA needs 4-bit or 8-bit base weights (weights_dtype 'nf4' or "
                              "'int8')",
    "model_arch.missing": "model architecture is missing {fields} (or give the exact parameter "
                          "count as 'params')",
    "model_arch.heads_multiple": "num_attention_heads must be a multiple of num_key_value_heads",
    "model_arch.no_size": "model has neither an architecture nor a parameter count",
    "dtypes.unknown_weight": "unknown weight dtype {dtype}; known: {known}",
    "dtypes.unknown_kv": "unknown KV-cache dtype {dtype}; known: {known}",
    "units.unknown_unit": "unknown byte unit {unit}; use 'GiB' or 'GB'",
})


# --- throughput, speed_inference, serving, gpu_sustained, accelerators, frameworks, checks ---
_section({
    # throughput: the speed model's assumptions and errors
    "throughput.no_speed_model":
        "framework {framework} has no LLM inference speed model; inference frameworks: {choices}",
    "throughput.nodes": "{net} between {nodes} nodes",
    "throughput.ethernet": "Ethernet",
    "throughput.engine": "Engine: {engine}",
    "throughput.weight_eta": "{eta} of peak memory bandwidth ({bandwidth} GB/s) for {dtype} weights",
    "throughput.fixed_time": "Fixed engine time {ms} ms per step",
    "throughput.fixed_time_host": "Fixed engine time {ms} ms per step (host launches {host} ms)",
    "throughput.decode_gemms": "decode GEMMs at {share} of sustained tensor peak",
    "throughput.decode_reads": "Decode reads {weights} GB of weights per step",
    "throughput.decode_reads_kv":
        "Decode reads {weights} GB of weights + {kv} GB of KV cache per step",
    "throughput.decode_reads_tp": "Decode reads {weights} GB of weights per step, split over {n} "
                                  "GPUs (tensor parallel over {link})",
    "throughput.decode_reads_kv_tp": "Decode reads {weights} GB of weights + {kv} GB of KV cache "
                                     "per step, split over {n} GPUs (tensor parallel over {link})",
    "throughput.gguf_speed": "GGUF weights: speed of llama.cpp assumed (framework {framework} is "
                             "not modelled for GGUF files)",
    "throughput.layer_split": "{n} GPUs hold different layers in turn: more memory, no more speed",
    "throughput.no_tflops": "No TFLOPS figure for {gpu} in the catalog: assumed {tflops} TFLOPS "
                            "from its memory bandwidth",
    "throughput.enter_tflops": "enter the real figure in the catalog for a better estimate",
    "throughput.dequant": "{dtype} dequantization adds {ms} ms per step",
    "throughput.train_flops": "{gflop} GFLOP per token ({formula} + attention) at MFU {mfu} of "
                              "{tflops} TFLOPS dense",
    "throughput.formula_recompute": "{formula} + recompute 2·P",
    "throughput.framework_optimized":
        "Framework {framework}: optimized stack, MFU × {factor} of llm-foundry's",
    "throughput.framework_eager": "Framework {framework}: eager PyTorch with {ms} ms host overhead "
                                  "per step (H200 cases)",
    "throughput.framework_speedup": "{framework} is {factor}× faster than HF Trainer on the same "
                                    "job (its published benchmarks)",
    "throughput.train_range": "Range {lo}–{hi} training tokens/s (published torchtitan and "
                              "llm-foundry tables: within −20 % to +25 %)",
    "throughput.dp_scaling": "Data-parallel scaling efficiency {share} over {link}",
    "throughput.offload_layers": "{layers}/{total} layers on the GPU",
    "throughput.offload_rest": "the rest run from system RAM at ≈50 GB/s",
    # speed_inference: engine names, evidence and ranges
    "speed_inference.expected_within": "Expected within ±{pct} % of measured speed",
    "speed_inference.calibration": "Calibration: {source}",
    "speed_inference.engine.llama.cpp": "llama.cpp (CUDA/Metal, all layers on GPU)",
    "speed_inference.engine.transformers": "Hugging Face transformers generate()",
    "speed_inference.engine.pytorch": "PyTorch eager generate (LitGPT, torchtune)",
    "speed_inference.engine.vllm": "vLLM (CUDA graphs, paged KV, continuous batching)",
    "speed_inference.engine.sglang": "SGLang (CUDA graphs, radix KV, overlap scheduler)",
    "speed_inference.engine.tensorrt-llm": "TensorRT-LLM (v0.6 kernels)",
    "speed_inference.engine.mlc-llm": "MLC-LLM (TVM-compiled kernels)",
    "speed_inference.engine.exllamav2": "ExLlamaV2 (EXL2/GPTQ kernels, CUDA graphs off)",
    "speed_inference.engine.lmdeploy":
        "LMDeploy TurboMind (persistent batching, blocked KV, W4A16 kernels)",
    "speed_inference.engine.mindie": "MindIE / vllm-ascend (Ascend NPU, CANN)",
    "speed_inference.engine.decode_ceiling": "ideal (CUDA graph of matvecs)",
    "speed_inference.evidence.llama.cpp":
        "llama-bench tables of 20+ consumer, workstation, datacenter and Apple GPUs "
        "(XiongjieDai/GPU-Benchmarks-on-LLM-Inference, llama.cpp PR #4766 and #4812)",
    "speed_inference.evidence.transformers":
        "Qwen README inference table (A100, transformers 4.3x: 7B/14B bf16 and Int4), H200 "
        "hf_generate cases for transformers 5.x (h200.jsonl: 13.54 / 9.92 tok/s for 7B / 13B), "
        "host speed varies by machine",
    "speed_inference.evidence.pytorch":
        "LitGPT resource tables (C36): Llama-2-7B bf16 31.0 tok/s on A100 40GB",
    "speed_inference.evidence.vllm":
        "formulas.md §7 (η ≈ 0.8, inference-sim #415) and a CPU time of 2 ms per step plus "
        "12 µs per running sequence (scheduler, sampling), no published vLLM speed case checked",
    "speed_inference.evidence.sglang":
        "no published SGLang speed case checked: vLLM-like kernels with the overlap scheduler's "
        "smaller per-step CPU time (SGLang v0.4 release notes)",
    "speed_inference.evidence.tensorrt-llm":
        "TensorRT-LLM performance.md tables (v0.5/v0.6: A100, H100, L40S, Llama-7B throughput "
        "and first-token latency)",
    "speed_inference.evidence.mlc-llm":
        "no published MLC-LLM case checked: compiled kernels assumed at 80 % of GDDR and 70 % "
        "of HBM bandwidth",
    "speed_inference.evidence.exllamav2":
        "ExLlamaV2 README performance table (Llama GPTQ 4-bit 7B 177 / 198 and 13B 109 / 111 "
        "tok/s on RTX 3090 Ti / 4090: the estimate is within 8 %)",
    "speed_inference.evidence.lmdeploy":
        "no published LMDeploy speed case checked: a compiled C++ engine (TurboMind) with "
        "CUDA-graph-like launch costs and AWQ W4A16 kernels assumed near TensorRT-LLM "
        "(InternLM/lmdeploy README)",
    "speed_inference.evidence.mindie":
        "no measurement of MindIE or vllm-ascend is modelled: Ascend 910B streaming at 65 % of "
        "its bandwidth and GEMMs at half its FP16 peak are assumptions (hiascend.com MindIE "
        "docs; vllm-project/vllm-ascend)",
    "speed_inference.evidence.decode_ceiling":
        "H200 decode_ceiling cases (h200.jsonl): 233.0 / 140.1 tok/s for Llama-2-7B / 13B",
    # gpu_sustained: factors that apply to one GPU
    "gpu_sustained.apple": "{gpu}: {tflops} TFLOPS from its GPU core count (128 FP32 ALUs per "
                           "Apple GPU core)",
    "gpu_sustained.fp16_accumulate": "FP16-accumulate GEMMs run at twice the listed GeForce rate",
    "gpu_sustained.power_limited":
        "Power-limited part ({watts} W): tensor throughput {share} of the datasheet figure",
    "gpu_sustained.measured":
        "Measured dense GEMMs at {watts} W: tensor throughput {share} of the datasheet figure",
    "gpu_sustained.ecc": "ECC on GDDR: {share} of datasheet bandwidth",
    "gpu_sustained.rocm": "ROCm GEMMs at {share} of CUDA efficiency",
    # serving: the plan's notes and assumptions
    "serving.cannot_hold": "The engine cannot hold one request of the mix on this option",
    "serving.misses_at_one": "Misses the latency target even with one sequence per replica",
    "serving.latency_cap": "Latency targets cap each replica at {n} concurrent sequences (the KV "
                           "pool holds {cap})",
    "serving.plan": "Serving: {b} of at most {cap} concurrent sequences per replica ({prompt} + "
                    "{output} tokens each), {replicas} replica(s) of {n} GPU(s)",
    "serving.latency": "ITL {ms} ms with interleaved prefills, TTFT {s} s",
    # accelerators: non-CUDA stacks
    "accelerators.label.ascend": "Ascend NPU",
    "accelerators.label.amd": "AMD GPU",
    "accelerators.label.gaudi": "Intel Gaudi",
    "accelerators.label.arc": "Intel Arc GPU",
    "accelerators.label.apple": "Apple silicon",
    "accelerators.stack": "{accelerator}: no CUDA; the estimate stands for {stack} with {engines} "
                          "(not measured here: {range})",
    "accelerators.unmodelled": "{vendor} accelerator: no CUDA and no modelled software stack; the "
                               "estimate is CUDA-like (not measured here: {range})",
    "accelerators.non_nvidia": "Non-NVIDIA",
    # frameworks
    "frameworks.unknown": "unknown framework {name}; known: {known}",
    # checks: context window, engine × dtype × hardware
    "checks.what.max_model_len": "max_model_len {tokens}",
    "checks.what.prompt_and_new": "prompt_len + new_tokens = {tokens} tokens",
    "checks.what.context": "a context of {tokens} tokens",
    "checks.what.seq_len": "seq_len {tokens}",
    "checks.context_window_inference":
        "{what} exceed the context window of {model} (max_position_embeddings {limit}): "
        "positions beyond it were never trained and give garbage unless RoPE scaling (YaRN) is "
        "configured",
    "checks.context_window_training":
        "{what} exceeds the context window of {model} (max_position_embeddings {limit}): train "
        "with RoPE scaling configured or shorter sequences",
    "checks.vllm_max_model_len":
        "User-specified max_model_len ({tokens}) is greater than the derived max_model_len "
        "(max_position_embeddings={limit} or model_max_length=None in model's config.json). To "
        "allow overriding this maximum, set the env var VLLM_ALLOW_LONG_MAX_MODEL_LEN=1",
    "checks.vllm_refuses": "vLLM refuses to start: {error}",
    "checks.training_only":
        "framework {framework} only trains models; inference frameworks: {choices}",
    "checks.gguf_only": "{fw} runs GGUF files only: {dt} is not a GGUF type, so the estimate uses "
                        "Q4_K_M for 4-bit and Q8_0 for 8-bit weights; convert the model to GGUF",
    "checks.gguf_on_server":
        "{fw} with GGUF weights ({dt}) is not modelled (vLLM's GGUF loader is experimental, the "
        "others have none): memory is the server's, speed is llama.cpp's; use AWQ/GPTQ/FP8 "
        "weights with this server or llama.cpp for GGUF",
    "checks.fp8_transformers":
        "FP8 weights with Hugging Face transformers need FP8 tensor cores (compute capability "
        "8.9+: Ada, Hopper, Blackwell); the {gpu} has none: use int8 (bitsandbytes) here, or "
        "vLLM, whose Marlin kernels run FP8 weights on Ampere",
    "checks.engine_platform": "{engine} does not run on the {gpu} ({platform}): it runs on "
                              "{platforms}",
    "checks.bitsandbytes_platform": "bitsandbytes {dtype} has no {platform} backend, so it does "
                                    "not run on the {gpu}: use GGUF with llama.cpp instead",
    "checks.bitsandbytes_metal": "bitsandbytes {dtype} has no {platform} backend, so it does not "
                                 "run on the {gpu}: use GGUF with llama.cpp or MLX instead",
})


# --- advisor, calibration, launch_config, workload, report -----------------------------------
# advisor, calibration, launch_config, importers
_section({
    # advisor: what to change to fit (descriptions)
    "advisor.bf16_weights": "Train in pure bf16 (weights and optimizer states)",
    "advisor.adamw8bit": "Use an 8-bit (paged) AdamW (bitsandbytes)",
    "advisor.lora": "Fine-tune LoRA adapters (r=16, all linear layers) instead of all weights",
    "advisor.qlora": "QLoRA: 4-bit NF4 base weights + LoRA adapters",
    "advisor.qlora_base": "QLoRA: keep the frozen base in 4-bit NF4",
    "advisor.grad_ckpt": "Turn on gradient checkpointing",
    "advisor.micro_batch":
        "Micro-batch {batch} with {steps}× gradient accumulation (same effective batch)",
    "advisor.shorter_seq": "Shorter sequences: {tokens} tokens",
    "advisor.cpu_offload": "Offload optimizer states to CPU RAM (ZeRO-Offload)",
    "advisor.shard": "Shard over {n} GPUs with FSDP / ZeRO-3",
    "advisor.int8_gguf": "8-bit weights (GGUF Q8_0)",
    "advisor.int8": "8-bit weights (FP8/INT8)",
    "advisor.int4_gguf": "4-bit weights (GGUF Q4_K_M)",
    "advisor.int4": "4-bit weights (AWQ/GPTQ, NF4)",
    "advisor.kv_q8_0": "Quantize the KV cache to Q8_0 with flash attention (-fa)",
    "advisor.kv_fp8": "Quantize the KV cache to FP8/INT8",
    "advisor.shorter_context": "Shorter context: about {tokens} tokens",
    "advisor.serve_fewer": "Serve {n} sequences at a time",
    "advisor.tensor_parallel": "Split the model over {n} GPUs (tensor parallel)",
    "advisor.fp8_denoiser": "FP8 denoiser weights (diffusers / torchao fp8 quantization)",
    "advisor.nf4_denoiser": "4-bit NF4 denoiser weights (bitsandbytes)",
    "advisor.vae_tiling": "VAE tiling + slicing (decode in 512² tiles, one image at a time)",
    "advisor.model_cpu_offload":
        "Model CPU offload (enable_model_cpu_offload: one component on the GPU at a time)",
    "advisor.sequential_cpu_offload": "Sequential CPU offload (enable_sequential_cpu_offload: "
                                      "weights streamed to the GPU block by block)",
    "advisor.images_per_call": "{nb} image(s) per call instead of {b}",
    "advisor.lower_resolution": "Lower resolution: {r}² pixels",
    # advisor: speed and quality costs (clauses; combinations join them with "; ")
    "advisor.cost.none": "none",
    "advisor.cost.faster": "faster",
    "advisor.cost.slight": "slight",
    "advisor.cost.keep_fp32_master": "keep fp32 master weights if the loss stalls",
    "advisor.cost.same_speed": "≈ same speed",
    "advisor.cost.adam8bit": "negligible (8-bit Adam matches 32-bit, Dettmers et al. 2022)",
    "advisor.cost.faster_per_step": "faster per step",
    "advisor.cost.lora_quality": "usually close to full fine-tuning for instruction tuning",
    "advisor.cost.lora_new_domains": "less for new domains",
    "advisor.cost.qlora_vs_lora": "≈30–50 % slower than LoRA (dequantization)",
    "advisor.cost.qlora_quality": "close to 16-bit LoRA (QLoRA paper)",
    "advisor.cost.qlora_slower": "≈30–50 % slower (dequantization)",
    "advisor.cost.recompute": "≈20–35 % slower (the forward pass is recomputed)",
    "advisor.cost.small_micro_batches": "slower at small micro-batches",
    "advisor.cost.truncated": "long examples are truncated or split",
    "advisor.cost.optimizer_step": "much slower optimizer step (PCIe-bound)",
    "advisor.cost.cpu_ram": "needs ≈12 B/param of CPU RAM",
    "advisor.cost.gpu_hours": "{n}× the GPU-hours price",
    "advisor.cost.nvlink": "needs NVLink-class links to scale",
    "advisor.cost.pcie_all_reduce": "PCIe-only cards lose speed to all-reduce",
    "advisor.cost.int8_speed": "similar or faster with good kernels (bitsandbytes int8 is slower)",
    "advisor.cost.very_small": "very small",
    "advisor.cost.int4_speed": "faster decode (fewer bytes per token)",
    "advisor.cost.int4_quality": "small (≈1–3 % on benchmarks)",
    "advisor.cost.faster_decode": "faster decode",
    "advisor.cost.prompts_cut": "long prompts are cut",
    "advisor.cost.lower_throughput": "lower aggregate throughput",
    "advisor.cost.fp8_denoiser": "≈ same speed (faster on GPUs with FP8 tensor cores)",
    "advisor.cost.nf4_denoiser": "≈15 % slower per step (dequantization)",
    "advisor.cost.small": "small",
    "advisor.cost.slower_decode": "slightly slower decode",
    "advisor.cost.model_offload": "a few seconds per image to move the components over PCIe",
    "advisor.cost.per_image": "less throughput per image",
    "advisor.cost.smaller_images": "smaller images (upscale afterwards)",
    "advisor.cost.sequential_offload":
        "≈{x}× slower per step (public case C59: 67 s vs 16 s)",
    "advisor.cost.applied_automatically": "applied automatically when nothing else fits",
    # calibration: the note on a calibrated estimate, refusals of a run
    "calibration.memory.one": "Calibrated on your {n} run (memory ×{mf}, error {mb} → {ma})",
    "calibration.memory.many": "Calibrated on your {n} runs (memory ×{mf}, error {mb} → {ma})",
    "calibration.speed.one": "Calibrated on your {n} run (speed ×{sf}, error {sb} → {sa})",
    "calibration.speed.many": "Calibrated on your {n} runs (speed ×{sf}, error {sb} → {sa})",
    "calibration.both.one": "Calibrated on your {n} run (memory ×{mf}, error {mb} → {ma}, "
                            "speed ×{sf}, error {sb} → {sa})",
    "calibration.both.many": "Calibrated on your {n} runs (memory ×{mf}, error {mb} → {ma}, "
                             "speed ×{sf}, error {sb} → {sa})",
    "calibration.scaled_memory": "Scaled ×{factor} to match your recorded runs",
    "calibration.scaled_speed": "Speed scaled ×{factor} to match your recorded runs",
    "calibration.peak_over_capacity": "a peak of {gib} GiB is more than the {cap} GiB the {gpu} "
                                      "has: check the unit (GiB, not MiB or GB per node)",
    "calibration.peak_implausible": "a peak of {gib} GiB is {ratio}× the estimate ({estimate} "
                                    "GiB): check the unit and the workload (the same batch, "
                                    "context and precision as the run)",
    "calibration.speed_implausible": "{rate} tokens/s is {ratio}× the estimate ({estimate}): "
                                     "check the unit (tokens per second, all sequences of the "
                                     "batch) and the workload",
    "calibration.gpu_not_in_catalog": "GPU {gpu_id} is not in the catalog",
    "calibration.run_skipped": "run {run}: {error}",
    "calibration.log_unreadable":
        "the log has none of the lines gpupicker reads ('# GPU blocks: N', 'GPU KV cache size: "
        "N tokens', 'Model loading took X GiB', llama.cpp 'buffer size = X MiB', nvidia-smi "
        "'X MiB / Y MiB')",
    "calibration.nothing_to_calibrate":
        "nothing to calibrate on: give --peak-gib, --tokens-per-s or a log with vLLM/llama.cpp "
        "start-up lines or nvidia-smi output",
    # launch_config: what the command assumes, what to check, what it cannot write
    "launch_config.serving": "{engine} with a context of {ctx} tokens per sequence, GPU memory "
                             "fraction {frac}, tensor parallel {n} and KV cache {kv}",
    "launch_config.quantization": "Quantization {quant}",
    "launch_config.kv_pool_holds":
        "The KV pool holds about {n} sequences of that context at once",
    "launch_config.ollama": "Ollama with a {ctx}-token context for {n} parallel request(s), "
                            "{quant} weights and {kv} KV cache",
    "launch_config.llamacpp": "llama.cpp with n_ctx {n_ctx} ({n} slot(s) × {ctx} tokens), {ngl} "
                              "layers on the GPU, {quant} weights and {kv} KV cache",
    "launch_config.layer_split": "Layers split over {n} GPUs",
    "launch_config.transformers": "transformers generate() with device_map='auto' over {n} "
                                  "GPU(s), batch {batch} and context {ctx}",
    "launch_config.trl": "TRL SFT on {n} GPU(s): micro-batch {batch}, {seq} tokens, {opt} and "
                         "{dtype}",
    "launch_config.torchtune": "torchtune {recipe}: batch {batch}, {seq} tokens",
    "launch_config.litgpt":
        "LitGPT {recipe} on {n} device(s): micro-batch {batch}, {seq} tokens",
    "launch_config.grad_ckpt": "With gradient checkpointing",
    "launch_config.lora_rank": "LoRA rank {n}",
    "launch_config.zero_stage": "DeepSpeed ZeRO stage {n}",
    "launch_config.fsdp": "FSDP full sharding",
    "launch_config.gpus_at_prices": "{n} × {gpu} at {pricing} prices",
    "launch_config.pricing.on_demand": "on_demand",
    "launch_config.pricing.spot": "spot",
    "launch_config.pricing.reserved": "reserved",
    "launch_config.pricing.monthly": "monthly",
    "launch_config.pricing.yearly": "yearly",
    "launch_config.pricing.marketplace": "marketplace",
    "launch_config.pricing.capacity_block": "capacity_block",
    "launch_config.no_hf_repo":
        "The model's Hugging Face repo is not in the catalog: replace YOUR_MODEL",
    "launch_config.gguf_placeholder":
        "Point -m at the GGUF file you downloaded (the name shown is a placeholder)",
    "launch_config.ollama_tag": "Ollama names models by its own tags: replace the model with "
                                "the tag of the {quant} build you pull",
    "launch_config.skypilot_name":
        "SkyPilot's name for {gpu} is not known to gpupicker: check '{name}' with "
        "`sky show-gpus`",
    "launch_config.int4_awq":
        "int4 assumed to be an AWQ checkpoint (set quant_method to 'gptq' otherwise)",
    "launch_config.unknown_quant_method":
        "quantization method {method} is not one gpupicker can name",
    "launch_config.no_quantization_flag":
        "weights format {dtype} has no vLLM/SGLang --quantization gpupicker knows",
    "launch_config.no_gguf_type":
        "weights {dtype} have no GGUF type: the estimate and this command assume Q4_K_M",
    "launch_config.pretrain": "Pre-training from scratch: the TRL SFT script shows the flags, "
                              "use your own training script with the same batch and sharding",
    "launch_config.torchtune_config":
        "Pick the torchtune config of your model with tune ls (YOUR_MODEL is a placeholder)",
    "launch_config.no_serving_command":
        "gpupicker has no launch command for serving framework {framework}; it knows {choices}",
    "launch_config.no_training_launcher":
        "gpupicker has no launcher for training framework {framework}; it knows {choices}",
    "launch_config.torchtune_tasks":
        "torchtune recipes cover LoRA, QLoRA and full fine-tuning, not {task}",
    "launch_config.image_gen": "gpupicker has no launch command for image generation (diffusers "
                               "pipelines are started from your own script)",
    # importers: why a model file cannot be read (model import dialog, gpupicker model import)
    "importers.pickle": "{file} is a PyTorch pickle file: gpupicker never opens pickles, because "
                        "loading one can run any code it contains",
    "importers.pickle_convert":
        "Convert it to .safetensors (transformers: save_pretrained(..., safe_serialization=True)) "
        "or to .gguf (llama.cpp convert_hf_to_gguf.py), or import the model's config.json",
    "importers.no_param_count": "the model has no parameter count to save",
    "importers.invalid_shape": "{what} has an invalid shape {shape}",
    "importers.absurd_shape":
        "{what} claims {shape} elements: more than any model has, so the header is damaged",
    "importers.file_tensor": "{file}: tensor {tensor}",
    "importers.cannot_read": "cannot read {path}: {error}",
    "importers.not_found": "{path} does not exist",
    "importers.unread_format": "{file} is a {suffix} file, which gpupicker does not read: use the "
                               "model's .safetensors, .gguf or config.json",
    "importers.not_a_model_file": "{file} is not a model file gpupicker reads (safetensors, GGUF, "
                                  "config.json or a model folder): {error}",
    "importers.shard_outside": "{index} names shard {shard} outside its folder",
    "importers.shards_missing": "{index} lists {n} shards but {missing} are missing ({names}): "
                                "finish the download or import config.json alone",
    "importers.split_gguf_missing":
        "{file} is part of a split GGUF whose parts {names} are missing",
    "importers.no_snapshot": "{folder} has no downloaded snapshot",
    "importers.nothing_in_folder":
        "{folder} has no config.json, model_index.json, .safetensors or .gguf file",
    "importers.no_denoiser": "{folder}: model_index.json names no transformer/unet with "
                             ".safetensors weights, so there is nothing to size",
    "importers.config_unsizable":
        "config.json does not describe a model gpupicker can size: {error}",
    "importers.config_not_decoder": "config.json has no hidden_size / num_hidden_layers / "
                                    "num_attention_heads: not a decoder config gpupicker can size",
    # importers: safetensors headers
    "importers.st.too_short":
        "{file} is not a safetensors file: it is shorter than the 8-byte header length",
    "importers.st.header_over_limit": "{file} is not a valid safetensors file: its header claims "
                                      "{n} bytes, more than the {limit}-byte limit of the format",
    "importers.st.header_past_end":
        "{file} is not a valid safetensors file: its header claims {n} bytes but the file has "
        "only {size} (cut short or not safetensors)",
    "importers.st.header_empty": "{file} is not a valid safetensors file: its header is empty",
    "importers.st.header_not_object":
        "{file} is not a valid safetensors file: its header is not a JSON object",
    "importers.st.header_not_json":
        "{file} is not a valid safetensors file: its header is not valid JSON ({error})",
    "importers.st.not_object": "{file}: the safetensors header is not a JSON object",
    "importers.st.too_many_tensors": "{file} claims {n} tensors: the header is damaged",
    "importers.st.entry_not_object": "{what} is not described by an object",
    "importers.st.bad_dtype": "{what} has dtype {dtype}, which safetensors does not define",
    "importers.st.no_shape": "{what} has no shape",
    "importers.st.no_offsets": "{what} has no valid data_offsets",
    "importers.st.offsets_backwards": "{what} has data_offsets {offsets} that run backwards",
    "importers.st.size_mismatch":
        "{what} is {dtype} {shape} = {nbytes} bytes but its offsets span {span}",
    "importers.st.past_end": "{what} ends at byte {end} of the data but the file holds {size} "
                             "(cut short?)",
    "importers.st.overlap": "{file}: tensors {a} and {b} overlap (bytes {begin}–{end})",
    "importers.st.no_weight_map": "{file} has no weight_map of tensor → file names",
    "importers.json_too_large": "{file} is {size} bytes: too large for a JSON config",
    "importers.json_invalid": "{file} is not valid JSON ({error})",
    "importers.json_not_object": "{file} is not a JSON object",
    # importers: GGUF headers
    "importers.gguf.cut_short":
        "{file} is cut short: {what} at byte {pos} needs {n} bytes but the file has {size}",
    "importers.gguf.what.version": "version",
    "importers.gguf.what.tensor_count": "tensor count",
    "importers.gguf.what.metadata_count": "metadata count",
    "importers.gguf.what.metadata_key": "metadata key",
    "importers.gguf.what.metadata": "metadata {key}",
    "importers.gguf.what.metadata_type": "metadata {key} type",
    "importers.gguf.what.array_values": "array {key} of {n} values",
    "importers.gguf.what.array_strings": "array {key} of {n} strings",
    "importers.gguf.what.array": "array {key}",
    "importers.gguf.what.tensor_infos": "{n} tensor infos",
    "importers.gguf.what.tensor_name": "tensor name",
    "importers.gguf.what.tensor": "tensor {tensor}",
    "importers.gguf.what.tensor_shape": "tensor {tensor} shape",
    "importers.gguf.what.tensor_type": "tensor {tensor} type",
    "importers.gguf.what.tensor_offset": "tensor {tensor} offset",
    "importers.gguf.too_many_strings": "{file}: metadata {key} claims {n} strings (damaged header)",
    "importers.gguf.bad_array_type":
        "{file}: metadata {key} is an array of type {type}, which GGUF does not define (damaged "
        "header)",
    "importers.gguf.bad_value_type":
        "{file}: metadata {key} has value type {type}, which GGUF does not define (damaged "
        "header)",
    "importers.gguf.needs_package": "reading GGUF needs the 'gguf' package (pip install gguf)",
    "importers.gguf.too_small": "{file} is not a GGUF file: only {size} bytes",
    "importers.gguf.no_magic": "{file} is not a GGUF file (no GGUF magic bytes)",
    "importers.gguf.version": "{file}: GGUF version {version} is not supported (2 and 3 are)",
    "importers.gguf.too_many_entries":
        "{file} claims {tensors} tensors and {entries} metadata entries: the header is damaged",
    "importers.gguf.too_many_dims": "{file}: tensor {tensor} claims {n} dimensions (damaged header)",
    "importers.gguf.unknown_type": "{what} has ggml type {type}, which the installed gguf package "
                                   "does not know (newer llama.cpp format?)",
    "importers.gguf.partial_block":
        "{what} has {n} {type} values, not a whole number of {block}-value blocks",
    "importers.gguf.alignment": "{file}: general.alignment {align} is not a power of two",
    "importers.gguf.cut_short_tensor": "{file} is cut short: tensor {tensor} ends at byte {n} but "
                                       "the file has {size} bytes ({share} of it is there)",
    "importers.gguf.overlap": "{file}: tensors {a} and {b} overlap",
    # importers: what was guessed or left out (warnings)
    "importers.warn.text_only":
        "only the text model is counted: {encoders} (the vision/audio encoder) is left out",
    "importers.warn.no_model_type":
        "config.json has no model_type: read as a Llama-style decoder (gated MLP, no q/k/v "
        "biases)",
    "importers.warn.unknown_model_type":
        "model_type {type} is not one gpupicker models: read as a Llama-style decoder from "
        "hidden_size, num_hidden_layers, num_attention_heads, intermediate_size and vocab_size "
        "(gated MLP, no q/k/v biases assumed)",
    "importers.warn.per_layer": "{key} differs per layer; the largest value {value} is used",
    "importers.warn.unknown_gguf_arch": "GGUF architecture {arch} is not one gpupicker models: "
                                        "layer sizes read from its metadata as a Llama-style "
                                        "decoder",
    "importers.warn.gguf_unusable": "GGUF metadata does not give a usable architecture ({error}); "
                                    "sized from the parameter count alone",
    "importers.warn.gguf_no_sizes":
        "GGUF metadata has no layer sizes; sized from the parameter count alone",
    "importers.warn.quantized":
        "the weights are quantized ({method}): element counts of packed tensors are not "
        "parameters, so the count comes from config.json",
    "importers.warn.param_gap": "config.json gives {computed} parameters but the tensors hold "
                                "{params} ({gap} apart): the tensor count is used",
    "importers.warn.no_config_beside":
        "no config.json beside the file: the parameter count is exact but the layer sizes are "
        "assumed (Llama proportions) when the model is used",
    "importers.warn.total_size":
        "{index} says total_size {total} bytes but the shards hold {held}",
    "importers.warn.tensor_map": "{index} maps {mapped} tensors, the shards hold {held}",
    "importers.warn.gguf_file_type": "GGUF file type {type} has no gpupicker weights dtype: pick "
                                     "the closest one on the quantization page",
    "importers.warn.precision_variants": "precision variants ({files}) were not counted again",
    "importers.warn.pickles_not_read": "{files} not read (pickle files are never opened): the "
                                       "parameter count comes from config.json",
    "importers.warn.several_gguf": "{n} GGUF files in the folder; {file} was read",
    "importers.warn.no_config_in_folder":
        "no config.json in the folder: the layer sizes are assumed (Llama proportions)",
    "importers.warn.component": "{component}: {warning}",
    "importers.warn.component_pickle":
        "{component}: {file} not read (pickle files are never opened)",
    "importers.warn.denoiser_only":
        "params counts the denoiser only (as the bundled diffusion models do); {others} are "
        "listed apart",
})

_section({
    "report.ranked_by.cheapest": "Ranked by cheapest",
    "report.ranked_by.fastest": "Ranked by fastest",
    "report.ranked_by.value": "Ranked by value",
    "report.ranked_by.headroom": "Ranked by headroom",
    "report.tie_break.cheapest":
        "equal cost: the faster option first, then fewer GPUs, then the GPU id",
    "report.tie_break.fastest":
        "equal speed: the cheaper option first, then fewer GPUs, then the GPU id",
    "report.tie_break.value":
        "equal value score: the cheaper option first, then fewer GPUs, then the GPU id",
    "report.tie_break.headroom":
        "equal headroom: the cheaper option first, then fewer GPUs, then the GPU id",
    "report.doubted_price_last": "a price its own source doubts (e.g. 'scraper artefact') ranks "
                                 "after the other priced options of its tier",
    # report: title, headings and the job table (core/report.py)
    "report.title": "GPU plan: {task} {model}",
    "report.title_bare": "GPU plan: {task}",
    "report.task.inference": "inference",
    "report.task.lora": "lora",
    "report.task.qlora": "qlora",
    "report.task.full_ft": "full_ft",
    "report.task.pretrain": "pretrain",
    "report.task.decode_ceiling": "decode_ceiling",
    "report.task.image_gen": "image_gen",
    "report.task.diffusion_lora": "diffusion_lora",
    "report.written": "Written by gpupicker on {date}. Offline estimate: check the assumptions "
                      "below before you rent.",
    "report.h.job": "Job",
    "report.h.options": "Ranked options",
    "report.h.fits": "What fits",
    "report.h.plots": "Plots",
    "report.h.assumptions": "Assumptions",
    "report.h.notes": "Notes",
    "report.h.prices": "Prices used",
    "report.h.launch": "Launch",
    "report.tie_break_label": "Tie-break: {rule}",
    "report.job.task": "task",
    "report.job.model": "model",
    "report.job.weights": "weights",
    "report.job.micro_batch": "micro-batch",
    "report.job.seq_len": "sequence length",
    "report.job.optimizer": "optimizer",
    "report.job.grad_ckpt": "gradient checkpointing",
    "report.job.lora_rank": "LoRA rank",
    "report.job.batch": "batch",
    "report.job.context": "context tokens",
    "report.job.kv_cache": "KV cache",
    "report.job.framework": "framework",
    "report.job.gpus": "GPUs",
    "report.job.preferred_gpu": "preferred GPU",
    "report.job.run_hours": "run length (h)",
    "report.job.dataset_tokens": "dataset tokens",
    "report.job.rpm": "requests per minute",
    "report.job.pricing": "pricing",
    "report.job.budget": "budget",
    "report.job.max_per_hour": "max per hour",
    "report.job.deadline": "deadline (h)",
    "report.on": "on",
    "report.off": "off",
    # report: the ranked-options table (pricing kinds as the catalog spells them)
    "report.col.rank": "#",
    "report.col.gpu": "GPU",
    "report.col.count": "n",
    "report.col.fits": "fits",
    "report.col.memory": "memory per GPU",
    "report.col.provider": "provider",
    "report.col.pricing": "pricing",
    "report.col.per_hour": "{symbol}/h (all GPUs)",
    "report.col.hours": "hours",
    "report.col.total": "total",
    "report.col.others": "other counts",
    "report.yes": "yes",
    "report.no": "no",
    "report.gpu": "{gpu}",
    "report.provider": "{provider}",
    "report.memory": "{used} / {cap} GiB",
    "report.per_month": "{total}/month",
    "report.other_count": "×{n} {total}",
    "report.option_line": "{option} × {count}: {reason}",
    "report.pricing.on_demand": "on_demand",
    "report.pricing.spot": "spot",
    "report.pricing.reserved": "reserved",
    "report.pricing.reserved_1y": "reserved_1y",
    "report.pricing.capacity_block": "capacity_block",
    "report.pricing.marketplace": "marketplace",
    "report.pricing.monthly": "monthly",
    "report.pricing.yearly": "yearly",
    "report.pricing.owned": "owned",
    # report: what fits (core.fit) and the charts (core.svg_chart)
    "report.fits.gpu": "GPU",
    "report.fits.largest": "largest",
    "report.fits.value": "value",
    "report.fits.gib": "GiB per GPU at it",
    "report.dim.batch": "batch size",
    "report.dim.seq_len": "context (tokens)",
    "report.dim.lora_r": "LoRA rank",
    "report.dim.concurrency": "concurrent sequences",
    "report.fit.none": "none",
    "report.fit.at_limit": "{value} (limit)",
    "report.fit.gib": "{used} of {cap}",
    "report.chart.memory_title": "What fits: memory per GPU against {dimension}",
    "report.chart.gib_per_gpu": "GiB per GPU",
    "report.chart.shared": "peak memory per GPU (the same on every card)",
    "report.chart.capacity": "{gpu} ({cap} GiB usable)",
    "report.chart.series": "{gpu} · {pricing}",
    "report.chart.cost_title": "Cost by number of GPUs",
    "report.chart.hours_title": "Hours by number of GPUs",
    "report.chart.cost_hours_title": "Cost and hours by number of GPUs",
    "report.chart.n_gpus": "number of GPUs",
    "report.chart.hours": "hours",
    "report.chart.total": "total cost ({currency})",
    "report.chart.per_month": "cost per month ({currency})",
    "report.chart.per_hour": "price per hour ({currency})",
    # report: price sources and the launch config
    "report.prices.gpu": "GPU",
    "report.prices.provider": "provider",
    "report.prices.pricing": "pricing",
    "report.prices.per_gpu_hour": "per GPU-hour",
    "report.prices.observed": "observed",
    "report.prices.source": "source",
    "report.prices.unknown_date": "unknown",
    "report.prices.no_source": "(no source recorded)",
    "report.launch.engine": "Engine: {engine}",
    "report.launch.assumes": "assumes: {text}",
    "report.launch.warning": "warning: {text}",
    "report.launch.skypilot_md": "SkyPilot `task.yaml`:",
    "report.launch.dstack_md": "dstack `.dstack.yml`:",
    "report.launch.skypilot": "SkyPilot task.yaml",
    "report.launch.dstack": "dstack .dstack.yml",
    "report.launch.nothing": "No option fits, so there is nothing to launch.",
})


DISAMBIGUATION: dict[str, str] = {
    "report.job.grad_ckpt": "report: job table row label",
    "report.fit.none": "report: no value in the what-fits table",
}
"""Ids whose English template is also another id's with another meaning ("none" is also the
advisor's quality cost, 不影响质量): Qt's translator tells them apart by this comment (the
``disambiguation`` of ``QCoreApplication.translate`` and ``<comment>`` in the .ts)."""
