"""Prove that the built bundle starts: ``python packaging/smoke_test.py [--dist DIR]``.

Runs ``dist/gpupicker/gpupicker --selftest --selftest-changes 200`` the way a user would meet it (issue 7,
acceptance 2): from a copy of the install folder made read-only, from a different (read-only)
working directory, with ``GPUPICKER_HOME`` pointing at a fresh temporary user folder, offscreen.
As root (where ``chmod a-w`` stops nothing) the binary runs as ``nobody`` through ``setpriv``,
and on every OS a before/after listing of the install folder must be identical.

Fails on: a non-zero exit; a missing ``gpupicker selftest ok:`` line; any of ``FAIL_MARKERS``
in stdout, stderr or the user log folder; no catalog created under the temporary user data dir;
a change in the install folder or the working directory; a Qt file the spec must keep
(``prune.KEPT_*``) missing, or a pruned one present; an onedir bundle of ``--max-mb`` or more.
Prints the bundle size and the start-to-selftest time.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import prune  # noqa: E402
from common import (  # noqa: E402
    MAX_BUNDLE_MB,
    ROOT,
    exe_name,
    mb,
    onedir_path,
    tree_size_bytes,
)

SENTINEL = "gpupicker selftest ok:"
#: The selftest plus 200 input changes through the wizard (issue 10: PySide6 6.12.0 aborted
#: the app after ~75); the bundle fails the smoke test when references or memory leak.
DEFAULT_APP_ARGS = ("--selftest", "--selftest-changes", "200")
#: Text that must not appear anywhere in the output or the logs (compared case-insensitively).
FAIL_MARKERS = (
    "Traceback",
    "ModuleNotFoundError",
    "ImportError",
    "could not find or load",
    "No such file",
    "Fatal Python error",
    "Failed to execute script",
    "Could not load the Qt platform plugin",
    "no Qt platform plugin could be initialized",
)
SQLITE_MAGIC = b"SQLite format 3\x00"


@dataclass
class RunResult:
    """What one run of the bundle produced."""

    returncode: int | None
    stdout: str
    stderr: str
    logs: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0


def find_markers(texts: Mapping[str, str], markers: Iterable[str] = FAIL_MARKERS) -> list[str]:
    """``"<source>: <line>"`` for every line of ``texts`` (source → text) containing a marker."""
    lowered = [(m, m.lower()) for m in markers]
    hits = []
    for source, text in texts.items():
        for line in text.splitlines():
            low = line.lower()
            for marker, marker_low in lowered:
                if marker_low in low:
                    hits.append(f"{source}: {line.strip()[:300]}  [{marker}]")
                    break
    return hits


def sentinel_line(*texts: str) -> str | None:
    """The first line starting with ``SENTINEL`` in any of ``texts``."""
    for text in texts:
        for line in text.splitlines():
            if line.strip().startswith(SENTINEL):
                return line.strip()
    return None


def check_run(result: RunResult, catalog: Path | None, expect_sentinel: bool = True) -> list[str]:
    """Problems with one run (empty = passed). ``catalog`` is the file that must now exist."""
    problems = []
    if result.returncode is None:
        problems.append(f"timed out after {result.seconds:.0f} s")
    elif result.returncode != 0:
        problems.append(f"exit status {result.returncode}")
    texts = {"stdout": result.stdout, "stderr": result.stderr, **result.logs}
    problems += [f"marker in {hit}" for hit in find_markers(texts)]
    line = sentinel_line(result.stdout, *result.logs.values())
    if expect_sentinel and line is None:
        problems.append(f"no line starting with {SENTINEL!r} in stdout or the logs")
    if line is not None and "qtbase_zh_CN missing" in line:
        problems.append("Qt's own zh_CN catalog (qtbase_zh_CN.qm) did not load in the bundle")
    if catalog is not None:
        if not catalog.is_file():
            problems.append(f"no catalog at {catalog}")
        else:
            with catalog.open("rb") as fh:
                if fh.read(len(SQLITE_MAGIC)) != SQLITE_MAGIC:
                    problems.append(f"{catalog} is not an SQLite database")
    return problems


def snapshot(folder: Path) -> dict[str, tuple[int, int, int]]:
    """Relative path → (mode, size, mtime_ns) for everything under ``folder``."""
    out = {}
    for path in sorted(folder.rglob("*")):
        st = path.lstat()
        out[path.relative_to(folder).as_posix()] = (st.st_mode, st.st_size, st.st_mtime_ns)
    return out


def diff_snapshots(before: Mapping[str, object], after: Mapping[str, object]) -> list[str]:
    """Human-readable changes between two ``snapshot`` results."""
    added = sorted(set(after) - set(before))
    removed = sorted(set(before) - set(after))
    changed = sorted(k for k in set(before) & set(after) if before[k] != after[k])
    return ([f"created {p}" for p in added] + [f"removed {p}" for p in removed]
            + [f"modified {p}" for p in changed])


def _platform_key() -> str:
    return "linux" if sys.platform.startswith("linux") else sys.platform


def check_layout(bundle: Path) -> list[str]:
    """Kept Qt files present, pruned ones absent, our data bundled."""
    problems = []
    files = [p for p in bundle.rglob("*") if p.is_file()]
    names = {p.name for p in files}
    for kept in sorted(prune.KEPT_QT_TRANSLATIONS):
        if kept not in names:
            problems.append(f"missing Qt translation {kept}")
    plugins = [(p.parent.name, prune.plugin_stem(p.name)) for p in files
               if p.parent.parent.name == "plugins"]
    for folder, stem in prune.KEPT_PLUGINS.get(_platform_key(), ()):
        if (folder, stem) not in plugins:
            problems.append(f"missing Qt plugin {folder}/{stem}")
    for p in files:
        rel = p.relative_to(bundle).as_posix()
        if prune.is_pruned_plugin(rel) or prune.is_pruned_translation(rel):
            problems.append(f"pruned file present: {rel}")
    bundled = next((p for p in bundle.rglob("_bundled") if p.is_dir()), None)
    if bundled is None or not (bundled / "data" / "gpus.csv").is_file():
        problems.append("gpupicker/_bundled/data/gpus.csv missing from the bundle")
    else:
        repo_i18n = Path(__file__).resolve().parents[1] / "resources" / "i18n"
        for ts in sorted(repo_i18n.glob("*.ts")):
            if not (bundled / "resources" / "i18n" / f"{ts.stem}.qm").is_file():
                problems.append(f"compiled translation {ts.stem}.qm missing from the bundle")
    return problems


def _set_writable(folder: Path, writable: bool) -> None:
    """chmod the tree a-w (or u+w back); directories last/first so traversal keeps working."""
    paths = [folder, *folder.rglob("*")]
    if writable:
        paths.sort(key=lambda p: len(p.parts))
    else:
        paths.sort(key=lambda p: -len(p.parts))
    for path in paths:
        if path.is_symlink():
            continue
        mode = path.stat().st_mode
        new = (mode | stat.S_IWUSR) if writable else (mode & ~(stat.S_IWUSR | stat.S_IWGRP
                                                               | stat.S_IWOTH))
        os.chmod(path, new)


def _unprivileged_prefix() -> tuple[list[str], int | None, int | None]:
    """``setpriv`` prefix and uid/gid to run as ``nobody`` when we are root on POSIX."""
    if os.name != "posix" or os.geteuid() != 0:
        return [], None, None
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        print("[smoke] warning: root without setpriv; read-only is checked by listing only")
        return [], None, None
    import pwd

    try:
        nobody = pwd.getpwnam("nobody")
    except KeyError:
        return [], None, None
    prefix = [setpriv, f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}", "--clear-groups",
              "--"]
    return prefix, nobody.pw_uid, nobody.pw_gid


def run_bundle(exe: Path, args: list[str], cwd: Path, home: Path, platform: str,
               timeout: float, prefix: list[str]) -> RunResult:
    """Run the executable once with a clean, redirected environment."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("GPUPICKER_", "XDG_", "PYTHON", "QT_"))}
    env.update({
        "GPUPICKER_HOME": str(home),
        "HOME": str(home),
        "XDG_RUNTIME_DIR": str(home / "runtime"),
        "PYTHONFAULTHANDLER": "1",
    })
    if os.name == "nt":
        env.update({"USERPROFILE": str(home), "APPDATA": str(home / "AppData" / "Roaming"),
                    "LOCALAPPDATA": str(home / "AppData" / "Local")})
    if platform:
        env["QT_QPA_PLATFORM"] = platform
    cmd = [*prefix, str(exe), *args]
    print("[smoke] run: " + " ".join(cmd) + f"  (cwd {cwd})", flush=True)
    start = time.perf_counter()
    try:
        proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True,
                              encoding="utf-8", errors="replace", timeout=timeout)
        code, out, err = proc.returncode, proc.stdout, proc.stderr
    except subprocess.TimeoutExpired as exc:
        code = None
        out = exc.stdout.decode("utf-8", "replace") if isinstance(exc.stdout, bytes) else ""
        err = exc.stderr.decode("utf-8", "replace") if isinstance(exc.stderr, bytes) else ""
    seconds = time.perf_counter() - start
    logs = {}
    for path in sorted(home.rglob("*")):
        if path.is_file() and (path.suffix in (".log", ".txt") or ".log." in path.name):
            logs[str(path.relative_to(home))] = path.read_text(encoding="utf-8", errors="replace")
    return RunResult(code, out, err, logs, seconds)


def _build_seconds(bundle: Path) -> float | None:
    """Build time that ``build.py`` recorded for this very bundle, if any."""
    try:
        info = json.loads((ROOT / "build" / "gpupicker-build.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if Path(info.get("path", "")).resolve() != bundle.resolve():
        return None
    return float(info["build_seconds"])


def main(argv: list[str] | None = None) -> int:
    """Smoke-test the onedir bundle; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=None, help="dist folder (default: ./dist)")
    parser.add_argument("--platform", default="offscreen",
                        help="QT_QPA_PLATFORM for the run (default offscreen; 'xcb' under Xvfb)")
    parser.add_argument("--max-mb", type=float, default=MAX_BUNDLE_MB,
                        help=f"fail at this onedir size or above (default {MAX_BUNDLE_MB:.0f} MB)")
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds (default 180)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folders")
    parser.add_argument("--app", action="store_true",
                        help="macOS: test dist/gpupicker.app (Contents/MacOS/gpupicker) instead")
    parser.add_argument("app_args", nargs="*", default=list(DEFAULT_APP_ARGS),
                        help="arguments for the bundle (default: " + " ".join(DEFAULT_APP_ARGS) + ")")
    args = parser.parse_args(argv)

    bundle = onedir_path(args.dist)
    exe_rel = Path(exe_name())
    if args.app:
        bundle = bundle.with_name(f"{bundle.name}.app")
        exe_rel = Path("Contents", "MacOS", bundle.stem)
    exe = bundle / exe_rel
    if not exe.is_file():
        print(f"[smoke] FAIL: {exe} not found; run `make dist` first")
        return 1
    problems: list[str] = []
    size = tree_size_bytes(bundle)
    print(f"[smoke] bundle: {bundle}  {mb(size):.1f} MB ({size} bytes)")
    if mb(size) >= args.max_mb:
        problems.append(f"bundle is {mb(size):.1f} MB, the limit is < {args.max_mb:.0f} MB")
    problems += check_layout(bundle)

    prefix, uid, gid = _unprivileged_prefix()
    base = Path(tempfile.mkdtemp(prefix="gpupicker-smoke-"))
    install = base / "install" / bundle.name
    cwd = base / "elsewhere"
    home = base / "home"
    try:
        os.chmod(base, 0o755)
        shutil.copytree(bundle, install, symlinks=True)
        cwd.mkdir()
        home.mkdir()
        (home / "runtime").mkdir(mode=0o700)
        if uid is not None:
            for path in (home, home / "runtime"):
                os.chown(path, uid, gid)
        _set_writable(install.parent, False)
        _set_writable(cwd, False)
        before_install, before_cwd = snapshot(install), snapshot(cwd)

        selftest = args.app_args[:1] == ["--selftest"]
        result = run_bundle(install / exe_rel, args.app_args, cwd, home, args.platform,
                            args.timeout, prefix)
        catalog = home / "data" / "catalog.sqlite" if selftest else None
        problems += check_run(result, catalog, expect_sentinel=selftest)
        problems += [f"install folder: {c}" for c in diff_snapshots(before_install,
                                                                    snapshot(install))]
        problems += [f"working directory: {c}" for c in diff_snapshots(before_cwd, snapshot(cwd))]

        print("[smoke] --- stdout ---\n" + result.stdout.rstrip())
        if result.stderr.strip():
            print("[smoke] --- stderr ---\n" + result.stderr.rstrip())
        for name, text in result.logs.items():
            if text.strip():
                print(f"[smoke] --- {name} (last 20 lines) ---")
                print("\n".join(text.rstrip().splitlines()[-20:]))
        line = sentinel_line(result.stdout, *result.logs.values())
        print(f"[smoke] selftest line: {line}")
        print(f"[smoke] start-to-selftest time: {result.seconds:.2f} s")
        print(f"[smoke] read-only install as {'nobody (setpriv)' if uid is not None else 'self'}"
              f"; cwd {cwd}; GPUPICKER_HOME {home}")
    finally:
        if base.exists():
            _set_writable(base, True)
            if args.keep:
                print(f"[smoke] kept {base}")
            else:
                shutil.rmtree(base, ignore_errors=True)

    if problems:
        print("[smoke] FAIL:")
        for problem in problems:
            print(f"  - {problem}")
        return 1
    built = _build_seconds(bundle)
    print(f"[smoke] PASS  bundle {mb(size):.1f} MB, start-to-selftest {result.seconds:.2f} s"
          + (f", build {built:.1f} s" if built is not None else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
