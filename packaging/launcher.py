"""Entry script of the frozen gpupicker (PyInstaller); a checkout uses ``python -m gpupicker``.

Windowed Windows builds start with ``sys.stdout``/``sys.stderr`` set to ``None`` (PyInstaller),
so ``--selftest`` output and late tracebacks would vanish. Before anything else, send a missing
stream to ``console.log`` in the user log folder, where ``packaging/smoke_test.py`` also looks.
Under ``--selftest`` an exception is printed there and the exit status is 1, instead of
PyInstaller's windowed error dialog that would hang an unattended CI run.
"""

from __future__ import annotations

import os
import sys
import traceback


def _ensure_stdio() -> None:
    if sys.stdout is not None and sys.stderr is not None:
        return
    try:
        from gpupicker.paths import user_log_dir

        stream = open(user_log_dir() / "console.log", "a", encoding="utf-8", buffering=1)  # noqa: SIM115
    except OSError:
        stream = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    if sys.stdout is None:
        sys.stdout = stream
    if sys.stderr is None:
        sys.stderr = stream


def _run() -> int:
    try:
        from gpupicker.__main__ import main

        return main()
    except Exception:
        if "--selftest" not in sys.argv[1:]:
            raise  # a user's double-click: PyInstaller's error dialog shows the traceback
        # Unattended smoke test: print instead of a windowed error dialog nobody can close.
        traceback.print_exc()
        return 1


if __name__ == "__main__":
    _ensure_stdio()
    sys.exit(_run())
