"""The precision page offers Ascend ModelSlim W8A8 / W4A8 where core's support table says
the engine loads them (vllm-ascend quantization guide), and they reach the ranking."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gpupicker.core.stacks.quant_support import modelslim_formats


def test_the_support_table_names_the_engines_that_load_modelslim():
    # the Ascend row refuses AWQ / GPTQ / FP8 for these engines: ModelSlim is their format
    for engine in ("vllm", "vllm-ascend", "mindie", "lmdeploy"):
        assert modelslim_formats(engine) == ("w8a8", "w4a8")
    # engines without Ascend support in the table: nothing offered
    for engine in ("sglang", "transformers", "llama.cpp"):
        assert modelslim_formats(engine) == ()


def _items(combo) -> list[str]:
    return [combo.itemData(i) for i in range(combo.count())]


def test_w8a8_and_w4a8_are_offered_for_vllm_inference_only(qtbot, window):
    c = window.controller
    c.background = False
    q = window.wizard.quant_page
    c.set_task("inference")
    q.engine.setCurrentIndex(q.engine.findData("transformers"))
    assert "w8a8" not in _items(q.weights) and "w4a8" not in _items(q.weights)
    q.engine.setCurrentIndex(q.engine.findData("vllm"))
    assert {"w8a8", "w4a8"} <= set(_items(q.weights))
    for fmt, words in (("w8a8", ("INT8", "910B")), ("w4a8", ("INT4", "910B"))):
        tip = q.weights.itemData(q.weights.findData(fmt), Qt.ItemDataRole.ToolTipRole)
        assert all(w in tip for w in words), tip
    c.set_task("lora")  # a training job: no serving engine loads its weights
    assert "w8a8" not in _items(q.weights)


def test_choosing_w8a8_ranks_the_ascend_npus_and_plain_int8_drops_the_method(qtbot, window):
    c = window.controller
    c.background = False
    q = window.wizard.quant_page
    c.set_task("inference")
    q.engine.setCurrentIndex(q.engine.findData("vllm"))
    q.weights.setCurrentIndex(q.weights.findData("w8a8"))
    assert (c.workload.weights_dtype, c.workload.quant_method) == ("int8", "w8a8")
    ranked = {o.gpu_id for o in c.recompute().options}  # the debounced run, now
    assert ranked & {"ascend_910b", "ascend_910c"}
    q.weights.setCurrentIndex(q.weights.findData("w4a8"))
    assert (c.workload.weights_dtype, c.workload.quant_method) == ("int4", "w4a8")
    q.weights.setCurrentIndex(q.weights.findData("int8"))
    assert (c.workload.weights_dtype, c.workload.quant_method) == ("int8", None)
    assert q.weights.currentData() == "int8"


def test_a_workload_in_w4a8_shows_it_even_where_it_is_not_offered(qtbot, window):
    """Never a quiet fallback: an opened W4A8 job on SGLang still reads W4A8."""
    c = window.controller
    c.background = False
    q = window.wizard.quant_page
    c.set_task("inference")
    c.update(framework="sglang", weights_dtype="int4", quant_method="w4a8")
    assert q.weights.currentData() == "w4a8"
    assert "w8a8" not in _items(q.weights)


def test_the_entries_and_their_tooltips_read_in_chinese(qtbot, repo, built_translations):
    from PySide6.QtCore import QLocale
    from PySide6.QtWidgets import QApplication

    from gpupicker.ui.i18n.translators import install_translators
    from gpupicker.ui.main_window import MainWindow

    app = QApplication.instance()
    assert install_translators(app, "zh_CN")["gpupicker"]
    try:
        win = MainWindow(repo)
        qtbot.addWidget(win)
        win.controller.background = False
        win.controller.set_task("inference")
        win.controller.update(framework="vllm")
        q = win.wizard.quant_page
        i = q.weights.findData("w8a8")
        assert q.weights.itemText(i) == "W8A8（INT8 权重和激活）"
        tip = q.weights.itemData(i, Qt.ItemDataRole.ToolTipRole)
        assert "昇腾" in tip and "显存" in tip
        assert "昇腾 910B" in q.weights.itemData(q.weights.findData("w4a8"), Qt.ItemDataRole.ToolTipRole)
    finally:
        for t in getattr(app, "_gpupicker_translators", []):
            app.removeTranslator(t)
        app._gpupicker_translators = []
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
