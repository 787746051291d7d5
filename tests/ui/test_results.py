"""The results page (ui/results/page.py, options_model.py): the table, nothing-fits advice,
tie-break text, export, launch configs, cost columns."""

from __future__ import annotations

import contextlib
import csv

import pytest
from PySide6.QtCore import Qt

from gpupicker.core.workload import Workload


@pytest.mark.gui
@pytest.mark.parametrize(
    ("workload", "grad_ckpt", "multi_node"),
    [
        # LoRA Mistral-7B, 64 × 32,768 tokens: activations dwarf the 14 GiB of weights
        ({"task": "lora", "model_id": "mistral_7b_v0_1", "batch": 64, "seq_len": 32768}, True, False),
        # Llama-3.1-405B full fine-tuning: ≈ 3,100 GiB of model states, more than 8 × 288 GB
        ({"task": "full_ft", "model_id": "llama3_1_405b", "batch": 1, "seq_len": 4096}, False, True),
    ],
)
def test_nothing_fits_banner_names_core_causes(qtbot, window, workload, grad_ckpt, multi_node):
    """the banner names gradient checkpointing when activations dominate and
    multi-node when one node is too small — the causes core.advisor.nothing_fits_causes gives —
    and the advice list is for the largest card."""

    c = window.controller
    c.background = False
    w = Workload.model_validate(workload)
    c.set_workload(w.with_model(c.repo.get_model(w.model_id)))
    view = c.recompute()
    rp = window.wizard.results_page
    assert not any(o.fits for o in view.options)
    causes = view.extras["nothing_fits_causes"]
    assert ("grad_ckpt" in causes) is grad_ckpt and ("multi_node" in causes) is multi_node
    text = rp.nothing_fits.text()
    assert text.startswith("Nothing fits")
    assert ("gradient checkpointing" in text) is grad_ckpt
    assert ("several nodes" in text) is multi_node
    big = next(g for g in c.snapshot.gpus if g.id == view.extras["advice_gpu"])
    assert rp.advisor_list.count() > 0 and big.name.split()[-1] in rp.advisor_box.title()


@pytest.mark.gui
@pytest.mark.parametrize("goal", ["cheapest", "fastest", "value", "headroom"])
def test_tie_break_tooltip_is_cores_rule_with_doubted_prices(qtbot, window, goal):
    """The summary's tooltip is core.report.tie_break_rule: doubted prices (core.price_kind.
    source_doubts) rank after the trusted prices of their tier, as core.recommend sorts."""
    from gpupicker.core.report.tables import tie_break_rule

    page = window.wizard.results_page
    text = page.tie_break_text(goal)
    assert text == tie_break_rule(goal)
    assert "ranks after the other priced options of its tier" in text
    window.controller.set_goal(goal)
    window.controller.recompute()
    assert page.summary.toolTip() == text


@pytest.mark.gui
def test_tie_break_tooltip_in_zh_cn(qtbot, zh_cn, repo):
    from gpupicker.ui.controller import WorkloadController
    from gpupicker.ui.results.page import ResultsPage
    from tests.support.message_texts import has_cjk

    page = ResultsPage(WorkloadController(repo))
    qtbot.addWidget(page)
    for goal in ("cheapest", "fastest", "value", "headroom"):
        text = page.tie_break_text(goal)
        assert has_cjk(text) and "Ranked" not in text and "equal" not in text, text
        assert "来源自身存疑的价格" in text and "GPU 编号" in text


@pytest.mark.gui
@pytest.mark.parametrize("lang", ["en", "zh_CN"])
@pytest.mark.parametrize(
    "fields",
    [
        {"task": "qlora", "train_hours": 6.0},
        {"task": "inference"},
        {"task": "inference", "requests_per_minute": 100.0},
    ],
)
def test_cost_and_provider_columns_stay_in_view_at_the_default_size(qtbot, repo, request, lang, fields):
    """At the window's default size the total-cost and provider columns were off-screen in
    English (the titles made the columns twice as wide as their numbers): titles now take two
    lines, the GPU column narrows (names elide, the tooltip has the full name), then the
    other columns give their spare room."""
    from gpupicker.ui.main_window import DEFAULT_SIZE, MainWindow
    from gpupicker.ui.results.options_model import OptionsTableModel, two_lines

    if lang == "zh_CN":
        request.getfixturevalue("zh_cn")
    window = MainWindow(repo)
    qtbot.addWidget(window)
    window.resize(DEFAULT_SIZE)
    window.show()
    qtbot.waitExposed(window)
    c = window.controller
    c.background = False
    c.set_task(fields["task"])
    c.update(**{k: v for k, v in fields.items() if k != "task"})
    window.wizard.show_page("results")
    c.recompute()
    rp = window.wizard.results_page
    hh = rp.table.horizontalHeader()
    cols = OptionsTableModel.COLUMNS

    def in_view(name: str) -> bool:
        col = cols.index(name)
        return hh.sectionViewportPosition(col) + hh.sectionSize(col) <= rp.table.viewport().width()

    # the columns settle on the event-loop turns after the table is shown: wait for them
    # (a fixed 50 ms wait failed on a loaded machine) rather than for a set time
    with contextlib.suppress(Exception):
        qtbot.waitUntil(lambda: in_view("usd_total") and in_view("provider"), timeout=5000)
    for name in ("usd_total", "provider"):
        assert in_view(name), (name, [hh.sectionSize(i) for i in range(len(cols))])
    assert hh.sectionSize(cols.index("gpu")) >= rp.table.fontMetrics().horizontalAdvance(
        "NVIDIA GeForce RTX 4090"
    )
    window.resize(1800, 900)  # room again: the columns take their natural widths back
    qtbot.wait(50)
    assert hh.sectionSize(cols.index("usd_total")) >= rp.columns.natural[cols.index("usd_total")]
    assert two_lines("VRAM used / per GPU") == "VRAM used\n/ per GPU"
    assert two_lines("Headroom") == "Headroom" and two_lines("Price/hour") == "Price/hour"


@pytest.mark.gui
def test_nothing_fits_names_the_advice_box_by_the_gpu_name_not_a_cut_title(qtbot, repo):
    """A GPU name with " (" in it ("NVIDIA A10G (AWS G5)") used to be cut at " ("."""
    from gpupicker.core.model_arch import ModelArch
    from gpupicker.ui.main_window import MainWindow

    repo.update_gpu_fields("rtx_4090", {"name": "NVIDIA A10G (AWS G5)"})
    window = MainWindow(repo)
    qtbot.addWidget(window)
    c = window.controller
    c.background = False
    c.update(gpu="rtx_4090")
    c.set_model(
        None,
        ModelArch(
            name="Huge",
            params=9 * 10**13,
            num_hidden_layers=200,
            hidden_size=65536,
            num_attention_heads=512,
            num_key_value_heads=512,
            intermediate_size=262144,
            vocab_size=32000,
        ),
    )
    c.recompute()
    text = window.wizard.results_page.nothing_fits.text()
    assert "See “What to change to fit NVIDIA A10G (AWS G5)” below" in text


@pytest.mark.gui
def test_long_gpu_names_elide_in_the_middle_with_tooltip(window):

    rp = window.wizard.results_page
    window.controller.recompute()
    assert rp.table.textElideMode() == Qt.TextElideMode.ElideMiddle
    m = rp.options_model
    col = m.COLUMNS.index("gpu")
    o = m.option(0)
    assert m.index(0, col).data(Qt.ItemDataRole.ToolTipRole).startswith(o.gpu_name)
    assert rp.table.horizontalHeader().sectionSize(col) <= 330


@pytest.mark.gui
def test_export_results_csv_units_and_formula_neutralized(qtbot, window, tmp_path):

    from gpupicker.ui.wizard.workload_files import safe_cell

    window.controller.recompute()
    path = tmp_path / "r.csv"
    window.ask_path = lambda *a, **k: str(path)
    window.export_action.trigger()
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    assert any("(GiB)" in h for h in header)
    assert any("(USD)" in h for h in header)
    assert "Throughput (tokens/s)" in header
    shown = window.wizard.results_page.visible_options()
    assert len(rows) - 1 == len(shown)
    assert rows[1][1] == shown[0].gpu_name
    for v in ("=1+1", "+x", "-2", "@SUM(A1)"):
        assert safe_cell(v) == "'" + v
    assert safe_cell("RTX 4090") == "RTX 4090"
    assert safe_cell(-2.5) == -2.5


# ---- 6. precision -----------------------------------------------------------------------
@pytest.mark.gui
def test_rate_format_and_cost_header(qtbot, window):

    from gpupicker.ui.i18n.formatting import fmt_rate

    assert fmt_rate(3.5) == "3.5" and fmt_rate(4.3) == "4.3"
    assert fmt_rate(1252.4) == "1,252"
    c = window.controller
    window.controller.background = False
    c.set_task("inference")
    c.update(requests_per_minute=None, train_hours=None)
    c.recompute()
    m = window.wizard.results_page.options_model
    col = m.COLUMNS.index("usd_total")
    header = m.header_text(col)  # the header shows it on two lines
    assert m.headerData(col, Qt.Orientation.Horizontal).replace("\n", " ") == header
    tip = m.headerData(col, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert header in ("Cost / 1M tokens", "Cost / month", "Total cost")
    assert tip
    if header == "Cost / 1M tokens":
        priced = [r for r in range(m.rowCount()) if m.option(r).cost.usd_per_million_tokens]
        assert priced and "/" not in m.index(priced[0], col).data()
    speed = m.COLUMNS.index("speed")
    slow = [
        r
        for r in range(m.rowCount())
        if (
            m.option(r).throughput.aggregate_decode_tokens_per_s
            or m.option(r).throughput.decode_tokens_per_s
            or 1000
        )
        < 100
    ]
    if slow:
        assert "." in m.index(slow[0], speed).data()


# ---- 7. nothing fits --------------------------------------------------------------------
@pytest.mark.gui
def test_nothing_fits_says_so_and_disables_filter(qtbot, window):
    from gpupicker.core.model_arch import ModelArch

    c = window.controller
    c.background = False
    arch = ModelArch(
        name="Huge",
        params=9 * 10**13,
        num_hidden_layers=200,
        hidden_size=65536,
        num_attention_heads=512,
        num_key_value_heads=512,
        intermediate_size=262144,
        vocab_size=32000,
    )
    c.set_model(None, arch)
    c.recompute()
    rp = window.wizard.results_page
    assert rp.nothing_fits.isVisible() or not rp.isVisible()
    assert "Nothing fits" in rp.nothing_fits.text()
    assert "90,000 billion parameters" in rp.nothing_fits.text()
    assert not rp.only_fitting.isEnabled()
    assert rp.vram_plot.options == []
    c.set_model("mistral_7b_v0_1", c.repo.get_model("mistral_7b_v0_1"))
    c.recompute()
    assert not rp.nothing_fits.text()
    assert rp.only_fitting.isEnabled()


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
    from gpupicker.core.ranking.summary import limits_summary

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


@pytest.mark.gui
def test_cost_column_precision_tells_the_top_options_apart(qtbot, window):
    """Serving without a load or training without a length ranks on $ per 1M tokens: with
    two decimals every row read '$0.04'; the column shows three significant digits under $10,
    the one money rule of the table, report and reasons (core.pricing.money.amount_decimals)."""
    from gpupicker.core.pricing.money import format_amount

    c = window.controller
    c.set_task("qlora")
    c.update(train_hours=None, dataset_tokens=None)
    c.recompute()
    model = window.wizard.results_page.options_model
    assert model.cost_kind == "mtok"
    col = model.COLUMNS.index("usd_total")
    fitting = [r for r in range(model.rowCount()) if model.option(r).fits][:10]
    for r in fitting:
        v = model.option(r).cost.usd_per_million_tokens
        assert v is not None and v < 10
        text = model.data(model.index(r, col))
        assert text == format_amount(v, "USD", None)
        digits = text.lstrip("$0.").replace(".", "")
        assert len(digits) >= 3, text  # "$0.0412", never "$0.04"


@pytest.mark.gui
def test_tie_break_rule_is_stated(qtbot, window):
    c = window.controller
    c.recompute()
    page = window.wizard.results_page
    assert "equal cost (the same to the cent and to four significant digits): fewer GPUs first" in (
        page.summary.toolTip()
    )


@pytest.mark.gui
def test_the_price_plot_says_when_nothing_fits_instead_of_an_empty_grid(qtbot, window):
    """with no fitting, priced option the price/speed plot says so (and clears the
    sentence again once options fit)."""
    c = window.controller
    c.background = False
    rp = window.wizard.results_page
    rp.plot_tabs.setCurrentIndex(0)
    window.wizard.show_page("results")
    c.recompute()
    assert rp.cost_plot.points and rp.cost_plot.empty_label.toPlainText() == ""
    w = Workload.model_validate({"task": "full_ft", "model_id": "llama3_1_405b", "batch": 1, "seq_len": 4096})
    c.set_workload(w.with_model(c.repo.get_model(w.model_id)))
    c.recompute()
    assert not rp.cost_plot.points
    assert rp.cost_plot.empty_label.toPlainText() == "No option that fits and has a price to plot"
    # options fit and have prices but a $1 budget rejects them all: say that
    c.set_workload(
        c.workload.model_copy(
            update={
                "model": c.repo.get_model("mistral_7b_v0_1"),
                "model_id": "mistral_7b_v0_1",
                "task": "qlora",
                "weights_dtype": "nf4",
                "budget_usd": 0.0001,
                "dataset_tokens": 1e8,
            }
        )
    )
    c.recompute()
    assert any(o.fits and o.provider for o in c.results.options)
    assert not rp.cost_plot.points
    assert (
        rp.cost_plot.empty_label.toPlainText() == "No option within the budget, $/h cap and deadline to plot"
    )


def test_serving_rows_say_replicas_or_tensor_parallel(qtbot):
    """two rows of 2 GPUs for the same card serve differently — 1 replica over 2 GPUs
    (tensor parallel) or 2 replicas of 1 GPU; the GPU-count cell says which."""
    from gpupicker.catalog import open_catalog
    from gpupicker.core.ranking.recommend import recommend
    from gpupicker.ui.results.options_model import OptionsTableModel

    repo = open_catalog()
    w = Workload(
        task="inference",
        model_id="llama2_13b",
        model=repo.get_model("llama2_13b"),
        framework="vllm",
        weights_dtype="int4",
        requests_per_minute=100,
    )
    rec = recommend(w, repo.gpus(), repo.prices())
    model = OptionsTableModel()
    model.set_options(rec.options)
    col = model.COLUMNS.index("count")
    shown = {}
    for row, o in enumerate(rec.options):
        if o.gpu_id == "rtx_a5000" and o.num_gpus == 2:
            shown[(o.serving.replicas, o.serving.gpus_per_replica)] = model.data(model.index(row, col))
    assert shown[(1, 2)] == "× 2 (tensor parallel)"
    assert shown[(2, 1)] == "× 2 (2 replicas × 1)"


@pytest.mark.gui
@pytest.mark.parametrize("tasks", [("inference", "full_ft"), ("lora", "qlora")])
def test_one_row_per_gpu_type_after_a_task_switch(qtbot, window, tasks):
    """after a task switch that changes the number of options, "one row per
    GPU type" showed the last job's first rows (an RTX A5000 three times, 39 fitting GPU types
    hidden); every fitting GPU type is now shown once, at its best-ranked row."""
    c = window.controller
    c.background = False
    rp = window.wizard.results_page
    window.wizard.show_page("results")
    for task in tasks:
        window.wizard.task_page.buttons[task].setChecked(True)
        c.recompute()
        proxy = rp.proxy
        src = proxy.sourceModel()
        rows = [proxy.mapToSource(proxy.index(r, 0)).row() for r in range(proxy.rowCount())]
        shown = [src.option(r).gpu_id for r in rows]
        fitting = {o.gpu_id for o in c.results.options if o.fits}
        assert len(shown) == len(set(shown)) and set(shown) == fitting, task
        best = {}
        for r in range(src.rowCount()):
            o = src.option(r)
            if o.fits:
                best.setdefault(o.gpu_id, r)
        assert sorted(rows) == sorted(best.values()), task


@pytest.mark.gui
def test_count_column_widens_for_a_later_serving_job(qtbot, window):
    """the columns were sized for the first job (training: "× 2"); a serving job's
    "× 2 (2 replicas × 1)" was then clipped to "× 2 (… × 1)". The count column widens to the
    texts shown."""
    c = window.controller
    c.background = False
    rp = window.wizard.results_page
    window.wizard.show_page("results")
    c.recompute()
    w = Workload(
        task="inference",
        model_id="llama2_13b",
        model=c.repo.get_model("llama2_13b"),
        framework="vllm",
        weights_dtype="int4",
        requests_per_minute=100,
    )
    c.set_workload(w)
    c.recompute()
    col = rp.options_model.COLUMNS.index("count")
    texts = {rp.proxy.index(r, col).data() for r in range(rp.proxy.rowCount())}
    assert any("replicas" in t or "tensor parallel" in t for t in texts)
    need = max(rp.table.fontMetrics().horizontalAdvance(t) for t in texts)
    assert rp.table.horizontalHeader().sectionSize(col) >= min(need, 220 - 16)


@pytest.mark.gui
def test_the_vram_plot_says_when_there_is_no_option(qtbot, window):
    """monthly pricing in the US leaves no option (the bundled monthly offers are
    Chinese clouds'); the VRAM plot was a bare 0–1 grid. It says so, and clears it again."""
    c = window.controller
    c.background = False
    rp = window.wizard.results_page
    window.wizard.show_page("results")
    c.recompute()
    assert rp.vram_plot.empty_label.toPlainText() == ""
    c.update(pricing="monthly", region="US")
    c.recompute()
    assert not c.results.options
    assert rp.vram_plot.empty_label.toPlainText() == "No option to draw"
    c.update(pricing="on_demand", region=None)
    c.recompute()
    assert c.results.options and rp.vram_plot.empty_label.toPlainText() == ""


@pytest.mark.gui
def test_the_preferred_gpu_and_count_stay_in_the_one_per_gpu_view(qtbot, window):
    """the seed guide's 13B pre-training on 4 × A100 80GB (the budget page's GPU
    and count) showed only 8 × A100, the GPU type's best row, so the 4 × A100 the user asked
    about was never priced on screen. Its best row now shows beside the type's best."""
    c = window.controller
    c.background = False
    rp = window.wizard.results_page
    window.wizard.show_page("results")
    w = Workload(
        task="pretrain",
        model_id="llama2_13b",
        model=c.repo.get_model("llama2_13b"),
        gpu="a100_sxm_80gb",
        num_gpus=4,
        train_hours=72,
    )
    c.set_workload(w)
    c.recompute()
    assert rp.one_per_gpu.isChecked()
    src = rp.proxy.sourceModel()
    shown = [src.option(rp.proxy.mapToSource(rp.proxy.index(r, 0)).row()) for r in range(rp.proxy.rowCount())]
    mine = [o for o in shown if o.gpu_id == "a100_sxm_80gb" and o.num_gpus == 4]
    assert len(mine) == 1 and mine[0].fits and mine[0].provider
    assert sum(o.gpu_id == "a100_sxm_80gb" for o in shown) <= 2


@pytest.mark.gui
def test_the_pareto_front_leaves_out_doubted_prices(qtbot):
    """the price/speed plot drew a doubted MI300X ×8 on its red front while the
    table's labels (trusted prices only) called another option 'Cheapest'."""
    from gpupicker.core.ranking.recommend import recommend
    from gpupicker.ui.results.plots import CostPlot
    from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices

    w = Workload(task="qlora", model=catalog_model("mistral_7b_v0_1"), batch=2, seq_len=2048, grad_ckpt=True)
    priced_ids = {p.gpu_id for p in catalog_prices()}
    bare = next(
        g for g in catalog_gpus() if g.id not in priced_ids and g.is_cuda and g.memory_gb >= 24
    )  # a GPU with no price of its own: the doubted one is it
    base = next(p for p in catalog_prices() if p.gpu_id == "h100_sxm" and p.currency == "USD")
    doubted = base.model_copy(
        update={
            "gpu_id": bare.id,
            "provider": "Scrape Cloud",
            "price_per_gpu_hour": 0.05,
            "gpus_per_instance": None,
            "notes": "looks like a scraper artefact",
        }
    )
    rec = recommend(w, catalog_gpus(), [*catalog_prices(), doubted], all_offers=True)
    mine = [o for o in rec.options if o.provider == "Scrape Cloud"]
    assert mine and all(o.price_doubted for o in mine)
    plot = CostPlot()
    qtbot.addWidget(plot)
    trusted = [o for o in rec.options if o.fits and o.provider and not o.price_doubted][:6]
    plot.set_options([*trusted, *mine])  # the doubted ones are the cheapest points
    on_front = {
        (round(float(x), 6), round(float(y), 6))
        for x, y in zip(plot.front_item.xData, plot.front_item.yData, strict=True)
    }
    drawn = [(o, x, y) for o, x, y in plot.points if o.provider == "Scrape Cloud"]
    assert drawn  # still plotted as a point
    assert not any((round(x, 6), round(y, 6)) in on_front for _, x, y in drawn)


@pytest.mark.gui
def test_a_framework_without_a_launcher_adds_a_line_and_keeps_the_notes(qtbot, window):
    """The refusal is one more line in the UI's words; the result notes stay above it."""
    c = window.controller
    c.update(framework="axolotl", train_hours=6.0)
    c.recompute()
    page = window.wizard.results_page
    before = page.notes.text()
    assert page.show_launch_config() is None
    lines = page.notes.text().split("\n")
    assert lines[:-1] == (before.split("\n") if before else [])
    assert lines[-1].startswith(
        "No launch config: gpupicker has no launcher for training framework 'axolotl'"
    )
    assert not page.notes.isHidden()
    assert page.show_launch_config() is None  # a second click does not stack the line
    assert page.notes.text().split("\n") == lines


@pytest.mark.gui
def test_gpu_names_are_whole_at_1280_px(qtbot, window):
    """At 1280 px the GPU column was narrowed to "NVIDIA GeForce RTX 4090" first ("NVIDIA
    H800…0GB (China)", "NVIDIA RTX 4…a Generation") while the number columns kept room above
    their cells': they give it first now, and the provider column stays in view."""
    from gpupicker.ui.results.options_model import OptionsTableModel

    window.resize(1280, 860)
    window.wizard.show_page("results")
    window.controller.background = False
    window.controller.recompute()
    qtbot.wait(50)
    rp = window.wizard.results_page
    hh = rp.table.horizontalHeader()
    cols = OptionsTableModel.COLUMNS
    g = cols.index("gpu")
    fm = rp.table.fontMetrics()
    names = [str(rp.proxy.index(r, g).data()) for r in range(min(10, rp.proxy.rowCount()))]
    assert any("(China)" in n or "Generation" in n for n in names), names  # the long ones
    margin = 2 * rp.table.style().pixelMetric(rp.table.style().PixelMetric.PM_FocusFrameHMargin) + 2
    for n in names:
        assert fm.horizontalAdvance(n) + margin <= hh.sectionSize(g), (n, hh.sectionSize(g))
    p = cols.index("provider")
    assert hh.sectionViewportPosition(p) + hh.sectionSize(p) <= rp.table.viewport().width()
