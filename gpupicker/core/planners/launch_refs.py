"""What a launch config knows of the model and the framework before it writes a command.

The model's Hugging Face and ModelScope ids (when they are hub ids), its catalog family, whether
the option is an Ascend NPU, and the framework's table name.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..stacks.frameworks import framework_row

HUB_ID = re.compile(r"[A-Za-z0-9][\w.-]*/[\w.-]+")
"""A Hugging Face / ModelScope repository id (``org/name``), as the catalog stores them."""


class Refs(NamedTuple):
    """The model's repository ids and family, and whether the option is an Ascend NPU."""

    hf_repo: str | None
    modelscope_id: str | None
    family: str | None
    npu: bool


def canonical(framework: str) -> str:
    """The framework's table name (``swift`` → ``ms-swift``); an unknown one lower-cased."""
    try:
        return framework_row(framework).name
    except ValueError:
        return framework.strip().lower()
