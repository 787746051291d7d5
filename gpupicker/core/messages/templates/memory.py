"""Message templates of the memory side of core.

The memory package, diffusion, fit, training_frameworks, and the validation errors of
workload, model_arch, dtypes and units.

Part of :data:`gpupicker.core.messages.templates.TEMPLATES` (one English template per id;
zh_CN in resources/i18n/gpupicker_zh_CN.ts, context ``CoreText``).
"""

TEMPLATES: dict[str, str] = {
    # memory: the task dispatch, Hugging Face generate()
    "memory.needs_diffusion_model": "image generation needs a diffusion model (UNet/DiT)",
    "memory.is_language_model": "{label} is a language model",
    "memory.kv_replicated_tp": (
        "the KV cache is not split over the {tp} tensor-parallel ranks: every rank holds {copies}× "
        "its share (an MLA latent, or fewer KV heads than ranks, is replicated: vLLM get_num_kv_heads)"
    ),
    "memory.diffusion_choose_lora": (
        "{label} is a diffusion model: choose diffusion LoRA fine-tuning (task 'diffusion_lora')"
    ),
    "memory.diffusion_choose_image_gen": (
        "{label} is a diffusion model: choose the image-generation task (task 'image_gen')"
    ),
    "memory.this_model": "this model",
    "memory.inferred_arch": (
        "Only the parameter count is known: layer sizes assumed Llama-like "
        "(hidden {hidden}, {layers} layers, no GQA)"
    ),
    "memory.enter_config": "Enter the model's config.json for exact KV-cache and activation sizes",
    "memory.ascend_pool": (
        "{engine} on Ascend: KV pool sized with vLLM's model (no measurement "
        "of this engine is modelled: {range})"
    ),
    "memory.weights_only": "Weights only: one batch-1 decode pass",
    "memory.auto_sharding": (
        "No parallelism given: sharded with FSDP FULL_SHARD (ZeRO-3) over {n} GPUs, as the ranking plans it"
    ),
    "memory.hf_generate": "Hugging Face transformers generate() with a growing DynamicCache",
    "memory.hf_kv": "KV cache in {dtype} for {batch} × {tokens} tokens",
    "memory.spec_ngram": (
        "speculative decoding by n-gram prompt lookup ({k} tokens per step): no draft weights or KV"
    ),
    "memory.spec_draft": (
        "speculative decoding ({method}): draft {draft} adds {gib} GiB of "
        "weights and {kv} KiB of KV per token"
    ),
    "speculative.unknown_method": "speculative method {method} is not one gpupicker models; known: {known}",
    "speculative.needs_draft": "speculative method 'draft' needs a draft_model (a catalog id)",
    "speculative.vocab_mismatch": (
        "draft model {draft} has a vocabulary of {dv} tokens and "
        "{target} one of {tv}: a draft model must share the target's "
        "tokenizer (vLLM and transformers refuse a different "
        "vocabulary size, SGLang drafts use the target's tokenizer, "
        "llama.cpp allows 128 tokens of difference); pick a draft "
        "of the same family"
    ),
    "speculative.draft_no_vocab": (
        "draft model {draft} states no vocabulary size, so gpupicker "
        "cannot check that it shares the target's tokenizer (which "
        "vLLM, SGLang and llama.cpp require); give a language model "
        "with its config"
    ),
    "speculative.unresolved_draft": "draft model {model} is not resolved; look it up in the catalog first",
    "speculative.no_mtp_layers": (
        "{model} has no MTP layers (num_nextn_predict_layers / "
        "mtp_num_hidden_layers in its config): use method eagle, draft "
        "or ngram"
    ),
    "memory.kv_layers_only": "KV only on the {kv} of {layers} layers that hold attention KV",
    "memory.recurrent_state": (
        "plus {gib} GiB fixed recurrent/conv state for {seqs} "
        "sequence(s) in {layers} linear-attention/Mamba/conv layers "
        "(independent of the context length)"
    ),
    "memory.compressed_kv": (
        "DeepSeek-V4 compressed attention (SGLang's pool layout): KV for every token compressed "
        "4× with the indexer on {c4} layers and 128× on {c128}, the last {window} tokens on all "
        "{layers}; plus {gib} GiB fixed window and compressor state for {seqs} sequence(s)"
    ),
    "memory.hf_allocator": "Caching-allocator reserve calibrated on H200 measurements",
    "memory.fp8_lm_head_copy": (
        "FP8 checkpoint of a model with tied embeddings: the 16-bit lm_head is held as its own "
        "{gib} GiB copy of the embedding (Qwen3 FP8 speed-benchmark peaks)"
    ),
    "training.paged_states": (
        "paged 8-bit AdamW states ({gib} GiB) live in CUDA unified "
        "memory, outside PyTorch's allocator, and page out to host RAM "
        "when the GPU is full: not counted on the GPU"
    ),
    "training.fsdp_root": (
        "FSDP keeps the root unit (embeddings, lm_head, final norm) unsharded "
        "from forward to backward, and every rank keeps the whole 4-bit "
        "quantization state: {gib} GiB per GPU over an even split"
    ),
    "training.optimizer_in_bwd": (
        "optimizer step fused into the backward pass: each gradient "
        "is applied and freed at once (only the largest one is alive)"
    ),
    "memory.expert_parallel": (
        "expert parallel over {ep} ranks: each GPU holds {local} of the "
        "{experts} routed experts of every MoE layer (the rest of the "
        "model split as before)"
    ),
    "memory.bnb_int8_outliers": (
        "bitsandbytes LLM.int8: the prefill dequantizes the weight "
        "columns that meet an outlier (threshold 6.0); upper bound "
        "taken: every column of the widest Linear"
    ),
    # engines: vLLM, SGLang, TensorRT-LLM, LMDeploy, llama.cpp / Ollama
    # (engine_message holds the engine's own start-up error: its wording is the engine's)
    "engines.vllm_no_cache_memory": (
        "No available memory for the cache blocks. Try increasing "
        "`gpu_memory_utilization` when initializing the engine."
    ),
    "engines.vllm_seq_too_long": (
        "The model's max seq len ({max_model_len}) is larger than the "
        "maximum number of tokens that can be stored in KV cache "
        "({pool_tokens}). Try increasing `gpu_memory_utilization` or "
        "decreasing `max_model_len` when initializing the engine."
    ),
    "engines.vllm_version_named": "vLLM {version} ({engine} engine, OpenAI-server defaults)",
    "engines.vllm_version_assumed": (
        "vLLM version not named in environment: taken to be {since} or newer "
        "(V1 engine, OpenAI-server defaults)"
    ),
    "engines.vllm_settings": (
        "vLLM, tensor parallel {tp}, gpu_memory_utilization {utilization}, "
        "max_num_seqs {seqs}, max_num_batched_tokens {tokens}"
    ),
    "engines.kv_blocks": "KV cache in {dtype}, {block}-token blocks",
    "engines.max_model_len": "max_model_len {tokens}",
    "engines.no_gpu": "No GPU given: KV sized for the batch",
    "engines.torch_capacity": "Capacity seen by PyTorch {gib} GiB",
    "engines.profile_peak": "profile-run peak {gib} GiB (weights + {act} GiB activations)",
    "engines.non_torch": "non-torch {gib} GiB",
    "engines.cuda_graphs": "CUDA graphs ≈ {gib} GiB on top",
    "engines.acl_graphs": "ACL graphs ≈ {gib} GiB on top (vLLM's CUDA-graph size, not measured on an NPU)",
    "engines.vllm_pool": "KV pool {gib} GiB = {blocks} blocks ({tokens} tokens)",
    "engines.concurrent": "{seqs} concurrent sequences of {tokens} tokens",
    "engines.vllm_refuses_mml": (
        "vLLM would refuse to start: max_model_len {mml} is more than the {pool} tokens its KV pool holds"
    ),
    "engines.vllm_refuses_no_memory": "vLLM would refuse to start: no memory is left for KV blocks",
    "engines.no_fraction_model": "no fraction-pool memory model for {engine}",
    "serving_flags.memory.vllm": (
        "the share of each GPU's memory the server takes for weights and the KV cache pool; the "
        "rest stays free for other programs (default 0.90)"
    ),
    "serving_flags.memory.sglang": (
        "the share of the memory free at start-up SGLang takes for weights and the KV pool "
        "(default 0.79–0.88 by tensor-parallel size, used while this is not set)"
    ),
    "serving_flags.memory.tgi": (
        "TGI's share of each GPU's memory (TGI's default 1.0); the estimate sizes TGI's KV pool "
        "with vLLM's model at the value shown (0.90 unless set), not with TGI's own warm-up"
    ),
    "serving_flags.memory.trtllm": (
        "the share of the memory free after the engine is loaded that the KV cache takes "
        "(default 0.90, used while this is not set)"
    ),
    "serving_flags.memory.lmdeploy": (
        "the share of the memory free after the weights are loaded that the KV cache takes "
        "(default 0.80, used while this is not set)"
    ),
    "serving_flags.memory.mindie": (
        "MindIE has no memory-fraction key; the estimate sizes its KV pool with vLLM's model at "
        "this share of each GPU's memory (0.90 unless set)"
    ),
    "memory.tgi_pool": (
        "TGI: KV pool sized with vLLM's model at {frac} of each GPU's memory "
        "(--cuda-memory-fraction {frac}); TGI's own default is 1.0 and it sizes its pool after "
        "a warm-up prefill, which is not modelled"
    ),
    "engines.sglang_head": "SGLang, tensor parallel {tp}, mem_fraction_static {frac}",
    "engines.lmdeploy_head": "LMDeploy TurboMind, tensor parallel {tp}, cache_max_entry_count {frac}",
    "engines.trtllm_head": "TensorRT-LLM, tensor parallel {tp}, kv_cache_free_gpu_mem_fraction {frac}",
    "engines.sglang_no_memory": "Not enough memory. Please try to increase --mem-fraction-static.",
    "engines.trtllm_no_memory": "Insufficient memory for the KV cache after loading the engine.",
    "engines.refuses_no_pool": "{engine} would refuse to start: no memory is left for the KV pool",
    "engines.fraction_pool": "KV pool {gib} GiB ({tokens} tokens)",
    "engines.llamacpp_head": "llama.cpp, {dtype} weights, n_ctx {ctx} with {kv} KV allocated at load",
    "engines.embeddings_on_host": "Token embeddings stay in host RAM",
    "engines.compute_buffer_flash": "compute buffer ≈ n_ubatch × n_vocab fp32 logits",
    "engines.compute_buffer": (
        "compute buffer ≈ n_ubatch × n_vocab fp32 logits or the n_ubatch × "
        "n_ctx attention scores without flash attention"
    ),
    "engines.partial_offload": "Only {layers} of {total} layers fit on the GPU (-ngl {ngl})",
    "engines.rest_on_cpu": "the rest run on the CPU, several times slower",
    "engines.not_gguf": "{dtype} is not a GGUF type: sized as Q4_K_M",
    "engines.ollama_ctx": "Ollama: n_ctx is num_ctx × OLLAMA_NUM_PARALLEL",
    "engines.ollama_default_ctx": (
        "its default num_ctx is smaller than long prompts need, set num_ctx to the context"
    ),
    "engines.llamacpp_v_cache": "V cache quantization requires flash_attn",
    "engines.llamacpp_refuses_kv": "llama.cpp refuses a {dtype} KV cache without flash attention (-fa)",
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
    "training.master_weights": (
        "Mixed precision with fp32 master weights ({framework}): 2 + 2 + "
        "12 = 16 bytes per parameter (ZeRO paper)"
    ),
    "training.fp32": "fp32 parameters and gradients with {optimizer} in fp32 (4 + 4 + 8 bytes per parameter)",
    "training.pure_16bit": (
        "Pure {dtype} training: parameters, gradients and {optimizer} in "
        "{dtype2} (2 + 2 + 4 bytes per parameter with AdamW)"
    ),
    "training.choose_master": (
        "choose framework 'deepspeed' or 'fsdp' for fp32 master weights (16 bytes per parameter)"
    ),
    "training.range_measured": "Range {lo}–{hi} GiB (measured H200 cases of this framework: within ±3 %)",
    "training.range_profile": "Range {lo}–{hi} GiB (framework profile from its published figures: ±15 %)",
    "training.profile_full_logits": "Framework profile: {framework} (full fp32 logits at the loss)",
    "training.profile_fused_ce": "Framework profile: {framework} (fused/chunked cross-entropy)",
    "training.task_optimizer": "{task} with {optimizer_id}",
    "training.micro_batch": "micro-batch {batch} × {tokens} tokens",
    "training.grad_ckpt": "gradient checkpointing",
    "training.no_grad_ckpt": "no gradient checkpointing",
    "training.peak_loss": "Peak at the loss: saved activations and fp32 logits are alive",
    "training.peak_backward": "Peak at the end of backward: all gradients plus one layer's activations",
    "training.peak_optimizer": "Peak at the optimizer step: gradients, states and optimizer temporaries",
    "training.autocast_copies": "Weights include autocast's bf16 copies of the fp32 parameters",
    "training.kbit_prepared": (
        "peft prepare_model_for_kbit_training: embeddings, lm_head and norms in fp32, fp32 residual stream"
    ),
    "training.kbit_prepared_16bit": (
        "{framework} keeps the embeddings and lm_head of the k-bit base in 16-bit "
        "(not peft's fp32 upcast): 16-bit residual stream"
    ),
    "training.zero_offload": (
        "ZeRO-Offload: optimizer states, fp32 master weights and gradients "
        "in CPU RAM, about {gib} GiB of host memory ({bytes} bytes per "
        "parameter × 1.5, DeepSpeed's estimator)"
    ),
    "training.cpu_step": "the optimizer step runs on the CPU",
    "training.offloaded_checkpoints": (
        "{framework} offloads the checkpointed layer inputs to CPU RAM: {gib} GiB of host memory"
    ),
    "training_frameworks.unknown": "training framework {name} is not modelled; choose one of {choices}",
    # diffusion: memory and speed of diffusers pipelines and LoRA steps
    "diffusion.option.vae_tiling": "VAE tiling + slicing",
    "diffusion.option.vae_slicing": "VAE slicing",
    "diffusion.option.attention_slicing": "attention slicing",
    "diffusion.option.model_cpu_offload": "model CPU offload",
    "diffusion.option.sequential_cpu_offload": "sequential CPU offload",
    "diffusion.pipeline": "diffusers {family} pipeline at {width}×{height}, {batch} image(s) per call",
    "diffusion.pipeline_cfg": (
        "diffusers {family} pipeline at {width}×{height}, {batch} image(s) per call, classifier-free guidance"
    ),
    "diffusion.peak_denoiser": "Peak at the denoiser",
    "diffusion.peak_vae": "Peak at the VAE decode",
    "diffusion.memory_options": "memory options: {options}",
    "diffusion.no_memory_options": "no memory options",
    "diffusion.memory_range": "Range {lo}–{hi} GiB (working-set constants from one published SDXL case, C59)",
    "diffusion.lora_step": (
        "LoRA training step: {images} image(s) at {res}², frozen denoiser, "
        "about {mparams} M LoRA parameters with AdamW"
    ),
    "diffusion.train_step_time": (
        "{seconds} s per training step of {images} image(s) (GPU "
        "{gpu_s} s, eager host dispatch {host_s} s: the longer one "
        "counts)"
    ),
    "diffusion.denoise_step_time": "{ms} ms per denoising step × {steps} steps, {images} image(s) per call",
    "diffusion.flops": (
        "{tflop} TFLOP per step for the {family} denoiser at {eta} of {tflops} "
        "sustained TFLOPS, plus {fixed} ms fixed per step (diffusers benchmark "
        "table, C59)"
    ),
    "diffusion.flops_cfg": (
        "{tflop} TFLOP per step for the {family} denoiser with "
        "classifier-free guidance at {eta} of {tflops} sustained TFLOPS, plus "
        "{fixed} ms fixed per step (diffusers benchmark table, C59)"
    ),
    "diffusion.attention_kernel": (
        "{tflop} TFLOP of it is attention, run by PyTorch SDPA's FlashAttention-2 kernel at "
        "{share} of the peak on {arch} (FlashAttention-2 and -3 papers)"
    ),
    "diffusion.attention_family_eta": (
        "Attention is costed at the family's {eta}: SDPA's attention kernel rate on {arch} is not measured"
    ),
    "diffusion.range_image": "Range {lo}–{hi} s per image (host CPU, attention kernel and compile not known)",
    "diffusion.range_train_image": (
        "Range {lo}–{hi} s per training image (host CPU, attention kernel and compile not known)"
    ),
    "diffusion.options_applied": "Memory options applied: {options}",
    "diffusion.offload_alternative": (
        "Only sequential CPU offload ({x}× slower per step) fits at "
        "{dtype}; {alt} denoiser weights fit in {gib} GiB at about "
        "{s} s per image"
    ),
    "diffusion.offload_alternative_train": (
        "Only sequential CPU offload ({x}× slower per step) "
        "fits at {dtype}; {alt} denoiser weights fit in {gib} "
        "GiB at about {s} s per training image"
    ),
    "diffusion.parallel_train": (
        "Several GPUs train data-parallel: each its own images, LoRA gradients all-reduced"
    ),
    "diffusion.parallel_images": "Several GPUs generate different images in parallel",
    "diffusion.idle_gpus": "{images} image(s) keep only {busy} of the {n} GPUs busy",
    # fit: the largest batch / context / rank / concurrency
    "fit.unknown_dimension": "unknown dimension {dimension}; choose one of {choices}",
    "fit.decode_ceiling": "a decode ceiling holds only the weights: no batch, context or rank to maximise",
    "fit.image_gen_batch_only": "image generation has no {dimension}; maximise its batch (images at once)",
    "fit.out_of_range": "{dimension} {value} is outside 1–{limit}",
    "fit.lora_r_needs_lora": "lora_r needs a LoRA or QLoRA job; task {task} has no adapter",
    "fit.concurrency_serving_only": "concurrency is for serving (task 'inference'), not {task}",
    "fit.no_prompt_left": "a context of {value} tokens leaves no prompt ({new} new tokens)",
    "fit.bisection": (
        "Largest {dimension} that fits on {gpu_id} × {n}: found by bisection over "
        "the same memory model as the estimate"
    ),
    "fit.context_cap": "Context capped at the model's max_position_embeddings ({limit})",
    "fit.all_layers": "Counts as fitting only with every layer on the GPU (no CPU offload)",
    "fit.pool_flat": (
        "The server pre-allocates its KV pool, so memory is flat; concurrency is "
        "limited by the sequences the pool holds"
    ),
    "fit.none_fits": "Does not fit even at {dimension} {value}",
    # workload, model_arch, dtypes, units: validation errors (pydantic shows them per field)
    "workload.needs_model": "a workload needs a model: 'model' (config.json fields) or 'model_id'",
    "workload.token_alias_disagrees": (
        "{alias} {alias_value} disagrees with {field} {value}: they are the same count (give one of them)"
    ),
    "workload.trainer_alias_disagrees": (
        "{alias} {alias_value} disagrees with {field} {value}: they set the same field (give one of them)"
    ),
    "workload.load_flag_disagrees": "{flag} {value} disagrees with task {task}",
    "workload.qlora_weights": "QLoRA needs 4-bit or 8-bit base weights (weights_dtype 'nf4' or 'int8')",
    "workload.unknown_optimizer": (
        "optimizer {optimizer} is not one whose states gpupicker models; known: {choices}, or a "
        "Hugging Face TrainingArguments.optim name for them ({hf} …)"
    ),
    "workload.unknown_backend": (
        "backend {backend} is not a llama.cpp back-end gpupicker models; known: {choices}"
    ),
    "workload.unknown_pricing": "unknown pricing {pricing}; choose one of {choices}",
    "workload.currency_not_usd": (
        "currency {currency} is not used: a workload's money (budget_usd, max_usd_per_hour) is "
        "in US dollars ('USD'); amounts are shown in the catalog's display currency "
        "(gpupicker catalog currency CODE)"
    ),
    "workload.bad_engine_build": (
        "engine_build {build} is not a llama.cpp build number (write "
        "'b4500', '4500' or llama-bench's 'build: e598697d (4696)')"
    ),
    "model_arch.missing": (
        "model architecture is missing {fields} (or give the exact parameter count as 'params')"
    ),
    "model_arch.heads_multiple": "num_attention_heads must be a multiple of num_key_value_heads",
    "model_arch.no_size": "model has neither an architecture nor a parameter count",
    "model_arch.unknown_layer_type": "layer type {kind} is not one gpupicker models; known: {known}",
    "model_arch.pattern_length": "layer_pattern has {n} layers but the model has {layers}",
    "model_arch.attn_index": (
        "full_attn_idxs names layer {index}, but the model has {layers} layers (0 to {layers} − 1)"
    ),
    "model_arch.kv_heads_list": "a per-layer KV-head count must be a whole number ≥ 0, not {value}",
    "model_arch.kv_heads_zero": (
        "num_key_value_heads gives some layers 0 KV heads, but the "
        "config of model_type {model_type} states no layer kinds "
        "(layer_types): gpupicker cannot tell what those layers cache"
    ),
    "model_arch.kv_heads_length": (
        "the per-layer KV-head list has {n} entries but the model has {layers} layers"
    ),
    "model_arch.kv_heads_layer": (
        "layer {layer} is of kind {kind} in the layer pattern but its "
        "per-layer KV-head count is {heads} (attention layers F/S "
        "need heads, the other kinds 0)"
    ),
    "model_arch.mamba_sizes": "Mamba layers need mamba_num_heads, mamba_head_dim and ssm_state_size",
    "model_arch.compress_list": "a per-layer KV compression ratio must be a whole number ≥ 0, not {value}",
    "model_arch.compressed_kv_dtype": (
        "DeepSeek-V4's compressed KV cache in {dtype} is not modelled: SGLang stores it in "
        "BF16 or FP8 (an FP8 nope part, a BF16 rope part and scales); use kv_cache_dtype "
        "bf16 or fp8"
    ),
    "model_arch.compress_length": (
        "the per-layer KV compression list has {n} entries but the model has {layers} layers"
    ),
    "model_arch.compress_ratio": (
        "KV compression ratio {ratio} is not one gpupicker models (known: {known})"
    ),
    "model_arch.compress_sizes": (
        "compressed-KV layers need sliding_window, head_dim and qk_rope_head_dim, and "
        "index_n_heads and index_head_dim where a layer compresses 4×"
    ),
    "model_arch.linear_sizes": (
        "linear-attention layers need linear_num_value_heads, linear_value_head_dim and linear_key_head_dim"
    ),
    "dtypes.unknown_weight": "unknown weight dtype {dtype}; known: {known}",
    "dtypes.unknown_kv": "unknown KV-cache dtype {dtype}; known: {known}",
    "dtypes.exl2_range": "EXL2 width {dtype} is outside the {lo}–{hi} bits per weight ExLlamaV2 converts to",
    "workload.grad_ckpt_mode": "unknown grad_ckpt value {value}; known: {known}",
    "inputs.native_weights": (
        "{model} ships in {dtype} (its config.json quantization_config), "
        "so its weights are sized in {dtype}; give weights_dtype to size "
        "another format"
    ),
    "inputs.grad_ckpt_offload": (
        "grad_ckpt 'offload' / 'unsloth' moves the checkpointed "
        "layer inputs to host RAM; the estimate keeps them on the GPU, "
        "so its activation memory is an upper bound"
    ),
    "inputs.data_parallel_replicas": (
        "{dp} data-parallel replicas of {gpus} GPU(s), each "
        "serving {batch} of the sequences: memory and "
        "per-sequence speed are one replica's, batch "
        "throughput {dp}× its"
    ),
    "inputs.data_parallel_gpus": "parallelism.data_parallel = {dp} does not divide num_gpus = {n}",
    "inputs.data_parallel_training": (
        "parallelism.data_parallel = {dp} disagrees with num_gpus "
        "/ (tensor × pipeline parallel) = {derived}; the estimate "
        "uses {derived}"
    ),
    "inputs.expert_parallel": (
        "parallelism.expert_parallel = {ep} is not modelled yet: every "
        "rank is costed holding all experts, so the weight memory per "
        "GPU is an upper bound"
    ),
    "inputs.expert_parallel_gpus": (
        "parallelism.expert_parallel = {ep} is more than num_gpus = "
        "{n}: the estimate splits the experts over {n}"
    ),
    "inputs.expert_parallel_dense": (
        "parallelism.expert_parallel = {ep} has no effect: the model has no routed experts"
    ),
    "inputs.stand_in.mlx": (
        "MLX (mlx-lm) has no speed profile of its own: costed with "
        "llama.cpp's Metal profile and Hugging Face memory; expect "
        "±30 % or worse"
    ),
    "inputs.stand_in.mindspeed": (
        "MindSpeed-LLM is costed with Megatron-LM's profile on the "
        "Ascend NPU (no MindSpeed measurement checked)"
    ),
    "inputs.stand_in.mindformers": (
        "MindFormers is costed with Megatron-LM's profile (no MindFormers measurement checked)"
    ),
    "inputs.stand_in.olmo_core": (
        "OLMo-core is costed with torchtitan's FSDP2 profile (no OLMo-core measurement checked)"
    ),
    "inputs.dora": (
        "DoRA re-forms W + s·B·A in every forward for its weight norm: {gb} GB more memory traffic per step"
    ),
    "dtypes.unknown_weight_group": (
        "quantized_groups: {group} is not a weight group gpupicker models; known: {choices}"
    ),
    "units.unknown_unit": "unknown byte unit {unit}; use 'GiB' or 'GB'",
}
