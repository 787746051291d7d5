"""The Curves tab (ui/results/curves.py, plots.py): drawing, PNG export, colours, log axes, labels."""

from __future__ import annotations

import csv

import pytest

from gpupicker.core.planners.fit import solve_fit
from tests.support.curves import crosses_at as _crosses_at


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
    # the axis title fits the plot's height at the default size ("Memory per GPU (GiB)" was
    # cut to "Memory per GPU (GiE"): the panel's title says what the memory is
    axis = plot.plot_item.getAxis("left")
    assert axis.labelText == "GiB per GPU"
    assert axis.label.boundingRect().width() <= plot.plot_item.vb.height()
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
    # the data as plotted, in its own units with named columns (never log10 of the axis,
    # never pyqtgraph's x0000/y0000)
    assert rows[0] == [
        "GPU id",
        "GPU",
        "Context (tokens per sequence)",
        "Memory per GPU (GiB)",
        "Usable memory per GPU (GiB)",
    ]
    mine = [r for r in rows[1:] if r[0] == "rtx_4090"]
    assert [float(r[2]) for r in mine] == plot.series[0]["xs"]
    assert [float(r[3]) for r in mine] == [round(y, 4) for y in plot.series[0]["ys"]]
    assert mine[0][1] == "NVIDIA GeForce RTX 4090" and float(mine[0][2]) >= 1
    with (tmp_path / "CostCurvePlot.csv").open() as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["GPU id", "GPU", "Pricing", "GPUs", "Total cost (USD)", "Run time (h)"]
    assert {r[3] for r in rows[1:]} >= {"1", "2", "4"}
    with pytest.raises(ValueError, match=r"\.png, \.svg or \.csv"):
        plot.export(tmp_path / "x.gif")


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
    from gpupicker.ui.results.plot_export import export_plot

    c = window.controller
    c.update(train_hours=6.0)
    c.recompute()
    page = window.wizard.results_page
    assert page.export_plot_button.menu().actions()
    for plot in (page.vram_plot, page.cost_plot):
        for ext in ("png", "svg", "csv"):
            out = export_plot(plot.plot_item, tmp_path / f"{type(plot).__name__}.{ext}")
            assert out.stat().st_size > 100


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
