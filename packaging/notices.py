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
import contextlib
import importlib.metadata as md
import re
import shutil
import subprocess
import sys
import sysconfig
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
LICENSE_DIR = HERE / "licenses"
FONT_LICENSE = ROOT / "resources" / "fonts" / "OFL.txt"
APP = "gpupicker"

#: SPDX id → the full text shipped in packaging/licenses (appended once to the notices).
LICENSE_TEXTS = {
    "LGPL-3.0": "LGPL-3.0.txt",
    "GPL-3.0": "GPL-3.0.txt",  # LGPL-3.0 is GPL-3.0 plus additional permissions: both go along
    "LGPL-2.1": "LGPL-2.1.txt",
    "Apache-2.0": "Apache-2.0.txt",
    "GCC-exception-3.1": "GCC-exception-3.1.txt",
    "Unicode-DFS-2016": "ICU.txt",
}
#: Exceptions that turn a GPL into something a non-GPL program may link/ship (runtime libs).
LINKING_EXCEPTIONS = ("GCC-exception-3.1", "Bootloader-exception", "Classpath-exception-2.0",
                      "LLVM-exception", "Autoconf-exception")

QT = ("Qt 6 (qtbase, qtsvg, qtwayland …, as built into the PySide6 wheels)",
      "LGPL-3.0-only OR GPL-2.0-only OR GPL-3.0-only",
      "https://download.qt.io/official_releases/qt/ (source); https://www.qt.io/licensing/open-source-lgpl-obligations")


@dataclass(frozen=True)
class Lib:
    """A shared library family: ``pattern`` matches the file name (case-insensitive).

    ``wheel_sections``: for a library vendored in a wheel (numpy.libs), the ``Name:`` sections
    of that wheel's LICENSE.txt that hold its licence text (``wheel`` names the distribution).
    """

    pattern: str
    name: str
    spdx: str
    upstream: str
    wheel: str = ""
    wheel_sections: tuple[str, ...] = ()


#: Every shared library a bundle may carry. The licence is the one gpupicker uses it under
#: (for dual-licensed libraries: the non-GPL choice, stated in the SPDX OR expression).
LIBRARIES: tuple[Lib, ...] = (
    Lib(r"^(lib)?qt6\w*\.(so|dll|dylib)|^qt\w+$|^libqt6", QT[0], QT[1], QT[2]),
    Lib(r"^(lib)?(pyside6|shiboken6)", "PySide6 / Shiboken6 runtime libraries",
        "LGPL-3.0-only OR GPL-2.0-only OR GPL-3.0-only",
        "https://download.qt.io/official_releases/QtForPython/"),
    Lib(r"^(lib)?icu(data|i18n|uc)", "ICU (International Components for Unicode), from the "
        "PySide6 wheel", "Unicode-DFS-2016 AND ICU", "https://github.com/unicode-org/icu"),
    Lib(r"^(lib)?python3(\.?\d+)*\.(so|dll|dylib)|^python3\d*\.dll$|^Python$",
        "CPython runtime", "PSF-2.0", "https://www.python.org/"),
    Lib(r"^libscipy_openblas", "OpenBLAS with LAPACK (numpy wheel)",
        "BSD-3-Clause AND BSD-3-Clause-Open-MPI", "https://github.com/OpenMathLib/OpenBLAS",
        "numpy", ("OpenBLAS", "LAPACK")),
    Lib(r"^libgfortran", "GNU Fortran runtime (numpy wheel)",
        "GPL-3.0-or-later WITH GCC-exception-3.1", "https://gcc.gnu.org/", "numpy",
        ("GCC runtime library",)),
    Lib(r"^libquadmath", "GCC libquadmath (numpy wheel)", "LGPL-2.1-or-later",
        "https://gcc.gnu.org/", "numpy", ("libquadmath",)),
    Lib(r"^libgcc_s|^libstdc\+\+|^libgomp", "GCC runtime libraries",
        "GPL-3.0-or-later WITH GCC-exception-3.1", "https://gcc.gnu.org/"),
    Lib(r"^libx11|^libxau\.|^libxdmcp\.|^libxext\.|^libxrender\.|^libxi\.|^libice\.|^libsm\.",
        "X.Org client libraries", "MIT AND X11", "https://gitlab.freedesktop.org/xorg/lib"),
    Lib(r"^libxcb", "libxcb / xcb-util", "X11", "https://xcb.freedesktop.org/"),
    Lib(r"^libxkbcommon", "libxkbcommon", "MIT", "https://xkbcommon.org/"),
    Lib(r"^libwayland", "Wayland client libraries", "MIT", "https://wayland.freedesktop.org/"),
    Lib(r"^libbrotli", "Brotli", "MIT", "https://github.com/google/brotli"),
    Lib(r"^libbsd\.", "libbsd", "BSD-3-Clause AND BSD-2-Clause AND ISC AND Beerware",
        "https://libbsd.freedesktop.org/"),
    Lib(r"^libmd\.", "libmd", "BSD-3-Clause AND BSD-2-Clause AND ISC AND Beerware",
        "https://www.hadrons.org/software/libmd/"),
    Lib(r"^libbz2", "bzip2", "bzip2-1.0.6", "https://sourceware.org/bzip2/"),
    Lib(r"^libcap\.", "libcap", "BSD-3-Clause OR GPL-2.0-only",
        "https://sites.google.com/site/fullycapable/"),
    Lib(r"^libcrypto|^libssl", "OpenSSL 3", "Apache-2.0", "https://www.openssl.org/"),
    Lib(r"^libdbus-1", "D-Bus library", "AFL-2.1 OR GPL-2.0-or-later",
        "https://www.freedesktop.org/wiki/Software/dbus/"),
    Lib(r"^libexpat", "Expat", "MIT", "https://libexpat.github.io/"),
    Lib(r"^libffi", "libffi", "MIT", "https://sourceware.org/libffi/"),
    Lib(r"^libfontconfig", "Fontconfig", "HPND-sell-variant",
        "https://www.freedesktop.org/wiki/Software/fontconfig/"),
    Lib(r"^libfreetype", "FreeType", "FTL OR GPL-2.0-or-later", "https://freetype.org/"),
    Lib(r"^libharfbuzz", "HarfBuzz", "MIT", "https://harfbuzz.github.io/"),
    Lib(r"^libgcrypt", "libgcrypt", "LGPL-2.1-or-later", "https://gnupg.org/software/libgcrypt/"),
    Lib(r"^libgpg-error", "libgpg-error", "LGPL-2.1-or-later",
        "https://gnupg.org/software/libgpg-error/"),
    Lib(r"^lib(glib|gthread|gobject|gmodule|gio)-2\.0", "GLib", "LGPL-2.1-or-later",
        "https://gitlab.gnome.org/GNOME/glib"),
    Lib(r"^liblz4", "LZ4 library", "BSD-2-Clause", "https://github.com/lz4/lz4"),
    Lib(r"^liblzma", "XZ Utils liblzma", "0BSD OR LicenseRef-Public-Domain",
        "https://tukaani.org/xz/"),
    Lib(r"^libpcre2", "PCRE2", "BSD-3-Clause WITH PCRE2-exception", "https://pcre2project.github.io/pcre2/"),
    Lib(r"^libpng", "libpng", "libpng-2.0", "http://www.libpng.org/pub/png/libpng.html"),
    Lib(r"^(lib)?sqlite3", "SQLite", "blessing", "https://www.sqlite.org/copyright.html"),
    Lib(r"^libsystemd", "libsystemd", "LGPL-2.1-or-later", "https://systemd.io/"),
    Lib(r"^libtinfo|^libncurses", "ncurses", "X11", "https://invisible-island.net/ncurses/"),
    Lib(r"^libuuid", "libuuid (util-linux)", "BSD-3-Clause",
        "https://github.com/util-linux/util-linux"),
    Lib(r"^libz\.|^zlib1?\.dll$", "zlib", "Zlib", "https://zlib.net/"),
    Lib(r"^libzstd", "Zstandard", "BSD-3-Clause OR GPL-2.0-only", "https://facebook.github.io/zstd/"),
    Lib(r"^libcrypto-3|^libssl-3", "OpenSSL 3", "Apache-2.0", "https://www.openssl.org/"),
    Lib(r"^libffi-\d+\.dll$", "libffi", "MIT", "https://sourceware.org/libffi/"),
    Lib(r"^(vcruntime|msvcp|concrt|vccorlib)\d+", "Microsoft Visual C++ runtime (redistributable)",
        "LicenseRef-MSVC-Redistributable",
        "https://learn.microsoft.com/cpp/windows/redistributing-visual-cpp-files"),
    Lib(r"^(ucrtbase|api-ms-win-)", "Windows Universal C Runtime (redistributable)",
        "LicenseRef-MSVC-Redistributable",
        "https://learn.microsoft.com/cpp/windows/universal-crt-deployment"),
    Lib(r"^d3dcompiler_47\.dll$", "Direct3D shader compiler (from the PySide6 wheel)",
        "LicenseRef-MSVC-Redistributable", "https://www.qt.io/"),
    Lib(r"^opengl32sw\.dll$", "Mesa llvmpipe software OpenGL (from the PySide6 wheel)",
        "MIT", "https://www.mesa3d.org/"),
)
#: Libraries a bundle must never carry (GPL-only, no reason to ship): dropped by the spec.
FORBIDDEN_LIBRARIES = (r"^libreadline", r"^libgdbm", r"^libhistory")

#: SPDX licences whose usual text is short and sits in the component's own licence files /
#: copyright file; a missing appendix text is only a problem for the ones in LICENSE_TEXTS.
LIB_SUFFIX = re.compile(r"\.(so(\.\d+)*|dylib|dll|pyd)$", re.I)


@dataclass
class Component:
    """One thing the bundle ships with its licence.

    Attributes:
        name: what it is (distribution name, library family).
        spdx: SPDX licence expression ('' when unknown: a problem).
        version: version string ('' when not known).
        source: where it comes from (URL, wheel, Debian package).
        files: bundle-relative paths (or module names) it covers.
        texts: (title, text) licence/copyright texts included verbatim.
    """

    name: str
    spdx: str
    version: str = ""
    source: str = ""
    files: list[str] = field(default_factory=list)
    texts: list[tuple[str, str]] = field(default_factory=list)


# --- licences --------------------------------------------------------------------------------

def _alternatives(spdx: str) -> list[str]:
    return [alt.strip(" ()") for alt in re.split(r"\s+OR\s+", spdx) if alt.strip(" ()")]


def is_gpl_only(spdx: str) -> bool:
    """True when every alternative of ``spdx`` has a GPL/AGPL term without a linking exception.

    ``LGPL-3.0-only OR GPL-3.0-only`` → False (LGPL alternative); ``GPL-3.0-or-later WITH
    GCC-exception-3.1`` → False; ``GPL-3.0-or-later`` → True.
    """
    if not spdx.strip():
        return False
    for alt in _alternatives(spdx):
        strong = False
        for term in re.split(r"\s+AND\s+", alt):
            term = term.strip(" ()")
            lic, _, exc = term.partition(" WITH ")
            if re.match(r"^A?GPL-", lic.strip()) and exc.strip() not in LINKING_EXCEPTIONS:
                strong = True
        if not strong:
            return False
    return True


def needed_texts(spdx: str) -> set[str]:
    """Keys of ``LICENSE_TEXTS`` the chosen (first non-GPL-only) alternative of ``spdx`` needs."""
    chosen = next((a for a in _alternatives(spdx) if not is_gpl_only(a)), spdx)
    keys = set()
    for key in LICENSE_TEXTS:
        if re.search(rf"(^|[\s(]){re.escape(key)}(\b|-)", chosen):
            keys.add(key)
    if "LGPL-3.0" in keys or "GPL-3.0" in keys:
        keys |= {"LGPL-3.0", "GPL-3.0"}
    if "GCC-exception-3.1" in keys:
        keys.add("GPL-3.0")
    return keys


_CLASSIFIERS = {
    "License :: OSI Approved :: MIT License": "MIT",
    "License :: OSI Approved :: BSD License": "LicenseRef-BSD (see licence file)",
    "License :: OSI Approved :: Apache Software License": "Apache-2.0",
    "License :: OSI Approved :: Python Software Foundation License": "PSF-2.0",
    "License :: Public Domain": "LicenseRef-Public-Domain",
}
_LICENSE_FIELD = {"apache license, version 2.0": "Apache-2.0", "mit": "MIT",
                  "mit license": "MIT", "bsd": "LicenseRef-BSD (see licence file)"}


def dist_spdx(dist: md.Distribution) -> str:
    """A distribution's licence: License-Expression, else a recognisable License / classifier."""
    meta = dist.metadata
    expr = (meta.get("License-Expression") or "").strip()
    if expr:
        return expr
    text = (meta.get("License") or "").strip()
    if text and "\n" not in text and re.fullmatch(r"[A-Za-z0-9.+\- ()]+", text) and (
            re.search(r"\b(OR|AND)\b", text) or "-" in text):
        return text
    if text.lower() in _LICENSE_FIELD:
        return _LICENSE_FIELD[text.lower()]
    for classifier in meta.get_all("Classifier") or []:
        if classifier in _CLASSIFIERS:
            return _CLASSIFIERS[classifier]
    return ""


def dist_license_texts(dist: md.Distribution) -> list[tuple[str, str]]:
    """Licence/notice files a distribution ships (dist-info ``licenses/``, LICENSE*, COPYING*)."""
    out = []
    for file in dist.files or []:
        name = PurePosixPath(str(file))
        in_meta = ".dist-info" in name.parts[0] if name.parts else False
        if not in_meta or not re.search(r"(LICEN[CS]E|COPYING|NOTICE|AUTHORS)", name.name, re.I):
            continue
        try:
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        out.append((str(name), text))
    return out


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def runtime_distributions(root: str = APP) -> list[md.Distribution]:
    """``root`` and its Requires-Dist closure (no extras; markers evaluated when possible)."""
    try:
        from packaging.requirements import Requirement
    except ImportError:  # pragma: no cover - packaging is everywhere pip/pytest/PyInstaller are
        Requirement = None  # noqa: N806
    seen: dict[str, md.Distribution] = {}
    todo = [root]
    while todo:
        name = todo.pop()
        if _norm(name) in seen:
            continue
        try:
            dist = md.distribution(name)
        except md.PackageNotFoundError:
            continue
        seen[_norm(name)] = dist
        for req in dist.requires or []:
            if Requirement is not None:
                parsed = Requirement(req)
                if parsed.marker is not None and not parsed.marker.evaluate({"extra": ""}):
                    continue
                todo.append(parsed.name)
            elif "extra ==" not in req:
                todo.append(re.match(r"[A-Za-z0-9._-]+", req).group(0))
    return sorted(seen.values(), key=lambda d: _norm(d.metadata["Name"]))


def cpython_component() -> Component:
    """The Python runtime and standard library (PSF-2.0, with CPython's LICENSE file)."""
    texts = []
    for candidate in (Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt",
                      Path(sys.base_prefix) / "LICENSE.txt",
                      Path(sys.base_prefix) / "share" / "doc" / f"python{sys.version_info[0]}."
                      f"{sys.version_info[1]}" / "copyright"):
        if candidate.is_file():
            texts.append(("CPython LICENSE", candidate.read_text(encoding="utf-8",
                                                                errors="replace")))
            break
    return Component("CPython (interpreter and standard library)", "PSF-2.0",
                     sys.version.split()[0], "https://www.python.org/", texts=texts)


def font_component() -> Component:
    """The bundled CJK subset font."""
    texts = [("resources/fonts/OFL.txt", FONT_LICENSE.read_text(encoding="utf-8"))] \
        if FONT_LICENSE.is_file() else []
    return Component("Noto Sans CJK SC (subset, renamed 'Noto Sans CJK SC gpupicker subset')",
                     "OFL-1.1", "2.004", "https://github.com/googlefonts/noto-cjk "
                     "(via Debian fonts-noto-cjk; packaging/make_cjk_font.py)", texts=texts)


def own_component() -> Component:
    """gpupicker itself."""
    text = (ROOT / "LICENSE").read_text(encoding="utf-8") if (ROOT / "LICENSE").is_file() else ""
    try:
        version = md.version(APP)
    except md.PackageNotFoundError:
        version = ""
    return Component("gpupicker", "MIT", version, "this repository",
                     texts=[("LICENSE", text)] if text else [])


def dist_component(dist: md.Distribution) -> Component:
    """A Python distribution as a component."""
    name = dist.metadata["Name"]
    texts = dist_license_texts(dist)
    source = (dist.metadata.get("Home-page") or "").strip()
    if not source:
        urls = dist.metadata.get_all("Project-URL") or []
        source = urls[0].split(",", 1)[-1].strip() if urls else f"https://pypi.org/project/{name}/"
    return Component(name, dist_spdx(dist), dist.version, source, texts=texts)


def installed_components() -> list[Component]:
    """Components of the ``--installed`` mode (see module doc)."""
    comps = [own_component()]
    qt_wheel = False
    for dist in runtime_distributions():
        if _norm(dist.metadata["Name"]) == APP:
            continue
        comps.append(dist_component(dist))
        qt_wheel |= _norm(dist.metadata["Name"]).startswith("pyside6")
    if qt_wheel:
        comps.append(Component(QT[0], QT[1], _qt_version(), QT[2]))
    comps.append(cpython_component())
    comps.append(font_component())
    return comps


def _qt_version() -> str:
    try:
        return md.version("PySide6-Essentials")
    except md.PackageNotFoundError:
        return ""


# --- the bundle ------------------------------------------------------------------------------

def match_library(filename: str) -> Lib | None:
    """The ``LIBRARIES`` entry for a shared library file name."""
    for lib in LIBRARIES:
        if re.search(lib.pattern, filename, re.I):
            return lib
    return None


def wheel_license_sections(dist_name: str, sections: Iterable[str]) -> list[tuple[str, str]]:
    """The ``Name: <section>`` blocks of a wheel's LICENSE.txt (numpy lists vendored libraries
    that way: ``Name:``, ``Files:``, ``License:`` and the licence text up to the next ``Name:``)."""
    try:
        dist = md.distribution(dist_name)
    except md.PackageNotFoundError:
        return []
    wanted = set(sections)
    out = []
    for title, text in dist_license_texts(dist):
        blocks = re.split(r"(?m)^(?=Name: )", text)
        for block in blocks:
            first = block.splitlines()[0] if block else ""
            if first.startswith("Name: ") and first[6:].strip() in wanted:
                out.append((f"{dist_name} {PurePosixPath(title).name}: {first[6:].strip()}",
                            block.strip()))
    return out


def lib_component(lib: Lib) -> Component:
    """A ``LIBRARIES`` entry as a component (with its wheel's or our licence text)."""
    comp = Component(lib.name, lib.spdx, "", lib.upstream)
    if lib.name in (QT[0], "PySide6 / Shiboken6 runtime libraries"):
        comp.version = _qt_version()
    if lib.name == "CPython runtime":
        cpython = cpython_component()
        comp.version, comp.texts = cpython.version, list(cpython.texts)
    if lib.wheel:
        comp.texts += wheel_license_sections(lib.wheel, lib.wheel_sections)
        with contextlib.suppress(md.PackageNotFoundError):
            comp.version = f"(from {lib.wheel} {md.version(lib.wheel)})"
    return comp


def is_forbidden_library(filename: str) -> bool:
    """True for a GPL-only library the bundle must not carry (``FORBIDDEN_LIBRARIES``)."""
    return any(re.search(p, filename, re.I) for p in FORBIDDEN_LIBRARIES)


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
    proc = subprocess.run(["dpkg", "-S", *[f"*/{n}" for n in names]], capture_output=True,
                          text=True, timeout=60)
    out: dict[str, str] = {}
    for line in proc.stdout.splitlines():
        pkg, _, path = line.partition(": ")
        host = Path(path.strip())
        base = host.name
        if base in files and base not in out and "diversion" not in pkg and _same_file(
                host, files[base]):
            out[base] = pkg.split(",")[0].strip()
    return out


def _debian_copyright(pkg: str) -> tuple[str, str] | None:
    name = pkg.split(":")[0]
    path = Path("/usr/share/doc") / name / "copyright"
    try:
        return (f"Debian {name} copyright file", path.read_text(encoding="utf-8",
                                                                 errors="replace"))
    except OSError:
        return None


def _debian_version(pkg: str) -> str:
    if shutil.which("dpkg-query") is None:
        return ""
    proc = subprocess.run(["dpkg-query", "-W", "-f=${Version}", pkg], capture_output=True,
                          text=True, timeout=30)
    return proc.stdout.strip()


@dataclass
class BundleScan:
    """Result of :func:`scan_bundle`: components and files nobody claims."""

    components: list[Component]
    unclaimed: list[str]
    forbidden: list[str]


OWN_TOP_FILES = {"LICENSE", "THIRD-PARTY-NOTICES.txt", "gpupicker.desktop", "gpupicker.svg",
                 "install.sh", "README.txt"}


def scan_bundle(bundle: Path) -> BundleScan:
    """Assign every file of a onedir bundle (or ``.app``) to a component (see module doc)."""
    roots = [p for p in (bundle / "_internal", bundle / "Contents" / "Frameworks",
                         bundle / "Contents" / "Resources") if p.is_dir()] or [bundle]
    top_dirs = {bundle, bundle / "Contents" / "Resources"}
    exe = next((p for p in (bundle / APP, bundle / f"{APP}.exe",
                            bundle / "Contents" / "MacOS" / APP) if p.is_file()), None)
    dists = {_norm(d.metadata["Name"]): d for d in md.distributions()}
    top_to_dist: dict[str, str] = {}
    for top, names in md.packages_distributions().items():
        top_to_dist[top] = _norm(names[0])
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
                name in ("Info.plist", "PkgInfo", "CodeResources") or "_CodeSignature" in rel):
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
        if parts[:1] == ("base_library.zip",) or (len(parts) > 1 and parts[0].startswith(
                "python3") and parts[1] == "lib-dynload"):
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
        elif top in top_to_dist and top_to_dist[top] in dists and (is_ext or not LIB_SUFFIX.search(
                name)):
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
        return Component("PyInstaller bootloader and runtime modules",
                         "GPL-2.0-or-later WITH Bootloader-exception AND Apache-2.0", "",
                         "https://pyinstaller.org/")
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

def problems(components: list[Component], unclaimed: Iterable[str] = (),
             forbidden: Iterable[str] = ()) -> list[str]:
    """Why these notices are not acceptable (empty list = acceptable)."""
    out = [f"{f}: GPL-only library in the bundle (drop it)" for f in forbidden]
    out += [f"{f}: no component claims this bundled file (add it to notices.LIBRARIES)"
            for f in unclaimed]
    for comp in components:
        if not comp.spdx:
            out.append(f"{comp.name}: no licence found")
            continue
        if is_gpl_only(comp.spdx):
            out.append(f"{comp.name}: GPL-only licence {comp.spdx}")
        missing = [k for k in needed_texts(comp.spdx) if not (LICENSE_DIR / LICENSE_TEXTS[k])
                   .is_file()]
        if missing:
            out.append(f"{comp.name}: licence text {', '.join(missing)} not in packaging/licenses")
        if not comp.texts and not needed_texts(comp.spdx) and comp.spdx not in (
                "PSF-2.0",) and not comp.spdx.startswith("LicenseRef-MSVC"):
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
    lines = [title, "=" * len(title), "",
             "gpupicker is MIT-licensed (the LICENSE entry below). It is distributed together",
             "with the third-party components listed here, each under its own licence. The",
             "licence named is the one gpupicker uses a component under; where a component is",
             "offered under several licences (an SPDX 'OR'), gpupicker uses the first that is not",
             "the GPL. Generated by packaging/notices.py; do not edit by hand.", "",
             QT_REPLACEMENT, ""]
    needed: set[str] = set()
    for comp in components:
        head = f"{comp.name}" + (f" {comp.version}" if comp.version else "")
        lines += ["-" * 78, head, f"  Licence: {comp.spdx or 'UNKNOWN'}"]
        if comp.source:
            lines.append(f"  Source:  {comp.source}")
        if comp.files:
            shown = sorted(comp.files)
            listing = ", ".join(shown[:12]) + (f" … and {len(shown) - 12} more"
                                               if len(shown) > 12 else "")
            lines.append(textwrap.fill(listing, width=96, initial_indent="  Bundled: ",
                                       subsequent_indent="           ", break_on_hyphens=False,
                                       break_long_words=False))
        needed |= needed_texts(comp.spdx)
        for title_, text in comp.texts:
            lines += ["", f"  --- {title_} ---", "", text.rstrip(), ""]
        lines.append("")
    for key in sorted(needed):
        path = LICENSE_DIR / LICENSE_TEXTS[key]
        if path.is_file():
            lines += ["=" * 78, f"Full text: {key}", "=" * 78, "",
                      path.read_text(encoding="utf-8").rstrip(), ""]
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
