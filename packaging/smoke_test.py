"""Prove that the built bundle starts: ``python packaging/smoke_test.py [--dist DIR]``.

Runs ``dist/gpupicker/gpupicker --selftest --selftest-changes 200`` the way a user would meet it:
from a copy of the install folder made read-only, from a different (read-only) working directory,
with ``GPUPICKER_HOME`` pointing at a fresh temporary user folder, offscreen.
As root (where ``chmod a-w`` stops nothing) the binary runs as ``nobody`` through ``setpriv``,
and on every OS a before/after listing of the install folder must be identical.

Fails on: a non-zero exit; a missing ``gpupicker selftest ok:`` line; any of ``FAIL_MARKERS``
in stdout, stderr or the user log folder; no catalog created under the temporary user data dir;
a change in the install folder or the working directory; a Qt file the spec must keep
(``prune.KEPT_*``) missing, or a pruned one present; an onedir bundle of ``--max-mb`` or more.
Prints the bundle size and the start-to-selftest time.

It also checks (each a separate function): ``check_legal`` (LICENSE and THIRD-PARTY-NOTICES.txt
name PySide6 / Qt with the LGPL-3.0 text and match a fresh ``notices.scan_bundle``: no GPL-only
or unclaimed library), ``check_no_build_path`` (the checkout path appears in no bundled file or
archived module), a second ``--selftest`` and a zh_CN ``--screenshot`` under a fontconfig that
sees no CJK font (``check_cjk_line``: Chinese drawn with real glyphs; the PNG is kept as
``build/smoke-zh_CN-no-cjk-font.png``), ``--version``, and on Linux ``check_tarball``
(``install.sh --user`` / ``--uninstall`` in a scratch HOME) and ``check_deb`` (contents,
``dpkg --root`` install into a scratch root, ``/usr/bin/gpupicker --version``, purge leaves
nothing), with ``desktop-file-validate`` on every desktop entry.
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

from install_checks import NOTICES, check_deb, check_tarball, check_version_output, desktop_validate

sys.path.insert(0, str(Path(__file__).resolve().parent))
import prune  # noqa: E402
from common import (  # noqa: E402
    MAX_BUNDLE_MB,
    ROOT,
    exe_name,
    mb,
    onedir_path,
    platform_tag,
    project_version,
    tree_size_bytes,
)

SENTINEL = "gpupicker selftest ok:"
#: The selftest plus 200 input changes through the wizard (PySide6 6.12.0 aborted
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
    return (
        [f"created {p}" for p in added]
        + [f"removed {p}" for p in removed]
        + [f"modified {p}" for p in changed]
    )


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
    plugins = [(p.parent.name, prune.plugin_stem(p.name)) for p in files if p.parent.parent.name == "plugins"]
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
        new = (mode | stat.S_IWUSR) if writable else (mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
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
    prefix = [setpriv, f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}", "--clear-groups", "--"]
    return prefix, nobody.pw_uid, nobody.pw_gid


def run_bundle(
    exe: Path,
    args: list[str],
    cwd: Path,
    home: Path,
    platform: str,
    timeout: float,
    prefix: list[str],
    extra_env: Mapping[str, str] | None = None,
) -> RunResult:
    """Run the executable once with a clean, redirected environment."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GPUPICKER_", "XDG_", "PYTHON", "QT_"))}
    env.update(
        {
            "GPUPICKER_HOME": str(home),
            "HOME": str(home),
            "XDG_RUNTIME_DIR": str(home / "runtime"),
            "PYTHONFAULTHANDLER": "1",
        }
    )
    if os.name == "nt":
        env.update(
            {
                "USERPROFILE": str(home),
                "APPDATA": str(home / "AppData" / "Roaming"),
                "LOCALAPPDATA": str(home / "AppData" / "Local"),
            }
        )
    if platform:
        env["QT_QPA_PLATFORM"] = platform
    env.update(extra_env or {})
    cmd = [*prefix, str(exe), *args]
    print("[smoke] run: " + " ".join(cmd) + f"  (cwd {cwd})", flush=True)
    start = time.perf_counter()
    try:
        proc = subprocess.run(
            cmd,
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            timeout=timeout,
        )
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


# --- licences, build path, CJK glyphs, --version, .deb and tar.gz ------------------

LGPL3_MARK = "GNU LESSER GENERAL PUBLIC LICENSE"


def legal_folder(bundle: Path) -> Path:
    """Where LICENSE and the notices sit: the onedir root, or ``Contents/Resources`` of a .app."""
    resources = bundle / "Contents" / "Resources"
    return resources if bundle.suffix == ".app" else bundle


def check_legal(bundle: Path) -> list[str]:
    """LICENSE (MIT) and notices naming PySide6 / Qt with the LGPL-3.0 text, matching a fresh
    scan of the bundle (every package and library listed, none GPL-only, nothing unclaimed)."""
    import notices

    problems = []
    folder = legal_folder(bundle)
    lic, text_path = folder / "LICENSE", folder / NOTICES
    if not lic.is_file() or "MIT License" not in lic.read_text(encoding="utf-8"):
        problems.append(f"{lic} missing or not the MIT licence")
    if not text_path.is_file():
        return problems + [f"{text_path} missing"]
    text = text_path.read_text(encoding="utf-8")
    for needle in (
        "PySide6",
        "Qt 6",
        LGPL3_MARK,
        "Version 3, 29 June 2007",
        "How to replace the Qt libraries",
        "OFL-1.1",
    ):
        if needle not in text:
            problems.append(f"{NOTICES} does not contain {needle!r}")
    scan = notices.scan_bundle(bundle)
    problems += [f"notices: {p}" for p in notices.problems(scan.components, scan.unclaimed, scan.forbidden)]
    for comp in scan.components:
        if comp.name not in text:
            problems.append(f"{NOTICES} does not name bundled component {comp.name!r}")
    return problems


def check_no_build_path(bundle: Path, build_root: Path = ROOT) -> list[str]:
    """No file of the bundle (nor a module in its PYZ archive) contains the build checkout path."""
    import notices

    needle = str(build_root).encode()
    hits = []
    for path in sorted(bundle.rglob("*")):
        if path.is_file() and not path.is_symlink() and needle in path.read_bytes():
            hits.append(path.relative_to(bundle).as_posix())
    exe = next(
        (p for p in (bundle / exe_name(), bundle / "Contents" / "MacOS" / "gpupicker") if p.is_file()), None
    )
    if exe is not None:
        hits += [f"{exe.name}: module {m}" for m in notices.pyz_modules_containing(exe, needle)]
    return [f"build path {build_root} in {hit}" for hit in hits]


def no_cjk_fontconfig(folder: Path) -> dict[str, str]:
    """Environment for a fontconfig that sees no CJK font: only DejaVu (or no font at all)."""
    folder.mkdir(parents=True, exist_ok=True)
    dirs = "".join(f"<dir>{d}</dir>" for d in ("/usr/share/fonts/truetype/dejavu",) if Path(d).is_dir())
    conf = folder / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">'
        f"<fontconfig>{dirs}<cachedir>{folder / 'cache'}</cachedir></fontconfig>\n",
        encoding="utf-8",
    )
    os.chmod(folder, 0o777)
    return {"FONTCONFIG_FILE": str(conf)}


def check_cjk_line(line: str | None) -> list[str]:
    """The selftest line says Chinese rendered with real glyphs (``CJK glyphs ok``)."""
    if line is None or "CJK glyphs ok" not in line:
        return [f"the selftest did not confirm Chinese glyphs (line: {line!r})"]
    return []


# --- the gguf dependency's unused requests/tqdm are excluded (prune.GGUF_UNUSED) ---

#: (elements, data bytes, F16 bytes, Q8_0 bytes) of the file
#: ``gpupicker.importers.tiny_gguf.write_tiny_gguf`` writes (defaults).
TINY_GGUF = (20800, 49680, 32768, 272)


def check_gguf_inspect(stdout: str, code: int | None) -> list[str]:
    """Problems with ``gpupicker model inspect --json tiny.gguf`` output (bundled binary)."""
    if code != 0:
        return [f"model inspect of a GGUF exited with {code}"]
    try:
        got = json.loads(stdout)
    except ValueError:
        return [f"model inspect --json printed no JSON: {stdout[:200]!r}"]
    elements, nbytes, f16, q8 = TINY_GGUF
    want = {"format": "gguf", "params": elements, "weights_bytes": nbytes}
    bad = [f"{k}={got.get(k)!r}, expected {v!r}" for k, v in want.items() if got.get(k) != v]
    by = got.get("bytes_by_dtype") or {}
    if by.get("F16") != f16 or by.get("Q8_0") != q8:
        bad.append(f"bytes_by_dtype={by!r}, expected F16 {f16} and Q8_0 {q8}")
    return [f"model inspect of a GGUF: {b}" for b in bad]


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
    parser.add_argument(
        "--platform",
        default="offscreen",
        help="QT_QPA_PLATFORM for the run (default offscreen; 'xcb' under Xvfb)",
    )
    parser.add_argument(
        "--max-mb",
        type=float,
        default=MAX_BUNDLE_MB,
        help=f"fail at this onedir size or above (default {MAX_BUNDLE_MB:.0f} MB)",
    )
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds (default 180)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folders")
    parser.add_argument(
        "--app", action="store_true", help="macOS: test dist/gpupicker.app (Contents/MacOS/gpupicker) instead"
    )
    parser.add_argument(
        "--no-packages", action="store_true", help="Linux: do not test the .tar.gz / .deb next to the bundle"
    )
    parser.add_argument(
        "app_args",
        nargs="*",
        default=list(DEFAULT_APP_ARGS),
        help="arguments for the bundle (default: " + " ".join(DEFAULT_APP_ARGS) + ")",
    )
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
    problems += check_legal(bundle)
    problems += check_no_build_path(bundle)

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
        result = run_bundle(install / exe_rel, args.app_args, cwd, home, args.platform, args.timeout, prefix)
        catalog = home / "data" / "catalog.sqlite" if selftest else None
        problems += check_run(result, catalog, expect_sentinel=selftest)
        problems += [f"install folder: {c}" for c in diff_snapshots(before_install, snapshot(install))]
        problems += [f"working directory: {c}" for c in diff_snapshots(before_cwd, snapshot(cwd))]

        line = sentinel_line(result.stdout, *result.logs.values())
        if selftest:
            problems += check_cjk_line(line)
        if selftest and not args.app:  # no CJK font at all: the bundled one must carry zh_CN
            fc_env = no_cjk_fontconfig(base / "fontconfig")
            bare = run_bundle(
                install / exe_rel, ["--selftest"], cwd, home, args.platform, args.timeout, prefix, fc_env
            )
            bare_line = sentinel_line(bare.stdout, *bare.logs.values())
            problems += [
                f"without system CJK fonts: {p}" for p in check_run(bare, None) + check_cjk_line(bare_line)
            ]
            shot = home / "zh_CN-results.png"
            run_bundle(
                install / exe_rel,
                ["--screenshot", str(shot), "--lang", "zh_CN", "--page", "results"],
                cwd,
                home,
                args.platform,
                args.timeout,
                prefix,
                fc_env,
            )
            if shot.is_file():
                keep = ROOT / "build" / "smoke-zh_CN-no-cjk-font.png"
                keep.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(shot, keep)
                print(f"[smoke] zh_CN screenshot without system CJK fonts: {keep}")
            else:
                problems.append("the zh_CN --screenshot without system CJK fonts wrote nothing")
            print(f"[smoke] without system CJK fonts: {bare_line}")
            gguf_dir = base / "gguf"
            gguf_dir.mkdir(mode=0o755)
            tiny = gguf_dir / "tiny.gguf"
            from gpupicker.importers.tiny_gguf import write_tiny_gguf  # the build venv's gpupicker

            write_tiny_gguf(tiny)
            os.chmod(tiny, 0o644)
            insp = run_bundle(
                install / exe_rel,
                ["model", "inspect", "--json", str(tiny)],
                cwd,
                home,
                args.platform,
                args.timeout,
                prefix,
            )
            gguf_problems = check_gguf_inspect(insp.stdout, insp.returncode)
            if gguf_problems and insp.stderr.strip():
                gguf_problems.append("stderr: " + insp.stderr.strip()[-500:])
            problems += gguf_problems
            print(f"[smoke] model inspect tiny.gguf: {'ok' if not gguf_problems else 'FAIL'}")
            ver = run_bundle(install / exe_rel, ["--version"], cwd, home, args.platform, args.timeout, prefix)
            problems += check_version_output(ver.stdout, project_version())
            print(f"[smoke] --version: {ver.stdout.strip()}")

        print("[smoke] --- stdout ---\n" + result.stdout.rstrip())
        if result.stderr.strip():
            print("[smoke] --- stderr ---\n" + result.stderr.rstrip())
        for name, text in result.logs.items():
            if text.strip():
                print(f"[smoke] --- {name} (last 20 lines) ---")
                print("\n".join(text.rstrip().splitlines()[-20:]))
        print(f"[smoke] selftest line: {line}")
        print(f"[smoke] start-to-selftest time: {result.seconds:.2f} s")
        print(
            f"[smoke] read-only install as {'nobody (setpriv)' if uid is not None else 'self'}"
            f"; cwd {cwd}; GPUPICKER_HOME {home}"
        )
    finally:
        if base.exists():
            _set_writable(base, True)
            if args.keep:
                print(f"[smoke] kept {base}")
            else:
                shutil.rmtree(base, ignore_errors=True)

    if sys.platform.startswith("linux") and not args.app and not args.no_packages:
        version = project_version()
        dist = bundle.parent
        packages = {
            "tar": dist / f"gpupicker-{version}-{platform_tag()}.tar.gz",
            "deb": dist / f"gpupicker_{version.replace('-', '~')}_amd64.deb",
        }
        with tempfile.TemporaryDirectory(prefix="gpupicker-pkg-") as tmp:
            for kind, path in packages.items():
                if not path.is_file():
                    problems.append(f"{path.name} missing (make dist builds it)")
                elif kind == "tar":
                    problems += check_tarball(path, version, Path(tmp) / "tar")
                else:
                    problems += check_deb(path, version, Path(tmp) / "deb-root")
        problems += desktop_validate(ROOT / "packaging" / "gpupicker.desktop")

    if problems:
        print("[smoke] FAIL:")
        for problem in problems:
            print(f"  - {problem}")
        return 1
    built = _build_seconds(bundle)
    print(
        f"[smoke] PASS  bundle {mb(size):.1f} MB, start-to-selftest {result.seconds:.2f} s"
        + (f", build {built:.1f} s" if built is not None else "")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
