"""Message templates of machines with unlike cards and the cards that would make a job fit.

Written by core.workload (the ``gpus`` and ``tensor_split`` checks), core.memory.mixed,
core.speed.mixed, core.mixed_plan and core.launch_config.

Part of :data:`gpupicker.core.messages.templates.TEMPLATES` (one English template per id;
zh_CN in resources/i18n/gpupicker_zh_CN.ts, context ``CoreText``).
"""

TEMPLATES: dict[str, str] = {
    "workload.gpus_count_disagrees": (
        "num_gpus {num_gpus} disagrees with the {total} cards listed in gpus; give one of them"
    ),
    "workload.gpus_too_many": "gpus lists {total} cards; one machine holds at most 64",
    "workload.tensor_split_length": (
        "tensor_split has {given} values for {total} cards in gpus; give one per card"
    ),
    "workload.tensor_split_needs_gpus": "tensor_split needs the cards it splits over: list them in gpus",
    "workload.tensor_split_values": "tensor_split values must be 0 or more and not all 0",
    "mixed.no_machine": "the job names no machine (gpus)",
    "mixed.cards_not_resolved": (
        "gpus names the machine's cards: look them up in the catalog "
        "first (an estimate per card needs each card's memory)"
    ),
    "mixed.unknown_gpu": "gpus: no GPU {gpu} in the catalog (gpupicker catalog export gpus lists the ids)",
    "mixed.compute_per_card": (
        "each card has its own compute buffer; the card with the output layer holds the logits"
    ),
    "mixed.split_given": "layers split as given: --tensor-split {split}",
    "mixed.default_split_fits": (
        "llama.cpp's default split (by free memory) would put "
        "{layers} layers on the cards and also fit ({gpu} at {used} of "
        "{cap} GiB)"
    ),
    "mixed.default_split_overflows": (
        "llama.cpp's default split (by free memory) would put "
        "{layers} layers on the cards and overflow {gpu} ({used} "
        "of {cap} GiB): give the --tensor-split below"
    ),
    "mixed.split_result": "per card: {cards} (--tensor-split {split})",
    "mixed.card": "CUDA{index} {gpu} {layers} layers, {used} of {cap} GiB",
    "mixed.card_output": "CUDA{index} {gpu} {layers} layers and the output layer, {used} of {cap} GiB",
    "mixed.training_not_modelled": (
        "training or image generation over unlike cards ({cards}) "
        "is not modelled: data-parallel and sharded training give "
        "every card an equal share"
    ),
    "mixed.hf_not_modelled": (
        "`transformers` over unlike cards ({cards}, `device_map` with "
        "`max_memory`) is not modelled; the layer split of `llama.cpp` is"
    ),
    "mixed.tp_equal_cards": (
        "{engine} splits every layer in equal shards over the cards "
        "(tensor parallelism), so unlike cards ({cards}) run at the smallest "
        "card's memory and the slowest card's speed; tensor-parallel plans "
        "are sized for equal cards only"
    ),
    "mixed.what_would_run": (
        "what runs on them: `llama.cpp` / `Ollama` with `--tensor-split` "
        "(layers split by each card's memory), or `vLLM` pipeline parallelism "
        "with `VLLM_PP_LAYER_PARTITION` (not modelled here)"
    ),
    "recommend.machine_refused": "not an option on {gpus}",
    "mixed.card_time": "CUDA{index} {gpu} {layers} layers {ms} ms ({bw} GB/s)",
    "mixed.speed_pipeline": (
        "layer split = a pipeline: each token passes the cards in turn, "
        "time per token = the sum of each card's share: {cards}, hand-overs "
        "{handoff} ms = {ms} ms"
    ),
    # layers the cards do not hold run on the CPU (llama.cpp -ngl below the layer count)
    "mixed.offload_layers": "{layers}/{total} layers on the GPU",
    "mixed.offload_rest": "the rest run from system RAM at ≈50 GB/s",
    "mixed.speed_slowest": (
        "{gpu} (CUDA{index}) takes {share} of each token: the slowest part of the split sets the speed"
    ),
    "recommend.split_reason": (
        "layer split: {gpu} (CUDA{index}) takes {share} of each token and sets the pace"
    ),
    "recommend.buy_add": "buy 1 × {gpu} ({price} list price) and add it to your machine",
    "recommend.buy_replace": "buy 1 × {gpu} ({price} list price) to replace the {gpus}",
    "recommend.owned_one_machine": "your owned GPUs are taken as one machine: {gpus}",
    "recommend.machine_not_owned": (
        "{gpus} is priced at its electricity only: a card of it is "
        "not among your owned GPUs, so its purchase is taken as paid "
        "(add it with `gpupicker owned add --purchase` to count it)"
    ),
    "recommend.no_alternative": "no single card added to or replacing one in {gpus} makes the job fit",
    "launch_config.mixed_split": (
        "llama.cpp layer split over {cards}: --tensor-split {split} "
        "gives each card its layers, the output layer on the last; "
        "-mg (--main-gpu) is not given: it only matters for "
        "--split-mode row or none"
    ),
    "launch_config.mixed_devices": (
        "CUDA_VISIBLE_DEVICES={devices} with CUDA_DEVICE_ORDER="
        "PCI_BUS_ID lists the cards in nvidia-smi's order, as in "
        "gpus; CUDA's own default order puts the fastest card first"
    ),
    "launch_config.machine_no_cloud": (
        "{machine} is your own machine: run the command above on it (no cloud task)"
    ),
    "launch_config.machine_at_prices": "{machine} at {pricing} prices",
    "launch_config.ollama_no_split": (
        "Ollama chooses its own split over the cards (no "
        "--tensor-split): the per-card figures are llama.cpp's "
        "with the split shown"
    ),
}
