"""Fast checks of packaging/ (no PyInstaller run): the spec's decisions, pruning, smoke-test verdicts.

The real build and smoke test are ``make dist-test`` (minutes; not part of ``make test``).
"""

from __future__ import annotations

import configparser
import importlib.util
import shutil
import sys
import types
from pathlib import Path

import pytest

from tests.support.paths import REPO

ROOT = REPO
PACKAGING = ROOT / "packaging"


def _load(name: str):
    if str(PACKAGING) not in sys.path:
        sys.path.insert(0, str(PACKAGING))
    spec = importlib.util.spec_from_file_location(f"_packaging_{name}", PACKAGING / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look the module up while the class is built
    spec.loader.exec_module(module)
    return module


prune = _load("prune")
smoke = _load("smoke_test")
common = _load("common")


# --- the spec, executed against stand-ins for PyInstaller's build classes ----------------------


class _Recorder:
    """Stands in for Analysis/PYZ/EXE/COLLECT/BUNDLE and remembers its arguments."""

    calls: list[tuple[str, tuple, dict]]

    def __init__(self, kind: str):
        self.kind = kind

    def __call__(self, *args, **kwargs):
        _Recorder.calls.append((self.kind, args, kwargs))
        if self.kind == "Analysis":
            return types.SimpleNamespace(
                binaries=[], datas=list(kwargs["datas"]), scripts=[], pure=[], kwargs=kwargs
            )
        return types.SimpleNamespace(kind=self.kind)


@pytest.fixture
def fake_repo(tmp_path: Path) -> Path:
    """A repo-shaped tree with the real spec and helpers, and small data/resources folders."""
    (tmp_path / "packaging").mkdir()
    for name in ("gpupicker.spec", "prune.py", "launcher.py"):
        shutil.copy2(PACKAGING / name, tmp_path / "packaging" / name)
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "gpupicker"\nversion = "9.8.7"\n', encoding="utf-8"
    )
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "gpus.csv").write_text("id\nh100\n", encoding="utf-8")
    (tmp_path / "data" / "README.md").write_text("sources\n", encoding="utf-8")
    icons = tmp_path / "resources" / "icons"
    icons.mkdir(parents=True)
    (icons / "gpupicker.svg").write_text("<svg/>", encoding="utf-8")
    (icons / "stray.png.tmp").write_bytes(b"x")
    i18n = tmp_path / "resources" / "i18n"
    i18n.mkdir()
    (i18n / "gpupicker_zh_CN.ts").write_text("<TS/>", encoding="utf-8")
    (i18n / "gpupicker_zh_CN.qm").write_bytes(b"qm")
    return tmp_path


def run_spec(
    repo: Path, monkeypatch: pytest.MonkeyPatch, installed_version: str = "9.8.7", **env: str
) -> list[tuple[str, tuple, dict]]:
    """Execute ``repo/packaging/gpupicker.spec`` as PyInstaller would, with recorded build steps."""
    for key in ("GPUPICKER_ONEFILE", "GPUPICKER_CONSOLE"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = lambda name: [name, f"{name}.cli"]
    hooks.copy_metadata = lambda name: [(f"/site/{name}-9.8.7.dist-info", f"{name}-9.8.7.dist-info")]
    monkeypatch.setattr("importlib.metadata.version", lambda name: installed_version)
    for mod_name, mod in {
        "PyInstaller": types.ModuleType("PyInstaller"),
        "PyInstaller.utils": types.ModuleType("PyInstaller.utils"),
        "PyInstaller.utils.hooks": hooks,
    }.items():
        monkeypatch.setitem(sys.modules, mod_name, mod)
    monkeypatch.delitem(sys.modules, "prune", raising=False)
    monkeypatch.setattr(sys, "path", list(sys.path))
    _Recorder.calls = []
    namespace = {name: _Recorder(name) for name in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    namespace.update(SPECPATH=str(repo / "packaging"), __name__="__main__")
    spec_file = repo / "packaging" / "gpupicker.spec"
    exec(compile(spec_file.read_text(encoding="utf-8"), str(spec_file), "exec"), namespace)
    return _Recorder.calls


def _call(calls, kind):
    found = [c for c in calls if c[0] == kind]
    return found[0] if found else None


def test_spec_maps_data_and_resources_under_bundled(fake_repo, monkeypatch):
    analysis = _call(run_spec(fake_repo, monkeypatch), "Analysis")
    datas = {
        (Path(src).relative_to(fake_repo).as_posix(), dest)
        for src, dest in analysis[2]["datas"]
        if Path(src).is_relative_to(fake_repo)
    }
    assert ("data/gpus.csv", "gpupicker/_bundled/data") in datas
    assert ("data/README.md", "gpupicker/_bundled/data") in datas
    assert ("resources/icons/gpupicker.svg", "gpupicker/_bundled/resources/icons") in datas
    assert ("resources/i18n/gpupicker_zh_CN.qm", "gpupicker/_bundled/resources/i18n") in datas
    assert ("/site/gpupicker-9.8.7.dist-info", "gpupicker-9.8.7.dist-info") in {
        (src, dest) for src, dest in analysis[2]["datas"]
    }  # importlib.metadata.version works
    sources = {src for src, _ in datas}
    assert "resources/i18n/gpupicker_zh_CN.ts" not in sources  # compiled .qm only
    assert "resources/icons/stray.png.tmp" not in sources


def test_spec_default_is_windowed_onedir_without_upx(fake_repo, monkeypatch):
    calls = run_spec(fake_repo, monkeypatch)
    analysis, exe, coll = _call(calls, "Analysis"), _call(calls, "EXE"), _call(calls, "COLLECT")
    assert coll is not None and coll[2]["name"] == "gpupicker" and coll[2]["upx"] is False
    assert exe[2]["name"] == "gpupicker"
    assert exe[2]["exclude_binaries"] is True
    assert exe[2]["upx"] is False
    assert exe[2]["console"] is False
    excludes = analysis[2]["excludes"]
    assert "tkinter" in excludes and "PySide6.QtNetwork" in excludes and "PyQt5" in excludes
    for needed in (
        "PySide6.QtWidgets",
        "PySide6.QtSvg",
        "PySide6.QtOpenGL",
        "PySide6.QtOpenGLWidgets",
    ):  # pyqtgraph imports the OpenGL ones via importlib
        assert needed not in excludes
        assert needed in analysis[2]["hiddenimports"]
    assert analysis[2]["pathex"] == [str(fake_repo)]
    assert Path(analysis[1][0][0]).name == "launcher.py"


def test_spec_onefile_and_console_switches(fake_repo, monkeypatch):
    calls = run_spec(fake_repo, monkeypatch, GPUPICKER_ONEFILE="1", GPUPICKER_CONSOLE="1")
    assert _call(calls, "COLLECT") is None
    exe = _call(calls, "EXE")
    assert exe[2]["name"] == "gpupicker-portable"
    assert exe[2]["console"] is True
    assert "exclude_binaries" not in exe[2]


def test_spec_bundle_version_comes_from_pyproject(fake_repo, monkeypatch):
    monkeypatch.setattr(sys, "platform", "darwin")
    bundle = _call(run_spec(fake_repo, monkeypatch), "BUNDLE")
    assert bundle[2]["version"] == "9.8.7"
    assert bundle[2]["info_plist"]["CFBundleShortVersionString"] == "9.8.7"
    assert bundle[2]["name"] == "gpupicker.app"


def test_spec_refuses_to_build_without_compiled_translations(fake_repo, monkeypatch):
    (fake_repo / "resources" / "i18n" / "gpupicker_zh_CN.qm").unlink()
    with pytest.raises(SystemExit, match=r"gpupicker\.ui\.i18n\.build"):
        run_spec(fake_repo, monkeypatch)


def test_spec_refuses_a_stale_install(fake_repo, monkeypatch):
    with pytest.raises(SystemExit, match="re-run"):
        run_spec(fake_repo, monkeypatch, installed_version="0.0.1")


def test_real_spec_compiles():
    source = (PACKAGING / "gpupicker.spec").read_text(encoding="utf-8")
    compile(source, "gpupicker.spec", "exec")


# --- pruning --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dest", "pruned"),
    [
        ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", True),
        ("PySide6/Qt/plugins/platformthemes/libqxdgdesktopportal.so", False),
        ("PySide6/Qt/plugins/platforms/libqxcb.so", False),
        ("PySide6/Qt/plugins/platforms/libqoffscreen.so", False),
        ("PySide6/Qt/plugins/platforms/libqeglfs.so", True),
        ("PySide6\\plugins\\platforms\\qdirect2d.dll", True),
        ("PySide6\\plugins\\platforms\\qwindows.dll", False),
        ("PySide6/Qt/plugins/platforms/libqcocoa.dylib", False),
        ("PySide6/Qt/plugins/generic/libqtuiotouchplugin.so", True),
        ("PySide6/Qt/plugins/platforminputcontexts/libqtvirtualkeyboardplugin.so", True),
        ("PySide6/Qt/plugins/platforminputcontexts/libibusplatforminputcontextplugin.so", False),
        ("PySide6/Qt/plugins/imageformats/libqpdf.so", True),
        ("PySide6/Qt/plugins/imageformats/libqsvg.so", False),
        ("PySide6/Qt/lib/libQt6Gui.so.6", False),
        ("libqgtk3.so", False),
    ],
)
def test_is_pruned_plugin(dest, pruned):
    assert prune.is_pruned_plugin(dest) is pruned


@pytest.mark.parametrize(
    ("dest", "pruned"),
    [
        ("PySide6/Qt/translations/qtbase_de.qm", True),
        ("PySide6/Qt/translations/qt_zh_CN.qm", True),
        ("PySide6/Qt/translations/qtbase_zh_CN.qm", False),
        ("PySide6/Qt/translations/qtbase_en.qm", False),
        ("PySide6\\translations\\qtbase_fr.qm", True),
        ("gpupicker/_bundled/resources/i18n/gpupicker_zh_CN.qm", False),
    ],
)
def test_is_pruned_translation(dest, pruned):
    assert prune.is_pruned_translation(dest) is pruned


def test_prune_datas_keeps_our_files():
    toc = [
        ("PySide6/Qt/translations/qtbase_de.qm", "/x/qtbase_de.qm", "DATA"),
        ("PySide6/Qt/translations/qtbase_zh_CN.qm", "/x/qtbase_zh_CN.qm", "DATA"),
        ("gpupicker/_bundled/data/gpus.csv", "/r/data/gpus.csv", "DATA"),
    ]
    assert [d for d, _, _ in prune.prune_datas(toc)] == [
        "PySide6/Qt/translations/qtbase_zh_CN.qm",
        "gpupicker/_bundled/data/gpus.csv",
    ]


def test_prune_binaries_drops_orphans_only():
    gtk = "PySide6/Qt/plugins/platformthemes/libqgtk3.so"
    xcb = "PySide6/Qt/plugins/platforms/libqxcb.so"
    imports = {
        "/src/libqgtk3.so": {"libQt6Gui.so.6", "libgtk-3.so.0", "libcairo.so.2", "libglib.so"},
        "/src/libqxcb.so": {"libQt6Gui.so.6", "libglib.so"},
        "/src/libgtk-3.so.0": {"libcairo.so.2", "libpango.so"},
        "/src/libcairo.so.2": {"libpixman.so"},
        "/src/libpango.so": {"libcairo.so.2"},  # orphans that keep each other alive
        "/src/QtGui.so": {"libQt6Gui.so.6"},
        "/src/libQt6Gui.so.6": {"libglib.so"},
    }
    toc = [
        (gtk, "/src/libqgtk3.so", "BINARY"),
        (xcb, "/src/libqxcb.so", "BINARY"),
        ("PySide6/QtGui.so", "/src/QtGui.so", "EXTENSION"),
        ("PySide6/Qt/lib/libQt6Gui.so.6", "/src/libQt6Gui.so.6", "BINARY"),
    ]
    toc += [
        (name, f"/src/{name}", "BINARY")
        for name in (
            "libgtk-3.so.0",
            "libcairo.so.2",
            "libpango.so",
            "libpixman.so",
            "libglib.so",
            "libsqlite3.so.0",
        )
    ]
    kept = {d for d, _, _ in prune.prune_binaries(toc, get_imports=lambda s: imports.get(s, set()))}
    assert gtk not in kept
    assert not kept & {"libgtk-3.so.0", "libcairo.so.2", "libpango.so", "libpixman.so"}
    # shared with kept binaries, or collected for another reason: untouched
    assert {xcb, "PySide6/QtGui.so", "PySide6/Qt/lib/libQt6Gui.so.6", "libglib.so", "libsqlite3.so.0"} <= kept


# --- smoke test verdicts on fake output -----------------------------------------------------


def _catalog(tmp_path: Path) -> Path:
    path = tmp_path / "catalog.sqlite"
    path.write_bytes(smoke.SQLITE_MAGIC + b"\0" * 100)
    return path


def test_check_run_passes_clean_selftest(tmp_path):
    result = smoke.RunResult(0, "gpupicker selftest ok: 1x H100 80GB, $2.10/h\n", "", {}, 1.2)
    assert smoke.check_run(result, _catalog(tmp_path)) == []


@pytest.mark.parametrize(
    "bad_text",
    [
        'Traceback (most recent call last):\n  File "launcher.py", line 3',
        "ModuleNotFoundError: No module named 'gpupicker.ui.app.launch'",
        'qt.qpa.plugin: Could not find or load the Qt platform plugin "xcb"',
        "FileNotFoundError: [Errno 2] No such file or directory: '/x/_bundled/data/gpus.csv'",
        "ImportError: libxkbcommon.so.0: cannot open shared object file",
        'qt.qpa.plugin: Could not load the Qt platform plugin "xcb" in "" even though it was found.',
    ],
)
@pytest.mark.parametrize("where", ["stdout", "stderr", "log"])
def test_check_run_fails_on_markers(tmp_path, bad_text, where):
    out = "gpupicker selftest ok: fine\n"
    texts = {"stdout": out, "stderr": "", "log": ""}
    texts[where] += bad_text + "\n"
    result = smoke.RunResult(0, texts["stdout"], texts["stderr"], {"log/gpupicker.log": texts["log"]})
    problems = smoke.check_run(result, _catalog(tmp_path))
    assert problems and all("marker in" in p for p in problems)


def test_check_run_fails_on_exit_status_timeout_and_missing_sentinel(tmp_path):
    catalog = _catalog(tmp_path)
    assert any(
        "exit status 3" in p
        for p in smoke.check_run(smoke.RunResult(3, "gpupicker selftest ok: x", ""), catalog)
    )
    assert any("timed out" in p for p in smoke.check_run(smoke.RunResult(None, "", "", seconds=180), catalog))
    assert any("selftest ok" in p for p in smoke.check_run(smoke.RunResult(0, "hello", ""), catalog))


def test_check_run_accepts_sentinel_from_log_only(tmp_path):
    # windowed Windows builds: stdout is None, the launcher writes console.log instead
    result = smoke.RunResult(0, "", "", {"log/console.log": "gpupicker selftest ok: x\n"})
    assert smoke.check_run(result, _catalog(tmp_path)) == []


def test_check_run_requires_a_real_catalog(tmp_path):
    result = smoke.RunResult(0, "gpupicker selftest ok: x", "")
    assert any("no catalog" in p for p in smoke.check_run(result, tmp_path / "missing.sqlite"))
    not_sqlite = tmp_path / "catalog.sqlite"
    not_sqlite.write_text("hello", encoding="utf-8")
    assert any("not an SQLite" in p for p in smoke.check_run(result, not_sqlite))


def test_snapshot_diff_reports_writes(tmp_path):
    (tmp_path / "a.txt").write_text("1", encoding="utf-8")
    before = smoke.snapshot(tmp_path)
    (tmp_path / "catalog.sqlite").write_text("x", encoding="utf-8")
    (tmp_path / "a.txt").write_text("22", encoding="utf-8")
    changes = smoke.diff_snapshots(before, smoke.snapshot(tmp_path))
    assert changes == ["created catalog.sqlite", "modified a.txt"]


def test_check_layout_on_fake_bundle(tmp_path, monkeypatch):
    monkeypatch.setattr(smoke, "_platform_key", lambda: "linux")
    qt = tmp_path / "_internal" / "PySide6" / "Qt"
    for rel in (
        "translations/qtbase_zh_CN.qm",
        "translations/qtbase_en.qm",
        "plugins/platforms/libqoffscreen.so",
        "plugins/platforms/libqxcb.so",
        "plugins/platforms/libqwayland.so",
        "plugins/platforminputcontexts/libibusplatforminputcontextplugin.so",
    ):
        (qt / rel).parent.mkdir(parents=True, exist_ok=True)
        (qt / rel).write_bytes(b"x")
    data = tmp_path / "_internal" / "gpupicker" / "_bundled" / "data"
    data.mkdir(parents=True)
    (data / "gpus.csv").write_text("id\n", encoding="utf-8")
    i18n = tmp_path / "_internal" / "gpupicker" / "_bundled" / "resources" / "i18n"
    i18n.mkdir(parents=True)
    for ts in (ROOT / "resources" / "i18n").glob("*.ts"):
        (i18n / f"{ts.stem}.qm").write_bytes(b"qm")
    assert smoke.check_layout(tmp_path) == []

    (qt / "translations" / "qtbase_zh_CN.qm").unlink()
    (qt / "plugins" / "platformthemes").mkdir()
    (qt / "plugins" / "platformthemes" / "libqgtk3.so").write_bytes(b"x")
    problems = smoke.check_layout(tmp_path)
    assert "missing Qt translation qtbase_zh_CN.qm" in problems
    assert any("pruned file present" in p and "libqgtk3" in p for p in problems)


def test_launcher_sends_missing_stdio_to_the_user_log(tmp_path, monkeypatch):
    # windowed Windows builds start with sys.stdout = sys.stderr = None
    launcher = _load("launcher")
    monkeypatch.setenv("GPUPICKER_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    launcher._ensure_stdio()
    try:
        print("gpupicker selftest ok: x")
    finally:
        sys.stdout.close()
    text = (tmp_path / "log" / "console.log").read_text(encoding="utf-8")
    assert smoke.sentinel_line(text) == "gpupicker selftest ok: x"


def test_launcher_prints_selftest_exceptions_instead_of_a_dialog(monkeypatch, capsys):
    launcher = _load("launcher")
    fake = types.ModuleType("gpupicker.__main__")

    def boom() -> int:
        raise ModuleNotFoundError("No module named 'gpupicker.ui.app.launch'")

    fake.main = boom
    monkeypatch.setitem(sys.modules, "gpupicker.__main__", fake)
    monkeypatch.setattr(sys, "argv", ["gpupicker", "--selftest"])
    assert launcher._run() == 1
    assert "ModuleNotFoundError" in capsys.readouterr().err
    monkeypatch.setattr(sys, "argv", ["gpupicker"])
    with pytest.raises(ModuleNotFoundError):
        launcher._run()


# --- desktop entry, size helper -------------------------------------------------------------


def test_desktop_entry():
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read(PACKAGING / "gpupicker.desktop", encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Exec"] == "gpupicker"
    assert entry["Icon"] == "gpupicker"
    assert entry["Categories"] == "Development;"  # one main category (desktop-file-validate)
    assert entry["Version"] == "1.0"  # 1.5 is unknown to desktop-file-utils 0.26
    assert entry["Terminal"] == "false"


def test_tree_size_and_version(tmp_path):
    (tmp_path / "a").write_bytes(b"x" * 1000)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b").write_bytes(b"x" * 500)
    assert common.tree_size_bytes(tmp_path) == 1500
    assert common.project_version() == common.project_version(ROOT)
    assert common.MAX_BUNDLE_MB == 150.0  # the size the release promises


# --- icon containers ------------------------------------------------------------------------

make_icons = _load("make_icons")


def test_ico_container_layout():
    import struct

    pngs = {16: b"\x89PNG-16", 256: b"\x89PNG-256-bytes"}
    data = make_icons.ico_bytes(pngs)
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind, count) == (0, 1, 2)
    entries = [struct.unpack_from("<BBBBHHII", data, 6 + 16 * i) for i in range(count)]
    assert [(e[0], e[1]) for e in entries] == [(16, 16), (0, 0)]  # 0 = 256 px
    for entry, size in zip(entries, (16, 256), strict=True):
        length, offset = entry[6], entry[7]
        assert data[offset : offset + length] == pngs[size]


def test_icns_container_layout():
    import struct

    pngs = {16: b"a" * 3, 32: b"b" * 5, 1024: b"c" * 7}
    data = make_icons.icns_bytes(pngs)
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    kinds, pos = [], 8
    while pos < len(data):
        kind, length = data[pos : pos + 4], struct.unpack(">I", data[pos + 4 : pos + 8])[0]
        kinds.append(kind)
        pos += length
    assert pos == len(data)
    assert kinds == [b"icp4", b"icp5", b"ic10", b"ic11"]  # ic11 = 16@2x, i.e. the 32 px image


def test_spec_windows_adds_a_console_cli_exe(fake_repo, monkeypatch):
    """Gpupicker.exe stays windowed; gpupicker-cli.exe (console) shares _internal."""
    vi = types.ModuleType("PyInstaller.utils.win32.versioninfo")
    for cls in (
        "VSVersionInfo",
        "FixedFileInfo",
        "StringFileInfo",
        "StringTable",
        "StringStruct",
        "VarFileInfo",
        "VarStruct",
    ):
        setattr(vi, cls, lambda *a, **k: (a, k))
    win32 = types.ModuleType("PyInstaller.utils.win32")
    win32.versioninfo = vi
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.win32", win32)
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.win32.versioninfo", vi)
    monkeypatch.setattr(sys, "platform", "win32")
    calls = run_spec(fake_repo, monkeypatch)
    exes = [c for c in calls if c[0] == "EXE"]
    assert [e[2]["name"] for e in exes] == ["gpupicker", "gpupicker-cli"]
    assert [e[2]["console"] for e in exes] == [False, True]
    coll = _call(calls, "COLLECT")
    assert len([a for a in coll[1] if getattr(a, "kind", None) == "EXE"]) == 2


def test_spec_excludes_gpl_readline_and_gdbm(fake_repo, monkeypatch):
    """GNU readline / gdbm (GPL-3.0) never bundled; the build path (an editable
    install's direct_url.json) is checked on the real bundle by smoke_test.check_no_build_path."""
    analysis = _call(run_spec(fake_repo, monkeypatch), "Analysis")
    for name in ("readline", "_gdbm", "dbm.gnu", "rich"):
        assert name in analysis[2]["excludes"]


def test_prune_datas_drops_direct_url_json():
    toc = [
        ("gpupicker-0.1.0.dist-info/direct_url.json", "/src/direct_url.json", "DATA"),
        ("gpupicker-0.1.0.dist-info/METADATA", "/src/METADATA", "DATA"),
    ]
    assert [e[0] for e in prune.prune_datas(toc)] == ["gpupicker-0.1.0.dist-info/METADATA"]
