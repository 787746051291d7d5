"""The zh_CN translation of core's English sentences (gpupicker.ui.i18n.core_text).

Core (Qt-free) writes reasons, notes, advice and assumptions in English; the UI
translates them sentence by sentence. These tests run the calculator over a broad
set of workloads and check that (almost) every distinct sentence is translated,
and that without a translator the text comes back unchanged.
"""

from __future__ import annotations

import re
from functools import cache

from gpupicker.core.advisor import advise
from gpupicker.core.messages import join
from gpupicker.core.recommend import recommend
from gpupicker.core.workload import Workload
from tests.support.workloads import WORKLOADS

CJK = re.compile(r"[\u4e00-\u9fff]")



def collect_texts() -> set[str]:
    """Distinct reasons, notes and advice descriptions core writes for :data:`WORKLOADS`."""
    return _collect()[0]


def collect_tooltip_texts() -> set[str]:
    """Distinct assumptions (table tooltips) and advice speed/quality costs."""
    return _collect()[1]


@cache
def _collect() -> tuple[set[str], set[str]]:
    from gpupicker.catalog import open_catalog

    with open_catalog() as repo:
        gpus, prices = repo.gpus(), repo.prices()
        fx = dict(repo.get_fx_rates())
        models = {m: repo.get_model(m) for m in {w[1] for w in WORKLOADS}}
    byid = {g.id: g for g in gpus}
    texts: set[str] = set()
    tips: set[str] = set()
    for i, (task, model_id, extra, preferred) in enumerate(WORKLOADS):
        w = Workload(task=task, model=models[model_id], model_id=model_id, **extra)
        goal = ("cheapest", "fastest", "value", "headroom")[i % 4]
        rec = recommend(w, gpus, prices, goal=goal, fx_rates=fx if i % 2 else {"CNY": 7.2})
        texts.update(o.reason for o in rec.options if o.reason)
        texts.update(rec.notes)
        for o in rec.options:
            tips.update((*o.memory.assumptions, *o.throughput.assumptions, *o.cost.assumptions))
        if preferred:
            for a in advise(w, byid[preferred], include_speed=False):
                texts.add(a.description)
                # as the results page shows them: one Message joining the two costs
                tips.add(join([c for c in (a.speed_cost, a.quality_cost) if c], "clauses"))
    return texts, tips


def test_core_sentences_are_translated_to_zh_cn(zh_cn):
    from gpupicker.core.messages import Message
    from gpupicker.ui.i18n.core_messages import tr_message
    from gpupicker.ui.i18n.core_text import core_clauses, has_cjk

    def translated_share(texts: list[str], what: str) -> float:
        # a Message is rendered whole from its ids; a plain text clause by clause (regex)
        clauses = {c for t in texts
                   for c in ((t,) if isinstance(t, Message) else core_clauses(t))}
        missed = sorted(c for c in clauses if not has_cjk(tr_message(c)))
        share = 1 - len(missed) / len(clauses)
        print(f"\n{len(clauses)} distinct {what}, {share:.1%} translated; untranslated:")
        for c in missed:
            print("   ", c)
        return share

    texts = collect_texts()
    assert translated_share(texts, "clauses") >= 0.95
    assert translated_share(collect_tooltip_texts(), "tooltip clauses") >= 0.9
    # whole texts keep their numbers and names: every priced reason, not one picked at random
    # (a translation that adds a fact — "除 RTX 3090 桥接外" — says more than core did)
    reasons = [t for t in texts if t.startswith("Fits: ") and "$" in t]
    assert reasons
    for reason in reasons:
        zh = tr_message(reason)
        assert has_cjk(zh)
        # the same numbers; Chinese may put them in another order ("每分钟 60 个请求需要 2 个副本")
        assert sorted(re.findall(r"\d[\d,.]*\d|\d", reason.replace(". ", " "))) == \
            sorted(re.findall(r"\d[\d,.]*\d|\d", zh.replace("。", " "))), (reason, zh)


def test_english_text_comes_back_unchanged(qapp):
    from gpupicker.ui.i18n.core_text import translate_core_text

    texts = collect_texts() | collect_tooltip_texts() | {
        "model 'x' is not resolved; look it up in the catalog first",
        "no exchange rate for EUR; add one (USD per EUR) in the settings"}
    assert len(texts) > 1000
    for t in texts:
        assert translate_core_text(t) == t


def test_errors_and_nested_phrases_in_zh_cn(zh_cn):
    from gpupicker.core.messages import join, msg, verbatim
    from gpupicker.ui.i18n.core_messages import tr_message
    from gpupicker.ui.i18n.core_text import translate_core_text

    assert translate_core_text("model 'x' is not resolved; look it up in the catalog first") \
        == "模型 'x' 尚未解析；请先在价格库中查找"
    # the limit clause is a Message (recommend); its link a phrase of throughput's
    assert tr_message(msg("recommend.limit.interconnect", link="NVLink")) \
        == "GPU 之间的互联（NVLink）限制了速度"
    assert translate_core_text("InfiniBand between 2 nodes") == "跨 2 个节点的 InfiniBand"
    assert tr_message(join([verbatim("Unknown sentence"), msg(
        "recommend.fits", used="1.0", cap="24", headroom="96%")])) \
        == "Unknown sentence。显存够用：单卡占用 1.0 / 24 GiB（余量 96%）。"


def test_results_page_notes_in_zh_cn(zh_cn, qtbot, repo):
    from gpupicker.ui.i18n.core_text import has_cjk
    from gpupicker.ui.main_window import MainWindow

    win = MainWindow(repo)
    qtbot.addWidget(win)
    ctl = win.controller
    ctl.set_task("inference")
    ctl.set_model("llama3_70b", repo.get_model("llama3_70b"))
    ctl.update(weights_dtype="bf16", gpu="rtx_4090")
    ctl.recompute()
    page = win.wizard.results_page
    notes = page.notes.text()
    assert "24 GB" in notes and has_cjk(notes), notes
    assert "In bf16" not in notes
    advice = [page.advisor_list.item(i).text() for i in range(page.advisor_list.count())]
    assert advice and all(has_cjk(a) for a in advice), advice
    model = page.options_model
    reasons = [model.data(model.index(r, model.COLUMNS.index("reason")))
               for r in range(model.rowCount())]
    assert reasons and all(has_cjk(r) for r in reasons)
