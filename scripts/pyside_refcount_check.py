"""Check the installed PySide6 for the 6.12.0 singleton refcount defect.

PySide6-Essentials / shiboken6 6.12.0 on CPython 3.11 returns ``None`` from every
void C++ method without a new reference, and ``True`` from ``SignalInstance.emit()``
likewise. Each call therefore drops one reference to the singleton; when the count
reaches zero CPython aborts with ``Fatal Python error: none_dealloc: deallocating None``
(or ``bool_dealloc``). In gpupicker that is pyqtgraph's axis painting after ~75 input
changes (each results redraw makes ~534 void calls: QPainter.setPen, drawLine, save …).
6.11.3 does not do it. CPython >= 3.12 makes the singletons immortal, so it is harmless
there; the app and its bundle ship Python 3.11.

Run it against any PySide6 release before moving the pin in ``pyproject.toml`` /
``requirements.lock``::

    .venv/bin/python scripts/pyside_refcount_check.py

Prints the drift of ``sys.getrefcount(None)`` / ``(True)`` per call and exits 1 when a
call loses a reference (0 when the release is clean). Needs only PySide6.QtCore and no
display. The loops are short so a leaking release is measured, not crashed.
"""

from __future__ import annotations

import sys

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QObject, Signal


class _Emitter(QObject):
    ping = Signal()


def drift_per_call(call, singleton: object, n: int) -> float:
    """Mean change of ``sys.getrefcount(singleton)`` per ``call()`` over ``n`` calls (0 = clean)."""
    call()
    before = sys.getrefcount(singleton)
    for _ in range(n):
        call()
    return (sys.getrefcount(singleton) - before) / n


def measure() -> dict[str, float]:
    """Drift per call of the two paths the defect hits: a void method and a signal emit."""
    obj = _Emitter()
    return {
        "None per void call (QObject.setObjectName)": drift_per_call(
            lambda: obj.setObjectName("x"), None, 200
        ),
        # True starts near 50 references: keep this loop short.
        "True per Signal.emit()": drift_per_call(obj.ping.emit, True, 10),
    }


def main() -> int:
    results = measure()
    bad = False
    for name, drift in results.items():
        print(f"PySide6 {pyside_version}, Python {sys.version.split()[0]}: {name}: {drift:+.2f}")
        bad |= drift <= -0.5
    print("LEAKS: do not use this release on CPython 3.11" if bad else "clean")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
