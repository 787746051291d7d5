"""The inference engines the precision page offers: every inference row of
:data:`gpupicker.core.stacks.frameworks.FRAMEWORKS`, named as its project spells it, with a
tooltip saying how gpupicker models its memory and speed.

A workload loaded from a file may name any of these (TGI, TensorRT-LLM, LMDeploy, Ollama,
MindIE, …); the combo lists them all, so it always shows the engine the estimate uses and
choosing an entry is the only way it changes.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ...core.stacks.frameworks import framework_row, known_frameworks
from ..i18n.placeholders import tr_fmt
from ..i18n.zh_counts import code_name

translate = QCoreApplication.translate


def _memory_text(model: str) -> str:
    """How the memory model of a framework row (``FrameworkRow.memory``) counts the KV cache."""
    texts = {
        "paged": translate(
            "EngineChoices",
            "Memory: the weights plus a KV-cache pool the server reserves up front "
            "(gpu_memory_utilization), as vLLM does.",
        ),
        "gguf": translate(
            "EngineChoices",
            "Memory: GGUF weights and llama.cpp's KV cache; layers can be offloaded to the CPU.",
        ),
        "transformers": translate(
            "EngineChoices",
            "Memory: the weights plus a KV cache that grows with the sequences, "
            "as Hugging Face generate() keeps it.",
        ),
    }
    return texts[model]


def engine_tooltip(engine: str) -> str:
    """The tooltip of one engine entry: its memory model and the speed profile it is costed
    with (another engine's, when it has none of its own).

    Raises:
        ValueError: for a name no framework row knows (``framework_row``).
    """
    row = framework_row(engine)
    if row.speed is None or row.speed == row.name:
        speed = translate("EngineChoices", "Speed: its own profile.")
    else:
        speed = tr_fmt(translate("EngineChoices", "Speed: costed with the %1 profile."), code_name(row.speed))
    # engine — memory sentence, speed sentence (zh_CN joins sentences without a space)
    return tr_fmt(
        translate("EngineChoices", "%1 — %2 %3"), code_name(row.name), _memory_text(row.memory), speed
    )


def inference_engines() -> list[tuple[str, str, str]]:
    """(canonical name, display name, tooltip) of every framework modelled for inference,
    in the framework table's order."""
    return [(e, code_name(e), engine_tooltip(e)) for e in known_frameworks("inference")]
