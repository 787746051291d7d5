"""GUI leftovers: serving controls, unknown fields on open, nothing-fits advice, tie-break text."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.gui


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
    assert q.gpu_memory_utilization.value() == pytest.approx(default["gpu_memory_utilization"]
                                                             .default)
    assert q.max_model_len.value() == 0 and "default" in q.max_model_len.text().lower()
    assert q.max_num_seqs.text().startswith("256")
    for wid in (q.max_model_len, q.gpu_memory_utilization, q.max_num_seqs, q.ttft_target,
                q.itl_target):
        assert len(wid.toolTip()) > 60
    # latency targets only with a request rate
    assert not q.ttft_target.isVisibleTo(q) and q.targets_hint.isVisibleTo(q)

    base = _top(c)
    q.gpu_memory_utilization.setValue(0.5)
    assert c.workload.gpu_memory_utilization == 0.5
    half = _top(c)
    assert (half.gpu_name, half.num_gpus, half.memory.total_bytes) != \
        (base.gpu_name, base.num_gpus, base.memory.total_bytes)
    q.gpu_memory_utilization.setValue(0.9)
    q.max_model_len.setValue(32768)
    assert c.workload.max_model_len == 32768
    assert _top(c).memory.total_bytes != base.memory.total_bytes or \
        _top(c).num_gpus != base.num_gpus
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
    assert capped.itl_s <= 0.005 * 1.0001 and capped.concurrent_seqs < served.concurrent_seqs \
        or capped.max_concurrent_seqs < 256
    q.itl_target.setValue(0.0)
    q.ttft_target.setValue(0.05)
    assert c.workload.ttft_target_s == 0.05 and c.workload.itl_target_s is None
    assert _top(c).serving.ttft_s <= 0.05 * 1.0001


def test_open_workload_names_unknown_fields(qtbot, window, tmp_path):
    """File › Open keeps a visible warning naming the keys no field reads (core
    Workload.unknown_fields, as the CLI's warning); annotation keys such as ``id`` are quiet."""
    path = tmp_path / "typo.json"
    path.write_text('{"task": "inference", "model_id": "mistral_7b_v0_1", "id": "case-1", '
                    '"max_num_seq": 64, "gpu_mem_util": 0.8, "batch": 2}')
    assert window.open_workload(str(path))
    assert window.controller.workload.batch == 2
    label = window.open_warning_label
    shown = label.text()
    assert label.isVisible() and shown == window.open_warning
    assert "max_num_seq" in shown and "gpu_mem_util" in shown and "typo.json" in shown
    assert "case-1" not in shown and "id," not in shown and "batch" not in shown
    window.controller.recompute()  # a recompute's status message does not hide it
    qtbot.wait(20)
    assert label.isVisible() and label.text() == shown
    good = tmp_path / "good.json"
    good.write_text('{"task": "inference", "model_id": "mistral_7b_v0_1", "id": "x"}')
    assert window.open_workload(str(good))
    assert window.open_warning == "" and not label.isVisible()


@pytest.mark.parametrize(("workload", "grad_ckpt", "multi_node"), [
    # LoRA Mistral-7B, 64 × 32,768 tokens: activations dwarf the 14 GiB of weights
    ({"task": "lora", "model_id": "mistral_7b_v0_1", "batch": 64, "seq_len": 32768}, True, False),
    # Llama-3.1-405B full fine-tuning: ≈ 3,100 GiB of model states, more than 8 × 288 GB
    ({"task": "full_ft", "model_id": "llama3_1_405b", "batch": 1, "seq_len": 4096}, False, True),
])
def test_nothing_fits_banner_names_core_causes(qtbot, window, workload, grad_ckpt, multi_node):
    """QA F19 (GUI): the banner names gradient checkpointing when activations dominate and
    multi-node when one node is too small — the causes core.advisor.nothing_fits_causes gives —
    and the advice list is for the largest card."""
    from gpupicker.core.workload import Workload

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


@pytest.fixture
def zh_cn(qapp, built_translations):
    """The zh_CN translators installed for one test (removed afterwards)."""
    from PySide6.QtCore import QLocale

    from gpupicker.ui.i18n.translators import install_translators

    assert install_translators(qapp, "zh_CN")["gpupicker"]
    try:
        yield qapp
    finally:
        for t in getattr(qapp, "_gpupicker_translators", []):
            qapp.removeTranslator(t)
        qapp._gpupicker_translators = []
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))


@pytest.mark.parametrize("goal", ["cheapest", "fastest", "value", "headroom"])
def test_tie_break_tooltip_is_cores_rule_with_doubted_prices(qtbot, window, goal):
    """The summary's tooltip is core.report.tie_break_rule: doubted prices (core.price_kind.
    source_doubts) rank after the trusted prices of their tier, as core.recommend sorts."""
    from gpupicker.core.report import tie_break_rule

    page = window.wizard.results_page
    text = page.tie_break_text(goal)
    assert text == tie_break_rule(goal)
    assert "ranks after the other priced options of its tier" in text
    window.controller.set_goal(goal)
    window.controller.recompute()
    assert page.summary.toolTip() == text


def test_tie_break_tooltip_in_zh_cn(qtbot, zh_cn, repo):
    from gpupicker.ui.controller import WorkloadController
    from gpupicker.ui.i18n.core_text import has_cjk
    from gpupicker.ui.results.page import ResultsPage

    page = ResultsPage(WorkloadController(repo))
    qtbot.addWidget(page)
    for goal in ("cheapest", "fastest", "value", "headroom"):
        text = page.tie_break_text(goal)
        assert has_cjk(text) and "Ranked" not in text and "equal" not in text, text
        assert "来源自身存疑的价格" in text and "GPU 编号" in text


def _texts(window, page) -> list[str]:
    """Texts with an Alt+letter on ``page`` (buddied labels, buttons) shown with the menu bar
    and the wizard's Back/Next buttons."""
    from PySide6.QtWidgets import QAbstractButton, QLabel, QWizard

    texts = [a.text() for a in window.menuBar().actions()]
    widgets = [w for w in page.findChildren(QLabel) if w.buddy() is not None]
    widgets += page.findChildren(QAbstractButton)
    texts += [w.text() for w in dict.fromkeys(widgets) if w.isVisibleTo(page)]
    texts += [window.wizard.buttonText(b) for b in (QWizard.WizardButton.BackButton,
                                                     QWizard.WizardButton.NextButton)]
    return texts


def _mnemonics(window, page) -> list[str]:
    """The Alt+letter keys of :func:`_texts`."""
    import re

    keys = []
    for t in _texts(window, page):
        m = re.search(r"&([^&\s])", t.replace("&&", ""))
        if m:
            keys.append(m.group(1).lower())
    return keys


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_visible_alt_keys_are_unique_on_each_page(qtbot, window, lang, request):
    """Two labels with the same Alt+letter on one page (or one shared with the File/Go/Help
    menus) make the key cycle instead of jumping: found on the budget page (Price / Preferred
    GPU), the precision page (Training framework / File) and the new server settings."""
    if lang == "zh_CN":
        request.getfixturevalue("zh_cn")
        from gpupicker.ui.main_window import MainWindow

        window = MainWindow(window.repo)
        qtbot.addWidget(window)
        window.resize(1240, 860)
        window.show()
    c = window.controller
    wiz = window.wizard
    setups = [({"task": "inference", "framework": "vllm", "requests_per_minute": 60.0},
               wiz.quant_page), ({"task": "lora"}, wiz.quant_page),
              ({"task": "full_ft"}, wiz.quant_page), ({"task": "lora"}, wiz.budget_page),
              ({"task": "inference"}, wiz.budget_page)]
    for fields, page in setups:
        c.set_task(fields["task"])
        c.update(**{k: v for k, v in fields.items() if k != "task"})
        keys = _mnemonics(window, page)
        assert len(keys) == len(set(keys)), f"{fields}: {_texts(window, page)}"


def test_run_length_placeholder_follows_the_task(window):
    b = window.wizard.budget_page
    window.controller.set_task("lora")
    assert b.train_hours.specialValueText() == "From dataset size"
    window.controller.set_task("inference")
    assert b.train_hours.specialValueText() == "Not set"


def test_cost_columns_stay_in_view_at_1240px(qtbot, window):
    """English headers are wider than Chinese: the GPU column narrows (names elide, tooltip
    has the full name) so 'Cost' and the provider stay in view in a 1240-px window."""
    from gpupicker.ui.results.options_model import OptionsTableModel

    window.resize(1240, 860)
    c = window.controller
    c.background = False
    c.set_task("inference")
    c.recompute()
    wiz = window.wizard
    while wiz.currentPage() is not wiz.results_page:
        wiz.next()
    qtbot.wait(50)
    rp = wiz.results_page
    rp.fit_columns()
    hh = rp.table.horizontalHeader()
    cols = OptionsTableModel.COLUMNS
    cost = cols.index("usd_total")
    assert hh.sectionViewportPosition(cost) + hh.sectionSize(cost) <= \
        rp.table.viewport().width()
    assert hh.sectionSize(cols.index("gpu")) >= \
        rp.table.fontMetrics().horizontalAdvance("NVIDIA GeForce RTX 4090")
