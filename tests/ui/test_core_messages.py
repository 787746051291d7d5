"""Core's texts in the UI: every one a Message, rendered in zh_CN by its id.

Core (Qt-free) writes reasons, notes, advice and assumptions as
``core.messages.Message`` values; the UI renders each id through Qt's translator
(``ui.i18n.core_messages.tr_message``). These tests run the calculator over a broad set of
workloads (tests/support/workloads.py) and check that every text is a Message (none is a
plain string the UI could only show in English), that every one renders in Chinese with
the numbers core wrote, and that without a translator the text is core's English itself.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from gpupicker.core.messages import Message, join
from gpupicker.core.planners.advisor import advise
from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.workload import Workload
from tests.support.workloads import WORKLOADS


def collect_texts() -> set[str]:
    """Distinct reasons, notes and advice descriptions core writes for :data:`WORKLOADS`."""
    return _collect()[0]


def collect_tooltip_texts() -> set[str]:
    """Distinct assumptions (table tooltips) and advice speed/quality costs."""
    return _collect()[1]


@cache
def _results() -> tuple[list, list]:
    """(recommendations, advice lists) for :data:`WORKLOADS`, on a fresh bundled catalog."""
    from gpupicker.catalog import open_catalog

    with open_catalog() as repo:
        gpus, prices = repo.gpus(), repo.prices()
        fx = dict(repo.get_fx_rates())
        models = {m: repo.get_model(m) for m in {w[1] for w in WORKLOADS}}
    byid = {g.id: g for g in gpus}
    recs, advice = [], []
    for i, (task, model_id, extra, preferred) in enumerate(WORKLOADS):
        w = Workload(task=task, model=models[model_id], model_id=model_id, **extra)
        goal = ("cheapest", "fastest", "value", "headroom")[i % 4]
        recs.append(recommend(w, gpus, prices, goal=goal, fx_rates=fx if i % 2 else {"CNY": 7.2}))
        if preferred:
            advice.append(tuple(advise(w, byid[preferred], include_speed=False)))
    return recs, advice


@cache
def _collect() -> tuple[set[str], set[str]]:
    recs, advice = _results()
    texts: set[str] = set()
    tips: set[str] = set()
    for rec in recs:
        texts.update(o.reason for o in rec.options if o.reason)
        texts.update(rec.notes)
        for o in rec.options:
            tips.update((*o.memory.assumptions, *o.throughput.assumptions, *o.cost.assumptions))
    for items in advice:
        for a in items:
            texts.add(a.description)
            # as the results page shows them: one Message joining the two costs
            tips.add(join([c for c in (a.speed_cost, a.quality_cost) if c], "clauses"))
    return texts, tips


@pytest.mark.slow
def test_every_text_core_writes_is_a_message():
    """100 %, not a share: a plain string would reach a Chinese UI in English."""
    texts = collect_texts() | collect_tooltip_texts()
    assert len(texts) > 1000
    plain = sorted(t for t in texts if not isinstance(t, Message))
    assert not plain, plain[:10]


def test_every_text_field_of_the_results_is_a_message():
    """Every field typed ``core.messages.Text`` anywhere in the ranked options, notes and
    advice (reasons, assumptions, evidence, engine messages, serving notes …) holds a Message
    (tests/support/message_texts.plain_texts walks the pydantic models)."""
    from tests.support.message_texts import plain_texts

    rec, advice = _results()
    assert not plain_texts(rec, "recommend")[:10]
    assert not plain_texts(advice, "advise")[:10]


def test_core_sentences_render_in_zh_cn_with_cores_numbers(zh_cn):
    from gpupicker.ui.i18n.core_messages import tr_message
    from tests.support.message_texts import has_cjk

    texts = collect_texts() | collect_tooltip_texts()
    english = sorted(t for t in texts if not has_cjk(tr_message(t)))
    assert not english, english[:10]
    # whole texts keep their numbers and names: every priced reason, not one picked at random
    # (a translation that adds a fact — "除 RTX 3090 桥接外" — says more than core did)
    reasons = [t for t in texts if t.startswith("Fits: ") and "$" in t]
    assert reasons
    for reason in reasons:
        zh = tr_message(reason)
        # the same numbers; Chinese may put them in another order ("每分钟 60 个请求需要 2 个副本")
        assert sorted(re.findall(r"\d[\d,.]*\d|\d", reason.replace(". ", " "))) == sorted(
            re.findall(r"\d[\d,.]*\d|\d", zh.replace("。", " "))
        ), (reason, zh)


def test_english_ui_shows_cores_text_unchanged(qapp):
    from gpupicker.ui.i18n.core_messages import tr_message

    texts = collect_texts() | collect_tooltip_texts()
    for t in texts:
        assert tr_message(t) == t and type(tr_message(t)) is str


def test_nested_messages_and_names_in_zh_cn(zh_cn):
    from gpupicker.core.messages import join, msg, verbatim
    from gpupicker.core.workload import Workload
    from gpupicker.ui.i18n.core_messages import tr_message

    assert (
        tr_message(Workload(task="inference", model_id="x").unresolved_model_error())
        == "模型 'x' 尚未解析；请先在价格库中查找"
    )
    assert (
        tr_message(msg("recommend.limit.interconnect", link="NVLink")) == "GPU 之间的互联（NVLink）限制了速度"
    )
    # text that is not core's prose (verbatim) stays as it is inside a translated sentence
    assert (
        tr_message(
            join([verbatim("Unknown sentence"), msg("recommend.fits", used="1.0", cap="24", headroom="96%")])
        )
        == "Unknown sentence。显存够用：单卡占用 1.0 / 24 GiB（余量 96%）。"
    )


def test_results_page_notes_in_zh_cn(zh_cn, qtbot, repo):
    from gpupicker.ui.main_window import MainWindow
    from tests.support.message_texts import has_cjk

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
    reasons = [model.data(model.index(r, model.COLUMNS.index("reason"))) for r in range(model.rowCount())]
    assert reasons and all(has_cjk(r) for r in reasons)
