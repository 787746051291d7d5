"""The Qt layer: main window, wizard pages, results view, plots, catalog editor, dialogs.

Only this package imports PySide6 or pyqtgraph. It displays what ``gpupicker.core``
computes and writes through the ``gpupicker.catalog`` repository.
"""

import sys as _sys


def _pin_bool_singletons() -> None:
    """Work around a PySide6 6.12 refcount bug: ``SignalInstance.emit()`` returns ``True``
    without a new reference, so every emit from Python drops one reference to ``True``.

    After some thousands of emits CPython aborts with "bool_dealloc: deallocating True or
    False" (seen in the GUI test suite). ``True``/``False`` are singletons that are never
    freed, so extra references are harmless; give them plenty. Python ≥ 3.12 makes them
    immortal, so nothing is done there.
    """
    if _sys.version_info >= (3, 12) or _sys.implementation.name != "cpython":
        return
    import ctypes

    for obj in (True, False):
        ctypes.c_ssize_t.from_address(id(obj)).value += 1 << 40


_pin_bool_singletons()
