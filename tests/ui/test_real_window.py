"""The real window on a real X server: keys a user presses move the wizard.

The window starts the way a user starts it (``python -m gpupicker``, its first page painted
before the other pages are built), on a private Xvfb display, with the xcb platform (not the
offscreen one the rest of the suite uses), and xdotool sends the keys through the X server.
The app logs each page change (``wizard page: NAME``) and when every page is built
(``window ready``); the test reads that log. Before Next was made the first page's default
button from its first paint, Enter and Alt+N did nothing on page 1 of every real start,
while the offscreen tests, which call ``wizard.next()``, passed.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.support.paths import REPO
from tests.support.xvfb import require_x_tools, wait_for_line, xdotool, xvfb_display

pytestmark = pytest.mark.slow

START_TIMEOUT_S = 120.0
"""Cold start on a loaded 2-core machine: ~2 s alone, far more while the suite runs."""
KEY_TIMEOUT_S = 30.0


@pytest.mark.parametrize("lang", ["en_US", "zh_CN"])
def test_enter_on_the_first_page_of_a_real_start_shows_the_model_page(tmp_path, lang):
    require_x_tools()
    with xvfb_display() as display:
        env = {
            k: v
            for k, v in os.environ.items()
            if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY", "GPUPICKER_CATALOG")
        }
        env.update(DISPLAY=display, GPUPICKER_HOME=str(tmp_path), QT_QPA_PLATFORM="xcb")
        log = tmp_path / "log" / "gpupicker.log"
        app = subprocess.Popen(
            [sys.executable, "-m", "gpupicker", "--lang", lang],
            cwd=REPO,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            wait_for_line(log, "window ready", app, START_TIMEOUT_S)
            window = xdotool(
                display, "search", "--sync", "--onlyvisible", "--pid", str(app.pid)
            ).splitlines()[0]
            xdotool(display, "windowfocus", "--sync", window)

            xdotool(display, "key", "--clearmodifiers", "Return")  # page 1: the default, Next
            wait_for_line(log, "wizard page: model", app, KEY_TIMEOUT_S)
            xdotool(display, "key", "--clearmodifiers", "alt+n")  # Next's Alt key (下一步(&N))
            wait_for_line(log, "wizard page: quantization", app, KEY_TIMEOUT_S)
            xdotool(display, "key", "--clearmodifiers", "alt+n")  # and on the page after
            wait_for_line(log, "wizard page: budget", app, KEY_TIMEOUT_S)
            xdotool(display, "key", "--clearmodifiers", "ctrl+q")
            assert app.wait(KEY_TIMEOUT_S) == 0
        finally:
            if app.poll() is None:
                app.terminate()
                app.wait(30)
            if app.stderr is not None:
                app.stderr.close()
    content = log.read_text(encoding="utf-8")
    pages = [ln.rsplit(": ", 1)[1] for ln in content.splitlines() if "wizard page: " in ln]
    assert pages == ["model", "quantization", "budget"], content
