"""The serving box's labels and tooltips in the job's engine's own flag names.

The names come from core (core.stacks.serving_flags: vLLM ``--max-model-len``, TGI
``--max-total-tokens``, LMDeploy ``--cache-max-entry-count`` …); what each engine's memory
fraction is a share of, its default and what the estimate assumes is core's message too.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel, QWidget

from ...core.stacks.serving_flags import SERVING_FLAGS, memory_meaning
from ..i18n.core_messages import tr_message
from ..i18n.placeholders import tr_fmt
from ..i18n.zh_counts import code_name

translate = QCoreApplication.translate


class ServingBox(Protocol):
    """The widgets of the quantization page's serving box this module labels."""

    @property
    def max_model_len_label(self) -> QLabel: ...
    @property
    def max_model_len(self) -> QWidget: ...
    @property
    def memory_label(self) -> QLabel: ...
    @property
    def gpu_memory_utilization(self) -> QWidget: ...
    @property
    def max_num_seqs_label(self) -> QLabel: ...
    @property
    def max_num_seqs(self) -> QWidget: ...


def label_serving_box(box: ServingBox, engine: str) -> None:
    """Name ``engine``'s own flags in the box's labels and tooltips (vLLM's for an engine the
    table does not hold: the box is shown only for paged-KV engines, all in the table)."""
    eng = engine.lower() if engine.lower() in SERVING_FLAGS else "vllm"
    flags = SERVING_FLAGS[eng]
    name = code_name(eng)
    box.max_model_len_label.setText(
        tr_fmt(translate("QuantizationPage", "Max model &length (%1):"), flags.context)
    )
    box.max_model_len.setToolTip(
        tr_fmt(
            translate(
                "QuantizationPage",
                "%1: the longest context (prompt + output tokens) the server accepts. The KV "
                "cache holds at least one sequence this long; the server refuses to start if it "
                "does not fit. Default: prompt + output tokens.",
            ),
            flags.context,
        )
    )
    memory = flags.memory or tr_fmt(translate("QuantizationPage", "no %1 setting"), name)
    box.memory_label.setText(tr_fmt(translate("QuantizationPage", "GPU &memory fraction (%1):"), memory))
    box.gpu_memory_utilization.setToolTip(
        tr_fmt(translate("QuantizationPage", "%1: %2."), memory, tr_message(memory_meaning(eng)))
    )
    box.max_num_seqs_label.setText(
        tr_fmt(translate("QuantizationPage", "Max &running sequences (%1):"), flags.seqs)
    )
    box.max_num_seqs.setToolTip(
        tr_fmt(
            translate(
                "QuantizationPage",
                "%1: the most requests the server runs at once; more wait in its queue. It caps "
                "the throughput per replica.",
            ),
            flags.seqs,
        )
    )


__all__ = ["ServingBox", "label_serving_box"]
