"""Curves: the plotted data, not pixels. The memory curve crosses each card's usable
capacity exactly at the value ``gpupicker fit`` returns; the cost curve shows the cheapest
fitting offer per GPU count; every plot exports to PNG, SVG and CSV."""

from __future__ import annotations

import csv

import pytest

from gpupicker.core.curves import (
    available_dimensions,
    candidate_gpus,
    cost_curves,
    memory_curves,
)
from gpupicker.core.fit import solve_fit
from gpupicker.core.recommend import recommend
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices, gpu

QLORA = Workload(task="qlora", model=catalog_model("mistral_7b_v0_1"), batch=4, seq_len=2048,
                 train_hours=6, gpu="rtx_4090")


def _crosses_at(xs, ys, cap):
    """(last x at or under cap, first x above it) along a plotted curve."""
    under = [x for x, y in zip(xs, ys, strict=True) if y <= cap]
    over = [x for x, y in zip(xs, ys, strict=True) if y > cap]
    return (max(under) if under else None), (min(over) if over else None)


@pytest.mark.parametrize("dim", ["batch", "seq_len", "lora_r"])
def test_memory_curve_crosses_capacity_at_the_fit_value(dim):
    gpus = [gpu(g) for g in ("rtx_4090", "a100_sxm_40gb", "l40s", "rtx_3090")]
    data = memory_curves(QLORA, gpus, dim)
    assert [c.gpu_id for c in data.curves] == [g.id for g in gpus]
    for c, g in zip(data.curves, gpus, strict=True):
        fit = solve_fit(QLORA, g, dim)
        assert c.fit.value == fit.value
        last_ok, first_bad = _crosses_at(c.xs, c.ys, g.usable_memory_bytes)
        assert last_ok == fit.value
        if not fit.at_limit:
            assert first_bad == fit.value + 1
        assert c.crossing == (fit.value, fit.total_bytes)
        assert list(c.xs) == sorted(c.xs)
    # the RTX 4090 runs the seed's batch 4 at 2048 tokens: the grid reaches past it
    assert data.current == {"batch": 4, "seq_len": 2048, "lora_r": 16}[dim]


def test_log_axis_when_the_range_spans_decades():
    data = memory_curves(QLORA, [gpu("h200_sxm")], "seq_len")
    assert data.log_x
    assert max(data.curves[0].xs) / min(data.curves[0].xs) > 10


def test_dimensions_per_task():
    assert available_dimensions(QLORA) == ("batch", "seq_len", "lora_r")
    full = Workload(task="full_ft", model=catalog_model("llama3_2_1b"))
    assert available_dimensions(full) == ("batch", "seq_len")


def test_cost_curve_is_the_cheapest_fitting_offer_per_count():
    rec = recommend(QLORA, catalog_gpus(), catalog_prices())
    curves = cost_curves(rec)
    assert curves
    for c in curves:
        assert list(c.counts) == sorted(set(c.counts))
        for n, money in zip(c.counts, c.money, strict=True):
            opts = [o for o in rec.options if o.gpu_id == c.gpu_id and o.num_gpus == n
                    and o.pricing == c.pricing and o.fits and o.cost.usd_total is not None]
            assert money == pytest.approx(min(o.cost.usd_total for o in opts))
    # train_hours = 6 on the named RTX 4090: more GPUs take fewer hours, and since scaling is
    # below 100 % the total cost never falls with the count
    c4090 = next(c for c in curves if c.gpu_id == "rtx_4090")
    assert c4090.counts[0] == 1 and c4090.hours[0] == pytest.approx(6.0)
    assert list(c4090.hours) == sorted(c4090.hours, reverse=True)
    assert all(b >= a - 1e-9 for a, b in zip(c4090.money, c4090.money[1:], strict=False))
    assert candidate_gpus(rec, catalog_gpus(), "rtx_4090")[0].id == "rtx_4090"


@pytest.mark.gui
def test_results_page_draws_the_curves_and_exports(qtbot, window, tmp_path):
    c = window.controller
    arch = window.repo.get_model("mistral_7b_v0_1")
    c.set_model("mistral_7b_v0_1", arch)
    c.set_task("qlora")
    c.update(batch=4, seq_len=2048, gpu="rtx_4090", train_hours=6.0)
    c.recompute()
    window.wizard.show_page("results")
    page = window.wizard.results_page
    assert not page.memory_curves.series  # a hidden tab is not drawn on every recompute
    page.plot_tabs.setCurrentIndex(1)
    plot = page.memory_curves
    assert plot.selected_dimension() == "batch"
    assert plot.series and plot.series[0]["gpu_id"] == "rtx_4090"
    s = plot.series[0]
    fit = solve_fit(c.workload, window.repo.get_gpu("rtx_4090"), "batch")
    assert s["crossing"][0] == fit.value
    assert _crosses_at(s["xs"], s["ys"], s["capacity"])[0] == fit.value
    plot.chooser.setCurrentIndex(plot.chooser.findData("seq_len"))
    assert plot.dimension == "seq_len"
    fit = solve_fit(c.workload, window.repo.get_gpu("rtx_4090"), "seq_len")
    assert plot.series[0]["crossing"][0] == fit.value
    # hover read-out with units at the crossing: the 4090 fits there, one more does not
    text = plot.readout_at(fit.value)
    assert f"{fit.value:,}" in text and "GiB" in text and "fits" in text.splitlines()[1]
    cost = page.cost_curves
    assert cost.series and all(len(x["counts"]) == len(x["money"]) for x in cost.series)
    hover = cost.readout_at(3.9)
    assert hover.startswith("4 GPUs") and "$" in hover and " h" in hover
    for panel in (plot, cost):
        for ext in ("png", "svg", "csv"):
            out = panel.export(tmp_path / f"{type(panel).__name__}.{ext}")
            assert out.stat().st_size > 100
    with (tmp_path / "MemoryCurvePlot.csv").open() as f:
        rows = list(csv.reader(f))
    assert len(rows) > 5
    with pytest.raises(ValueError, match=r"\.png, \.svg or \.csv"):
        plot.export(tmp_path / "x.gif")


@pytest.mark.gui
def test_file_export_report_from_the_gui(qtbot, window, tmp_path):
    """File > Export report… writes the current answer (PDF and Markdown)."""
    pypdf = pytest.importorskip("pypdf")
    c = window.controller
    c.update(train_hours=6.0)
    c.recompute()
    for name in ("gui.pdf", "gui.md"):
        window.ask_path = lambda *a, _n=name, **k: str(tmp_path / _n)
        window.report_action.trigger()
        assert (tmp_path / name).stat().st_size > 1000
    assert len(pypdf.PdfReader(str(tmp_path / "gui.pdf")).pages) >= 2
    assert "## Prices used" in (tmp_path / "gui.md").read_text()
    window.ask_path = lambda *a, **k: str(tmp_path / "x.docx")
    window.report_action.trigger()
    assert window.last_error is not None and "x.docx" in window.last_error.text()


@pytest.mark.gui
def test_results_table_one_row_per_gpu_type_and_expand(qtbot, window):
    c = window.controller
    c.update(train_hours=6.0)
    c.recompute()
    page = window.wizard.results_page
    shown = page.visible_options()
    ids = [o.gpu_id for o in shown]
    assert len(ids) == len(set(ids)) and len(ids) > 5
    # each row is its type's best-ranked fitting option
    fitting = [o for o in c.results.options if o.fits]
    for o in shown:
        assert o is next(x for x in fitting if x.gpu_id == o.gpu_id)
    page.one_per_gpu.setChecked(False)
    assert len(page.visible_options()) == len(fitting)


@pytest.mark.gui
def test_nothing_within_the_budget_says_what_the_cheapest_fit_costs(qtbot, window):
    from gpupicker.core.summary import limits_summary

    c = window.controller
    c.update(train_hours=6.0, budget_usd=0.5)
    c.recompute()
    page = window.wizard.results_page
    s = limits_summary(c.workload, c.results.options)
    assert s is not None and s.rejected == {"budget": s.fitting}
    text = page.nothing_fits.text()
    assert not page.nothing_fits.isHidden()
    assert "cheapest option that fits" in text and s.cheapest.gpu_name in text
    assert f"${s.money:,.2f}" in text and "$0.50 budget" in text


@pytest.mark.gui
def test_same_gpu_same_colour_in_both_curves(qtbot, window):
    c = window.controller
    c.update(train_hours=6.0, gpu="rtx_4090")
    c.recompute()
    page = window.wizard.results_page
    page.plot_tabs.setCurrentIndex(1)
    mem = {s["gpu_id"]: s["color"] for s in page.memory_curves.series}
    cost = {s["gpu_id"]: s["color"] for s in page.cost_curves.series}
    shared = set(mem) & set(cost)
    assert shared and all(mem[g] == cost[g] for g in shared)
    assert len(set(cost.values())) == len(cost)


@pytest.mark.gui
def test_fit_and_price_plots_export_too(qtbot, window, tmp_path):
    from gpupicker.ui.results.curves import export_plot

    c = window.controller
    c.update(train_hours=6.0)
    c.recompute()
    page = window.wizard.results_page
    assert page.export_plot_button.menu().actions()
    for plot in (page.vram_plot, page.cost_plot):
        for ext in ("png", "svg", "csv"):
            out = export_plot(plot.plot_item, tmp_path / f"{type(plot).__name__}.{ext}")
            assert out.stat().st_size > 100


@pytest.mark.gui
def test_launch_config_dialog_copies_the_command(qtbot, window):
    from PySide6.QtGui import QGuiApplication

    c = window.controller
    c.update(train_hours=6.0)
    c.recompute()
    page = window.wizard.results_page
    dlg = page.show_launch_config()
    qtbot.addWidget(dlg)
    best = page.selected_option()
    cmd = dlg.texts["command"].toPlainText()
    assert "--per_device_train_batch_size" in cmd or "vllm serve" in cmd
    assert f":{best.num_gpus}" in dlg.texts["skypilot"].toPlainText()
    dlg.copy_buttons["command"].click()
    assert QGuiApplication.clipboard().text() == cmd


def test_pareto_label_box_covers_no_point():
    import numpy as np

    from gpupicker.ui.results.plots import LABEL_CHAR_FRACTION, LABEL_HEIGHT_FRACTION, label_anchor

    # a min–min front at the lower left, the cloud up and to the right
    xs = np.array([0.3, 0.5, 1.0, 2.5, 1.0, 1.5, 2.0, 3.0, 2.2, 4.0])
    ys = np.array([1.6, 1.25, 1.2, 1.12, 1.9, 1.7, 1.8, 1.5, 2.0, 1.3])
    placed: list = []
    for i in (0, 3):
        ax, ay = label_anchor(xs[i], ys[i], xs, ys, 16, placed)
    nx = (xs - xs.min()) / np.ptp(xs)
    ny = (ys - ys.min()) / np.ptp(ys)
    for box in placed:
        inside = (nx > box[0]) & (nx < box[2]) & (ny > box[1]) & (ny < box[3])
        assert not inside.any(), box
    assert placed[0][2] - placed[0][0] == pytest.approx(16 * LABEL_CHAR_FRACTION)
    assert placed[0][3] - placed[0][1] == pytest.approx(LABEL_HEIGHT_FRACTION)


@pytest.mark.gui
def test_cost_plot_goes_log_when_hours_span_decades(qtbot, window):
    c = window.controller
    c.set_task("pretrain")
    c.set_model("llama2_13b", window.repo.get_model("llama2_13b"))
    c.update(batch=4, seq_len=2048, grad_ckpt=True, dataset_tokens=5e9)
    c.recompute()
    cost = window.wizard.results_page.cost_plot
    hours = [x for _, x, _ in cost.points]
    assert cost.mode == "time" and max(hours) / min(hours) > 10
    assert cost.log_xy[0] is True


@pytest.mark.gui
def test_cost_column_precision_tells_the_top_options_apart(qtbot, window):
    """Serving without a load or training without a length ranks on $ per 1M tokens: with
    two decimals every row read '$0.04'; the column now shows the digits that differ."""
    c = window.controller
    c.set_task("qlora")
    c.update(train_hours=None, dataset_tokens=None)
    c.recompute()
    model = window.wizard.results_page.options_model
    assert model.cost_kind == "mtok" and model.money_digits >= 3
    col = model.COLUMNS.index("usd_total")
    fitting = [r for r in range(model.rowCount()) if model.option(r).fits][:10]
    values = {round(model.option(r).cost.usd_per_million_tokens or model.option(r).cost.usd_total
                    or 0, 6) for r in fitting}
    texts = {model.data(model.index(r, col)) for r in fitting}
    assert len(texts) == len(values)


@pytest.mark.gui
def test_tie_break_rule_is_stated(qtbot, window):
    c = window.controller
    c.recompute()
    page = window.wizard.results_page
    assert "equal cost: the faster option first" in page.summary.toolTip()
