"""One machine with unlike cards (``Workload.gpus``): llama.cpp's layer split, per card.

llama.cpp (``src/llama-model.cpp`` ``llama_model::load_tensors``, split mode ``layer``, the
default) places whole layers:

* the split points are the cumulative shares of ``--tensor-split``, or with none "by free
  memory": each device's free bytes at load (``ggml_backend_dev_memory``), normalized;
* repeating layer ``il`` goes to the first device whose cumulative share exceeds
  ``il / (n_layer + 1)`` (``std::upper_bound`` over the split points), and the output layer is
  placed as layer ``n_layer`` — so it lands on the **last** device of the split. ``-mg``
  (``--main-gpu``) does not move it: the main GPU only matters for split modes ``none`` and
  ``row``;
* the token embeddings stay in host memory (the input layer is always on the CPU);
* each layer's KV cache lives on the device of its layer, and every device gets its own compute
  buffer: the one holding the output layer reserves the ``n_ubatch × n_vocab`` fp32 logits, the
  others only the hidden-state intermediates (and the ``KQ`` scores without flash attention).

Checked against a published load log of a mixed pair (llama.cpp PR #6122, RTX 4070 Ti + RTX
3090 Ti, Command-R 35B Q4_K_M, ``n_ctx`` 4096: 12 and 28 layers, KV 1,536 / 3,584 MiB, CUDA0
compute buffer 672 MiB), in ``validation/cases.jsonl`` (``MX`` cases).

Engines that shard every layer over the cards (vLLM, SGLang, TensorRT-LLM … tensor
parallelism) give each rank an equal shard, so unlike cards are refused here with the reason;
:func:`unlike_cards_refusal` says what would run instead.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from ..dtypes import GGUF_TYPES, bytes_per_weight
from ..hardware.specs import GpuSpec
from ..messages import Message, join, msg
from ..model_arch import ModelArch
from ..results import CardMemory, MemoryEstimate
from ..units import GiB
from ..workload import Workload
from .common import kv_cache_bytes, recurrent_state_bytes
from .llamacpp import (
    LLAMACPP_CONTEXT_BYTES,
    LLAMACPP_QUANT_KV,
    LLAMACPP_UBATCH,
    gguf_layer_and_extra_bytes,
    llamacpp_compute_buffer_bytes,
)

LAYER_SPLIT_ENGINES = frozenset({"llama.cpp", "ollama"})
"""Engines that split a model over unlike cards by whole layers (llama.cpp ``-sm layer``; Ollama
and LM Studio run llama.cpp's loader)."""


@dataclass(frozen=True, slots=True)
class MachineCard:
    """One card of the machine: its catalog entry and its free memory at load (bytes or None)."""

    spec: GpuSpec
    free_bytes: int | None = None

    @property
    def capacity_bytes(self) -> int:
        """What the engine can use on this card: the free memory given, else its usable memory."""
        if self.free_bytes is not None:
            return min(self.free_bytes, self.spec.usable_memory_bytes)
        return self.spec.usable_memory_bytes


def machine_cards(w: Workload, gpus: Sequence[GpuSpec]) -> tuple[MachineCard, ...]:
    """The cards of ``w.gpus`` in device order, resolved against the catalog ``gpus``.

    Raises:
        ValueError: a ``gpus`` id that is not in the catalog (named), or ``w`` has no ``gpus``.
    """
    if not w.gpus:
        raise ValueError(msg("mixed.no_machine"))
    by_id = {g.id: g for g in gpus}
    out: list[MachineCard] = []
    for part in w.gpus:
        spec = by_id.get(part.gpu)
        if spec is None:
            raise ValueError(msg("mixed.unknown_gpu", gpu=repr(part.gpu)))
        free = int(part.free_gib * GiB) if part.free_gib is not None else None
        out.extend(MachineCard(spec, free) for _ in range(part.count))
    return tuple(out)


def unlike(cards: Sequence[MachineCard]) -> bool:
    """True when the cards are not all one catalog type."""
    return len({c.spec.id for c in cards}) > 1


def is_layer_split_engine(w: Workload) -> bool:
    """True for the engines this module splits by layers (llama.cpp, Ollama, GGUF weights)."""
    fw = w.framework.lower()
    return fw in LAYER_SPLIT_ENGINES or (w.weights_dtype in GGUF_TYPES and fw == "transformers")


BRAND_PREFIXES = ("NVIDIA GeForce ", "NVIDIA ", "AMD Radeon ", "AMD ", "Intel ")
"""Brand words left out of a card's name inside a machine's name (``RTX 4090 + RTX 3090``)."""


def short_gpu_name(name: str) -> str:
    """``name`` without the vendor's brand words (``NVIDIA GeForce RTX 4090``: ``RTX 4090``).

    A machine of several cards then stays readable in a table column.
    """
    for prefix in BRAND_PREFIXES:
        if name.startswith(prefix):
            return name[len(prefix) :]
    return name


def card_names(cards: Sequence[MachineCard]) -> str:
    """``RTX 4090 + RTX 3090`` (repeats as ``2 × RTX 3090``), in device order."""
    groups: list[list[object]] = []
    for c in cards:
        name = short_gpu_name(c.spec.name)
        if groups and groups[-1][0] == name:
            groups[-1][1] = int(str(groups[-1][1])) + 1
        else:
            groups.append([name, 1])
    return " + ".join(f"{n} × {name}" if int(str(n)) > 1 else str(name) for name, n in groups)


def layer_counts(
    shares: Sequence[float], n_layer: int, n_gpu_layers: int | None = None
) -> tuple[list[int], int | None]:
    """(repeating layers per device, device of the output layer or None for the CPU).

    llama.cpp's assignment (module docstring): cumulative normalized ``shares``, layer ``il``
    (from ``i_gpu_start = n_layer − n_gpu_layers``) to ``upper_bound(splits, (il − i_gpu_start)
    / act_gpu_layers)`` with ``act_gpu_layers = min(n_gpu_layers, n_layer + 1)``; layers below
    ``i_gpu_start``, and the output layer when it is not among the offloaded ones, stay on the
    CPU. ``n_gpu_layers`` None = every layer and the output (``-ngl 99``).

    Raises:
        ValueError: when ``shares`` are all zero or negative.
    """
    total = sum(shares)
    if total <= 0 or any(s < 0 for s in shares):
        raise ValueError(msg("workload.tensor_split_values"))
    splits, acc = [], 0.0
    for s in shares:
        acc += s
        splits.append(acc / total)
    ngl = n_layer + 1 if n_gpu_layers is None else n_gpu_layers
    start = max(n_layer - ngl, 0)
    act = min(ngl, n_layer + 1)
    counts = [0] * len(shares)

    def device(il: int) -> int | None:
        if il < start or il - start >= act:
            return None
        return min(bisect_right(splits, (il - start) / act), len(shares) - 1)

    for il in range(n_layer):
        d = device(il)
        if d is not None:
            counts[d] += 1
    return counts, device(n_layer)


def split_for(counts: Sequence[int]) -> tuple[int, ...]:
    """The ``--tensor-split`` that gives these layer counts, the output layer on the last card.

    Layer shares are cumulative over ``n_layer + 1`` slots (the output layer is slot
    ``n_layer``), so the counts with one more on the last device reproduce them exactly.
    """
    return (*counts[:-1], counts[-1] + 1)


@dataclass(frozen=True, slots=True)
class _Sizes:
    """Per-layer and fixed bytes of one llama.cpp job (see :func:`llamacpp_split_memory`)."""

    layer_w: float
    layer_kv: float
    out_w: float
    compute_out: int
    compute_mid: int


def _sizes(w: Workload, arch: ModelArch) -> tuple[_Sizes, str, str, int]:
    gguf_ok = w.weights_dtype in GGUF_TYPES or w.weights_dtype in ("fp16", "bf16", "fp32")
    wdt = w.weights_dtype if gguf_ok else "q4_k_m"
    kv_dtype = w.kv_cache_dtype if w.kv_cache_dtype != "bf16" else "fp16"
    n_ctx = w.context_tokens() * w.batch
    L = max(1, arch.num_hidden_layers)
    layer_w, out_w, _ = gguf_layer_and_extra_bytes(arch, wdt)
    if arch.tie_word_embeddings:
        # no output.weight in the file: llama.cpp loads token_embd a second time as the output
        # tensor on the output layer's device (``TENSOR_DUPLICATED``), quantized as the output
        # (Q6_K or better, llama.cpp ``quantize``)
        out_w += arch.vocab_size * arch.hidden_size * max(bytes_per_weight(wdt), bytes_per_weight("q6_k"))
    state = recurrent_state_bytes(arch, w.batch, "llama.cpp")
    layer_kv = (kv_cache_bytes(arch, n_ctx, 1, kv_dtype) + state) / L
    flash = w.attention == "flash"
    compute_out = llamacpp_compute_buffer_bytes(arch, n_ctx, flash)
    ub = LLAMACPP_UBATCH
    kq = 0 if flash else ub * n_ctx * max(1, arch.num_attention_heads) * 4
    hidden = ub * (4 * arch.hidden_size + 2 * arch.active_mlp_width) * 4
    return _Sizes(layer_w, layer_kv, out_w, compute_out, int(kq + hidden)), wdt, kv_dtype, n_ctx


def _cards(
    cards: Sequence[MachineCard], counts: Sequence[int], out_dev: int | None, s: _Sizes
) -> tuple[CardMemory, ...]:
    out = []
    for i, (c, n) in enumerate(zip(cards, counts, strict=True)):
        used = n > 0 or out_dev == i
        out.append(
            CardMemory(
                index=i,
                gpu_id=c.spec.id,
                gpu_name=c.spec.name,
                layers=n,
                output_layer=out_dev == i,
                weights_bytes=int(n * s.layer_w + (s.out_w if out_dev == i else 0)),
                kv_cache_bytes=int(n * s.layer_kv),
                compute_buffer_bytes=(s.compute_out if out_dev == i else s.compute_mid) if used else 0,
                cuda_context_bytes=LLAMACPP_CONTEXT_BYTES if used else 0,
                capacity_bytes=c.capacity_bytes,
                bandwidth_gbps=c.spec.memory_bandwidth_gbps,
            )
        )
    return tuple(out)


def balanced_counts(
    cards: Sequence[MachineCard], n_layer: int, s: _Sizes, n_gpu_layers: int | None = None
) -> tuple[list[int], int | None]:
    """Layers per card that leave the fullest card as empty as possible, output on the last.

    Each layer in turn goes to the card it leaves least full (share of its capacity), after
    each card's fixed bytes (CUDA context, compute buffer, and the output layer on the last
    card) — what a hand-tuned ``--tensor-split`` does; llama.cpp's default (by free memory)
    ignores those fixed bytes, so the card with the output layer fills first.
    """
    k = len(cards)
    ngl = n_layer if n_gpu_layers is None else min(n_layer, n_gpu_layers)
    out_dev = k - 1 if n_gpu_layers is None or n_gpu_layers > n_layer else None
    fixed = [
        LLAMACPP_CONTEXT_BYTES
        + (s.compute_out if i == out_dev else s.compute_mid)
        + (s.out_w if i == out_dev else 0)
        for i in range(k)
    ]
    counts = [0] * k
    per = s.layer_w + s.layer_kv
    for _ in range(ngl):
        i = min(
            range(k), key=lambda j: ((fixed[j] + (counts[j] + 1) * per) / max(1, cards[j].capacity_bytes), j)
        )
        counts[i] += 1
    return counts, out_dev


def llamacpp_split_memory(w: Workload, arch: ModelArch, cards: Sequence[MachineCard]) -> MemoryEstimate:
    """Per-card memory of llama.cpp's layer split over ``cards`` (module docstring).

    The split is ``w.tensor_split`` when given; otherwise the balanced split of
    :func:`balanced_counts`, which the launch config passes as ``--tensor-split`` (a note says
    when llama.cpp's own default, by free memory, would put the layers elsewhere and whether
    that fits). When the whole model does not fit on the cards, the fewest layers are left on
    the CPU (``-ngl``, ``gpu_layers``) as with one card. The per-GPU fields of the result are
    the card closest to full; ``cards`` holds every card.

    Raises:
        ValueError: unknown dtypes, bad ``tensor_split``.
    """
    s, wdt, kv_dtype, n_ctx = _sizes(w, arch)
    L = max(1, arch.num_hidden_layers)
    notes: list[Message] = [
        join([msg("engines.llamacpp_head", dtype=wdt.upper(), ctx=n_ctx, kv=kv_dtype)]),
        join([join([msg("engines.embeddings_on_host"), msg("mixed.compute_per_card")], "clauses")]),
    ]
    default_counts, default_out = layer_counts([c.capacity_bytes - LLAMACPP_CONTEXT_BYTES for c in cards], L)
    default_cards = _cards(cards, default_counts, default_out, s)
    gpu_layers: int | None = None
    if w.tensor_split is not None:
        counts, out_dev = layer_counts(w.tensor_split, L)
        per_card = _cards(cards, counts, out_dev, s)
        notes.append(join([msg("mixed.split_given", split=_split_text(w.tensor_split))]))
    else:
        counts, out_dev = balanced_counts(cards, L, s)
        per_card = _cards(cards, counts, out_dev, s)
        ngl = L
        while not all(c.fits for c in per_card) and ngl > 0:
            ngl -= 1
            counts, out_dev = balanced_counts(cards, L, s, ngl)
            per_card = _cards(cards, counts, out_dev, s)
        if ngl < L:
            gpu_layers = ngl
            notes.append(
                join(
                    [
                        join(
                            [
                                msg("engines.partial_offload", layers=ngl, total=L, ngl=ngl),
                                msg("engines.rest_on_cpu"),
                            ],
                            "clauses",
                        )
                    ]
                )
            )
        if list(default_counts) != list(counts) and gpu_layers is None:
            key = (
                "mixed.default_split_fits"
                if all(c.fits for c in default_cards)
                else "mixed.default_split_overflows"
            )
            worst = max(default_cards, key=lambda c: c.total_bytes / max(1, c.capacity_bytes))
            notes.append(
                join(
                    [
                        msg(
                            key,
                            layers=" / ".join(str(n) for n in default_counts),
                            gpu=worst.gpu_name,
                            used=f"{worst.total_bytes / GiB:.2f}",
                            cap=f"{worst.capacity_bytes / GiB:.2f}",
                        )
                    ]
                )
            )
    # with every layer on the cards the output layer is the last card's extra slot; with some
    # layers on the CPU (-ngl below n_layer) llama.cpp splits the offloaded layers alone
    printed = split_for(counts) if gpu_layers is None else tuple(counts)
    notes.append(
        join(
            [
                msg(
                    "mixed.split_result",
                    cards=_cards_text(per_card),
                    split=_split_text(w.tensor_split or printed),
                )
            ]
        )
    )
    engine_fits, message = None, ""
    if kv_dtype in LLAMACPP_QUANT_KV and w.attention != "flash":
        engine_fits, message = False, msg("engines.llamacpp_v_cache")
    split = tuple(float(x) for x in (w.tensor_split if w.tensor_split is not None else printed))
    return _summary(per_card, split, arch, gpu_layers, engine_fits, message, notes)


def _summary(
    per_card: tuple[CardMemory, ...],
    split: tuple[float, ...],
    arch: ModelArch,
    gpu_layers: int | None,
    engine_fits: bool | None,
    message: Message | str,
    notes: list[Message],
) -> MemoryEstimate:
    worst = max(per_card, key=lambda c: (c.total_bytes / max(1, c.capacity_bytes), -c.index))
    return MemoryEstimate(
        weights_bytes=worst.weights_bytes,
        kv_cache_bytes=worst.kv_cache_bytes,
        engine_reserve_bytes=worst.compute_buffer_bytes,
        cuda_context_bytes=worst.cuda_context_bytes,
        num_gpus=len(per_card),
        gpu_layers=gpu_layers,
        engine_fits=engine_fits,
        engine_message=message,
        total_params=arch.param_count(),
        assumptions=tuple(notes),
        cards=per_card,
        tensor_split=split,
    )


def _split_text(split: Sequence[float]) -> str:
    return ",".join(f"{x:g}" for x in split)


def _cards_text(cards: Sequence[CardMemory]) -> Message:
    return join(
        [
            msg(
                "mixed.card_output" if c.output_layer else "mixed.card",
                index=c.index,
                gpu=c.gpu_name,
                layers=c.layers,
                used=f"{c.total_bytes / GiB:.2f}",
                cap=f"{c.capacity_bytes / GiB:.2f}",
            )
            for c in cards
        ],
        "clauses",
    )


def unlike_cards_refusal(w: Workload, cards: Sequence[MachineCard]) -> Message | None:
    """Why ``w``'s engine cannot run on these unlike cards (None: it can: a layer split).

    vLLM, SGLang, TensorRT-LLM, LMDeploy, TGI and MindIE shard every layer over the cards with
    tensor parallelism: each rank holds an equal shard, the KV pool is sized by the smallest
    card, and every layer waits for the slowest (vLLM only warns "Detected different devices
    in the system", ``vllm/platforms/cuda.py``); gpupicker sizes equal ranks only. vLLM's
    pipeline parallelism can split layers unevenly (``VLLM_PP_LAYER_PARTITION``) but is not
    modelled here. transformers' ``device_map`` and training over unlike cards are not
    modelled either. The message names what would run: llama.cpp's layer split.
    """
    if not unlike(cards):
        return None
    names = card_names(cards)
    if w.is_training or w.is_image:
        return msg("mixed.training_not_modelled", cards=names)
    if is_layer_split_engine(w):
        return None
    fw = w.framework.lower()
    if fw == "transformers":
        return msg("mixed.hf_not_modelled", cards=names)
    return join(
        [msg("mixed.tp_equal_cards", engine=w.framework, cards=names), msg("mixed.what_would_run")], "clauses"
    )


__all__ = [
    "BRAND_PREFIXES",
    "LAYER_SPLIT_ENGINES",
    "MachineCard",
    "balanced_counts",
    "card_names",
    "is_layer_split_engine",
    "layer_counts",
    "llamacpp_split_memory",
    "machine_cards",
    "short_gpu_name",
    "split_for",
    "unlike",
    "unlike_cards_refusal",
]
