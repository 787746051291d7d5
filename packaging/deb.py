"""Build ``gpupicker_<version>_amd64.deb`` from the onedir bundle with ``dpkg-deb``.

Layout of the package (no maintainer scripts: dpkg's own triggers refresh the desktop database
and the hicolor icon cache, and removing the package removes every file it installed; gpupicker
never writes into its install folder, so nothing is left behind)::

    /opt/gpupicker/                         the onedir bundle (LICENSE, THIRD-PARTY-NOTICES.txt …)
    /usr/bin/gpupicker -> ../../opt/gpupicker/gpupicker   (relative, so `dpkg --root` works)
    /usr/share/applications/gpupicker.desktop
    /usr/share/icons/hicolor/scalable/apps/gpupicker.svg
    /usr/share/doc/gpupicker/copyright      (machine-readable; points at the notices)

``Depends`` lists what the bundle's ELF files need but do not carry (libc, libGL/libEGL, libxcb
…): found with ``ldd`` and ``dpkg -S`` on the build host, plus ``KNOWN_SONAMES`` for libraries
the build host lacks. Debian and Ubuntu keep old package names as ``Provides`` across the t64
renames, so a package built on Ubuntu 22.04 installs on newer releases too.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

APP = "gpupicker"
MAINTAINER = "gpupicker maintainers <gpupicker@users.noreply.github.com>"
#: Sonames Qt's plugins need that a minimal build host may not have (so ldd says "not found").
KNOWN_SONAMES = {
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxcb.so.1": "libxcb1",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libOpenGL.so.0": "libopengl0",
    "libwayland-client.so.0": "libwayland-client0",
    "libwayland-cursor.so.0": "libwayland-cursor0",
    "libwayland-egl.so.1": "libwayland-egl1",
}
#: Always depended on: fonts and fontconfig's configuration (the bundled libfontconfig reads
#: /etc/fonts), and the GL/EGL/xcb stack PyInstaller deliberately does not bundle.
BASE_DEPENDS = ("fontconfig-config", "libgl1", "libegl1", "libxcb1")
_LDD = re.compile(r"^\s*(\S+)\s+=>\s+(not found|\S+)")


def _elf_files(root: Path) -> list[Path]:
    out = []
    for path in root.rglob("*"):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as fh:
                if fh.read(4) == b"\x7fELF":
                    out.append(path)
    return out


def external_libraries(bundle: Path) -> tuple[dict[str, str], list[str]]:
    """(soname → resolved host path) for libraries the bundle uses but lacks; and not-found ones."""
    inside = {p.name for p in bundle.rglob("*")}
    found: dict[str, str] = {}
    missing: set[str] = set()
    for elf in _elf_files(bundle):
        proc = subprocess.run(
            ["ldd", str(elf)], capture_output=True, text=True, timeout=60, env={**os.environ, "LC_ALL": "C"}
        )
        for line in proc.stdout.splitlines():
            m = _LDD.match(line)
            if not m or m.group(1) in inside:
                continue
            if m.group(2) == "not found":
                missing.add(m.group(1))
            else:
                found[m.group(1)] = m.group(2)
    return found, sorted(missing - set(found))


def _glibc_version() -> str | None:
    try:
        return os.confstr("CS_GNU_LIBC_VERSION").split()[-1]  # "glibc 2.36"
    except (ValueError, OSError, AttributeError):
        return None


def depends(bundle: Path) -> tuple[list[str], list[str]]:
    """``Depends`` entries and the sonames no package could be found for (warnings)."""
    found, missing = external_libraries(bundle)
    packages: set[str] = set(BASE_DEPENDS)
    unknown = []
    if found and shutil.which("dpkg"):
        real = {soname: os.path.realpath(path) for soname, path in found.items()}
        proc = subprocess.run(
            ["dpkg", "-S", *sorted(set(found.values()) | set(real.values()))],
            capture_output=True,
            text=True,
            timeout=60,
        )
        owned = {}
        for line in proc.stdout.splitlines():
            pkg, _, path = line.partition(": ")
            owned[path.strip()] = pkg.split(",")[0].split(":")[0].strip()
        for soname, path in found.items():
            pkg = owned.get(path) or owned.get(real[soname])
            if pkg is None and soname in KNOWN_SONAMES:
                pkg = KNOWN_SONAMES[soname]
            if pkg is None:
                unknown.append(soname)
            elif pkg != "libc6":
                packages.add(pkg)
    for soname in missing:
        if soname in KNOWN_SONAMES:
            packages.add(KNOWN_SONAMES[soname])
        else:
            unknown.append(soname)
    glibc = _glibc_version()
    entries = [f"libc6 (>= {glibc})" if glibc else "libc6"] + sorted(packages)
    return entries, sorted(unknown)


COPYRIGHT = """\
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: gpupicker
Comment: gpupicker itself is MIT-licensed. /opt/gpupicker bundles third-party components
 (Python, Qt 6 and PySide6 under the LGPL-3.0, numpy, pydantic, the Noto Sans CJK SC subset
 font under the OFL-1.1 and shared libraries); /opt/gpupicker/THIRD-PARTY-NOTICES.txt lists
 each with its licence and full licence texts, and says how to replace the Qt libraries.

Files: *
Copyright: 2026 the gpupicker contributors
License: MIT

License: MIT
{mit}
"""


def _indent_licence(text: str) -> str:
    return "\n".join(f" {line}" if line.strip() else " ." for line in text.strip().splitlines())


def build_deb(
    bundle: Path,
    version: str,
    out_dir: Path,
    desktop: Path,
    icon: Path,
    license_file: Path,
    depends_list: list[str] | None = None,
    description: str = "Offline planner: which GPU for an AI job",
) -> Path:
    """Stage and ``dpkg-deb --build`` the package; returns the .deb path.

    Raises:
        FileNotFoundError: ``dpkg-deb`` is not installed, or an input file is missing.
        subprocess.CalledProcessError: dpkg-deb failed.
    """
    if shutil.which("dpkg-deb") is None:
        raise FileNotFoundError("dpkg-deb not found (Debian/Ubuntu: apt-get install dpkg)")
    for needed in (bundle / APP, desktop, icon, license_file):
        if not needed.exists():
            raise FileNotFoundError(needed)
    deb_version = version.replace("-", "~")
    target = out_dir / f"{APP}_{deb_version}_amd64.deb"
    with tempfile.TemporaryDirectory(prefix="gpupicker-deb-") as tmp:
        stage = Path(tmp) / "root"
        opt = stage / "opt" / APP
        shutil.copytree(bundle, opt, symlinks=True)
        (stage / "usr" / "bin").mkdir(parents=True)
        os.symlink(f"../../opt/{APP}/{APP}", stage / "usr" / "bin" / APP)
        apps = stage / "usr" / "share" / "applications"
        apps.mkdir(parents=True)
        shutil.copy2(desktop, apps / f"{APP}.desktop")
        icons = stage / "usr" / "share" / "icons" / "hicolor" / "scalable" / "apps"
        icons.mkdir(parents=True)
        shutil.copy2(icon, icons / f"{APP}.svg")
        doc = stage / "usr" / "share" / "doc" / APP
        doc.mkdir(parents=True)
        (doc / "copyright").write_text(
            COPYRIGHT.format(mit=_indent_licence(license_file.read_text(encoding="utf-8"))), encoding="utf-8"
        )
        for path in [stage, *stage.rglob("*")]:  # root:root via --root-owner-group; sane modes
            if path.is_symlink():
                continue
            mode = path.stat().st_mode
            os.chmod(path, 0o755 if path.is_dir() or mode & 0o111 else 0o644)
        size_kib = sum(p.lstat().st_size for p in stage.rglob("*")) // 1024 + 1
        deps = depends_list if depends_list is not None else depends(bundle)[0]
        control = stage / "DEBIAN"
        control.mkdir(mode=0o755)
        (control / "control").write_text(
            f"Package: {APP}\nVersion: {deb_version}\nArchitecture: amd64\n"
            f"Maintainer: {MAINTAINER}\nInstalled-Size: {size_kib}\n"
            f"Depends: {', '.join(deps)}\nSection: science\nPriority: optional\n"
            f"Description: {description}\n"
            " gpupicker works out peak VRAM per GPU, speed and cost for an AI job (LoRA,\n"
            " QLoRA, fine-tuning, pre-training, inference, image generation) over a local,\n"
            " editable price catalog, and ranks the options. Nothing touches the network.\n"
            " .\n"
            " This package is the standalone PyInstaller build installed in /opt/gpupicker.\n",
            encoding="utf-8",
        )
        md5 = []
        for path in sorted(stage.rglob("*")):
            if path.is_file() and not path.is_symlink() and control not in path.parents:
                digest = hashlib.md5(path.read_bytes(), usedforsecurity=False).hexdigest()
                md5.append(f"{digest}  {path.relative_to(stage).as_posix()}")
        (control / "md5sums").write_text("\n".join(md5) + "\n", encoding="utf-8")
        for f in control.iterdir():
            os.chmod(f, 0o644)
        out_dir.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["dpkg-deb", "--root-owner-group", "-Zxz", "-z1", "--build", str(stage), str(target)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    return target


def deb_contents(deb: Path) -> list[str]:
    """Paths in the package's data archive (``dpkg-deb --contents``), e.g. ``./usr/bin/gpupicker``."""
    proc = subprocess.run(["dpkg-deb", "--contents", str(deb)], capture_output=True, text=True, check=True)
    out = []
    for line in proc.stdout.splitlines():
        name = line.split(None, 5)[-1]
        out.append(name.split(" -> ", 1)[0])
    return out


def deb_field(deb: Path, name: str) -> str:
    """One control field (``dpkg-deb --field``)."""
    return subprocess.run(
        ["dpkg-deb", "--field", str(deb), name], capture_output=True, text=True, check=True
    ).stdout.strip()


__all__ = ["build_deb", "deb_contents", "deb_field", "depends", "external_libraries"]
