"""The one English template of every core message id (``gpupicker.core.messages``).

A table split by the group of core modules that writes the messages (:mod:`.generic`,
:mod:`.recommend`, :mod:`.memory`, :mod:`.speed`, :mod:`.planners`, :mod:`.report`) and merged
here into :data:`TEMPLATES`: the id (``<module>.<what>``) → its English template with ``{name}``
placeholders; an id is defined once (a second definition fails at import). Each template's
zh_CN translation is in ``resources/i18n/gpupicker_zh_CN.ts`` (context ``CoreText``); changing a
template without its translation fails ``tests/core/test_messages.py``. Data only: the Message
machinery is in the package above.
"""

from __future__ import annotations

from . import (
    catalog,
    compare,
    detect,
    generic,
    jobs,
    memory,
    mixed,
    placement,
    planners,
    recommend,
    report,
    speed,
)


def _merged(*parts: dict[str, str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in parts:
        clash = set(part) & set(out)
        if clash:
            raise ValueError(f"message ids defined twice: {sorted(clash)}")
        out.update(part)
    return out


TEMPLATES: dict[str, str] = _merged(
    generic.TEMPLATES,
    recommend.TEMPLATES,
    memory.TEMPLATES,
    speed.TEMPLATES,
    planners.TEMPLATES,
    report.TEMPLATES,
    detect.TEMPLATES,
    jobs.TEMPLATES,
    compare.TEMPLATES,
    mixed.TEMPLATES,
    placement.TEMPLATES,
    catalog.TEMPLATES,
)
"""Message id → the English template."""


DISAMBIGUATION: dict[str, str] = {
    "report.job.grad_ckpt": "report: job table row label",
    "report.fit.none": "report: no value in the what-fits table",
}
"""Ids whose English template is also another id's with another meaning ("none" is also the
advisor's quality cost, 不影响质量): Qt's translator tells them apart by this comment (the
``disambiguation`` of ``QCoreApplication.translate`` and ``<comment>`` in the .ts)."""
