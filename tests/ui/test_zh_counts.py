"""Large counts in 万 / 亿 and names instead of stored ids in the zh_CN rendering (the zh_CN
review 2026-12, B8–B11, B26 and table C: "≈ 15.0 M 个训练 token", "15.0 百万 token",
"优化器 adamw", "权重格式 nf4", "数据集 token 数 1.5e+07", "Alibaba Cloud", "rtx_4090",
"50% × 3 y", "unknown ⚠ 日期未知")."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from gpupicker.core.messages import join, msg


def test_counts_the_chinese_way():
    from gpupicker.ui.i18n.formatting import fmt_count_zh

    # 万 = 10^4, 亿 = 10^8, 万亿 = 10^12; four significant digits, no trailing zeros
    assert fmt_count_zh(15_000_000) == "1500 万"
    assert fmt_count_zh(12_345_678) == "1235 万"
    assert fmt_count_zh(15_000) == "1.5 万"
    assert fmt_count_zh(7_241_732_096) == "72.42 亿"  # Mistral 7B v0.1, config.json count
    assert fmt_count_zh(1.4e11) == "1400 亿"  # 20 tokens per parameter of a 7B model
    assert fmt_count_zh(1.2e12) == "1.2 万亿"
    assert fmt_count_zh(8192) == "8192" and fmt_count_zh(0) == "0"


def test_token_counts_render_in_wan_and_yi(zh_cn):
    from gpupicker.ui.i18n.core_messages import tr_message

    ref = msg("recommend.reference_tokens", hours="6", n=1, gpu="NVIDIA A100 SXM4 80GB", mtokens="15.0")
    assert str(ref).endswith("≈ 15.0 M training tokens at the estimated speed")  # English kept
    text = tr_message(ref)
    assert "≈ 1500 万个训练 token" in text and " M " not in text
    share = tr_message(msg("recommend.pretrain_share", share="10.7%", btokens="140"))
    assert "约 1400 亿 token" in share and "B 个" not in share
    lora = tr_message(msg("diffusion.lora_step", images=1, res="1024", mparams="43"))
    assert "约 4300 万个 LoRA 参数" in lora


def test_stored_codes_render_as_names(zh_cn):
    from gpupicker.ui.i18n.core_messages import tr_message

    text = tr_message(join([msg("training.task_optimizer", task="qlora", optimizer_id="adamw")], "clauses"))
    assert text == "QLoRA，优化器 AdamW"


def test_the_report_job_table_has_names_and_no_scientific_notation(zh_cn):
    from gpupicker.core.report.tables import job_rows
    from gpupicker.core.workload import Workload
    from gpupicker.ui.results.report_export import report_renderer
    from tests.support.catalog_data import catalog_model

    w = Workload(
        task="qlora",
        model=catalog_model("qwen2_5_7b"),
        framework="llama-factory",
        batch=4,
        seq_len=2048,
        dataset_tokens=15_000_000,
        epochs=1,
    )
    render = report_renderer()
    rows = {render(k): render(v) for k, v in job_rows(w, "Qwen2.5 7B")}
    values = set(rows.values())
    assert {"NF4", "AdamW", "LLaMA-Factory", "1500 万"} <= values, rows
    assert not any("e+0" in v for v in values)
    english = {str(k): str(v) for k, v in job_rows(w, "Qwen2.5 7B")}
    assert "15.0 M" in english.values()  # the English report: 15.0 M, not 1.5e+07


@pytest.mark.gui
def test_the_dataset_box_counts_in_wan(zh_cn, qtbot, repo):
    from gpupicker.ui.main_window import MainWindow

    win = MainWindow(repo)
    qtbot.addWidget(win)
    page = win.wizard.budget_page
    win.controller.update(task="qlora", dataset_tokens=15_000_000)
    page.sync_from(win.controller.workload)
    assert page.dataset_mtokens.suffix() == " 万 token"
    assert page.dataset_mtokens.value() == pytest.approx(1500.0)
    assert page.dataset_mtokens.text() == "1500.0 万 token"  # no 1,500.0: 万 groups itself
    page.dataset_mtokens.setValue(200.0)  # 200 万 = 2,000,000 tokens
    assert win.controller.workload.dataset_tokens == pytest.approx(2_000_000)


@pytest.mark.gui
def test_the_catalog_window_shows_names_in_chinese(zh_cn, qtbot, window):
    cw = window.open_catalog_editor()
    qtbot.addWidget(cw)
    model = cw.price_model
    prov, obs = model.columns.index("provider"), model.columns.index("observed")
    shown = {model.data(model.index(r, prov)) for r in range(model.rowCount())}
    assert "AutoDL 算力云" in shown and "AutoDL" not in shown
    undated = next(r for r in range(model.rowCount()) if model.record(r).observed == "unknown")
    assert model.data(model.index(undated, obs)) == "⚠ 日期未知"  # not "unknown ⚠ 日期未知"
    tab = cw.owned_tab
    i = tab.gpu_box.findData("rtx_4090")
    assert tab.gpu_box.itemText(i) == "NVIDIA GeForce RTX 4090"  # was "… (rtx_4090)"
    assert tab.gpu_box.itemData(i, Qt.ItemDataRole.ToolTipRole) == "rtx_4090"
    gpus = cw.gpu_model
    row = next(r for r in range(gpus.rowCount()) if gpus.record(r).id == "rtx_4090")
    assert gpus.data(gpus.index(row, gpus.columns.index("interconnect"))) == "PCIe（无 NVLink）"
    assert gpus.data(gpus.index(row, gpus.columns.index("memory_gb"))) == "24"  # not 24.00


@pytest.mark.gui
def test_the_default_rate_source_reads_in_chinese_and_stays_stored(zh_cn, qtbot, window):
    from gpupicker.catalog.migrations import FX_DEFAULT_SOURCE
    from gpupicker.ui.catalog_editor.fx_rates_dialog import FxRatesDialog

    repo = window.live_repo
    if (
        dict(repo.get_fx_quotes()).get("CNY") is None
        or dict(repo.get_fx_quotes())["CNY"].source != FX_DEFAULT_SOURCE
    ):
        pytest.skip("the test catalog's CNY rate is not the migrated default")
    dlg = FxRatesDialog(repo, window)
    qtbot.addWidget(dlg)
    assert dlg.sources["CNY"].text() == "gpupicker 内置的取整默认值（非牌价），请填入当天汇率"
    dlg.accept()
    assert dict(repo.get_fx_quotes())["CNY"].source == FX_DEFAULT_SOURCE
