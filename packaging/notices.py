"""Third-party notices for gpupicker: ``python packaging/notices.py [--bundle DIR] [-o FILE]``.

Two modes, one output format (plain text, UTF-8):

- ``--installed`` (default): the Python distributions gpupicker needs at run time (its
  ``Requires-Dist`` closure in this interpreter, environment markers evaluated), plus CPython, Qt
  (inside the PySide6 wheels) and the bundled CJK font. ``THIRD-PARTY-NOTICES.txt`` at the
  repository root is this output; ``tests/build/test_notices.py`` runs it over the test venv.
- ``--bundle dist/gpupicker``: what a built bundle really contains. Every file is assigned to a
  component: Python packages (PYZ modules, extension modules, dist-info folders), CPython's
  standard library, PyInstaller's bootloader and runtime hooks, our own files (MIT), the font
  (OFL-1.1), and each shared library through ``LIBRARIES`` (soname pattern → component, SPDX
  licence, upstream). On Debian/Ubuntu the packaging system says which package a system
  library came from, and that package's ``/usr/share/doc/<pkg>/copyright`` (holders and
  licence) is included verbatim. ``packaging/build.py`` writes the result into the bundle.

:func:`problems` lists what makes a notice file unacceptable: a component with no licence, a
licence whose text is not included, a GPL-only licence (no LGPL/permissive alternative and no
runtime-library exception), a bundled file no component claims. The build fails on any.

Standard library only, except ``--bundle`` reading the PYZ archive (PyInstaller's own reader,
present wherever a bundle is built) and ``packaging`` for markers (falls back to "include").
"""

from __future__ import annotations

import argparse
import importlib.metadata as md
import re
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from components import (
    APP,
    LIB_SUFFIX,
    LIBRARIES,
    LICENSE_DIR,
    LICENSE_TEXTS,
    QT,
    Component,
    cpython_component,
    dist_component,
    font_component,
    installed_components,
    is_forbidden_library,
    is_gpl_only,
    lib_component,
    match_library,
    needed_texts,
    norm_name,
    own_component,
)

# --- licences --------------------------------------------------------------------------------


# --- the bundle ------------------------------------------------------------------------------


def pyz_modules(exe: Path) -> list[str]:
    """Module names in the executable's PYZ archive (and its embedded scripts)."""
    from PyInstaller.archive.readers import CArchiveReader, ZlibArchiveReader

    names: list[str] = []
    carchive = CArchiveReader(str(exe))
    for name, entry in carchive.toc.items():
        typecode = entry[-1]
        if typecode == "z":
            import tempfile

            with tempfile.NamedTemporaryFile(suffix=".pyz", delete=False) as fh:
                fh.write(carchive.extract(name))
            try:
                names += list(ZlibArchiveReader(fh.name).toc)
            finally:
                Path(fh.name).unlink(missing_ok=True)
        elif typecode in ("s", "m", "M"):
            names.append(name)
    return names


def _same_file(a: Path, b: Path) -> bool:
    try:
        if a.stat().st_size != b.stat().st_size:
            return False
        return a.read_bytes() == b.read_bytes()
    except OSError:
        return False


def pyz_modules_containing(exe: Path, needle: bytes) -> list[str]:
    """Modules of the executable's archives whose (decompressed) code contains ``needle``."""
    import marshal
    import tempfile

    from PyInstaller.archive.readers import CArchiveReader, ZlibArchiveReader

    hits = []
    carchive = CArchiveReader(str(exe))
    for name, entry in carchive.toc.items():
        data = carchive.extract(name) or b""
        if entry[-1] != "z":
            if needle in data:
                hits.append(name)
            continue
        with tempfile.NamedTemporaryFile(suffix=".pyz", delete=False) as fh:
            fh.write(data)
        try:
            pyz = ZlibArchiveReader(fh.name)
            for module in pyz.toc:
                code = pyz.extract(module)
                if code is not None and needle in marshal.dumps(code):
                    hits.append(module)
        finally:
            Path(fh.name).unlink(missing_ok=True)
    return hits


def _debian_packages(files: dict[str, Path]) -> dict[str, str]:
    """basename → Debian package whose file of that name is byte-identical to the bundled one.

    ``files``: basename → bundled file. A same-named system file with other content (e.g. a
    libpython from pyenv vs Debian's) is not attributed to the Debian package.
    """
    names = sorted(files)
    if not names or shutil.which("dpkg") is None:
        return {}
    proc = subprocess.run(
        ["dpkg", "-S", *[f"*/{n}" for n in names]], capture_output=True, text=True, timeout=60
    )
    out: dict[str, str] = {}
    for line in proc.stdout.splitlines():
        pkg, _, path = line.partition(": ")
        host = Path(path.strip())
        base = host.name
        if base in files and base not in out and "diversion" not in pkg and _same_file(host, files[base]):
            out[base] = pkg.split(",")[0].strip()
    return out


def _debian_copyright(pkg: str) -> tuple[str, str] | None:
    name = pkg.split(":")[0]
    path = Path("/usr/share/doc") / name / "copyright"
    try:
        return (f"Debian {name} copyright file", path.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        return None


def _debian_version(pkg: str) -> str:
    if shutil.which("dpkg-query") is None:
        return ""
    proc = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", pkg], capture_output=True, text=True, timeout=30
    )
    return proc.stdout.strip()


@dataclass
class BundleScan:
    """Result of :func:`scan_bundle`: components and files nobody claims."""

    components: list[Component]
    unclaimed: list[str]
    forbidden: list[str]


OWN_TOP_FILES = {
    "LICENSE",
    "THIRD-PARTY-NOTICES.txt",
    "gpupicker.desktop",
    "gpupicker.svg",
    "install.sh",
    "README.txt",
}


def scan_bundle(bundle: Path) -> BundleScan:
    """Assign every file of a onedir bundle (or ``.app``) to a component (see module doc)."""
    roots = [
        p
        for p in (bundle / "_internal", bundle / "Contents" / "Frameworks", bundle / "Contents" / "Resources")
        if p.is_dir()
    ] or [bundle]
    top_dirs = {bundle, bundle / "Contents" / "Resources"}
    exe = next(
        (
            p
            for p in (bundle / APP, bundle / f"{APP}.exe", bundle / "Contents" / "MacOS" / APP)
            if p.is_file()
        ),
        None,
    )
    dists = {norm_name(d.metadata["Name"]): d for d in md.distributions()}
    top_to_dist: dict[str, str] = {}
    for top, names in md.packages_distributions().items():
        top_to_dist[top] = norm_name(names[0])
    for key, dist in dists.items():  # dist-info folder names and vendored .libs folders
        stem = dist.metadata["Name"].replace("-", "_")
        top_to_dist[f"{stem}-{dist.version}.dist-info"] = key
        top_to_dist.setdefault(f"{stem}.libs", key)

    comps: dict[str, Component] = {}
    own = own_component()
    comps["gpupicker"] = own
    cpython = cpython_component()
    pyinstaller = _pyinstaller_component()
    unclaimed: list[str] = []
    forbidden: list[str] = []

    def add(key: str, make, path: str) -> None:
        if key not in comps:
            comps[key] = make()
        comps[key].files.append(path)

    lib_files = []
    for path in sorted(bundle.rglob("*")):
        if path.is_dir() or path.is_symlink():
            continue
        rel = path.relative_to(bundle).as_posix()
        name = path.name
        root = next((r for r in roots if r in path.parents), None)
        inner = path.relative_to(root).as_posix() if root is not None else rel
        parts = PurePosixPath(inner).parts
        if exe is not None and path == exe or (name.startswith(APP) and path.parent == bundle):
            add("gpupicker", lambda: own, rel)
            add("pyinstaller", lambda: pyinstaller, rel)
            continue
        if path.parent in top_dirs and (name in OWN_TOP_FILES or name.endswith(".icns")):
            add("gpupicker", lambda: own, rel)
            continue
        if PurePosixPath(rel).parts[:1] == ("Contents",) and (
            name in ("Info.plist", "PkgInfo", "CodeResources") or "_CodeSignature" in rel
        ):
            add("gpupicker", lambda: own, rel)  # the .app's own metadata and signature
            continue
        if parts[:3] == ("gpupicker", "_bundled", "resources") and "fonts" in parts:
            add("font", font_component, rel)
            continue
        if parts[:1] == ("gpupicker",) or parts[:1] == ("gpupicker.app",):
            add("gpupicker", lambda: own, rel)
            continue
        if is_forbidden_library(name):
            forbidden.append(rel)
            continue
        if parts[:1] == ("base_library.zip",) or (
            len(parts) > 1 and parts[0].startswith("python3") and parts[1] == "lib-dynload"
        ):
            add("cpython", lambda: cpython, rel)
            continue
        top = parts[0]
        is_ext = bool(re.search(r"\.(cpython-[^.]+|abi3)\.(so|pyd)$|\.pyd$", name))
        if is_ext and len(parts) == 1 and name.split(".", 1)[0] in sys.stdlib_module_names:
            add("cpython", lambda: cpython, rel)  # Windows: _ssl.pyd … sit in _internal/
            continue
        in_qt = top == "PySide6" and ("plugins" in parts or "translations" in parts)
        lib = None if is_ext else match_library(name)
        if in_qt:
            add(f"lib:{QT[0]}", lambda: lib_component(LIBRARIES[0]), rel)
        elif lib is not None:
            lib_files.append(rel)
            add(f"lib:{lib.name}", lambda lib=lib: lib_component(lib), rel)
        elif top in top_to_dist and top_to_dist[top] in dists and (is_ext or not LIB_SUFFIX.search(name)):
            key = top_to_dist[top]
            add(key, lambda key=key: dist_component(dists[key]), rel)
        else:
            unclaimed.append(rel)

    if exe is not None and exe.suffix != ".app":
        try:
            modules = pyz_modules(exe)
        except Exception as exc:  # noqa: BLE001 - an unreadable archive is a visible problem
            unclaimed.append(f"{exe.name}: cannot read its PYZ archive ({exc})")
            modules = []
        stdlib = set(sys.stdlib_module_names)
        for module in modules:
            top = module.split(".", 1)[0]
            if top.startswith(("pyimod", "pyiboot", "pyi_rth", "_pyi_rth")):
                add("pyinstaller", lambda: pyinstaller, f"module {module}")
            elif top in ("launcher", APP):
                add("gpupicker", lambda: own, f"module {module}")
            elif top in stdlib or top.startswith("_sysconfigdata"):
                add("cpython", lambda: cpython, f"module {module}")
            elif top in top_to_dist and top_to_dist[top] in dists:
                key = top_to_dist[top]
                add(key, lambda key=key: dist_component(dists[key]), f"module {module}")
            else:
                unclaimed.append(f"module {module}")

    _attach_debian(comps, lib_files, bundle)
    return BundleScan(_ordered(comps.values()), unclaimed, forbidden)


def _attach_debian(comps: dict[str, Component], lib_files: list[str], bundle: Path) -> None:
    """Add the Debian package, version and copyright file to system libraries (Debian hosts)."""
    owners = _debian_packages({PurePosixPath(f).name: bundle / f for f in lib_files})
    for comp in comps.values():
        pkgs = []
        for rel in comp.files:
            pkg = owners.get(PurePosixPath(rel).name)
            if pkg and pkg not in pkgs:
                pkgs.append(pkg)
        for pkg in pkgs:
            version = _debian_version(pkg)
            comp.source += f"; Debian package {pkg}" + (f" {version}" if version else "")
            if not comp.version and version:
                comp.version = version
            text = _debian_copyright(pkg)
            if text is not None and text not in comp.texts:
                comp.texts.append(text)


def _pyinstaller_component() -> Component:
    try:
        dist = md.distribution("pyinstaller")
    except md.PackageNotFoundError:
        return Component(
            "PyInstaller bootloader and runtime modules",
            "GPL-2.0-or-later WITH Bootloader-exception AND Apache-2.0",
            "",
            "https://pyinstaller.org/",
        )
    comp = dist_component(dist)
    comp.name = "PyInstaller bootloader and runtime modules"
    comp.spdx = "GPL-2.0-or-later WITH Bootloader-exception AND Apache-2.0"
    return comp


def _ordered(comps: Iterable[Component]) -> list[Component]:
    def key(c: Component) -> tuple[int, str]:
        first = 0 if c.name == "gpupicker" else 1 if c.name.startswith(("Qt 6", "PySide6")) else 2
        return first, c.name.lower()

    return sorted(comps, key=key)


# --- checks and output -----------------------------------------------------------------------


def problems(
    components: list[Component], unclaimed: Iterable[str] = (), forbidden: Iterable[str] = ()
) -> list[str]:
    """Why these notices are not acceptable (empty list = acceptable)."""
    out = [f"{f}: GPL-only library in the bundle (drop it)" for f in forbidden]
    out += [f"{f}: no component claims this bundled file (add it to components.LIBRARIES)" for f in unclaimed]
    for comp in components:
        if not comp.spdx:
            out.append(f"{comp.name}: no licence found")
            continue
        if is_gpl_only(comp.spdx):
            out.append(f"{comp.name}: GPL-only licence {comp.spdx}")
        missing = [k for k in needed_texts(comp.spdx) if not (LICENSE_DIR / LICENSE_TEXTS[k]).is_file()]
        if missing:
            out.append(f"{comp.name}: licence text {', '.join(missing)} not in packaging/licenses")
        if (
            not comp.texts
            and not needed_texts(comp.spdx)
            and comp.spdx not in ("PSF-2.0",)
            and not comp.spdx.startswith("LicenseRef-MSVC")
        ):
            out.append(f"{comp.name}: {comp.spdx} but no licence text found")
    return out


QT_REPLACEMENT = """\
How to replace the Qt libraries (GNU LGPL 3.0, section 4)
---------------------------------------------------------
gpupicker uses Qt 6 through PySide6, both under the GNU Lesser General Public License 3.0
(full text below, with the GNU GPL 3.0 it builds on). You may use a modified or different
build of Qt (or of PySide6) with gpupicker:

* Linux / Windows onedir build: the Qt libraries are separate files in the install folder,
  in `_internal/PySide6/Qt/lib/` (Linux: libQt6*.so.6, with same-named links in `_internal/`)
  or `_internal/PySide6/` (Windows: Qt6*.dll), and the Qt plugins in
  `_internal/PySide6/Qt/plugins/` (Windows: `_internal/PySide6/plugins/`). Replace any of
  them with your build of the same Qt minor version (ABI compatible), keeping the file names;
  gpupicker loads them from there at start. The PySide6 bindings (PySide6/*.abi3.so or
  *.pyd, libpyside6, libshiboken6) can be replaced the same way.
* macOS .app: the same files are in `gpupicker.app/Contents/Frameworks/PySide6/Qt/lib/`
  (Qt*.framework). Replacing them breaks the app's ad-hoc signature; re-sign it with
  `codesign --force --deep -s - gpupicker.app`.
* The one-file "portable" build unpacks the same files to a temporary folder at each start
  and cannot be changed in place: use the onedir build to exercise this right.
* gpupicker's own source (MIT) and build scripts are public: `make dist` rebuilds the whole
  bundle against any Qt/PySide6 installed in the build environment.

Qt source code: https://download.qt.io/official_releases/qt/ (the version is listed below);
PySide6 source: https://download.qt.io/official_releases/QtForPython/pyside6/ . gpupicker
does not modify Qt or PySide6.
"""


def render(components: list[Component], title: str) -> str:
    """The notices text: header, Qt replacement section, one entry per component, texts."""
    lines = [
        title,
        "=" * len(title),
        "",
        "gpupicker is MIT-licensed (the LICENSE entry below). It is distributed together",
        "with the third-party components listed here, each under its own licence. The",
        "licence named is the one gpupicker uses a component under; where a component is",
        "offered under several licences (an SPDX 'OR'), gpupicker uses the first that is not",
        "the GPL. Generated by packaging/notices.py; do not edit by hand.",
        "",
        QT_REPLACEMENT,
        "",
    ]
    needed: set[str] = set()
    for comp in components:
        head = f"{comp.name}" + (f" {comp.version}" if comp.version else "")
        lines += ["-" * 78, head, f"  Licence: {comp.spdx or 'UNKNOWN'}"]
        if comp.source:
            lines.append(f"  Source:  {comp.source}")
        if comp.files:
            shown = sorted(comp.files)
            listing = ", ".join(shown[:12]) + (f" … and {len(shown) - 12} more" if len(shown) > 12 else "")
            lines.append(
                textwrap.fill(
                    listing,
                    width=96,
                    initial_indent="  Bundled: ",
                    subsequent_indent="           ",
                    break_on_hyphens=False,
                    break_long_words=False,
                )
            )
        needed |= needed_texts(comp.spdx)
        for title_, text in comp.texts:
            lines += ["", f"  --- {title_} ---", "", text.rstrip(), ""]
        lines.append("")
    for key in sorted(needed):
        path = LICENSE_DIR / LICENSE_TEXTS[key]
        if path.is_file():
            lines += [
                "=" * 78,
                f"Full text: {key}",
                "=" * 78,
                "",
                path.read_text(encoding="utf-8").rstrip(),
                "",
            ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write the notices; exit 1 (after writing) when :func:`problems` finds any."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", type=Path, help="scan this onedir bundle / .app")
    parser.add_argument("-o", "--output", type=Path, help="file to write (default: stdout)")
    args = parser.parse_args(argv)
    if args.bundle:
        scan = scan_bundle(args.bundle)
        comps, found = scan.components, problems(scan.components, scan.unclaimed, scan.forbidden)
        title = "Third-party notices for this gpupicker bundle"
    else:
        comps = installed_components()
        found = problems(comps)
        title = "Third-party notices for gpupicker"
    text = render(comps, title)
    if args.output:
        args.output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    for problem in found:
        print(f"notices: {problem}", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
