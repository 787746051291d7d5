"""Message templates of the speed side of core.

The speed package (throughput, inference, serving, training, interconnect), gpu_sustained,
accelerators, frameworks and checks.

Part of :data:`gpupicker.core.messages.templates.TEMPLATES` (one English template per id;
zh_CN in resources/i18n/gpupicker_zh_CN.ts, context ``CoreText``).
"""

TEMPLATES: dict[str, str] = {
    "throughput.chunked_prefill": (
        "continuous batching with chunked prefill: {b} running "
        "sequences admit a new request as one finishes, so each step "
        "also runs {chunk} prompt tokens (budget max_num_batched_tokens "
        "{budget}): {ms} ms per step instead of {plain} ms"
    ),
    "throughput.kv_queue": (
        "only {held} of the {b} sequences fit in the engine's KV cache pool "
        "and max_num_seqs at once: the rest wait in its queue, so every "
        "speed is that of {held} running sequences"
    ),
    "throughput.speculative": (
        "speculative decoding ({method}, {k} tokens per step, acceptance "
        "{alpha}): {tokens} tokens per verify step, {speedup}× the plain "
        "decode rate"
    ),
    "throughput.speculative_range": (
        "acceptance varies {lo}–{hi} with the model pair, "
        "temperature and prompts ({low}–{high} tokens per step)"
    ),
    "throughput.fp4_native": (
        "{dtype} weights and activations multiply on the FP4 tensor cores ({tflops} TFLOPS dense, W4A4)"
    ),
    "throughput.fp4_weight_only": (
        "{dtype} runs weight-only on {gpu} (W4A16): no FP4 tensor "
        "cores, weights are dequantized to 16-bit in every GEMM, so "
        "compute runs at the 16-bit rate; only memory and weight "
        "reads shrink"
    ),
    # throughput: the speed model's assumptions and errors
    "throughput.no_speed_model": (
        "framework {framework} has no LLM inference speed model; inference frameworks: {choices}"
    ),
    "throughput.nodes": "{net} between {nodes} nodes",
    "throughput.ethernet": "Ethernet",
    "throughput.engine": "Engine: {engine}",
    "throughput.weight_eta": "{eta} of peak memory bandwidth ({bandwidth} GB/s) for {dtype} weights",
    "throughput.fixed_time": "Fixed engine time {ms} ms per step",
    "throughput.fixed_time_host": "Fixed engine time {ms} ms per step (host launches {host} ms)",
    "throughput.decode_gemms": "decode GEMMs at {share} of sustained tensor peak",
    "throughput.decode_reads": "Decode reads {weights} GB of weights per step",
    "throughput.decode_reads_kv": "Decode reads {weights} GB of weights + {kv} GB of KV cache per step",
    "throughput.decode_reads_tp": (
        "Decode reads {weights} GB of weights per step, split over {n} GPUs (tensor parallel over {link})"
    ),
    "throughput.decode_reads_kv_tp": (
        "Decode reads {weights} GB of weights + {kv} GB of KV cache "
        "per step, split over {n} GPUs (tensor parallel over {link})"
    ),
    "throughput.moe_expert_loop": (
        "Eager MoE blocks run the {experts} experts of each of {layers} "
        "MoE layers one by one (transformers' expert loop): {ms} ms of "
        "host time per step (before QLoRA's bitsandbytes calls)"
    ),
    "throughput.moe_groups": (
        "MoE decode reads per token: {attention} GB attention, {experts} GB "
        "routed experts ({touched} of {n} per layer), {shared} GB shared "
        "experts and router, {head} GB lm_head, each group at its own dtype "
        "({quantized} in {dtype}, the rest 16-bit)"
    ),
    "throughput.gguf_speed": (
        "GGUF weights: speed of llama.cpp assumed (framework {framework} is not modelled for GGUF files)"
    ),
    "throughput.layer_split": "{n} GPUs hold different layers in turn: more memory, no more speed",
    "throughput.no_tflops": (
        "No TFLOPS figure for {gpu} in the catalog: assumed {tflops} TFLOPS from its memory bandwidth"
    ),
    "throughput.enter_tflops": "enter the real figure in the catalog for a better estimate",
    "throughput.dequant": "{dtype} dequantization adds {ms} ms per step",
    "throughput.train_flops": (
        "{gflop} GFLOP per token ({formula} + attention) at MFU {mfu} of {tflops} TFLOPS dense"
    ),
    "throughput.doc_mask": (
        "Attention stays inside each packed document of {doc} tokens (document mask in "
        "{block}-token blocks): {share} of the causal attention over the whole sequence"
    ),
    "throughput.formula_recompute": "{formula} + recompute 2·P",
    "throughput.fp8_linears_only": (
        "FP8 runs the Linear layers only: attention and the output head ({gflop} GFLOP per token) "
        "run at the 16-bit rate of {tflops} TFLOPS"
    ),
    "throughput.framework_optimized": (
        "Framework {framework}: optimized stack, MFU × {factor} of llm-foundry's"
    ),
    "throughput.framework_eager": (
        "Framework {framework}: eager PyTorch with {ms} ms host overhead per step (H200 cases)"
    ),
    "throughput.framework_speedup": (
        "{framework} is {factor}× faster than HF Trainer on the same job (its published benchmarks)"
    ),
    "throughput.train_range": (
        "Range {lo}–{hi} training tokens/s (published torchtitan and "
        "llm-foundry tables: within −20 % to +25 %)"
    ),
    "throughput.dp_scaling": "Data-parallel scaling efficiency {share} over {link}",
    "throughput.tp_collectives": (
        "Tensor parallel over {tp} GPUs: 4 activation all-reduces per layer, {ms} ms per micro-batch "
        "over {link}, not overlapped with compute ({share} of the step)"
    ),
    # speed_inference: engine names, evidence and ranges
    "speed_inference.expected_within": "Expected within ±{pct} % of measured speed",
    "speed_inference.calibration": "Calibration: {source}",
    "speed_inference.engine.llama.cpp": "llama.cpp (CUDA/Metal, all layers on GPU)",
    "speed_inference.engine.transformers": "Hugging Face transformers generate()",
    "speed_inference.engine.pytorch": "PyTorch eager generate (LitGPT, torchtune)",
    "speed_inference.engine.vllm": "vLLM (CUDA graphs, paged KV, continuous batching)",
    "speed_inference.engine.vllm_npu": "vllm-ascend (ACL graphs, paged KV, continuous batching)",
    "speed_inference.engine.sglang": "SGLang (CUDA graphs, radix KV, overlap scheduler)",
    "speed_inference.engine.tensorrt-llm": "TensorRT-LLM (v0.6 kernels)",
    "speed_inference.engine.mlc-llm": "MLC-LLM (TVM-compiled kernels)",
    "speed_inference.engine.exllamav2": "ExLlamaV2 (EXL2/GPTQ kernels, CUDA graphs off)",
    "speed_inference.engine.exllama": "ExLlama v1 (GPTQ 4-bit kernels, no CUDA graphs)",
    "speed_inference.engine.lmdeploy": "LMDeploy TurboMind (persistent batching, blocked KV, W4A16 kernels)",
    "speed_inference.engine.mindie": "MindIE / vllm-ascend (Ascend NPU, CANN)",
    "speed_inference.engine.decode_ceiling": "ideal (CUDA graph of matvecs)",
    "throughput.gemm_min_rows": (
        "{arch} tensor-core GEMMs compute at least {rows} rows (warpgroup MMA), so "
        "the 16-bit decode GEMMs at batch {b} take {ms} ms of tensor time per step"
    ),
    "throughput.gemm_rows_version_assumed": (
        "Engine version not named in environment: taken to be {since} or newer, whose "
        "batch-1 16-bit GEMMs on Hopper stream at the bandwidth (older versions computed "
        "64-row tensor-core tiles: slower on the H20)"
    ),
    "throughput.marlin_min_rows": (
        "Marlin int4/int8 kernels compute at least {rows} rows (m16n8k16 tensor-core tiles), so "
        "the decode GEMMs at batch {b} take {ms} ms of tensor time per step on the {arch} GPU"
    ),
    "throughput.marlin_rows_version_assumed": (
        "Engine version not named in environment: taken to be {since} or newer, whose Marlin "
        "AWQ/GPTQ kernels compute 8-row tiles at batch 8 or less (older versions computed 16 "
        "rows: slower on GPUs with few tensor FLOPs per byte, such as the H20)"
    ),
    "throughput.llamacpp_moe_loop": (
        "llama.cpp build before PR #13199: prompt MoE matmuls "
        "loop over the experts on the host ({us} µs per expert per "
        "matmul per micro-batch)"
    ),
    "throughput.llamacpp_moe_kernels": (
        "llama.cpp CUDA MoE decode: each of the {layers} MoE layers launches {n} small "
        "kernels more than a dense FFN (routing, expert weights, expert sum; the build era "
        "since {prs}), {us} µs each: {ms} ms a token"
    ),
    "throughput.llamacpp_metal_mmid": (
        "llama.cpp Metal build before PR #13388: prompt MoE expert matmuls take "
        "{factor}× as long (the old MUL_MAT_ID kernel)"
    ),
    "throughput.ollama_sampling": (
        "Ollama samples each token on the CPU between decode steps, its default repeat "
        "penalty scanning all {vocab} vocabulary entries: {ms} ms per token"
    ),
    "speed_inference.backend": (
        "llama.cpp {backend} back-end: weights stream at {eta} of peak "
        "bandwidth and prompt GEMMs at {prefill} of the CUDA path's rate, "
        "within ±{pct} % ({source})"
    ),
    "speed_inference.backend_source.hip": (
        "RX 6700 XT ROCm 7B Q4_0 tg128 at 0.63 of bandwidth, llama.cpp PR #5835; MI50 HIP 8B "
        "Q4_0 at 0.42, PR #16715"
    ),
    "speed_inference.backend_source.vulkan": (
        "Arc A770 8B Q4_K_M tg at 0.47 of bandwidth, llama.cpp issue #17628 (b7189); RX 5700 XT "
        "7B Q4_0 at 0.56, PR #13324; RX 6700 XT pp512 0.42 of ROCm's, PR #5835; NVIDIA "
        "cooperative-matrix shaders: RTX 3090 8B Q4_0 pp512 0.84 of the CUDA path, PR #13506"
    ),
    "speed_inference.backend_source.sycl": (
        "Arc B580 SYCL Qwen2-7B Q4_K_M tg128 at 0.68 of bandwidth, pp512 2,336 tokens/s, "
        "intel/ipex-llm issue #12991"
    ),
    "speed_inference.era_named": "llama.cpp build {era} ({given}): {ms} ms of fixed decode time per layer",
    "speed_inference.era_assumed": (
        "llama.cpp build not named (engine_build or engine_date): a "
        "current build is assumed, {era}, {ms} ms of fixed decode time "
        "per layer (older builds: {old_ms} ms)"
    ),
    "speed_inference.ollama_go_engine": (
        "Ollama {since} to before {until} runs {model_type} models ({arch} GGUF) on its own Go "
        "engine, not on llama.cpp: that engine is not modelled, and this llama.cpp figure can "
        "be several times too fast (gpt-oss-120b on an A100 80GB measured 3.1× slower, "
        "qwen3:30b-a3b on an RTX 5090 1.6× slower than on Ollama {until}'s llama-server): "
        "range ±{pct} %"
    ),
    "speed_inference.era_not_llamacpp": (
        "{framework} is not a llama.cpp build: its date names no llama.cpp era, the newest "
        "era's fixed decode time stands in, {ms} ms per layer"
    ),
    "speed_inference.hf_repeat_kv": (
        "{attention} attention copies K and V out to every query head ({heads} query / KV heads) "
        "at every step (repeat_kv): the KV cache moves {x}× per token"
    ),
    "speed_inference.hf_era_named": (
        "transformers generate() {era}: {ms} ms of host time per token outside expert loops"
    ),
    "speed_inference.hf_era_assumed": (
        "transformers version not named in environment: {era} "
        "assumed, {ms} ms of host time per token outside expert "
        "loops (4.3x and earlier spent about 1.7× as much, 5.x "
        "about 5×)"
    ),
    "speed_inference.hf_era.v4_early": "before 4.44 (rotary tables and masks rebuilt in every layer)",
    "speed_inference.hf_era.v4_late": "4.44 to 4.x (position embeddings computed once per forward)",
    "speed_inference.hf_era.v5": "5.x (measured on the H200 cases, host and GPU time adding)",
    "speed_inference.hf_long_prompt": (
        "prompts over {tokens} tokens under transformers measured "
        "up to 4.8× slower than this estimate (cause not modelled): "
        "range ±{pct} %"
    ),
    "speed_inference.hf_moe_loop_all": (
        "transformers MoE blocks loop in Python over all {n} "
        "experts of each MoE layer (transformers before 4.53): "
        "{iters} iterations per token, each synchronizing the "
        "GPU, {ms} ms of host time per token"
    ),
    "speed_inference.hf_moe_loop_hit": (
        "transformers MoE blocks loop in Python over the experts "
        "the batch is routed to ({n} per MoE layer; 4.53 or newer "
        "unless the environment names an older version): {iters} "
        "iterations per token, each synchronizing the GPU, {ms} ms "
        "of host time per token"
    ),
    "speed_inference.hf_fp8_linear": (
        "block-FP8 checkpoint under transformers: {n} FP8Linear "
        "calls per token, each two Triton launches and a device "
        "synchronize"
    ),
    "speed_inference.era.eager": (
        "before b6100 (2025-08; kernels launched one by one, graph rebuilt for every token)"
    ),
    "speed_inference.era.graph_reuse": (
        "b6100 (2025-08) or newer (compute graphs reused across tokens, fused kernels)"
    ),
    "speed_inference.evidence.llama.cpp": (
        "llama-bench tables of 20+ consumer, workstation, datacenter and Apple GPUs "
        "(XiongjieDai/GPU-Benchmarks-on-LLM-Inference, llama.cpp PR #4766 and #4812)"
    ),
    "speed_inference.evidence.transformers": (
        "Qwen README inference table (A100, transformers 4.3x: 7B/14B bf16 and Int4), Qwen3 "
        "speed benchmark (H20, transformers 4.51.3: dense, FP8 and MoE rows), H200 "
        "hf_generate cases for transformers 5.x (h200.jsonl: 13.54 / 9.92 tok/s for 7B / 13B), "
        "host speed varies by machine"
    ),
    "speed_inference.evidence.pytorch": (
        "LitGPT resource tables (C36): Llama-2-7B bf16 31.0 tok/s on A100 40GB"
    ),
    "speed_inference.evidence.vllm": (
        "formulas.md §7 (η ≈ 0.8, inference-sim #415) and a CPU time of 2 ms per step plus "
        "12 µs per running sequence (scheduler, sampling); checked on the published vLLM cases "
        "of validation/cases.jsonl (vLLM 0.6–0.11 on H100, A100 and MI300X): within about ±30 % "
        "at a fixed batch or concurrency, about 1.4–3× too fast when all requests are sent at "
        "once with ShareGPT-like lengths"
    ),
    "speed_inference.evidence.sglang": (
        "vLLM-like kernels with the overlap scheduler's smaller per-step CPU time (SGLang v0.4 "
        "release notes); checked on the Qwen3 speed benchmark's SGLang rows (H20, batch 1) and "
        "the published SGLang serving runs of validation/cases.jsonl (H100/A100: within about "
        "±30 % at a fixed concurrency, up to several times too fast when all requests are sent "
        "at once)"
    ),
    "speed_inference.evidence.tensorrt-llm": (
        "TensorRT-LLM performance.md tables (v0.5/v0.6: A100, H100, L40S, Llama-7B throughput "
        "and first-token latency)"
    ),
    "speed_inference.evidence.mlc-llm": (
        "no published MLC-LLM case checked: compiled kernels assumed at 80 % of GDDR and 70 % "
        "of HBM bandwidth"
    ),
    "speed_inference.evidence.exllama": (
        "ExLlama (v1) README tables: Llama GPTQ 4-bit 128g 7B 173 and 13B 102 tok/s on an RTX "
        "4090; 65B / 70B at 20 / 17 tok/s split over an RTX 4090 + RTX 3090 Ti (Ampere weights "
        "stream at 0.72 of the Ada rate)"
    ),
    "speed_inference.evidence.exllamav2": (
        "ExLlamaV2 README performance table (Llama GPTQ 4-bit 7B 177 / 198 and 13B 109 / 111 "
        "tok/s on RTX 3090 Ti / 4090: the estimate is within 8 %)"
    ),
    "speed_inference.evidence.lmdeploy": (
        "no published LMDeploy speed case checked: a compiled C++ engine (TurboMind) with "
        "CUDA-graph-like launch costs and AWQ W4A16 kernels assumed near TensorRT-LLM "
        "(InternLM/lmdeploy README)"
    ),
    "speed_inference.evidence.mindie": (
        "no measurement of MindIE or vllm-ascend is modelled: Ascend 910B streaming at 65 % of "
        "its bandwidth and GEMMs at half its FP16 peak are assumptions (hiascend.com MindIE "
        "docs; vllm-project/vllm-ascend)"
    ),
    "speed_inference.evidence.decode_ceiling": (
        "H200 decode_ceiling cases (h200.jsonl): 233.0 / 140.1 tok/s for Llama-2-7B / 13B"
    ),
    # gpu_sustained: factors that apply to one GPU
    "gpu_sustained.apple": (
        "{gpu}: {tflops} TFLOPS from its GPU core count (128 FP32 ALUs per Apple GPU core)"
    ),
    "gpu_sustained.fp16_accumulate": "FP16-accumulate GEMMs run at twice the listed GeForce rate",
    "gpu_sustained.power_limited": (
        "Power-limited part ({watts} W): tensor throughput {share} of the datasheet figure"
    ),
    "gpu_sustained.measured": (
        "Measured dense GEMMs at {watts} W: tensor throughput {share} of the datasheet figure"
    ),
    "gpu_sustained.ecc": "ECC on GDDR: {share} of datasheet bandwidth",
    "gpu_sustained.sm_limited": (
        "{sms} SMs stream at most {share} of the datasheet bandwidth "
        "(per-SM rate of an H200 at full bandwidth)"
    ),
    "gpu_sustained.rocm": "ROCm GEMMs at {share} of CUDA efficiency",
    # serving: the plan's notes and assumptions
    "serving.cannot_hold": "The engine cannot hold one request of the mix on this option",
    "serving.misses_at_one": "Misses the latency target even with one sequence per replica",
    "serving.latency_cap": (
        "Latency targets cap each replica at {n} concurrent sequences (the KV pool holds {cap})"
    ),
    "serving.plan": (
        "Serving: {b} of at most {cap} concurrent sequences per replica ({prompt} + "
        "{output} tokens each), {replicas} replica(s) of {n} GPU(s)"
    ),
    "serving.latency": "ITL {ms} ms with interleaved prefills, TTFT {s} s",
    # accelerators: non-CUDA stacks
    "accelerators.label.ascend": "Ascend NPU",
    "accelerators.label.amd": "AMD GPU",
    "accelerators.label.gaudi": "Intel Gaudi",
    "accelerators.label.arc": "Intel Arc GPU",
    "accelerators.label.apple": "Apple silicon",
    "accelerators.label.dcu": "Hygon DCU",
    "accelerators.label.mlu": "Cambricon MLU",
    "accelerators.label.musa": "Moore Threads GPU",
    "accelerators.label.maca": "MetaX GPU",
    "accelerators.label.gcu": "Enflame GCU",
    "accelerators.stack": (
        "{accelerator}: no CUDA; the estimate stands for {stack} with {engines} (not measured here: {range})"
    ),
    "accelerators.unmodelled": (
        "{vendor} accelerator: no CUDA and no modelled software stack; the "
        "estimate is CUDA-like (not measured here: {range})"
    ),
    "accelerators.non_nvidia": "Non-NVIDIA",
    # frameworks
    "frameworks.unknown": "unknown framework {name}; known: {known}",
    # checks: context window, engine × dtype × hardware
    "checks.what.max_model_len": "max_model_len {tokens}",
    "checks.what.prompt_and_new": "prompt_len + new_tokens = {tokens} tokens",
    "checks.what.context": "a context of {tokens} tokens",
    "checks.what.seq_len": "seq_len {tokens}",
    "checks.context_window_inference": (
        "{what} exceed the context window of {model} (max_position_embeddings {limit}): "
        "positions beyond it were never trained and give garbage unless RoPE scaling (YaRN) is "
        "configured"
    ),
    "checks.context_window_training": (
        "{what} exceeds the context window of {model} (max_position_embeddings {limit}): train "
        "with RoPE scaling configured or shorter sequences"
    ),
    "checks.vllm_max_model_len": (
        "User-specified max_model_len ({tokens}) is greater than the derived max_model_len "
        "(max_position_embeddings={limit} or model_max_length=None in model's config.json). To "
        "allow overriding this maximum, set the env var VLLM_ALLOW_LONG_MAX_MODEL_LEN=1"
    ),
    "checks.vllm_refuses": "vLLM refuses to start: {error}",
    "checks.engine_refuses": "{engine} refuses to start: {error}",
    "checks.tp_heads": (
        "Total number of attention heads ({heads}) must be divisible by tensor parallel size ({tp})"
    ),
    "checks.tp_kv_heads": (
        "{kv} KV heads cannot be split over a tensor parallel size of {tp}: one must divide the other"
    ),
    "checks.training_only": "framework {framework} only trains models; inference frameworks: {choices}",
    "checks.backend_cpu": (
        "backend 'cpu' runs the model on the host CPU, without {gpu}: gpupicker plans GPU jobs"
    ),
    "checks.backend_platform": "llama.cpp's {backend} back-end does not run on {gpu} ({platform})",
    "checks.backend_engine": (
        "{engine} has no {backend} back-end (back-ends other than the GPU's "
        "own are modelled for llama.cpp, Ollama and LM Studio)"
    ),
    "checks.engine_build_unused": (
        "engine_build and engine_date are read for llama.cpp builds "
        "(llama.cpp, Ollama, LM Studio): {fw} does not use them"
    ),
    "checks.gguf_only": (
        "{fw} runs GGUF files only: {dt} is not a GGUF type, so the estimate uses "
        "Q4_K_M for 4-bit and Q8_0 for 8-bit weights; convert the model to GGUF"
    ),
    "checks.gguf_on_server": (
        "{fw} with GGUF weights ({dt}) is not modelled (vLLM's GGUF loader is experimental, the "
        "others have none): memory is the server's, speed is llama.cpp's; use AWQ/GPTQ/FP8 "
        "weights with this server or llama.cpp for GGUF"
    ),
    "checks.fp8_transformers": (
        "FP8 weights with Hugging Face transformers need FP8 tensor cores (compute capability "
        "8.9+: Ada, Hopper, Blackwell); the {gpu} has none: use int8 (bitsandbytes) here, or "
        "vLLM, whose Marlin kernels run FP8 weights on Ampere"
    ),
    "checks.engine_platform": "{engine} does not run on the {gpu} ({platform}): it runs on {platforms}",
    "quant_support.awq_volta": (
        "{engine} has no AWQ kernels for {gpu} (AWQ needs Turing or "
        "later); use a GPTQ checkpoint or GGUF with llama.cpp"
    ),
    "quant_support.needs_ampere": "{engine} runs {fmt} weights only on Ampere or later; {gpu} is older",
    "quant_support.fp8_ada": "{engine} runs FP8 only on Ada, Hopper or Blackwell, not on {gpu}",
    "quant_support.fp4_blackwell": "{engine} runs {fmt} only on Blackwell (FP4 tensor cores), not on {gpu}",
    "quant_support.fp8_rocm": "{engine} runs FP8 on AMD only from MI300 (CDNA 3) on; {gpu} has no FP8",
    "quant_support.ascend_modelslim": (
        "{engine} on Ascend loads ModelSlim W8A8 / W4A8 weights, not {fmt}; {gpu} cannot run this checkpoint"
    ),
    "quant_support.w8a8_turing": "{engine} runs INT8 W8A8 weights only on Turing or later; {gpu} is older",
    "checks.bitsandbytes_ascend": (
        "bitsandbytes {dtype} has no Ascend (CANN) backend, so it does "
        "not run on the {gpu}: vLLM-Ascend and MindIE take {fmt} "
        "weights quantized with ModelSlim (weights_dtype "
        "w8a8 or w4a8)"
    ),
    "quant_support.apple_formats": (
        "{engine} has no {fmt} kernels on Apple GPUs; on {gpu} use GGUF (llama.cpp, Ollama) or an MLX model"
    ),
    "quant_support.fp4_kv": (
        "{engine} keeps a {fmt} KV cache only on FP4 tensor cores (Blackwell), not on {gpu}"
    ),
    "quant_support.llamacpp_kv": (
        "{engine} has no {fmt} KV cache (cache types: f16, bf16, q8_0, q4_0, q4_1, iq4_nl, q5_0, q5_1)"
    ),
    "checks.bitsandbytes_platform": (
        "bitsandbytes {dtype} has no {platform} backend, so it does "
        "not run on the {gpu}: use GGUF with llama.cpp instead"
    ),
    "checks.bitsandbytes_training": (
        "bitsandbytes {dtype} has no {platform} backend, so QLoRA "
        "does not train on the {gpu}: LoRA on 16-bit weights does"
    ),
    "checks.bitsandbytes_metal": (
        "bitsandbytes {dtype} has no {platform} backend, so it does not "
        "run on the {gpu}: use GGUF with llama.cpp or MLX instead"
    ),
}
