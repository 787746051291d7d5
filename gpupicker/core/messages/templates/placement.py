"""Templates of :mod:`gpupicker.core.memory.placement` and the speed of host-resident bytes.

Where a llama.cpp job's experts, layers and KV cache live (GPU, host RAM, one unified pool),
the RAM verdict and the host-RAM part of decode and prompt processing.
"""

from __future__ import annotations

TEMPLATES: dict[str, str] = {
    "workload.n_cpu_moe": 'n_cpu_moe {value} is not a layer count, "auto" or "all"',
    "engines.ollama_no_cpu_moe": (
        "Ollama has no option to keep MoE experts in system RAM (it "
        "only moves whole layers, num_gpu); use llama.cpp "
        "(llama-server --n-cpu-moe) or drop n_cpu_moe"
    ),
    "engines.dense_no_experts": "n_cpu_moe has no effect: this model has no routed experts",
    "memory.placement.bw_given": "the workload's host_ram_bandwidth_gbps",
    "memory.placement.bw_unified": "unified memory: the GPU's own bandwidth, one pool",
    "memory.placement.class.desktop": (
        "desktop default: dual-channel DDR5-5600 (5600 MT/s × 8 B × 2 channels, JEDEC JESD79-5)"
    ),
    "memory.placement.class.workstation": (
        "workstation default: quad-channel DDR5-4800 (4800 MT/s × 8 B × 4 channels)"
    ),
    "memory.placement.class.server": "server default: eight-channel DDR5-4800 (4800 MT/s × 8 B × 8 channels)",
    "memory.placement.auto": "chosen as llama.cpp --fit does: the fewest that leave 1 GiB free on the GPU",
    "memory.placement.given": "as given",
    "memory.placement.experts_on_host": (
        "Routed experts of {layers} of {total} MoE layers in host RAM "
        "(--n-cpu-moe {n}, {how}): {gib} GiB; attention, shared "
        "experts, router and norms stay on the GPU"
    ),
    "memory.placement.kv_on_host": (
        "KV cache in host RAM (--no-kv-offload): {gib} GiB; attention runs on the CPU"
    ),
    "memory.placement.host_bandwidth": "Host RAM {gbps} GB/s peak, CPU matmuls at {eff} of it ({source})",
    "memory.placement.ram_not_checked": (
        "Host RAM not checked: the job needs {gib} GiB of it (give host_ram_gb to check)"
    ),
    "memory.placement.ram_need": (
        "Host RAM: needs {need} GiB of {ram} GiB ({reserve} GiB kept for the operating system)"
    ),
    "memory.placement.ram_pool": (
        "Unified memory: GPU and host share {ram} GiB; the host side needs "
        "{need} GiB of it ({reserve} GiB kept for the operating system)"
    ),
    "recommend.ram_short": (
        "Needs {need} GiB of host RAM, the machine has {ram} GiB: RAM is the "
        "limit; adding at least {more} GB of RAM makes it fit (≈ ${usd} at "
        "${per_gb}/GB, DDR5 retail 2026-06)"
    ),
    "recommend.ram_short_unified": (
        "Needs {need} GiB of the {ram} GiB unified memory: memory is the "
        "limit; it needs a machine with at least {more} GB more"
    ),
    "recommend.placement_experts": (
        "Experts of {layers} of {total} MoE layers in host RAM ({gib} GiB, --n-cpu-moe {n})"
    ),
    "recommend.placement_kv": "KV cache in host RAM ({gib} GiB, --no-kv-offload)",
    "throughput.host_decode_split": (
        "Decode step: {gpu_ms} ms on the GPU + {host_ms} ms on the CPU "
        "reading {gb} GB from host RAM ({gbps} GB/s × {eff})"
    ),
    "throughput.host_prefill_copy": (
        "Prompt processing copies the {gib} GiB in host RAM to the "
        "GPU once per 512-token micro-batch ({chunks} ×, pageable "
        "copy over PCIe ≈ {gbps} GB/s)"
    ),
    "throughput.host_prefill_experts": (
        "Prompt processing copies the {gib} GiB in host RAM to "
        "the GPU once per 512-token micro-batch ({chunks} ×, "
        "pageable copy over PCIe ≈ {gbps} GB/s); an upper "
        "bound: published --n-cpu-moe runs prefilled 5–7× "
        "slower"
    ),
    "throughput.host_kv_prefill": (
        "With the KV cache in host RAM, prompt attention also runs on "
        "the CPU; that cost is not modelled (expect slower prompts)"
    ),
    "launch_config.n_cpu_moe": (
        "--n-cpu-moe {n}: the routed experts of {layers} MoE layers "
        "({gib} GiB) stay in host RAM; the machine needs {ram} GiB of "
        "RAM for this"
    ),
    "launch_config.no_kv_offload": "--no-kv-offload: the KV cache ({gib} GiB) stays in host RAM",
    "advisor.kv_on_host": "Keep the KV cache in host RAM (llama.cpp --no-kv-offload)",
    "advisor.experts_auto": (
        "Keep as many MoE experts in host RAM as needed (llama.cpp --n-cpu-moe, as --fit chooses it)"
    ),
    "advisor.cost.kv_on_host": "attention runs on the CPU: slower decode and prompts",
    "advisor.cost.host_experts": "experts read from host RAM: decode bound by its bandwidth",
    "serving.prefix_cache": (
        "Prefix caching: {share} of each prompt ({tokens} tokens) is shared; "
        "its KV blocks are held once and a cache hit skips its prefill"
    ),
    "serving.prefix_not_modelled": (
        "shared_prefix_ratio is modelled for paged-KV servers (vLLM, "
        "SGLang, TensorRT-LLM …); not used for {framework}"
    ),
    "engines.vllm_context_choices": (
        "To hold this context: {fp8}; --cpu-offload-gb {gb} moves "
        "that much of the weights to host RAM (streamed over PCIe "
        "every step: much slower decode); or more GPUs (-tp). "
        "vLLM's CPU KV offload (--kv-offloading-size) only keeps "
        "reusable prefixes in host RAM and does not lengthen one "
        "sequence"
    ),
    "engines.vllm_choice_fp8": (
        "an FP8 KV cache (--kv-cache-dtype fp8) holds {tokens} tokens at the same speed"
    ),
    "engines.vllm_choice_none": "the KV cache is already 8-bit",
    "engines.vllm_choice_no_pool": "the weights and activations leave no room for a KV cache",
    "recommend.limit.host_ram_bandwidth": "host RAM bandwidth ({gbps} GB/s) limits decode",
}
"""Message id → English template."""
