"""The results table's tooltips: a column title's meaning, and a cell's memory breakdown,
speed evidence, placement and assumptions.

Translated in the ``OptionsTableModel`` context, as the table model's own strings are."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ...core.results import Option
from ..i18n.core_messages import tr_message
from ..i18n.formatting import display_name, fmt_bytes, fmt_number, label_value
from ..i18n.placeholders import tr_fmt
from ..i18n.texts import component_label, glossary
from ..widgets.plain_text import plain_tooltip

translate = QCoreApplication.translate


def header_tooltip(col: str, unit: str, cost_kind: str) -> str | None:
    """The tooltip of column ``col``'s title (None: none); ``unit`` the byte unit shown,
    ``cost_kind`` what the cost column means ("total", "month" or "mtok")."""
    if col == "vram":
        return (
            tr_fmt(
                translate(
                    "OptionsTableModel",
                    "Expected peak memory per GPU (as nvidia-smi shows it) / the GPU's capacity, in %1.",
                ),
                unit,
            )
            + "\n\n"
            + glossary()["vram"]
        )
    if col == "headroom":
        return (
            tr_fmt(translate("OptionsTableModel", "Memory left free per GPU at the peak, in %1."), unit)
            + "\n\n"
            + glossary()["headroom"]
        )
    if col == "speed":
        return glossary()["mfu"]
    if col == "usd_per_hour":
        return translate(
            "OptionsTableModel", "Price per hour of all the option's GPUs together (not per GPU)."
        )
    if col == "usd_total":
        return {
            "total": translate("OptionsTableModel", "Cost of the whole run (price per hour × run time)."),
            "month": translate(
                "OptionsTableModel",
                "Cost per month of running all the time (price per hour × "
                "hours per month; set in Preferences).",
            ),
            "mtok": translate(
                "OptionsTableModel",
                "Cost per million generated tokens at this option's "
                "throughput (no run length or request rate given).",
            ),
        }[cost_kind]
    return None


def cell_tooltip(o: Option, col: str, reason: str, unit: str) -> str:
    """The tooltip of ``o``'s cell in column ``col``: the row's ``reason``, the speed's
    evidence and serving layout, the memory by component (per card for a layer split, in
    ``unit``: GiB or GB), llama.cpp's host-RAM placement, and the assumptions."""
    lines = [reason]
    if col == "gpu":
        lines.insert(0, f"{display_name(o.gpu_name)} × {o.num_gpus}")
    if col == "speed" and o.throughput.range_pct:
        lines.insert(
            0,
            tr_fmt(
                translate("OptionsTableModel", "Speed expected within ±%1 % (evidence: %2)"),
                fmt_number(o.throughput.range_pct, 0),
                tr_message(o.throughput.evidence),
            ),
        )
    if col == "speed" and o.serving is not None and o.serving.max_concurrent_seqs:
        lines.insert(
            1,
            tr_fmt(
                translate(
                    "OptionsTableModel", "%1 replica(s) × %2 GPU(s), %3 of at most %4 sequences per replica"
                ),
                str(o.serving.replicas),
                str(o.serving.gpus_per_replica),
                str(o.serving.concurrent_seqs),
                str(o.serving.max_concurrent_seqs),
            ),
        )
    npu = "ascend" in o.gpu_id.lower()  # no CUDA context on an NPU: CANN's runtime
    if o.memory.cards:
        lines += card_lines(o, unit)
    else:
        lines += [
            label_value(
                translate("OptionsTableModel", "NPU runtime context")
                if npu and k == "cuda_context"
                else component_label(k),
                fmt_bytes(v, unit, 2),
            )
            for k, v in o.memory.breakdown().items()
            if v
        ]
    lines += placement_lines(o, unit)
    lines += [tr_message(a) for a in (*o.memory.assumptions, *o.throughput.assumptions, *o.cost.assumptions)]
    return plain_tooltip("\n".join(lines))


def card_lines(o: Option, unit: str) -> list[str]:
    """One tooltip line per card of a layer split: its layers and memory by component."""
    out = []
    for c in o.memory.cards:
        layers = (
            translate("OptionsTableModel", "%1 layers and the output layer")
            if c.output_layer
            else translate("OptionsTableModel", "%1 layers")
        ).replace("%1", str(c.layers))
        out.append(
            tr_fmt(
                translate(
                    "OptionsTableModel",
                    "CUDA%1 %2: %3; weights %4, KV cache %5, compute buffer %6, CUDA context %7 = %8 of %9",
                ),
                str(c.index),
                display_name(c.gpu_name),
                layers,
                fmt_bytes(c.weights_bytes, unit, 2),
                fmt_bytes(c.kv_cache_bytes, unit, 2),
                fmt_bytes(c.compute_buffer_bytes, unit, 2),
                fmt_bytes(c.cuda_context_bytes, unit, 2),
                fmt_bytes(c.total_bytes, unit, 2),
                fmt_bytes(c.capacity_bytes, unit, 2),
            )
        )
    return out


def placement_lines(o: Option, unit: str) -> list[str]:
    """The tooltip lines saying what llama.cpp puts on the GPU and in host RAM."""
    p = o.memory.placement
    if p is None:
        return []
    m = o.memory

    def b(v: float) -> str:
        return fmt_bytes(v, unit, 2)

    lines = [
        tr_fmt(
            translate("OptionsTableModel", "On the GPU: %1 (weights %2, KV cache %3, compute buffer %4)"),
            b(m.total_bytes),
            b(m.weights_bytes),
            b(m.kv_cache_bytes),
            b(m.engine_reserve_bytes),
        )
    ]
    lines.append(
        tr_fmt(
            translate(
                "OptionsTableModel",
                "In host RAM: %1 (experts %2, other weights %3, KV cache %4, buffers and system %5)",
            ),
            b(p.host_total_bytes),
            b(p.host_expert_bytes),
            b(p.host_weights_bytes),
            b(p.host_kv_bytes),
            b(p.host_buffers_bytes + p.host_reserve_bytes),
        )
    )
    if p.n_cpu_moe:
        lines.append(
            tr_fmt(
                translate(
                    "OptionsTableModel", "Experts of %1 of %2 MoE layers in RAM (llama.cpp --n-cpu-moe %3)"
                ),
                str(p.moe_layers_on_host),
                str(p.moe_layers),
                str(p.n_cpu_moe),
            )
        )
    if p.host_ram_bytes is not None:
        key = (
            translate("OptionsTableModel", "RAM of the machine: %1 — enough")
            if p.host_fits
            else translate("OptionsTableModel", "RAM of the machine: %1 — %2 short")
        )
        lines.append(key.replace("%1", b(p.host_ram_bytes)).replace("%2", b(p.ram_short_bytes)))
    return lines
