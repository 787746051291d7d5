"""Model import in the GUI: damaged files fail fast with a message, the app stays usable."""

from __future__ import annotations

import os
import struct
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent

from gpupicker.importers.tiny_gguf import write_tiny_gguf
from tests.support.model_files import TINY_LLAMA, llama_tensors, write_config, write_safetensors

pytestmark = pytest.mark.gui


def _bad_files(tmp_path: Path) -> list[Path]:
    huge = tmp_path / "huge.safetensors"
    huge.write_bytes(struct.pack("<Q", 1 << 60) + b"{}")
    half = tmp_path / "half.gguf"
    write_tiny_gguf(half, q8_rows=2048)
    with half.open("r+b") as f:
        f.truncate(half.stat().st_size // 2)
    rnd = tmp_path / "random.bin.safetensors"
    with rnd.open("wb") as f:
        f.write(os.urandom(1 << 20))
        f.truncate(1 << 30)  # sparse 1 GiB
    return [huge, half, rnd]


def test_damaged_files_fail_fast_and_the_app_stays_usable(
    qtbot, window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "no-cache"))
    page = window.wizard.model_page
    window.wizard.show_page("model")
    dlg = page.open_import()
    for bad in _bad_files(tmp_path):
        t0 = time.perf_counter()
        assert not dlg.inspect(str(bad))
        assert time.perf_counter() - t0 < 1.0
        assert bad.name in dlg.error_label.text() and len(dlg.error_label.text()) > 40
        assert not dlg.save_button.isEnabled()
    # the same dialog then imports a good folder, and the plan uses it
    good = tmp_path / "tiny"
    write_config(good, TINY_LLAMA)
    write_safetensors(good / "model.safetensors", llama_tensors(TINY_LLAMA))
    assert dlg.inspect(str(good)) and dlg.error_label.text() == ""
    assert "106,816" in dlg.details.toPlainText()
    dlg.name_edit.setText("Tiny import")
    qtbot.mouseClick(dlg.save_button, Qt.MouseButton.LeftButton)
    w = window.controller.workload
    assert w.model_id == "user_tiny" and w.model is not None and w.model.param_count() == 106_816
    assert page.list_model.row_of("user_tiny") >= 0
    m = window.controller.repo.get_catalog_model("user_tiny")
    assert m is not None and m.is_user and m.name == "Tiny import"
    window.controller.recompute()
    assert window.controller.results is not None


def test_drop_a_folder_and_pick_from_the_hf_cache(
    qtbot, window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    snap = tmp_path / "hub" / "models--acme--tiny" / "snapshots" / "r1"
    write_config(snap, TINY_LLAMA)
    write_safetensors(snap / "model.safetensors", llama_tensors(TINY_LLAMA))
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    page = window.wizard.model_page
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(snap))])
    ev = QDropEvent(
        QPointF(5, 5),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    page.dropEvent(ev)
    dlg = page.import_dialog
    assert dlg is not None and dlg.isVisible()
    assert dlg.model is not None and dlg.model.name == "acme/tiny"
    assert dlg.cache_list.count() == 1 and "acme/tiny" in dlg.cache_list.item(0).text()
    dlg.model = None
    dlg.cache_list.setCurrentRow(0)
    assert dlg.model is not None and dlg.model.params == 106_816
    (tmp_path / "w.pt").write_bytes(b"\x80")
    assert not dlg.inspect(str(tmp_path / "w.pt"))
    assert "pickle" in dlg.error_label.text()
    dlg.reject()


def test_import_messages_in_zh_cn(qtbot, built_translations, tmp_path: Path):
    from PySide6.QtWidgets import QApplication

    from gpupicker.importers import ModelImportError, inspect_path
    from gpupicker.ui.i18n.core_messages import tr_message
    from gpupicker.ui.i18n.translators import install_translators

    (tmp_path / "w.ckpt").write_bytes(b"\x80")
    huge = tmp_path / "huge.safetensors"
    huge.write_bytes(struct.pack("<Q", 1 << 60) + b"{}")
    app = QApplication.instance()
    loaded = install_translators(app, "zh_CN")
    try:
        assert loaded["gpupicker"]
        for path, needle in (
            (tmp_path / "w.ckpt", "从不打开 pickle 文件"),
            (huge, "超过该格式 100,000,000 字节的上限"),
        ):
            with pytest.raises(ModelImportError) as ei:
                inspect_path(path)
            zh = tr_message(ei.value.args[0])  # the error's Message
            assert needle in zh and "never" not in zh and "header claims" not in zh, zh
    finally:
        from PySide6.QtCore import QLocale

        for t in getattr(app, "_gpupicker_translators", []):
            app.removeTranslator(t)
        app._gpupicker_translators = []
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))


def test_imported_gguf_sets_the_weights_format_of_an_inference_plan(
    qtbot, window, tmp_path: Path, monkeypatch
):
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "none"))
    window.controller.set_task("inference")
    page = window.wizard.model_page
    write_tiny_gguf(tmp_path / "tiny.gguf")
    dlg = page.open_import(str(tmp_path / "tiny.gguf"))
    assert dlg.model is not None and dlg.model.quantization["weights_dtype"] == "q8_0"
    assert dlg.save()
    w = window.controller.workload
    assert w.model_id == "user_tiny_gguf" and w.weights_dtype == "q8_0"


def test_the_import_reads_off_the_ui_thread_and_cancel_stops_it(
    qtbot, window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """A slow read runs on a pool thread: the window's timers still fire meanwhile, the
    progress dialog's Cancel answers at once, and the reader sees its cancel event."""
    import threading

    from PySide6.QtCore import QThread, QTimer
    from PySide6.QtWidgets import QPushButton

    import gpupicker.importers as importers
    from gpupicker.core.messages import msg
    from gpupicker.importers import ImportCancelledError

    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "no-cache"))
    seen: dict[str, object] = {}

    def slow_read(path: str, cancel: threading.Event | None = None) -> object:
        seen["ui_thread"] = QThread.currentThread() is window.thread()
        assert cancel is not None
        seen["stopped"] = cancel.wait(10.0)  # a reader stops at its next check
        raise ImportCancelledError(msg("importers.cancelled"))

    monkeypatch.setattr(importers, "inspect_path", slow_read)
    dlg = window.wizard.model_page.open_import()
    ticks: list[int] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(20)

    def press_cancel() -> None:
        assert dlg.progress is not None and dlg.progress.isVisible()  # shown after 400 ms
        dlg.progress.findChild(QPushButton).click()

    QTimer.singleShot(700, press_cancel)
    t0 = time.perf_counter()
    assert not dlg.inspect(str(tmp_path / "slow.safetensors"))
    assert time.perf_counter() - t0 < 3.0
    timer.stop()
    assert "cancelled" in dlg.error_label.text()
    assert len(ticks) >= 5  # the UI thread kept running its event loop during the read
    qtbot.waitUntil(lambda: "stopped" in seen, timeout=5000)
    assert seen == {"ui_thread": False, "stopped": True}
    assert not dlg.save_button.isEnabled()
