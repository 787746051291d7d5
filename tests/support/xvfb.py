"""A private X server (Xvfb) for the tests that drive the real window through X11.

The offscreen platform never goes through an X server: key events that a user's keyboard
sends, focus and the window's default button are only exercised on a real display. Xvfb
picks a free display itself (``-displayfd``), so parallel runs never collide.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

MISSING_REASON = (
    "{tool} is not installed (Debian package {package}; .ci/run installs it): "
    "the real-window test needs an X server and real key events"
)


def require_x_tools() -> None:
    """Skip the calling test, naming the package, when Xvfb or xdotool is absent."""
    for tool, package in (("Xvfb", "xvfb"), ("xdotool", "xdotool")):
        if shutil.which(tool) is None:
            pytest.skip(MISSING_REASON.format(tool=tool, package=package))


@contextlib.contextmanager
def xvfb_display(size: str = "1600x1000x24", timeout_s: float = 30.0) -> Iterator[str]:
    """Start Xvfb on a display it picks; yields ``":N"``; stops it afterwards.

    Raises:
        RuntimeError: when Xvfb does not report a display within ``timeout_s``.
    """
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", size, "-nolisten", "tcp", "-noreset"],
        pass_fds=(write_fd,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    os.close(write_fd)
    try:
        number = b""
        deadline = time.monotonic() + timeout_s
        with os.fdopen(read_fd, "rb", buffering=0) as pipe:
            while not number.endswith(b"\n") and time.monotonic() < deadline:
                chunk = pipe.read(1)
                if not chunk:
                    break
                number += chunk
        if not number.strip():
            err = proc.stderr.read().decode(errors="replace") if proc.poll() is not None else ""
            raise RuntimeError(f"Xvfb reported no display: {err.strip()}")
        yield f":{number.decode().strip()}"
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if proc.stderr is not None:
            proc.stderr.close()


def xdotool(display: str, *args: str, timeout_s: float = 20.0) -> str:
    """Run ``xdotool ARGS`` on ``display``; its stdout (stripped). Raises CalledProcessError."""
    out = subprocess.run(
        ["xdotool", *args],
        env={**os.environ, "DISPLAY": display},
        capture_output=True,
        text=True,
        timeout=timeout_s,
        check=True,
    )
    return out.stdout.strip()


def wait_for_line(log: Path, text: str, proc: subprocess.Popen[str], timeout_s: float) -> str:
    """Wait until the file ``log`` holds a line with ``text``; returns the whole log.

    Fails the test (with the app's stderr) when ``proc`` ends first or time runs out.
    """
    deadline = time.monotonic() + timeout_s
    content = ""
    while time.monotonic() < deadline:
        content = log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""
        if text in content:
            return content
        if proc.poll() is not None:
            err = proc.stderr.read() if proc.stderr is not None else ""
            pytest.fail(f"the app exited ({proc.returncode}) before {text!r}:\n{err}\n{content}")
        time.sleep(0.1)
    pytest.fail(f"no {text!r} in {log} within {timeout_s:g} s:\n{content}")
