"""The components a gpupicker bundle or install is made of, and their licences.

Used by ``packaging/notices.py`` (the third-party notices) and ``packaging/build.py``: each
shared library a bundle may carry (``LIBRARIES``: soname pattern → component, SPDX licence,
upstream), the Python distributions gpupicker needs at run time (its ``Requires-Dist`` closure),
CPython, Qt inside the PySide6 wheels, the CJK font and gpupicker itself, with the licence texts
that must be shipped. Standard library only (``packaging`` for markers when present).
"""

from __future__ import annotations

import contextlib
import importlib.metadata as md
import re
import sys
import sysconfig
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
LINKING_EXCEPTIONS = (
    "GCC-exception-3.1",
    "Bootloader-exception",
    "Classpath-exception-2.0",
    "LLVM-exception",
    "Autoconf-exception",
)


QT = (
    "Qt 6 (qtbase, qtsvg, qtwayland …, as built into the PySide6 wheels)",
    "LGPL-3.0-only OR GPL-2.0-only OR GPL-3.0-only",
    "https://download.qt.io/official_releases/qt/ (source); https://www.qt.io/licensing/open-source-lgpl-obligations",
)


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
    Lib(
        r"^(lib)?(pyside6|shiboken6)",
        "PySide6 / Shiboken6 runtime libraries",
        "LGPL-3.0-only OR GPL-2.0-only OR GPL-3.0-only",
        "https://download.qt.io/official_releases/QtForPython/",
    ),
    Lib(
        r"^(lib)?icu(data|i18n|uc)",
        "ICU (International Components for Unicode), from the PySide6 wheel",
        "Unicode-DFS-2016 AND ICU",
        "https://github.com/unicode-org/icu",
    ),
    Lib(
        r"^(lib)?python3(\.?\d+)*\.(so|dll|dylib)|^python3\d*\.dll$|^Python$",
        "CPython runtime",
        "PSF-2.0",
        "https://www.python.org/",
    ),
    Lib(
        r"^libscipy_openblas",
        "OpenBLAS with LAPACK (numpy wheel)",
        "BSD-3-Clause AND BSD-3-Clause-Open-MPI",
        "https://github.com/OpenMathLib/OpenBLAS",
        "numpy",
        ("OpenBLAS", "LAPACK"),
    ),
    Lib(
        r"^libgfortran",
        "GNU Fortran runtime (numpy wheel)",
        "GPL-3.0-or-later WITH GCC-exception-3.1",
        "https://gcc.gnu.org/",
        "numpy",
        ("GCC runtime library",),
    ),
    Lib(
        r"^libquadmath",
        "GCC libquadmath (numpy wheel)",
        "LGPL-2.1-or-later",
        "https://gcc.gnu.org/",
        "numpy",
        ("libquadmath",),
    ),
    Lib(
        r"^libgcc_s|^libstdc\+\+|^libgomp",
        "GCC runtime libraries",
        "GPL-3.0-or-later WITH GCC-exception-3.1",
        "https://gcc.gnu.org/",
    ),
    Lib(
        r"^libx11|^libxau\.|^libxdmcp\.|^libxext\.|^libxrender\.|^libxi\.|^libice\.|^libsm\.",
        "X.Org client libraries",
        "MIT AND X11",
        "https://gitlab.freedesktop.org/xorg/lib",
    ),
    Lib(r"^libxcb", "libxcb / xcb-util", "X11", "https://xcb.freedesktop.org/"),
    Lib(r"^libxkbcommon", "libxkbcommon", "MIT", "https://xkbcommon.org/"),
    Lib(r"^libwayland", "Wayland client libraries", "MIT", "https://wayland.freedesktop.org/"),
    Lib(r"^libbrotli", "Brotli", "MIT", "https://github.com/google/brotli"),
    Lib(
        r"^libbsd\.",
        "libbsd",
        "BSD-3-Clause AND BSD-2-Clause AND ISC AND Beerware",
        "https://libbsd.freedesktop.org/",
    ),
    Lib(
        r"^libmd\.",
        "libmd",
        "BSD-3-Clause AND BSD-2-Clause AND ISC AND Beerware",
        "https://www.hadrons.org/software/libmd/",
    ),
    Lib(r"^libbz2", "bzip2", "bzip2-1.0.6", "https://sourceware.org/bzip2/"),
    Lib(
        r"^libcap\.", "libcap", "BSD-3-Clause OR GPL-2.0-only", "https://sites.google.com/site/fullycapable/"
    ),
    Lib(r"^libcrypto|^libssl", "OpenSSL 3", "Apache-2.0", "https://www.openssl.org/"),
    Lib(
        r"^libdbus-1",
        "D-Bus library",
        "AFL-2.1 OR GPL-2.0-or-later",
        "https://www.freedesktop.org/wiki/Software/dbus/",
    ),
    Lib(r"^libexpat", "Expat", "MIT", "https://libexpat.github.io/"),
    Lib(r"^libffi", "libffi", "MIT", "https://sourceware.org/libffi/"),
    Lib(
        r"^libfontconfig",
        "Fontconfig",
        "HPND-sell-variant",
        "https://www.freedesktop.org/wiki/Software/fontconfig/",
    ),
    Lib(r"^libfreetype", "FreeType", "FTL OR GPL-2.0-or-later", "https://freetype.org/"),
    Lib(r"^libharfbuzz", "HarfBuzz", "MIT", "https://harfbuzz.github.io/"),
    Lib(r"^libgcrypt", "libgcrypt", "LGPL-2.1-or-later", "https://gnupg.org/software/libgcrypt/"),
    Lib(r"^libgpg-error", "libgpg-error", "LGPL-2.1-or-later", "https://gnupg.org/software/libgpg-error/"),
    Lib(
        r"^lib(glib|gthread|gobject|gmodule|gio)-2\.0",
        "GLib",
        "LGPL-2.1-or-later",
        "https://gitlab.gnome.org/GNOME/glib",
    ),
    Lib(r"^liblz4", "LZ4 library", "BSD-2-Clause", "https://github.com/lz4/lz4"),
    Lib(r"^liblzma", "XZ Utils liblzma", "0BSD OR LicenseRef-Public-Domain", "https://tukaani.org/xz/"),
    Lib(r"^libpcre2", "PCRE2", "BSD-3-Clause WITH PCRE2-exception", "https://pcre2project.github.io/pcre2/"),
    Lib(r"^libpng", "libpng", "libpng-2.0", "http://www.libpng.org/pub/png/libpng.html"),
    Lib(r"^(lib)?sqlite3", "SQLite", "blessing", "https://www.sqlite.org/copyright.html"),
    Lib(r"^libsystemd", "libsystemd", "LGPL-2.1-or-later", "https://systemd.io/"),
    Lib(r"^libtinfo|^libncurses", "ncurses", "X11", "https://invisible-island.net/ncurses/"),
    Lib(r"^libuuid", "libuuid (util-linux)", "BSD-3-Clause", "https://github.com/util-linux/util-linux"),
    Lib(r"^libz\.|^zlib1?\.dll$", "zlib", "Zlib", "https://zlib.net/"),
    Lib(r"^libzstd", "Zstandard", "BSD-3-Clause OR GPL-2.0-only", "https://facebook.github.io/zstd/"),
    Lib(r"^libcrypto-3|^libssl-3", "OpenSSL 3", "Apache-2.0", "https://www.openssl.org/"),
    Lib(r"^libffi-\d+\.dll$", "libffi", "MIT", "https://sourceware.org/libffi/"),
    Lib(
        r"^(vcruntime|msvcp|concrt|vccorlib)\d+",
        "Microsoft Visual C++ runtime (redistributable)",
        "LicenseRef-MSVC-Redistributable",
        "https://learn.microsoft.com/cpp/windows/redistributing-visual-cpp-files",
    ),
    Lib(
        r"^(ucrtbase|api-ms-win-)",
        "Windows Universal C Runtime (redistributable)",
        "LicenseRef-MSVC-Redistributable",
        "https://learn.microsoft.com/cpp/windows/universal-crt-deployment",
    ),
    Lib(
        r"^d3dcompiler_47\.dll$",
        "Direct3D shader compiler (from the PySide6 wheel)",
        "LicenseRef-MSVC-Redistributable",
        "https://www.qt.io/",
    ),
    Lib(
        r"^opengl32sw\.dll$",
        "Mesa llvmpipe software OpenGL (from the PySide6 wheel)",
        "MIT",
        "https://www.mesa3d.org/",
    ),
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


_LICENSE_FIELD = {
    "apache license, version 2.0": "Apache-2.0",
    "mit": "MIT",
    "mit license": "MIT",
    "bsd": "LicenseRef-BSD (see licence file)",
}


def dist_spdx(dist: md.Distribution) -> str:
    """A distribution's licence: License-Expression, else a recognisable License / classifier."""
    meta = dist.metadata
    expr = (meta.get("License-Expression") or "").strip()
    if expr:
        return expr
    text = (meta.get("License") or "").strip()
    if (
        text
        and "\n" not in text
        and re.fullmatch(r"[A-Za-z0-9.+\- ()]+", text)
        and (re.search(r"\b(OR|AND)\b", text) or "-" in text)
    ):
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


def norm_name(name: str) -> str:
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
        if norm_name(name) in seen:
            continue
        try:
            dist = md.distribution(name)
        except md.PackageNotFoundError:
            continue
        seen[norm_name(name)] = dist
        for req in dist.requires or []:
            if Requirement is not None:
                parsed = Requirement(req)
                if parsed.marker is not None and not parsed.marker.evaluate({"extra": ""}):
                    continue
                todo.append(parsed.name)
            elif "extra ==" not in req:
                todo.append(re.match(r"[A-Za-z0-9._-]+", req).group(0))
    return sorted(seen.values(), key=lambda d: norm_name(d.metadata["Name"]))


def cpython_component() -> Component:
    """The Python runtime and standard library (PSF-2.0, with CPython's LICENSE file)."""
    texts = []
    for candidate in (
        Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt",
        Path(sys.base_prefix) / "LICENSE.txt",
        Path(sys.base_prefix) / "share" / "doc" / f"python{sys.version_info[0]}."
        f"{sys.version_info[1]}" / "copyright",
    ):
        if candidate.is_file():
            texts.append(("CPython LICENSE", candidate.read_text(encoding="utf-8", errors="replace")))
            break
    return Component(
        "CPython (interpreter and standard library)",
        "PSF-2.0",
        sys.version.split()[0],
        "https://www.python.org/",
        texts=texts,
    )


def font_component() -> Component:
    """The bundled CJK subset font."""
    texts = (
        [("resources/fonts/OFL.txt", FONT_LICENSE.read_text(encoding="utf-8"))]
        if FONT_LICENSE.is_file()
        else []
    )
    return Component(
        "Noto Sans CJK SC (subset, renamed 'Noto Sans CJK SC gpupicker subset')",
        "OFL-1.1",
        "2.004",
        "https://github.com/googlefonts/noto-cjk (via Debian fonts-noto-cjk; packaging/make_cjk_font.py)",
        texts=texts,
    )


def own_component() -> Component:
    """gpupicker itself."""
    text = (ROOT / "LICENSE").read_text(encoding="utf-8") if (ROOT / "LICENSE").is_file() else ""
    try:
        version = md.version(APP)
    except md.PackageNotFoundError:
        version = ""
    return Component(
        "gpupicker", "MIT", version, "this repository", texts=[("LICENSE", text)] if text else []
    )


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
        if norm_name(dist.metadata["Name"]) == APP:
            continue
        comps.append(dist_component(dist))
        qt_wheel |= norm_name(dist.metadata["Name"]).startswith("pyside6")
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
                out.append((f"{dist_name} {PurePosixPath(title).name}: {first[6:].strip()}", block.strip()))
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
