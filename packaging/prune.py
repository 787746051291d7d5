"""What the gpupicker bundle leaves out, for ``packaging/gpupicker.spec``.

No PyInstaller import at module level (``tests/build/test_packaging.py`` imports this module).

House style §8: excluding Qt modules saves little; the real weight is Qt plugins that drag in
libraries (the gtk3 platform theme pulls cairo/pango/gdk-pixbuf; the pdf image format pulls
QtPdf; the virtual keyboard pulls QtQuick/QtQml) and 200 Qt translation files. Each rule here is
covered by ``packaging/smoke_test.py``: the offscreen ``--selftest`` (window, catalog, zh_CN
translator, one recommendation) must pass on the pruned bundle, and ``KEPT_FILES`` must exist.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import PurePosixPath

#: PySide6 modules gpupicker never imports. pyqtgraph's QtTest import is optional; QtSvg
#: (SVG export) stays; QtOpenGL and QtOpenGLWidgets stay because pyqtgraph 0.14's
#: PlotCurveItem imports them through importlib (found by the smoke test).
EXCLUDED_QT_MODULES = (
    "Qt3DAnimation",
    "Qt3DCore",
    "Qt3DExtras",
    "Qt3DInput",
    "Qt3DLogic",
    "Qt3DRender",
    "QtBluetooth",
    "QtCharts",
    "QtConcurrent",
    "QtDataVisualization",
    "QtDBus",
    "QtDesigner",
    "QtGraphs",
    "QtHelp",
    "QtHttpServer",
    "QtLocation",
    "QtMultimedia",
    "QtMultimediaWidgets",
    "QtNetwork",
    "QtNetworkAuth",
    "QtNfc",
    "QtPdf",
    "QtPdfWidgets",
    "QtPositioning",
    "QtQml",
    "QtQuick",
    "QtQuick3D",
    "QtQuickControls2",
    "QtQuickWidgets",
    "QtRemoteObjects",
    "QtScxml",
    "QtSensors",
    "QtSerialBus",
    "QtSerialPort",
    "QtSpatialAudio",
    "QtSql",
    "QtStateMachine",
    "QtSvgWidgets",
    "QtTest",
    "QtTextToSpeech",
    "QtUiTools",
    "QtWebChannel",
    "QtWebEngineCore",
    "QtWebEngineQuick",
    "QtWebEngineWidgets",
    "QtWebSockets",
    "QtWebView",
    "QtXml",
    "QtAxContainer",
)

#: Qt's own translations kept: the zh_CN and English qtbase catalogs (house style §6).
KEPT_QT_TRANSLATIONS = frozenset({"qtbase_zh_CN.qm", "qtbase_en.qm"})

#: Qt plugins left out, as (plugin folder, file stem without lib prefix/d suffix/extension).
PRUNED_PLUGINS: tuple[tuple[str, str], ...] = (
    ("platformthemes", "qgtk3"),  # gtk3 theme: pulls gtk3, cairo, pango, gdk-pixbuf, atk
    ("platforms", "qeglfs"),  # embedded-device platforms; desktops use xcb/wayland
    ("platforms", "qlinuxfb"),
    ("platforms", "qminimalegl"),
    ("platforms", "qvnc"),
    ("platforms", "qvkkhrdisplay"),
    ("platforms", "qdirect2d"),  # Windows: qwindows is the default platform
    ("egldeviceintegrations", "*"),  # only for eglfs
    ("generic", "*"),  # evdev/tuio for eglfs (tuio pulls QtNetwork)
    ("platforminputcontexts", "qtvirtualkeyboardplugin"),  # pulls QtQuick/QtQml
    ("imageformats", "qpdf"),  # pulls QtPdf
    # gpupicker shows only PNG (built into QtGui), SVG (qsvg) and the Windows .ico;
    # the other image formats (and the libraries they pull) are never loaded
    ("imageformats", "qgif"),
    ("imageformats", "qicns"),
    ("imageformats", "qjpeg"),
    ("imageformats", "qtga"),
    ("imageformats", "qtiff"),
    ("imageformats", "qwbmp"),
    ("imageformats", "qwebp"),
)

#: Folders whose libraries are never stripped: auditwheel/delocate-vendored libraries
#: (``numpy.libs/`` …) were rewritten by patchelf, and ``strip`` breaks their program headers
#: ("ELF load command address/offset not page-aligned", found by the smoke test).
NO_STRIP_DIR_SUFFIX = ".libs"


def strippable(rel: str) -> bool:
    """True for a bundle file :func:`strip_bundle` strips: a shared library (``*.so``,
    ``*.so.N``) under ``_internal/``, not in a wheel's vendored ``*.libs`` folder. The
    executables are never stripped (PyInstaller appends its archive to them)."""
    path = _posix(rel)
    parts = path.parts
    if "_internal" not in parts or any(p.endswith(NO_STRIP_DIR_SUFFIX) for p in parts[:-1]):
        return False
    name = path.name
    return name.endswith(".so") or ".so." in name


def strip_bundle(bundle, run: Callable[..., object] | None = None) -> tuple[int, int]:
    """``strip --strip-unneeded`` every :func:`strippable` library of the Linux onedir
    ``bundle`` (~27 MB, 17 MB of it libpython; PyInstaller's own ``strip=True``
    would also strip the vendored numpy.libs and break them).

    Returns:
        (files stripped, bytes saved). Linux only; elsewhere (0, 0).
    """
    import os
    import subprocess
    from pathlib import Path

    if not sys.platform.startswith("linux"):
        return 0, 0
    run = run or subprocess.run
    root = Path(bundle)
    count = saved = 0
    for path in sorted(root.rglob("*")):
        if path.is_symlink() or not path.is_file():
            continue
        if not strippable(path.relative_to(root).as_posix()):
            continue
        before = path.stat().st_size
        mode = path.stat().st_mode
        os.chmod(path, mode | 0o200)
        run(["strip", "--strip-unneeded", str(path)], check=True)
        os.chmod(path, mode)
        count += 1
        saved += before - path.stat().st_size
    return count, saved


#: Environment switch: ``GPUPICKER_FULL_ICU=1`` bundles the wheel's full ICU data.
FULL_ICU_ENV = "GPUPICKER_FULL_ICU"


def icu_data_stub(
    binaries: Iterable[tuple[str, str, str]], build_dir, run: Callable[..., object] | None = None
) -> list[tuple[str, str, str]]:
    """``binaries`` with the wheel's ICU data library (``libicudata.so.N``, 32 MB) replaced by
    an empty ICU data package compiled from ``packaging/icu/icudt_stub.c`` (what Qt
    loses is described there). Linux only, and only when a C compiler (``cc``) is found;
    otherwise, or with ``GPUPICKER_FULL_ICU=1``, ``binaries`` unchanged (a line says so)."""
    import os
    import re
    import shutil
    import subprocess
    from pathlib import Path

    entries = list(binaries)
    if not sys.platform.startswith("linux") or os.environ.get(FULL_ICU_ENV) == "1":
        return entries
    cc = shutil.which("cc") or shutil.which("gcc")
    out = []
    for dest, src, kind in entries:
        m = re.fullmatch(r"libicudata\.so\.(\d+)", _posix(dest).name)
        if m is None:
            out.append((dest, src, kind))
            continue
        if cc is None:
            print("prune: no C compiler (cc); bundling the full 32 MB ICU data")
            out.append((dest, src, kind))
            continue
        major = m.group(1)
        target = Path(build_dir) / "icu-stub" / _posix(dest).name
        target.parent.mkdir(parents=True, exist_ok=True)
        source = Path(__file__).resolve().parent / "icu" / "icudt_stub.c"
        (run or subprocess.run)(
            [
                cc,
                "-O2",
                "-shared",
                "-fPIC",
                f"-DICUDT_SYMBOL=icudt{major}_dat",
                f"-Wl,-soname,libicudata.so.{major}",
                "-o",
                str(target),
                str(source),
            ],
            check=True,
        )
        out.append((dest, str(target), kind))
    return out


#: Python modules left out of the bundle: no TLS in an offline app (``ssl`` and
#: ``_hashlib`` are what pull libssl/libcrypto; ``hashlib`` falls back to CPython's built-in
#: hashes), and numpy's random generators (numpy imports ``numpy.random`` only on first use;
#: neither gpupicker nor pyqtgraph's plotting uses it).
#:
#: The ``gguf`` package (``importers/gguf_reader.py`` reads only ``gguf.constants.
#: GGML_QUANT_SIZES``) depends on requests (→ urllib3, certifi, charset-normalizer, idna) and
#: tqdm, but imports them only inside functions gpupicker never calls
#: (``gguf.utility.SafetensorRemote`` downloads, ``GGUFWriter`` progress bars); ``import gguf``
#: itself loads PyYAML (``gguf.metadata``), which stays. mypy and its parser ``ast_serialize``
#: come only through pydantic's mypy plugin (``pydantic.mypy``), which runs inside mypy, never
#: in the app. ``packaging/smoke_test.py`` inspects a GGUF with the bundled binary.
GGUF_UNUSED = ("requests", "urllib3", "certifi", "charset_normalizer", "idna", "tqdm")
TYPECHECK_ONLY = ("mypy", "ast_serialize", "pydantic.mypy")
#: The ``mcp`` extra (``gpupicker mcp``, for coding agents) is installed with the tests, not in
#: the desktop bundle: its SDK brings an HTTP stack (starlette, uvicorn, httpx2) that the bundle,
#: which never listens or connects, must not carry. The bundle's ``gpupicker mcp`` says the
#: extra is missing.
MCP_EXTRA = (
    "mcp",
    "mcp_types",
    "starlette",
    "sse_starlette",
    "uvicorn",
    "httpx2",
    "httpcore2",
    "h11",
    "anyio",
    "jsonschema",
    "jsonschema_specifications",
    "referencing",
    "rpds",
    "jwt",
    "cryptography",
    "cffi",
    "pycparser",
    "multipart",
    "python_multipart",
    "opentelemetry",
    "truststore",
)
BUNDLE_EXCLUDES = ("ssl", "_ssl", "_hashlib", "numpy.random", *GGUF_UNUSED, *TYPECHECK_ONLY, *MCP_EXTRA)


def bundle_excludes() -> list[str]:
    """Module names for ``Analysis(excludes=...)`` besides :func:`qt_excludes`."""
    return list(BUNDLE_EXCLUDES)


#: Bundle files the smoke test requires after pruning (relative to the Qt folder, POSIX style),
#: per platform. Platform plugins are looked up by stem.
KEPT_PLUGINS = {
    "linux": (
        ("platforms", "qoffscreen"),
        ("platforms", "qxcb"),
        ("platforms", "qwayland"),
        ("platforminputcontexts", "ibusplatforminputcontextplugin"),
    ),
    "win32": (("platforms", "qwindows"), ("platforms", "qoffscreen")),
    "darwin": (("platforms", "qcocoa"), ("platforms", "qoffscreen")),
}


def qt_excludes() -> list[str]:
    """Module names for ``Analysis(excludes=...)``."""
    return [f"PySide6.{name}" for name in EXCLUDED_QT_MODULES]


def _posix(dest: str) -> PurePosixPath:
    return PurePosixPath(dest.replace("\\", "/"))


def plugin_stem(filename: str) -> str:
    """``libqgtk3.so`` / ``qgtk3.dll`` / ``libqgtk3.dylib`` → ``qgtk3``."""
    name = filename.split(".", 1)[0]
    if name.startswith("lib"):
        name = name[3:]
    return name


def is_pruned_plugin(dest: str) -> bool:
    """True if the bundle path ``dest`` is a Qt plugin listed in ``PRUNED_PLUGINS``."""
    path = _posix(dest)
    parts = path.parts
    if "plugins" not in parts:
        return False
    i = len(parts) - 1 - parts[::-1].index("plugins")
    if len(parts) != i + 3:  # .../plugins/<folder>/<file>
        return False
    folder, stem = parts[i + 1], plugin_stem(path.name)
    for rule_folder, rule_stem in PRUNED_PLUGINS:
        if folder == rule_folder and rule_stem in ("*", stem):
            return True
    return False


def is_pruned_translation(dest: str) -> bool:
    """True for Qt's own ``.qm`` files except ``KEPT_QT_TRANSLATIONS``; ours are never touched."""
    path = _posix(dest)
    parts = path.parts
    return (
        len(parts) >= 3
        and parts[0] == "PySide6"
        and "translations" in parts
        and path.suffix == ".qm"
        and path.name not in KEPT_QT_TRANSLATIONS
    )


def leaks_build_path(dest: str) -> bool:
    """True for a bundle file that records where it was built: pip's ``direct_url.json`` (PEP
    610: ``file:///path/to/checkout`` for an editable or local install), which PyInstaller
    copies along with every collected dist-info."""
    return _posix(dest).name == "direct_url.json"


def prune_datas(toc: Iterable[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """``a.datas`` without pruned translations and without files that leak the build path."""
    return [entry for entry in toc if not is_pruned_translation(entry[0]) and not leaks_build_path(entry[0])]


def _lib_key(name: str) -> str:
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    return base.lower() if sys.platform == "win32" else base


def _default_get_imports(src: str) -> set[str]:
    from PyInstaller.depend import bindepend

    try:
        return {_lib_key(name) for name, _path in bindepend.get_imports(src)}
    except Exception:  # noqa: BLE001 - a file we cannot read is simply not followed
        return set()


def prune_binaries(
    toc: Iterable[tuple[str, str, str]],
    get_imports: Callable[[str], set[str]] | None = None,
) -> list[tuple[str, str, str]]:
    """``a.binaries`` without pruned plugins and without libraries only those plugins needed.

    A library is dropped only if a pruned plugin (transitively) imports it and nothing else kept
    does: the roots are the kept binaries no pruned plugin imports (extension modules, kept
    plugins, Python itself), so libraries that only keep each other alive go too.
    """
    get_imports = get_imports or _default_get_imports
    entries = list(toc)
    by_key: dict[str, list[tuple[str, str, str]]] = {}
    for entry in entries:
        by_key.setdefault(_lib_key(entry[0]), []).append(entry)

    def closure(start: Iterable[tuple[str, str, str]]) -> set[str]:
        seen: set[str] = set()
        todo = list(start)
        while todo:
            entry = todo.pop()
            for key in get_imports(entry[1]):
                if key in seen:
                    continue
                seen.add(key)
                todo.extend(by_key.get(key, ()))
        return seen

    pruned = [e for e in entries if is_pruned_plugin(e[0])]
    kept = [e for e in entries if not is_pruned_plugin(e[0])]
    if not pruned:
        return kept
    candidates = closure(pruned)
    roots = [e for e in kept if _lib_key(e[0]) not in candidates]
    only_pruned = candidates - closure(roots)
    return [e for e in kept if _lib_key(e[0]) not in only_pruned]
