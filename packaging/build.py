"""Build the standalone gpupicker for the current OS: ``python packaging/build.py [--onefile]``.

1. compiles ``resources/i18n/*.ts`` to ``.qm`` (``python -m gpupicker.ui.i18n_build``) and
   renders the app icon for Windows/macOS (``packaging/make_icons.py`` → ``build/icons/``);
2. runs PyInstaller with ``packaging/gpupicker.spec`` from the repository root;
3. reports the bundle size (MB) and the build time, and writes them to
   ``build/gpupicker-build.json`` (read by ``smoke_test.py``);
4. with ``--archive``, packs ``dist/gpupicker-<version>-<os>-<arch>.tar.gz`` (``.zip`` on
   Windows) for upload.

Run it from the project venv with the ``package`` extra installed
(``make dist``, or ``pip install -c requirements.lock -e ".[test,package]"``). Only PySide6 may
be installed: PyInstaller ≥ 6.5 aborts when hooks of two Qt bindings run (house style §8).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import (  # noqa: E402
    APP_NAME,
    ROOT,
    exe_name,
    mb,
    onedir_path,
    platform_tag,
    project_version,
    tree_size_bytes,
)

SPEC = ROOT / "packaging" / "gpupicker.spec"
BUILD_INFO = ROOT / "build" / "gpupicker-build.json"
OTHER_QT_BINDINGS = ("PyQt5", "PyQt6", "PySide2")


def log(msg: str) -> None:
    """One progress line on stdout."""
    print(f"[build] {msg}", flush=True)


def check_environment() -> None:
    """Fail early on what would break or bloat the bundle."""
    if importlib.util.find_spec("PyInstaller") is None:
        sys.exit("build: PyInstaller is missing; run `make dist` (or "
                 '`pip install -c requirements.lock -e ".[test,package]"`)')
    others = [name for name in OTHER_QT_BINDINGS if importlib.util.find_spec(name) is not None]
    if others:
        sys.exit(f"build: {', '.join(others)} installed next to PySide6; PyInstaller would abort. "
                 "Build from a venv with PySide6 only.")
    if importlib.util.find_spec("PySide6") is None:
        sys.exit("build: PySide6 is missing from this interpreter")


def build_translations() -> None:
    """Compile the ``.ts`` files; the spec refuses to run when a ``.qm`` is missing."""
    ts_files = sorted((ROOT / "resources" / "i18n").glob("*.ts"))
    if importlib.util.find_spec("gpupicker.ui.i18n_build") is None:
        if ts_files:
            sys.exit("build: resources/i18n has .ts files but gpupicker.ui.i18n_build is missing")
        log("translations: no gpupicker.ui.i18n_build and no .ts files; skipped")
        return
    log("translations: python -m gpupicker.ui.i18n_build")
    subprocess.run([sys.executable, "-m", "gpupicker.ui.i18n_build"], cwd=ROOT, check=True)
    built = sorted(p.name for p in (ROOT / "resources" / "i18n").glob("*.qm"))
    log(f"translations: {', '.join(built) or 'none'}")


def build_icons() -> None:
    """Render the .ico/.icns the spec uses from resources/icons/gpupicker.svg."""
    subprocess.run([sys.executable, str(ROOT / "packaging" / "make_icons.py")], cwd=ROOT,
                   check=True)


def run_pyinstaller(onefile: bool, console: bool) -> float:
    """Run PyInstaller on the spec; returns the wall time in seconds."""
    env = dict(os.environ)
    env["GPUPICKER_ONEFILE"] = "1" if onefile else "0"
    env["GPUPICKER_CONSOLE"] = "1" if console else "0"
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
           "--distpath", str(ROOT / "dist"), "--workpath", str(ROOT / "build"), str(SPEC)]
    log("pyinstaller: " + " ".join(cmd[1:]))
    start = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, env=env, check=True)
    return time.perf_counter() - start


def largest_files(folder: Path, count: int = 10) -> list[tuple[int, str]]:
    """The ``count`` largest files under ``folder`` as (bytes, relative path)."""
    sizes = [(p.stat().st_size, p.relative_to(folder).as_posix())
             for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]
    return sorted(sizes, reverse=True)[:count]


def archive(paths: list[Path], stem: str) -> Path:
    """Pack ``paths`` (folders or files under dist/) into one archive next to them."""
    dist = ROOT / "dist"
    if sys.platform == "win32":
        target = dist / f"{stem}.zip"
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
            for path in paths:
                for file in sorted([path, *path.rglob("*")]) if path.is_dir() else [path]:
                    if file.is_file():
                        zf.write(file, file.relative_to(dist).as_posix())
    else:  # tar keeps the symlinks of macOS frameworks and the executable bits
        target = dist / f"{stem}.tar.gz"
        with tarfile.open(target, "w:gz") as tf:
            for path in paths:
                tf.add(path, arcname=path.name)
    return target


def main(argv: list[str] | None = None) -> int:
    """Build, report size and time; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onefile", action="store_true",
                        help="one self-extracting file dist/gpupicker-portable (optional artifact)")
    parser.add_argument("--console", action="store_true",
                        help="console executable (debug variant; matters on Windows only)")
    parser.add_argument("--archive", action="store_true",
                        help="also pack dist/gpupicker-<version>-<os>-<arch>.tar.gz / .zip")
    args = parser.parse_args(argv)

    check_environment()
    version = project_version()
    log(f"gpupicker {version}, Python {sys.version.split()[0]}, {platform_tag()}")
    build_translations()
    build_icons()
    seconds = run_pyinstaller(args.onefile, args.console)

    if args.onefile:
        product = ROOT / "dist" / exe_name(f"{APP_NAME}-portable")
        artifacts = [product]
    else:
        product = onedir_path()
        artifacts = [product]
        if sys.platform.startswith("linux"):  # for ~/.local/share/applications and icons
            for extra in (ROOT / "packaging" / "gpupicker.desktop",
                          ROOT / "resources" / "icons" / "gpupicker.svg"):
                if extra.is_file():
                    shutil.copy2(extra, product / extra.name)
        app = ROOT / "dist" / f"{APP_NAME}.app"
        if sys.platform == "darwin" and app.is_dir():
            artifacts = [app]  # what macOS users double-click; the onedir is its twin
    if not product.exists():
        sys.exit(f"build: PyInstaller finished but {product} is missing")
    size = tree_size_bytes(product)

    if product.is_dir():
        log("largest files:")
        for nbytes, rel in largest_files(product):
            print(f"    {mb(nbytes):7.1f} MB  {rel}")
    kind = "onefile" if args.onefile else "onedir"
    log(f"{kind} bundle: {product.relative_to(ROOT)}  {mb(size):.1f} MB ({size} bytes)")
    log(f"build time: {seconds:.1f} s")
    info = {"version": version, "kind": kind, "path": str(product), "size_bytes": size,
            "size_mb": round(mb(size), 1), "build_seconds": round(seconds, 1),
            "platform": platform_tag(), "python": sys.version.split()[0]}
    if args.archive:
        suffix = "-portable" if args.onefile else ""
        target = archive(artifacts, f"{APP_NAME}-{version}-{platform_tag()}{suffix}")
        info["archive"] = str(target)
        log(f"archive: {target.relative_to(ROOT)}  {mb(target.stat().st_size):.1f} MB")
    BUILD_INFO.parent.mkdir(parents=True, exist_ok=True)
    BUILD_INFO.write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")
    xref = ROOT / "build" / APP_NAME / f"xref-{APP_NAME}.html"
    if xref.is_file():
        log(f"import graph: {xref.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
