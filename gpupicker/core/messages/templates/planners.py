"""Message templates of advisor, calibration, launch_config and the importers' errors: id → English template.

Part of :data:`gpupicker.core.messages.templates.TEMPLATES` (one English template per id;
zh_CN in resources/i18n/gpupicker_zh_CN.ts, context ``CoreText``).
"""

TEMPLATES: dict[str, str] = {
    # advisor: what to change to fit (descriptions)
    "advisor.bf16_weights": "Train in pure bf16 (weights and optimizer states)",
    "advisor.adamw8bit": "Use an 8-bit (paged) AdamW (bitsandbytes)",
    "advisor.lora": "Fine-tune LoRA adapters (r=16, all linear layers) instead of all weights",
    "advisor.qlora": "QLoRA: 4-bit NF4 base weights + LoRA adapters",
    "advisor.qlora_base": "QLoRA: keep the frozen base in 4-bit NF4",
    "advisor.grad_ckpt": "Turn on gradient checkpointing",
    "advisor.micro_batch": "Micro-batch {batch} with {steps}× gradient accumulation (same effective batch)",
    "advisor.fused_ce": (
        "Fused cross-entropy ({kernels} kernels): the logits are never held in fp32 for the whole micro-batch"
    ),
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
    "advisor.model_cpu_offload": (
        "Model CPU offload (enable_model_cpu_offload: one component on the GPU at a time)"
    ),
    "advisor.sequential_cpu_offload": (
        "Sequential CPU offload (enable_sequential_cpu_offload: weights streamed to the GPU block by block)"
    ),
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
    "advisor.cost.fused_ce_speed": (
        "about the same speed (pip install 'liger-kernel'; 'use_liger_kernel=True' in 'TrainingArguments')"
    ),
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
    "advisor.cost.sequential_offload": "≈{x}× slower per step (public case C59: 67 s vs 16 s)",
    "advisor.cost.applied_automatically": "applied automatically when nothing else fits",
    # calibration: the note on a calibrated estimate, refusals of a run
    "calibration.memory.one": "Calibrated on your {n} run (memory ×{mf}, error {mb} → {ma})",
    "calibration.memory.many": "Calibrated on your {n} runs (memory ×{mf}, error {mb} → {ma})",
    "calibration.speed.one": "Calibrated on your {n} run (speed ×{sf}, error {sb} → {sa})",
    "calibration.speed.many": "Calibrated on your {n} runs (speed ×{sf}, error {sb} → {sa})",
    "calibration.both.one": (
        "Calibrated on your {n} run (memory ×{mf}, error {mb} → {ma}, speed ×{sf}, error {sb} → {sa})"
    ),
    "calibration.both.many": (
        "Calibrated on your {n} runs (memory ×{mf}, error {mb} → {ma}, speed ×{sf}, error {sb} → {sa})"
    ),
    "calibration.scaled_memory": "Scaled ×{factor} to match your recorded runs",
    "calibration.scaled_speed": "Speed scaled ×{factor} to match your recorded runs",
    "calibration.peak_over_capacity": (
        "a peak of {gib} GiB is more than the {cap} GiB the {gpu} "
        "has: check the unit (GiB, not MiB or GB per node)"
    ),
    "calibration.peak_implausible": (
        "a peak of {gib} GiB is {ratio}× the estimate ({estimate} "
        "GiB): check the unit and the workload (the same batch, "
        "context and precision as the run)"
    ),
    "calibration.speed_implausible": (
        "{rate} tokens/s is {ratio}× the estimate ({estimate}): "
        "check the unit (tokens per second, all sequences of the "
        "batch) and the workload"
    ),
    "calibration.gpu_not_in_catalog": "GPU {gpu_id} is not in the catalog",
    "calibration.run_skipped": "run {run}: {error}",
    "calibration.log_figure_absurd": (
        "the log's {figure} figure is far beyond any GPU (over 10^18): the log is damaged, so "
        "nothing was stored"
    ),
    "calibration.log_block_size": (
        "the log's block_size {value} is not a KV block size (1 to {limit} tokens), so nothing was stored"
    ),
    "calibration.log_no_kv": (
        "the log reports a KV cache of 0 tokens (the engine found no memory for one): a run "
        "that could not serve is nothing to calibrate on, so nothing was stored"
    ),
    "calibration.log_unreadable": (
        "the log has none of the lines gpupicker reads ('# GPU blocks: N', 'GPU KV cache size: "
        "N tokens', 'Model loading took X GiB', llama.cpp 'buffer size = X MiB', nvidia-smi "
        "'X MiB / Y MiB')"
    ),
    "calibration.nothing_to_calibrate": (
        "nothing to calibrate on: give --peak-gib, --tokens-per-s or a log with vLLM/llama.cpp "
        "start-up lines or nvidia-smi output"
    ),
    # launch_config: what the command assumes, what to check, what it cannot write
    "launch_config.serving": (
        "{engine} with a context of {ctx} tokens per sequence, GPU memory "
        "fraction {frac}, tensor parallel {n} and KV cache {kv}"
    ),
    "launch_config.quantization": "Quantization {quant}",
    "launch_config.kv_pool_holds": "The KV pool holds about {n} sequences of that context at once",
    "launch_config.ollama": (
        "Ollama with a {ctx}-token context for {n} parallel request(s), {quant} weights and {kv} KV cache"
    ),
    "launch_config.llamacpp": (
        "llama.cpp with n_ctx {n_ctx} ({n} slot(s) × {ctx} tokens), {ngl} "
        "layers on the GPU, {quant} weights and {kv} KV cache"
    ),
    "launch_config.layer_split": "Layers split over {n} GPUs",
    "launch_config.transformers": (
        "transformers generate() with device_map='auto' over {n} GPU(s), batch {batch} and context {ctx}"
    ),
    "launch_config.trl": "TRL SFT on {n} GPU(s): micro-batch {batch}, {seq} tokens, {opt} and {dtype}",
    "launch_config.torchtune": "torchtune {recipe}: batch {batch}, {seq} tokens",
    "launch_config.litgpt": "LitGPT {recipe} on {n} device(s): micro-batch {batch}, {seq} tokens",
    "launch_config.grad_ckpt": "With gradient checkpointing",
    "launch_config.fp16_no_bf16": (
        "The {gpu} has no native bf16 (NVIDIA before Ampere): the launcher trains in fp16 "
        "with loss scaling instead"
    ),
    "launch_config.fp16_no_bf16_serving": (
        "The {gpu} has no native bf16 (NVIDIA before Ampere): the server runs the model and its "
        "KV cache in fp16 (--dtype half), as vLLM asks on such cards"
    ),
    "launch_config.fp16_no_bf16_transformers": (
        "The {gpu} has no native bf16 (NVIDIA before Ampere): the script loads the model in fp16 "
        "(dtype=torch.float16), as the estimate counts it"
    ),
    "launch_config.lora_rank": "LoRA rank {n}",
    "launch_config.zero_stage": "DeepSpeed ZeRO stage {n}",
    "launch_config.fsdp": "FSDP full sharding",
    "launch_config.gpus_at_prices": "{n} × {gpu} at {pricing} prices",
    "launch_config.service": (
        "A service of {replicas} replica(s) × {n} GPU(s), each serving on "
        "port {port} and ready when {path} answers"
    ),
    "launch_config.replica_nodes": (
        "{replicas} copies of the job, one per node of {n} GPU(s): "
        "transformers has no server to put behind a load balancer"
    ),
    "launch_config.tp_refused": "{engine} cannot run on {n} GPUs per replica: {error}",
    "launch_config.plan_gpus": (
        "the serving plan's {replicas} replica(s) × {per} GPU(s) are not the option's {n} GPUs"
    ),
    "launch_config.no_hf_repo": "The model's Hugging Face repo is not in the catalog: replace YOUR_MODEL",
    "launch_config.gguf_placeholder": (
        "Point -m at the GGUF file you downloaded (the name shown is a placeholder)"
    ),
    "launch_config.ollama_tag": (
        "Ollama names models by its own tags: replace the model with the tag of the {quant} build you pull"
    ),
    "launch_config.skypilot_name": (
        "SkyPilot's name for {gpu} is not known to gpupicker: check '{name}' with `sky show-gpus`"
    ),
    "launch_config.prequantized": (
        "{method} weights load from a checkpoint quantized that way (an {method} export of "
        "{repo}, from its model page or your own): replace YOUR_{method}_CHECKPOINT"
    ),
    "launch_config.int4_awq": "int4 assumed to be an AWQ checkpoint (set quant_method to 'gptq' otherwise)",
    "launch_config.unknown_quant_method": "quantization method {method} is not one gpupicker can name",
    "launch_config.no_quantization_flag": (
        "weights format {dtype} has no vLLM/SGLang --quantization gpupicker knows"
    ),
    "launch_config.no_gguf_type": (
        "weights {dtype} have no GGUF type: the estimate and this command assume Q4_K_M"
    ),
    "launch_config.pretrain": (
        "Pre-training from scratch: the trl sft command shows the flags, "
        "use your own training script with the same batch and sharding"
    ),
    "launch_config.torchtune_config": (
        "Pick the torchtune config of your model with tune ls (YOUR_MODEL is a placeholder)"
    ),
    "launch_config.no_serving_command": (
        "gpupicker has no launch command for serving framework {framework}; it knows {choices}"
    ),
    "launch_config.no_training_launcher": (
        "gpupicker has no launcher for training framework {framework}; it knows {choices}"
    ),
    "launch_config.torchtune_tasks": "torchtune recipes cover LoRA, QLoRA and full fine-tuning, not {task}",
    # launch_cn_training / launch_cn_serving: the tools Chinese teams run
    "launch_config.official_quant": "The official {method} checkpoint {repo}",
    "launch_config.modelslim": (
        "vllm-ascend and MindIE load {fmt} weights made by msModelSlim: quantize {repo} with "
        "it and replace YOUR_{fmt}_CHECKPOINT"
    ),
    "launch_config.ascend_format": (
        "vllm-ascend and MindIE load msModelSlim W8A8 or W4A8 weights (--quantization ascend), "
        "not {dtype}: use weights_dtype w8a8 or w4a8, or bf16"
    ),
    "launch_config.lmdeploy_format": (
        "LMDeploy TurboMind serves 16-bit or AWQ (W4A16) weights, not {dtype} ({method})"
    ),
    "launch_config.lmdeploy": (
        "LMDeploy TurboMind with a session length of {ctx} tokens, {frac} of the free memory "
        "for the KV cache, tensor parallel {n} and at most {batch} sequences per batch"
    ),
    "launch_config.lmdeploy_kv_int8": (
        "LMDeploy quantizes the KV cache to int8 (--quant-policy 8), not {kv}: the same bytes per value"
    ),
    "launch_config.vllm_ascend": (
        "vllm-ascend with a context of {ctx} tokens per sequence, "
        "NPU memory fraction {frac} and tensor parallel {n}"
    ),
    "launch_config.mindie": (
        "MindIE Service on {n} NPU(s): maxSeqLen {ctx}, maxInputTokenLen {prompt}, "
        "maxBatchSize {batch}, port {port}"
    ),
    "launch_config.mindie_install": (
        "MindIE and CANN come from hiascend.com (or the MindIE container image); the command "
        "edits the installed conf/config.json and keeps its TLS and log settings"
    ),
    "launch_config.llama_factory": (
        "LLaMA-Factory stage {stage} ({kind}) on {n} GPU(s): micro-batch {batch}, cutoff_len {seq} tokens"
    ),
    "launch_config.llama_factory_template": (
        "LLaMA-Factory has no chat template gpupicker knows for the {family} family: replace "
        "YOUR_TEMPLATE with the one its README's model table names"
    ),
    "launch_config.ms_swift": (
        "ms-swift swift {sub} on {n} GPU(s): micro-batch {batch}, max_length {seq} tokens"
    ),
    "launch_config.fsdp_as_zero3": (
        "{tool} shards through DeepSpeed: FSDP full sharding is written as ZeRO-3 (the same memory per GPU)"
    ),
    "launch_config.zero1_as_zero2": (
        "{tool} has no such ZeRO-1 configuration: ZeRO-2 is written (it also shards gradients)"
    ),
    "launch_config.dataset_placeholder": (
        "Replace YOUR_DATASET with your dataset (a name the tool has registered, or a local file)"
    ),
    "launch_config.mindspeed": (
        "MindSpeed-LLM on {n} NPU(s): tensor parallel {tp}, pipeline parallel {pp}, data "
        "parallel {dp}, micro-batch {batch}, {seq} tokens"
    ),
    "launch_config.mindspeed_check": (
        "Convert the weights to Megatron-Mcore first (examples/mcore/<model>/"
        "ckpt_convert_*_hf2mcore.sh), preprocess the data (preprocess_data.py) and copy the "
        "model's own switches from its example script (rotary base, biases, normalization)"
    ),
    "launch_config.mindspeed_qlora": (
        "MindSpeed-LLM trains LoRA on 16-bit weights: the 4-bit QLoRA base of the estimate is "
        "not what this command loads"
    ),
    "launch_config.mindspeed_parallel": (
        "tensor parallel {tp} × pipeline parallel {pp} does not divide the {n} NPUs"
    ),
    "launch_config.mindspeed_npu": (
        "MindSpeed-LLM runs on Ascend NPUs (CANN), not on {gpu}: choose an Ascend option, or "
        "Megatron-LM on this GPU"
    ),
    "launch_config.mindspeed_shape": (
        "MindSpeed-LLM needs the model's layer count and hidden size, which the catalog row does not have"
    ),
    "launch_config.image_gen": (
        "gpupicker has no launch command for image generation (diffusers "
        "pipelines are started from your own script)"
    ),
    # importers: why a model file cannot be read (model import dialog, gpupicker model import)
    "importers.pickle": (
        "{file} is a PyTorch pickle file: gpupicker never opens pickles, because "
        "loading one can run any code it contains"
    ),
    "importers.pickle_convert": (
        "Convert it to .safetensors (transformers: save_pretrained(..., safe_serialization=True)) "
        "or to .gguf (llama.cpp convert_hf_to_gguf.py), or import the model's config.json"
    ),
    "importers.no_param_count": "the model has no parameter count to save",
    "importers.invalid_shape": "{what} has an invalid shape {shape}",
    "importers.absurd_shape": (
        "{what} claims {shape} elements: more than any model has, so the header is damaged"
    ),
    "importers.file_tensor": "{file}: tensor {tensor}",
    "importers.cannot_read": "cannot read {path}: {error}",
    "importers.not_found": "{path} does not exist",
    "importers.unread_format": (
        "{file} is a {suffix} file, which gpupicker does not read: use the "
        "model's .safetensors, .gguf or config.json"
    ),
    "importers.not_a_model_file": (
        "{file} is not a model file gpupicker reads (safetensors, GGUF, "
        "config.json or a model folder): {error}"
    ),
    "importers.shard_outside": "{index} names shard {shard} outside its folder",
    "importers.shards_missing": (
        "{index} lists {n} shards but {missing} are missing ({names}): "
        "finish the download or import config.json alone"
    ),
    "importers.split_gguf_missing": "{file} is part of a split GGUF whose parts {names} are missing",
    "importers.no_snapshot": "{folder} has no downloaded snapshot",
    "importers.nothing_in_folder": (
        "{folder} has no config.json, model_index.json, .safetensors or .gguf file"
    ),
    "importers.no_denoiser": (
        "{folder}: model_index.json names no transformer/unet with "
        ".safetensors weights, so there is nothing to size"
    ),
    "importers.config_unsizable": "config.json does not describe a model gpupicker can size: {error}",
    "importers.config_not_decoder": (
        "config.json has no hidden_size / num_hidden_layers / "
        "num_attention_heads: not a decoder config gpupicker can size"
    ),
    # importers: safetensors headers
    "importers.st.too_short": "{file} is not a safetensors file: it is shorter than the 8-byte header length",
    "importers.st.header_over_limit": (
        "{file} is not a valid safetensors file: its header claims "
        "{n} bytes, more than the {limit}-byte limit of the format"
    ),
    "importers.st.header_past_end": (
        "{file} is not a valid safetensors file: its header claims {n} bytes but the file has "
        "only {size} (cut short or not safetensors)"
    ),
    "importers.st.header_empty": "{file} is not a valid safetensors file: its header is empty",
    "importers.st.header_not_object": (
        "{file} is not a valid safetensors file: its header is not a JSON object"
    ),
    "importers.st.header_not_json": (
        "{file} is not a valid safetensors file: its header is not valid JSON ({error})"
    ),
    "importers.st.not_object": "{file}: the safetensors header is not a JSON object",
    "importers.st.too_many_tensors": "{file} claims {n} tensors: the header is damaged",
    "importers.st.entry_not_object": "{what} is not described by an object",
    "importers.st.bad_dtype": "{what} has dtype {dtype}, which safetensors does not define",
    "importers.st.no_shape": "{what} has no shape",
    "importers.st.no_offsets": "{what} has no valid data_offsets",
    "importers.st.offsets_backwards": "{what} has data_offsets {offsets} that run backwards",
    "importers.st.size_mismatch": "{what} is {dtype} {shape} = {nbytes} bytes but its offsets span {span}",
    "importers.st.past_end": "{what} ends at byte {end} of the data but the file holds {size} (cut short?)",
    "importers.st.overlap": "{file}: tensors {a} and {b} overlap (bytes {begin}–{end})",
    "importers.st.no_weight_map": "{file} has no weight_map of tensor → file names",
    "importers.json_too_large": "{file} is {size} bytes: too large for a JSON config",
    "importers.json_invalid": "{file} is not valid JSON ({error})",
    "importers.json_not_object": "{file} is not a JSON object",
    "importers.json_beyond_bounds": "{file}: {error}",
    "importers.cancelled": "cancelled; nothing was read",
    "importers.field_not_object": (
        "config.json: {field} is a {kind}, not an object, so the model cannot be read"
    ),
    "importers.not_regular": (
        "{file} is not a regular file (a pipe, a device or a socket), so it was not opened"
    ),
    "importers.link_leaves_cache": (
        "{file} is a link that leads out of the Hugging Face cache folder {folder}, so it was not followed"
    ),
    "importers.malformed": "{path} could not be read: a field has a form gpupicker does not expect ({error})",
    # importers: GGUF headers
    "importers.gguf.cut_short": (
        "{file} is cut short: {what} at byte {pos} needs {n} bytes but the file has {size}"
    ),
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
    "importers.gguf.bad_array_type": (
        "{file}: metadata {key} is an array of type {type}, which GGUF does not define (damaged header)"
    ),
    "importers.gguf.bad_value_type": (
        "{file}: metadata {key} has value type {type}, which GGUF does not define (damaged header)"
    ),
    "importers.gguf.needs_package": "reading GGUF needs the 'gguf' package (pip install gguf)",
    "importers.gguf.too_small": "{file} is not a GGUF file: only {size} bytes",
    "importers.gguf.no_magic": "{file} is not a GGUF file (no GGUF magic bytes)",
    "importers.gguf.version": "{file}: GGUF version {version} is not supported (2 and 3 are)",
    "importers.gguf.too_many_entries": (
        "{file} claims {tensors} tensors and {entries} metadata entries: the header is damaged"
    ),
    "importers.gguf.too_many_dims": "{file}: tensor {tensor} claims {n} dimensions (damaged header)",
    "importers.gguf.unknown_type": (
        "{what} has ggml type {type}, which the installed gguf package "
        "does not know (newer llama.cpp format?)"
    ),
    "importers.gguf.partial_block": (
        "{what} has {n} {type} values, not a whole number of {block}-value blocks"
    ),
    "importers.gguf.alignment": "{file}: general.alignment {align} is not a power of two",
    "importers.gguf.cut_short_tensor": (
        "{file} is cut short: tensor {tensor} ends at byte {n} but "
        "the file has {size} bytes ({share} of it is there)"
    ),
    "importers.gguf.overlap": "{file}: tensors {a} and {b} overlap",
    # importers: what was guessed or left out (warnings)
    "importers.warn.text_only": (
        "only the text model is counted: {encoders} (the vision/audio encoder) is left out"
    ),
    "importers.warn.no_model_type": (
        "config.json has no model_type: read as a Llama-style decoder (gated MLP, no q/k/v biases)"
    ),
    "importers.warn.unknown_model_type": (
        "model_type {type} is not one gpupicker models: read as a Llama-style decoder from "
        "hidden_size, num_hidden_layers, num_attention_heads, intermediate_size and vocab_size "
        "(gated MLP, no q/k/v biases assumed)"
    ),
    "importers.warn.per_layer": "{key} differs per layer; the largest value {value} is used",
    "importers.warn.unknown_gguf_arch": (
        "GGUF architecture {arch} is not one gpupicker models: "
        "layer sizes read from its metadata as a Llama-style "
        "decoder"
    ),
    "importers.warn.gguf_unusable": (
        "GGUF metadata does not give a usable architecture ({error}); sized from the parameter count alone"
    ),
    "importers.warn.gguf_no_sizes": "GGUF metadata has no layer sizes; sized from the parameter count alone",
    "importers.warn.quantized": (
        "the weights are quantized ({method}): element counts of packed tensors are not "
        "parameters, so the count comes from config.json"
    ),
    "importers.warn.param_gap": (
        "config.json gives {computed} parameters but the tensors hold "
        "{params} ({gap} apart): the tensor count is used"
    ),
    "importers.warn.no_config_beside": (
        "no config.json beside the file: the parameter count is exact but the layer sizes are "
        "assumed (Llama proportions) when the model is used"
    ),
    "importers.warn.total_size": "{index} says total_size {total} bytes but the shards hold {held}",
    "importers.warn.tensor_map": "{index} maps {mapped} tensors, the shards hold {held}",
    "importers.warn.gguf_file_type": (
        "GGUF file type {type} has no gpupicker weights dtype: pick the closest one on the quantization page"
    ),
    "importers.warn.precision_variants": "precision variants ({files}) were not counted again",
    "importers.warn.pickles_not_read": (
        "{files} not read (pickle files are never opened): the parameter count comes from config.json"
    ),
    "importers.warn.several_gguf": "{n} GGUF files in the folder; {file} was read",
    "importers.warn.no_config_in_folder": (
        "no config.json in the folder: the layer sizes are assumed (Llama proportions)"
    ),
    "importers.warn.component": "{component}: {warning}",
    "importers.warn.component_pickle": "{component}: {file} not read (pickle files are never opened)",
    "importers.warn.denoiser_only": (
        "params counts the denoiser only (as the bundled diffusion models do); {others} are listed apart"
    ),
}
