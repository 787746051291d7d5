"""Install checks of the Linux artefacts: the .deb (``dpkg --root``), the tarball's ``install.sh``,
the desktop entry and ``--version`` (used by ``packaging/smoke_test.py``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
from pathlib import Path

NOTICES = "THIRD-PARTY-NOTICES.txt"
"""The notices file every artefact carries beside LICENSE."""


def check_version_output(text: str, version: str) -> list[str]:
    """``gpupicker --version`` printed ``gpupicker <version> (commit …, bundled data …)``."""
    first = text.strip().splitlines()[0] if text.strip() else ""
    if not first.startswith(f"gpupicker {version} (commit ") or "bundled data" not in first:
        return [f"--version printed {first!r}, expected 'gpupicker {version} (commit …)'"]
    return []


def desktop_validate(path: Path) -> list[str]:
    """``desktop-file-validate`` on ``path`` (a problem when the tool is missing)."""
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        return ["desktop-file-validate not found (apt-get install desktop-file-utils)"]
    proc = subprocess.run([tool, str(path)], capture_output=True, text=True)
    if proc.returncode != 0:
        return [f"desktop-file-validate {path.name}: {(proc.stdout + proc.stderr).strip()}"]
    return []


def check_deb(deb: Path, version: str, scratch: Path) -> list[str]:
    """Contents; ``dpkg --root`` install into ``scratch``, ``gpupicker --version``, purge."""
    import deb as debmod

    problems = []
    contents = set(debmod.deb_contents(deb))
    for need in (
        "./opt/gpupicker/gpupicker",
        "./opt/gpupicker/LICENSE",
        f"./opt/gpupicker/{NOTICES}",
        "./usr/bin/gpupicker",
        "./usr/share/applications/gpupicker.desktop",
        "./usr/share/icons/hicolor/scalable/apps/gpupicker.svg",
        "./usr/share/doc/gpupicker/copyright",
    ):
        if need not in contents:
            problems.append(f"{deb.name} lacks {need}")
    if debmod.deb_field(deb, "Version") != version.replace("-", "~"):
        problems.append(f"{deb.name}: Version is not {version}")
    if shutil.which("dpkg") is None:
        return problems + ["dpkg not found: cannot test the .deb install"]
    admin = scratch / "var" / "lib" / "dpkg"
    for sub in ("info", "updates", "triggers"):
        (admin / sub).mkdir(parents=True, exist_ok=True)
    (admin / "status").touch()
    dpkg = ["dpkg", f"--root={scratch}", "--log=/dev/null", "--force-not-root", "--force-script-chrootless"]
    proc = subprocess.run([*dpkg, "--force-depends", "-i", str(deb)], capture_output=True, text=True)
    if proc.returncode != 0:
        return problems + [f"dpkg -i failed: {proc.stderr.strip()[-500:]}"]
    link = scratch / "usr" / "bin" / "gpupicker"
    out = subprocess.run(
        [str(link), "--version"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    problems += [f"deb: {p}" for p in check_version_output(out.stdout, version)]
    problems += desktop_validate(scratch / "usr" / "share" / "applications" / "gpupicker.desktop")
    proc = subprocess.run([*dpkg, "-P", "gpupicker"], capture_output=True, text=True)
    if proc.returncode != 0:
        problems.append(f"dpkg -P failed: {proc.stderr.strip()[-500:]}")
    left = [
        p.relative_to(scratch).as_posix()
        for p in scratch.rglob("*")
        if not p.relative_to(scratch).as_posix().startswith("var")
    ]
    if left:
        problems.append(f"files left after dpkg -P: {left[:10]}")
    print(
        f"[smoke] deb: installed with dpkg --root, {out.stdout.strip()!r}, purged ({len(contents)} entries)"
    )
    return problems


def check_tarball(tar: Path, version: str, scratch: Path) -> list[str]:
    """Unpack; ``install.sh --user`` into a scratch HOME; validate; run; ``--uninstall``."""

    problems = []
    unpack, home = scratch / "unpacked", scratch / "home"
    unpack.mkdir(parents=True)
    home.mkdir()
    with tarfile.open(tar) as tf:
        tf.extractall(unpack, filter="tar")
    folder = unpack / "gpupicker"
    for need in ("gpupicker", "install.sh", "LICENSE", NOTICES, "gpupicker.desktop", "gpupicker.svg"):
        if not (folder / need).exists():
            problems.append(f"{tar.name} lacks gpupicker/{need}")
    if problems:
        return problems
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env.update(HOME=str(home), QT_QPA_PLATFORM="offscreen")
    proc = subprocess.run(
        ["sh", str(folder / "install.sh"), "--user"], capture_output=True, text=True, env=env
    )
    if proc.returncode != 0:
        return [f"install.sh --user failed: {proc.stderr.strip()}"]
    share = home / ".local" / "share"
    entry = share / "applications" / "gpupicker.desktop"
    icon = share / "icons" / "hicolor" / "scalable" / "apps" / "gpupicker.svg"
    for need in (entry, icon):
        if not need.is_file():
            problems.append(f"install.sh --user did not create {need.relative_to(home)}")
    if entry.is_file():
        exec_line = next(
            (ln for ln in entry.read_text(encoding="utf-8").splitlines() if ln.startswith("Exec=")), ""
        )
        if str(folder.resolve() / "gpupicker") not in exec_line:
            problems.append(f"installed desktop entry has {exec_line!r}")
        problems += desktop_validate(entry)
    out = subprocess.run(
        [str(home / ".local" / "bin" / "gpupicker"), "--version"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    problems += [f"tarball: {p}" for p in check_version_output(out.stdout, version)]
    proc = subprocess.run(
        ["sh", str(folder / "install.sh"), "--uninstall"], capture_output=True, text=True, env=env
    )
    left = [
        p.relative_to(home).as_posix()
        for p in home.rglob("*")
        if (p.is_file() or p.is_symlink())
        and not (
            p.name == "mimeinfo.cache"  # update-desktop-database's
            and "gpupicker" not in p.read_text(errors="replace")
        )
    ]
    if proc.returncode != 0 or left:
        problems.append(f"install.sh --uninstall left {left} ({proc.stderr.strip()})")
    print(f"[smoke] tarball: install.sh --user / --uninstall in a scratch HOME, {out.stdout.strip()!r}")
    return problems
