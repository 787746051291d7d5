"""Driving the wizard with mouse and keyboard; results, labels, plots, recompute."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from gpupicker.core.units import GiB
from gpupicker.ui.i18n.texts import glossary
from gpupicker.ui.results.options_model import OptionsTableModel

pytestmark = pytest.mark.gui


def _enter(qtbot, wizard) -> None:
    """Press Enter where the focus is (Enter = Next)."""
    target = QApplication.focusWidget() or wizard
    qtbot.keyClick(target, Qt.Key.Key_Return)


def _click(qtbot, button) -> None:
    """Click a radio button or check box on its indicator (its centre may be empty space)."""
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=QPoint(8, button.height() // 2))


def _type_into(qtbot, spin, text: str) -> None:
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, text)


def test_seed_case_qlora_mistral_through_all_pages(qtbot, window):
    """QLoRA Mistral-7B, batch 4 × 2048 tokens: the RTX 4090 fits and the plot shows it."""
    wiz = window.wizard
    c = window.controller
    assert wiz.currentPage() is wiz.task_page

    # task page: pick LoRA first, then QLoRA, with the mouse
    _click(qtbot, wiz.task_page.buttons["lora"])
    assert c.workload.task == "lora"
    _click(qtbot, wiz.task_page.buttons["qlora"])
    assert c.workload.task == "qlora" and c.workload.weights_dtype == "nf4"
    wiz.task_page.buttons["qlora"].setFocus()
    _enter(qtbot, wiz)
    assert wiz.currentPage() is wiz.model_page

    # model page: search, then click the row
    page = wiz.model_page
    qtbot.mouseClick(page.search, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(page.search, "Mistral 7B v0.1")
    assert page.proxy.rowCount() >= 1
    idx = page.proxy.index(0, 0)
    rect = page.view.visualRect(idx)
    qtbot.mouseClick(page.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert c.workload.model_id == "mistral_7b_v0_1"
    _enter(qtbot, wiz)
    assert wiz.currentPage() is wiz.quant_page

    # quantization page: batch 4, sequence 2048, NF4 weights
    q = wiz.quant_page
    assert q.weights.currentData() == "nf4"
    _type_into(qtbot, q.batch, "4")
    _type_into(qtbot, q.seq_len, "2048")  # the batch box lost focus: applied
    assert c.workload.batch == 4
    _enter(qtbot, wiz)  # applies the sequence length, then Next
    assert c.workload.seq_len == 2048
    assert wiz.currentPage() is wiz.budget_page

    # budget page: a 6-hour run (typing alone applies nothing; Enter applies it, then Next)
    b = wiz.budget_page
    _type_into(qtbot, b.train_hours, "6")
    assert c.workload.train_hours is None
    _enter(qtbot, wiz)
    assert c.workload.train_hours == 6
    assert wiz.currentPage() is wiz.results_page

    with qtbot.waitSignal(c.resultsChanged, timeout=3000):
        c.schedule()
    view = c.results
    assert not view.error
    rtx = [o for o in view.options if o.gpu_id == "rtx_4090" and o.num_gpus == 1]
    assert rtx and all(o.fits for o in rtx)
    assert rtx[0].total_bytes_per_gpu < 24e9
    for o in rtx:
        if o.cost.usd_total is not None and o.cost.hours:
            assert o.cost.usd_total == pytest.approx(o.cost.usd_per_hour * o.cost.hours, rel=0.05)

    # the table shows the ranked options; the plot shows exactly their breakdowns
    results = wiz.results_page
    shown = results.visible_options()
    assert shown and all(o.fits for o in shown)
    plot = results.vram_plot
    assert plot.options, "the VRAM plot is empty"
    heights = plot.stacked_heights()
    for i, o in enumerate(plot.options):
        bd = o.memory.breakdown()
        for comp, values in heights.items():
            assert values[i] == pytest.approx(bd[comp] / GiB)
        total = sum(values[i] for values in heights.values())
        assert total == pytest.approx(o.memory.total_bytes / GiB)
    caps, _rows = plot.capacity_item.getData()
    assert caps[0] == pytest.approx(plot.options[0].capacity_bytes_per_gpu / GiB)
    assert plot.plot_item.getAxis("bottom").labelText.endswith("(GiB)")

    # every offer: the seed's own RTX 4090 price, $0.44/h × 6 h = $2.64 (acceptance 3)
    with qtbot.waitSignal(c.resultsChanged, timeout=5000):
        _click(qtbot, results.all_offers)
    seed = [
        o
        for o in c.results.options
        if o.gpu_id == "rtx_4090" and o.num_gpus == 1 and o.cost.usd_per_hour == pytest.approx(0.44)
    ]
    assert seed and seed[0].fits
    assert seed[0].cost.hours == pytest.approx(6.0)
    assert round(seed[0].cost.usd_total, 2) == 2.64


def test_results_page_labels_reasons_and_pareto(qtbot, window):
    c = window.controller
    c.update(train_hours=6.0)
    c.recompute()
    window.wizard.show_page("results")
    page = window.wizard.results_page
    model = page.options_model
    labels = [model.data(model.index(r, model.COLUMNS.index("label"))) for r in range(model.rowCount())]
    assert any("Cheapest" in (x or "") for x in labels)
    reasons = [model.data(model.index(r, model.COLUMNS.index("reason"))) for r in range(model.rowCount())]
    assert all(reasons)
    cost = page.cost_plot
    assert cost.scatter_item is not None and cost.front_item is not None
    fx, fy = cost.front_item.getData()
    assert len(fx) >= 1
    # front points are the non-dominated ones: no plotted point is cheaper *and* faster
    for _, x, y in cost.points:
        for px, py in zip(fx, fy, strict=True):
            if cost.mode == "time":
                assert not (x < px and y < py)
            else:
                assert not (x > px and y < py)


def test_advisor_shown_when_preferred_gpu_does_not_fit(qtbot, window):
    c = window.controller
    arch = window.repo.get_model("llama3_8b")
    c.set_model("llama3_8b", arch)
    c.set_task("full_ft")
    c.update(seq_len=4096, gpu="rtx_4090", weights_dtype="bf16")
    c.recompute()
    page = window.wizard.results_page
    assert c.results.preferred_fits is False
    assert not page.advisor_box.isHidden()
    assert page.advisor_list.count() >= 1
    advice = c.results.advice
    assert advice, "core.advisor gave no suggestion"
    first_fit = next(a for a in advice if a.fits)
    text = page.advisor_list.item(0).text()
    assert first_fit.description in text
    # double-clicking a suggestion applies it; the job then fits the RTX 4090
    item = page.advisor_list.item(list(advice).index(first_fit))
    with qtbot.waitSignal(c.resultsChanged, timeout=3000):
        page.advisor_list.itemActivated.emit(item)
    assert c.results.preferred_fits is True


def test_changing_an_input_recomputes_debounced(qtbot, window):
    c = window.controller
    window.wizard.show_page("quantization")
    before = c.results
    with qtbot.waitSignal(c.resultsChanged, timeout=2000):
        window.wizard.quant_page.batch.setValue(8)
    assert c.results is not before
    assert c.workload.batch == 8


def test_background_results_of_older_edits_are_dropped(qtbot, window):
    c = window.controller
    c.update(batch=1)
    c._start_background()
    c.update(batch=8)
    with qtbot.waitSignal(c.resultsChanged, timeout=5000):
        c._start_background()
    assert c.wait_idle()
    qtbot.wait(50)
    background = c.results
    expected = c.recompute()
    assert [o.memory.total_bytes for o in background.options[:5]] == [
        o.memory.total_bytes for o in expected.options[:5]
    ]


def test_lora_rank_and_sharding_edits(qtbot, window):
    c = window.controller
    q = window.wizard.quant_page
    q.lora_rank.setValue(64)
    assert c.workload.lora is not None and c.workload.lora.r == 64
    q.sharding.setCurrentIndex(q.sharding.findData("zero2"))
    assert c.workload.parallelism.zero_stage == 2
    q.grad_ckpt.setChecked(False)
    assert c.workload.grad_ckpt is False


def test_invalid_edit_is_rejected_with_a_message(qtbot, window):
    c = window.controller
    with qtbot.waitSignal(c.inputRejected, timeout=1000) as blocker:
        ok = c.update(weights_dtype="bf16")  # QLoRA needs 4/8-bit weights
    assert not ok
    assert "QLoRA" in blocker.args[0]
    assert c.workload.weights_dtype == "nf4"
    assert window.wizard.quant_page.weights.currentData() == "nf4"


def test_every_task_renders_results(qtbot, window):
    c = window.controller
    for task in ("inference", "lora", "full_ft", "pretrain", "image_gen", "diffusion_lora", "qlora"):
        assert c.set_task(task)
        view = c.recompute()
        assert not view.error, (task, view.error)
        assert view.options
        assert window.wizard.results_page.options_model.rowCount() == len(view.options)
        kinds = {
            window.wizard.model_page.list_model.model_at(
                window.wizard.model_page.proxy.mapToSource(window.wizard.model_page.proxy.index(r, 0)).row()
            ).kind
            for r in range(window.wizard.model_page.proxy.rowCount())
        }
        kind = "diffusion" if task in ("image_gen", "diffusion_lora") else "llm"
        assert kinds == {kind}
        assert c.workload.model.kind == kind


def test_quantization_page_shows_framework_precision_and_sharding_the_ranking_uses(qtbot, window):
    c = window.controller
    q = window.wizard.quant_page
    assert c.set_task("pretrain")
    assert "mixed precision" in q.precision_used.text()
    assert "FSDP full shard on 2+ GPUs" in q.precision_used.text()
    q.precision.setCurrentIndex(q.precision.findData(False))
    assert c.workload.master_weights is False
    assert "pure bf16" in q.precision_used.text()
    q.framework.setCurrentIndex(q.framework.findData("deepspeed"))
    assert c.workload.framework == "deepspeed"
    assert "DeepSpeed" in q.precision_used.text()
    q.sharding.setCurrentIndex(q.sharding.findData("zero2"))
    assert "ZeRO-2" in q.precision_used.text()
    assert q.sharding.itemText(0).startswith("Automatic")


def test_results_page_renders_the_same_recommendation_again(qtbot, window):
    """Showing a recommendation again (table + plots) gives the same rows; how long it takes
    is a figure of `make bench` (input change → painted), not a timed test."""
    c = window.controller
    window.wizard.show_page("results")
    page = window.wizard.results_page
    view = c.recompute()
    page.show_results(view)
    model = page.table.model()
    first = [model.index(r, 0).data() for r in range(model.rowCount())]
    assert first
    for _ in range(3):
        page.show_results(c.recompute())
        assert [model.index(r, 0).data() for r in range(model.rowCount())] == first


def test_keyboard_mnemonic_and_results_shortcut(qtbot, window):
    wiz = window.wizard
    window.activateWindow()
    qtbot.waitActive(window)
    wiz.task_page.buttons["qlora"].setFocus()
    qtbot.keyClick(wiz.task_page.buttons["qlora"], Qt.Key.Key_I, Qt.KeyboardModifier.AltModifier)
    # a mnemonic "animates" the click: the button toggles ~100 ms later
    qtbot.waitUntil(lambda: window.controller.workload.task == "inference", timeout=2000)
    window.results_action.trigger()
    assert wiz.currentPage() is wiz.results_page
    wiz.show_page("task")
    assert wiz.currentPage() is wiz.task_page


def test_table_model_passes_modeltester(qtmodeltester, window):
    window.controller.recompute()
    model = window.wizard.results_page.options_model
    assert model.rowCount() > 0
    qtmodeltester.check(model)
    qtmodeltester.check(window.wizard.model_page.list_model)
    empty = OptionsTableModel()
    qtmodeltester.check(empty)


def test_gb_preference_changes_units(qtbot, window):
    from gpupicker.ui.settings.preferences import Preferences

    window._apply_prefs(Preferences(byte_unit="GB"))
    window.controller.recompute()
    page = window.wizard.results_page
    model = page.options_model
    text = model.data(model.index(0, model.COLUMNS.index("vram")))
    assert text.endswith("GB") and "GiB" not in text
    assert page.vram_plot.plot_item.getAxis("bottom").labelText.endswith("(GB)")
    assert Preferences.load().byte_unit == "GB"


def test_preferences_dialog_and_geometry_are_saved(qtbot, window, repo):
    from PySide6.QtCore import QSettings

    from gpupicker.ui.main_window import MainWindow
    from gpupicker.ui.settings.preferences import Preferences, window_state_path

    dlg = window.open_preferences()
    qtbot.addWidget(dlg)
    dlg.staleness.setValue(3)
    dlg.hours.setCurrentIndex(dlg.hours.findData(720))
    dlg.lang.setCurrentIndex(dlg.lang.findData("zh_CN"))
    dlg.accept()
    prefs = Preferences.load()
    assert prefs.staleness_months == 3 and prefs.hours_per_month == 720
    assert prefs.lang == "zh_CN"
    assert window.controller.prefs.hours_per_month == 720

    window.resize(701, 501)  # within the offscreen screen (800×600), so restore is not clamped
    window.close()
    assert window_state_path().exists()
    assert QSettings(str(window_state_path()), QSettings.Format.IniFormat).contains("main/geometry")
    again = MainWindow(repo)
    qtbot.addWidget(again)
    assert again.size().width() == 701


def test_glossary_tooltips_on_inputs(window):
    q = window.wizard.quant_page
    tips = [
        q.lora_rank.toolTip(),
        q.grad_ckpt.toolTip(),
        q.sharding.toolTip(),
        q.weights.toolTip(),
        window.wizard.model_page.fields["num_key_value_heads"].toolTip() or "",
        window.wizard.task_page.buttons["pretrain"].toolTip(),
    ]
    joined = " ".join(tips)
    for term in ("LoRA rank", "Gradient checkpointing", "ZeRO", "NF4", "MFU"):
        assert term in joined, term
    model = window.wizard.results_page.options_model
    vram_tip = model.headerData(
        model.COLUMNS.index("vram"), Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    )
    assert "VRAM" in vram_tip


def test_custom_model_from_config_json(qtbot, tmp_path, window):
    import json

    cfg = {
        "model_type": "llama",
        "hidden_size": 2048,
        "intermediate_size": 5632,
        "num_hidden_layers": 22,
        "num_attention_heads": 32,
        "num_key_value_heads": 4,
        "vocab_size": 32000,
    }
    path = tmp_path / "config.json"
    path.write_text(json.dumps(cfg))
    page = window.wizard.model_page
    assert page.load_config(str(path))
    w = window.controller.workload
    assert w.model_id is None and w.model.hidden_size == 2048
    assert page.custom_radio.isChecked()
    assert 1.0e9 < w.model.param_count() < 1.2e9  # TinyLlama-1.1B shape
    page.params_b.setValue(7.0)
    assert page.apply_custom()
    assert window.controller.workload.model.params == 7_000_000_000
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with qtbot.waitSignal(window.controller.inputRejected, timeout=1000):
        assert not page.load_config(str(bad))
    # a config.json that is a FIFO or a link to /dev/zero is refused at once (it would block
    # the window, or fill memory), as model import refuses it
    import os

    os.mkfifo(tmp_path / "fifo.json")
    (tmp_path / "zero.json").symlink_to("/dev/zero")
    for special in ("fifo.json", "zero.json"):
        with qtbot.waitSignal(window.controller.inputRejected, timeout=1000) as blocker:
            assert not page.load_config(str(tmp_path / special))
        assert "is not a regular file" in blocker.args[0]


def test_70b_bf16_inference_needs_several_gpus(qtbot, window):
    c = window.controller
    c.set_task("inference")
    c.set_model("llama2_70b", window.repo.get_model("llama2_70b"))
    c.update(weights_dtype="bf16", framework="transformers")
    view = c.recompute()
    singles = [o for o in view.options if o.num_gpus == 1 and o.capacity_bytes_per_gpu < 141e9]
    assert singles and not any(o.fits for o in singles)
    assert any(o.fits and o.num_gpus > 1 for o in view.options)
    page = window.wizard.results_page
    assert all(o.num_gpus > 1 or o.capacity_bytes_per_gpu >= 141e9 for o in page.visible_options())
    page.only_fitting.setChecked(False)
    page.one_per_gpu.setChecked(False)  # one row per GPU type by default
    assert page.proxy.rowCount() == len(view.options)


def test_results_table_sorts_by_clicked_header(qtbot, window):
    window.controller.recompute()
    page = window.wizard.results_page
    col = page.options_model.COLUMNS.index("usd_per_hour")
    header = page.table.horizontalHeader()
    window.wizard.show_page("results")
    x = header.sectionViewportPosition(col) + header.sectionSize(col) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))
    keys = [
        page.proxy.data(page.proxy.index(r, col), Qt.ItemDataRole.UserRole)
        for r in range(page.proxy.rowCount())
    ]
    assert header.sortIndicatorSection() == col
    assert keys == sorted(keys) or keys == sorted(keys, reverse=True)


def _top(c):
    return c.recompute().options[0]


def test_serving_controls_show_for_paged_engines_and_change_results(qtbot, window):
    """vLLM/SGLang server settings: shown only for a paged-KV engine, defaults as core's, and
    each one reaches the ranking (core.memory.paged.vllm_settings / core.speed.serving)."""
    from gpupicker.core.workload import Workload

    c = window.controller
    c.background = False
    q = window.wizard.quant_page
    c.set_task("inference")
    q.engine.setCurrentIndex(q.engine.findData("transformers"))
    assert not q.serving_box.isVisibleTo(q)
    q.engine.setCurrentIndex(q.engine.findData("sglang"))
    assert c.workload.framework == "sglang" and q.serving_box.isVisibleTo(q)
    q.engine.setCurrentIndex(q.engine.findData("vllm"))
    assert q.serving_box.isVisibleTo(q)
    # core's defaults: 0.9 of the memory, max_model_len = the request, 256 sequences
    default = Workload.model_fields
    assert q.gpu_memory_utilization.value() == pytest.approx(default["gpu_memory_utilization"].default)
    assert q.max_model_len.value() == 0 and "default" in q.max_model_len.text().lower()
    assert q.max_num_seqs.text().startswith("256")
    for wid in (q.max_model_len, q.gpu_memory_utilization, q.max_num_seqs, q.ttft_target, q.itl_target):
        assert len(wid.toolTip()) > 60
    # latency targets only with a request rate
    assert not q.ttft_target.isVisibleTo(q) and q.targets_hint.isVisibleTo(q)

    base = _top(c)
    q.gpu_memory_utilization.setValue(0.5)
    assert c.workload.gpu_memory_utilization == 0.5
    half = _top(c)
    assert (half.gpu_name, half.num_gpus, half.memory.total_bytes) != (
        base.gpu_name,
        base.num_gpus,
        base.memory.total_bytes,
    )
    q.gpu_memory_utilization.setValue(0.9)
    # vLLM V1 profiles its step budget, not max_model_len: the context changes the result once
    # the pool (58,224 tokens on the A5000) cannot hold it and vLLM would not start
    q.max_model_len.setValue(65536)
    assert c.workload.max_model_len == 65536
    top = _top(c)
    assert (top.gpu_name, top.num_gpus, top.memory.total_bytes) != (
        base.gpu_name,
        base.num_gpus,
        base.memory.total_bytes,
    )
    q.max_model_len.setValue(0)
    assert c.workload.max_model_len is None

    c.update(requests_per_minute=600)
    assert q.ttft_target.isVisibleTo(q) and q.itl_target.isVisibleTo(q)
    assert not q.targets_hint.isVisibleTo(q)
    served = _top(c).serving
    assert served.max_concurrent_seqs == 256
    q.max_num_seqs.setValue(16)
    assert c.workload.max_num_seqs == 16
    assert _top(c).serving.max_concurrent_seqs <= 16
    q.max_num_seqs.setValue(0)
    assert c.workload.max_num_seqs is None
    q.itl_target.setValue(0.005)
    assert c.workload.itl_target_s == 0.005
    capped = _top(c).serving
    assert (
        capped.itl_s <= 0.005 * 1.0001
        and capped.concurrent_seqs < served.concurrent_seqs
        or capped.max_concurrent_seqs < 256
    )
    q.itl_target.setValue(0.0)
    q.ttft_target.setValue(0.05)
    assert c.workload.ttft_target_s == 0.05 and c.workload.itl_target_s is None
    assert _top(c).serving.ttft_s <= 0.05 * 1.0001


def test_run_length_placeholder_follows_the_task(window):
    b = window.wizard.budget_page
    window.controller.set_task("lora")
    assert b.train_hours.specialValueText() == "From dataset size"
    window.controller.set_task("inference")
    assert b.train_hours.specialValueText() == "Not set"


def test_the_budget_page_sets_the_gpu_count(qtbot, window):
    """The wizard had no widget for Workload.num_gpus (the preferred GPU's fit check uses it)."""
    page = window.wizard.budget_page
    page.gpu_count.setValue(4)
    assert window.controller.workload.num_gpus == 4
    window.controller.update(num_gpus=2)
    assert page.gpu_count.value() == 2


def test_wizard_budget_accepts_comma_and_rejects_junk(qtbot, window):
    page = window.wizard.budget_page
    c = window.controller
    spin = page.budget_usd
    spin.lineEdit().selectAll()
    spin.lineEdit().setText("0,5")
    spin.interpretText()
    assert c.workload.budget_usd == pytest.approx(0.5)
    spin.lineEdit().setText("12.25")
    spin.interpretText()
    assert c.workload.budget_usd == pytest.approx(12.25)
    with qtbot.waitSignal(spin.rejected, timeout=1000) as blocker:
        spin.lineEdit().setText("abc")
        spin.fixup(spin.lineEdit().text())
    assert blocker.args[0]
    assert c.workload.budget_usd == pytest.approx(12.25)
    rate = page.max_usd_per_hour
    rate.lineEdit().setText("0,75")
    rate.interpretText()
    assert c.workload.max_usd_per_hour == pytest.approx(0.75)


def test_budget_fields_name_the_currency(window):
    page = window.wizard.budget_page
    assert "USD" in page.budget_label.text() or "$" in page.budget_usd.specialValueText()
    assert page.budget_usd.value() == 0
    assert "$" in page.budget_usd.text() or "USD" in page.budget_label.text()


def test_a_bad_preference_keeps_the_others_and_is_named_once(caplog):
    """one bad value in preferences.json reset every preference and was logged
    twice in pydantic's words (with its web link); now only that field takes its default, and
    the warning names it once."""
    import json
    import logging

    from gpupicker.ui.settings.preferences import Preferences

    path = Preferences.path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        json.dumps({"byte_unit": "GB", "hours_per_month": 999, "staleness_months": 3}), encoding="utf-8"
    )
    with caplog.at_level(logging.WARNING):
        first, again = Preferences.load(), Preferences.load()
    assert first == again
    assert (first.byte_unit, first.staleness_months, first.hours_per_month) == ("GB", 3, 730)
    warnings = [r.getMessage() for r in caplog.records if "preferences" in r.getMessage()]
    assert len(warnings) == 1 and "hours_per_month" in warnings[0]
    assert "errors.pydantic.dev" not in warnings[0]
    path.write_text("{not json", encoding="utf-8")
    assert Preferences.load() == Preferences()


def test_a_task_switch_starts_from_the_tasks_own_defaults(qtbot, window):
    """A pre-training on 4 × A100 for 72 h, then image generation, then inference: the GPUs,
    hours and the ``diffusers`` engine were carried over ("Cannot estimate", while the engine
    box showed transformers); now only the model, budget, currency and region are kept."""
    c = window.controller
    wiz = window.wizard
    _click(qtbot, wiz.task_page.buttons["pretrain"])
    assert c.update(
        gpu="a100_sxm_80gb",
        num_gpus=4,
        train_hours=72.0,
        budget_usd=900.0,
        region="US",
        framework="deepspeed",
    )
    _click(qtbot, wiz.task_page.buttons["image_gen"])
    assert c.workload.framework == "diffusers" and c.workload.model.kind == "diffusion"
    assert (c.workload.gpu, c.workload.num_gpus, c.workload.train_hours) == (None, 1, None)
    _click(qtbot, wiz.task_page.buttons["inference"])
    w = c.workload
    assert (w.task, w.framework, w.gpu, w.num_gpus, w.train_hours) == (
        "inference",
        "transformers",
        None,
        1,
        None,
    )
    assert (w.budget_usd, w.region, w.model_id) == (900.0, "US", "mistral_7b_v0_1")
    assert wiz.quant_page.engine.currentData() == w.framework
    assert wiz.budget_page.gpu_count.value() == 1
    assert wiz.budget_page.preferred_gpu.currentData() is None
    view = c.recompute()
    assert not view.error and view.options


def test_number_boxes_apply_on_commit_never_per_keystroke(qtbot, window):
    """Typing "1e12" in the dataset box applied 1, then 10 (M tokens) and stopped there when
    1e12 was out of range, while the status bar said "Not applied"."""
    from PySide6.QtWidgets import QAbstractSpinBox

    c = window.controller
    wiz = window.wizard
    boxes = wiz.findChildren(QAbstractSpinBox)
    assert len(boxes) > 20 and not [b.objectName() or type(b).__name__ for b in boxes if b.keyboardTracking()]
    wiz.show_page("budget")
    spin = wiz.budget_page.dataset_mtokens
    spin.setFocus()
    spin.selectAll()
    for key in "1e12":
        qtbot.keyClicks(spin, key)
        assert c.workload.dataset_tokens is None  # nothing half-typed is applied
    assert spin.property("invalid") is True
    tip = spin.toolTip().replace(",", "")  # the limit in the locale's digits
    assert "100000000" in tip and "1e12" in tip
    with qtbot.waitSignal(c.inputRejected, timeout=1000):
        qtbot.keyClick(spin, Qt.Key.Key_Return)  # not applicable: kept, shown, no Next
    assert wiz.currentPage() is wiz.budget_page and c.workload.dataset_tokens is None
    assert "Not applied" in window.statusBar().currentMessage()
    assert spin.text().startswith("1e12") and spin.property("invalid") is True
    spin.selectAll()
    qtbot.keyClicks(spin, "1e6")  # a million M tokens: 10^12 tokens
    assert spin.property("invalid") is False and c.workload.dataset_tokens is None
    qtbot.keyClick(spin, Qt.Key.Key_Return)  # applied, then Next
    assert c.workload.dataset_tokens == pytest.approx(1e12)
    assert wiz.currentPage() is wiz.results_page


def test_a_whole_number_box_takes_any_text_and_reverts_bad_text_on_focus_out(qtbot, window):
    c = window.controller
    wiz = window.wizard
    wiz.show_page("quantization")
    q = wiz.quant_page
    _type_into(qtbot, q.seq_len, "1e3")  # 1000: QSpinBox dropped the 'e' silently
    qtbot.keyClick(q.seq_len, Qt.Key.Key_Tab)
    assert c.workload.seq_len == 1000 and q.seq_len.text() == "1,000"
    _type_into(qtbot, q.batch, "2.5")
    assert q.batch.property("invalid") is True and "whole number" in q.batch.toolTip()
    with qtbot.waitSignal(c.inputRejected, timeout=1000) as blocker:
        q.seq_len.setFocus()  # focus out: the last value comes back, and why it did
    assert "2.5" in blocker.args[0]
    assert c.workload.batch == 4 and q.batch.text() == "4"
    assert q.batch.property("invalid") is False
    assert q.batch.toolTip() == glossary()["batch"]
