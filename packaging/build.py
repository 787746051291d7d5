"""Build the standalone gpupicker for the current OS: ``python packaging/build.py [--onefile]``.

1. compiles ``resources/i18n/*.ts`` to ``.qm`` (``python -m gpupicker.ui.i18n.build``) and
   renders the app icon for Windows/macOS (``packaging/make_icons.py`` → ``build/icons/``);
2. runs PyInstaller with ``packaging/gpupicker.spec`` from the repository root;
3. reports the bundle size (MB) and the build time, and writes them to
   ``build/gpupicker-build.json`` (read by ``smoke_test.py``);
4. puts ``LICENSE`` and ``THIRD-PARTY-NOTICES.txt`` (``packaging/notices.py --bundle``: every
   bundled package and shared library with its licence; the build fails on a GPL-only or
   unclaimed library) into the bundle, and on Linux the desktop entry, icon and ``install.sh``;
5. with ``--archive``, packs ``dist/gpupicker-<version>-<os>-<arch>.tar.gz`` (``.zip`` on
   Windows, ``.dmg`` of the ``.app`` on macOS) for upload; with ``--deb`` (Linux) also
   ``dist/gpupicker_<version>_amd64.deb`` (``packaging/deb.py``).

``build/build-info/build-info.json`` (commit, build time) is written first and bundled, for
``gpupicker --version`` and Help › About.

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
from datetime import UTC, datetime
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
BUILD_INFO_JSON = ROOT / "build" / "build-info" / "build-info.json"  # bundled (version_info)
OTHER_QT_BINDINGS = ("PyQt5", "PyQt6", "PySide2")


def log(msg: str) -> None:
    """One progress line on stdout."""
    print(f"[build] {msg}", flush=True)


def check_environment() -> None:
    """Fail early on what would break or bloat the bundle."""
    if importlib.util.find_spec("PyInstaller") is None:
        sys.exit(
            "build: PyInstaller is missing; run `make dist` (or "
            '`pip install -c requirements.lock -e ".[test,package]"`)'
        )
    others = [name for name in OTHER_QT_BINDINGS if importlib.util.find_spec(name) is not None]
    if others:
        sys.exit(
            f"build: {', '.join(others)} installed next to PySide6; PyInstaller would abort. "
            "Build from a venv with PySide6 only."
        )
    if importlib.util.find_spec("PySide6") is None:
        sys.exit("build: PySide6 is missing from this interpreter")


def build_translations() -> None:
    """Compile the ``.ts`` files; the spec refuses to run when a ``.qm`` is missing."""
    ts_files = sorted((ROOT / "resources" / "i18n").glob("*.ts"))
    if importlib.util.find_spec("gpupicker.ui.i18n.build") is None:
        if ts_files:
            sys.exit("build: resources/i18n has .ts files but gpupicker.ui.i18n.build is missing")
        log("translations: no gpupicker.ui.i18n.build and no .ts files; skipped")
        return
    log("translations: python -m gpupicker.ui.i18n.build")
    subprocess.run([sys.executable, "-m", "gpupicker.ui.i18n.build"], cwd=ROOT, check=True)
    built = sorted(p.name for p in (ROOT / "resources" / "i18n").glob("*.qm"))
    log(f"translations: {', '.join(built) or 'none'}")


def build_icons() -> None:
    """Render the .ico/.icns the spec uses from resources/icons/gpupicker.svg."""
    subprocess.run([sys.executable, str(ROOT / "packaging" / "make_icons.py")], cwd=ROOT, check=True)


def write_build_info() -> dict[str, str]:
    """``build/build-info/build-info.json``: the commit (``git rev-parse``) and build time."""
    info = {"built": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")}
    try:
        out = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short=12", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
            check=True,
        )
        info["commit"] = out.stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            timeout=20,
            check=True,
        )
        if dirty.stdout.strip():
            info["commit"] += "-dirty"
    except (OSError, subprocess.SubprocessError):
        log("build info: not a git checkout; the commit shows as unknown")
    BUILD_INFO_JSON.parent.mkdir(parents=True, exist_ok=True)
    BUILD_INFO_JSON.write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")
    log(f"build info: {info}")
    return info


def remove_dangling_symlinks(folder: Path) -> list[str]:
    """Delete links whose target was pruned (PyInstaller links pruned Qt libraries too)."""
    removed = []
    for path in sorted(folder.rglob("*")):
        if path.is_symlink() and not path.exists():
            path.unlink()
            removed.append(path.relative_to(folder).as_posix())
    return removed


def add_legal_files(scan_root: Path, target: Path) -> None:
    """LICENSE + generated THIRD-PARTY-NOTICES.txt for the bundle at ``scan_root`` into ``target``.

    Exits when the notices have problems (GPL-only or unclaimed library, missing licence).
    """
    import notices

    shutil.copy2(ROOT / "LICENSE", target / "LICENSE")
    scan = notices.scan_bundle(scan_root)
    found = notices.problems(scan.components, scan.unclaimed, scan.forbidden)
    text = notices.render(scan.components, "Third-party notices for this gpupicker bundle")
    (target / notices_file()).write_text(text, encoding="utf-8")
    log(
        f"notices: {len(scan.components)} components, {len(text) // 1024} KiB "
        f"-> {(target / notices_file()).relative_to(ROOT)}"
    )
    if found:
        for problem in found:
            print(f"    {problem}")
        sys.exit(
            "build: the third-party notices are incomplete (above); fix packaging/"
            "gpupicker.spec or packaging/notices.py"
        )


def notices_file() -> str:
    """Name of the notices file (what Help › About points to)."""
    return "THIRD-PARTY-NOTICES.txt"


def linux_desktop_files(product: Path) -> None:
    """Desktop entry, icon and install.sh next to the executable (Linux onedir)."""
    for extra in (
        ROOT / "packaging" / "gpupicker.desktop",
        ROOT / "resources" / "icons" / "gpupicker.svg",
        ROOT / "packaging" / "install.sh",
    ):
        shutil.copy2(extra, product / extra.name)
    os.chmod(product / "install.sh", 0o755)


def make_dmg(app: Path, stem: str) -> Path:
    """``dist/<stem>.dmg`` holding the .app and an /Applications link (macOS ``hdiutil``)."""
    staging = ROOT / "build" / "dmg"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    subprocess.run(["ditto", str(app), str(staging / app.name)], check=True)
    os.symlink("/Applications", staging / "Applications")
    target = ROOT / "dist" / f"{stem}.dmg"
    target.unlink(missing_ok=True)
    subprocess.run(
        [
            "hdiutil",
            "create",
            "-volname",
            APP_NAME,
            "-srcfolder",
            str(staging),
            "-ov",
            "-format",
            "UDZO",
            str(target),
        ],
        check=True,
    )
    return target


def run_pyinstaller(onefile: bool, console: bool) -> float:
    """Run PyInstaller on the spec; returns the wall time in seconds."""
    env = dict(os.environ)
    env["GPUPICKER_ONEFILE"] = "1" if onefile else "0"
    env["GPUPICKER_CONSOLE"] = "1" if console else "0"
    cmd = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--clean",
        "--distpath",
        str(ROOT / "dist"),
        "--workpath",
        str(ROOT / "build"),
        str(SPEC),
    ]
    log("pyinstaller: " + " ".join(cmd[1:]))
    start = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, env=env, check=True)
    return time.perf_counter() - start


def largest_files(folder: Path, count: int = 10) -> list[tuple[int, str]]:
    """The ``count`` largest files under ``folder`` as (bytes, relative path)."""
    sizes = [
        (p.stat().st_size, p.relative_to(folder).as_posix())
        for p in folder.rglob("*")
        if p.is_file() and not p.is_symlink()
    ]
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

        def normalise(info: tarfile.TarInfo) -> tarfile.TarInfo:
            # no build-host user names in the archive; files unpack owned by whoever unpacks
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            return info

        with tarfile.open(target, "w:gz") as tf:
            for path in paths:
                tf.add(path, arcname=path.name, filter=normalise)
    return target


def main(argv: list[str] | None = None) -> int:
    """Build, report size and time; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--onefile",
        action="store_true",
        help="one self-extracting file dist/gpupicker-portable (optional artifact)",
    )
    parser.add_argument(
        "--console", action="store_true", help="console executable (debug variant; matters on Windows only)"
    )
    parser.add_argument(
        "--archive",
        action="store_true",
        help="also pack dist/gpupicker-<version>-<os>-<arch>.tar.gz / .zip / .dmg",
    )
    parser.add_argument(
        "--deb", action="store_true", help="Linux onedir: also build dist/gpupicker_<version>_amd64.deb"
    )
    args = parser.parse_args(argv)

    check_environment()
    version = project_version()
    log(f"gpupicker {version}, Python {sys.version.split()[0]}, {platform_tag()}")
    build_translations()
    build_icons()
    write_build_info()
    seconds = run_pyinstaller(args.onefile, args.console)

    app = ROOT / "dist" / f"{APP_NAME}.app"
    if args.onefile:
        product = ROOT / "dist" / exe_name(f"{APP_NAME}-portable")
        if not product.exists():
            sys.exit(f"build: PyInstaller finished but {product} is missing")
        legal = ROOT / "dist" / f"{APP_NAME}-portable-legal"
        shutil.rmtree(legal, ignore_errors=True)
        legal.mkdir()
        import components
        import notices

        shutil.copy2(ROOT / "LICENSE", legal / "LICENSE")
        (legal / notices_file()).write_text(
            notices.render(components.installed_components(), "Third-party notices for gpupicker"),
            encoding="utf-8",
        )
        artifacts = [product, legal]
    else:
        product = onedir_path()
        if not product.exists():
            sys.exit(f"build: PyInstaller finished but {product} is missing")
        for rel in remove_dangling_symlinks(product):
            log(f"removed dangling link {rel}")
        import prune

        stripped, saved = prune.strip_bundle(product)
        if stripped:
            log(f"stripped {stripped} libraries: -{mb(saved):.1f} MB")
        add_legal_files(product, product)
        artifacts = [product]
        if sys.platform.startswith("linux"):  # for ~/.local/share/applications and icons
            linux_desktop_files(product)
        if sys.platform == "darwin" and app.is_dir():
            remove_dangling_symlinks(app)
            add_legal_files(app, app / "Contents" / "Resources")
            artifacts = [app]  # what macOS users double-click; the onedir is its twin
    size = tree_size_bytes(product)

    if product.is_dir():
        log("largest files:")
        for nbytes, rel in largest_files(product):
            print(f"    {mb(nbytes):7.1f} MB  {rel}")
    kind = "onefile" if args.onefile else "onedir"
    log(f"{kind} bundle: {product.relative_to(ROOT)}  {mb(size):.1f} MB ({size} bytes)")
    log(f"build time: {seconds:.1f} s")
    info = {
        "version": version,
        "kind": kind,
        "path": str(product),
        "size_bytes": size,
        "size_mb": round(mb(size), 1),
        "build_seconds": round(seconds, 1),
        "platform": platform_tag(),
        "python": sys.version.split()[0],
    }
    if args.archive:
        suffix = "-portable" if args.onefile else ""
        stem = f"{APP_NAME}-{version}-{platform_tag()}{suffix}"
        if sys.platform == "darwin" and artifacts == [app]:
            target = make_dmg(app, stem)
        else:
            target = archive(artifacts, stem)
        info["archive"] = str(target)
        log(f"archive: {target.relative_to(ROOT)}  {mb(target.stat().st_size):.1f} MB")
    if args.deb:
        if args.onefile or not sys.platform.startswith("linux"):
            log("deb: only for the Linux onedir build; skipped")
        else:
            import deb

            deps, unknown = deb.depends(product)
            for soname in unknown:
                log(f"deb: warning: no Debian package known for {soname}; not in Depends")
            target = deb.build_deb(
                product,
                version,
                ROOT / "dist",
                product / "gpupicker.desktop",
                product / "gpupicker.svg",
                ROOT / "LICENSE",
                deps,
            )
            info["deb"] = str(target)
            log(
                f"deb: {target.relative_to(ROOT)}  {mb(target.stat().st_size):.1f} MB; "
                f"Depends: {', '.join(deps)}"
            )
    BUILD_INFO.parent.mkdir(parents=True, exist_ok=True)
    BUILD_INFO.write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")
    xref = ROOT / "build" / APP_NAME / f"xref-{APP_NAME}.html"
    if xref.is_file():
        log(f"import graph: {xref.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
