"""The report's texts as Messages (core/report/build.py, core/report/render.py) and the
report in zh_CN with yuan as display currency.

The report is built from the bundled catalog for real workloads (the seed's QLoRA case in
China, a vLLM service, an SDXL batch) with ``1 USD = 7.10 CNY`` set as a user would
(``repo.set_fx_rate``, as ``gpupicker catalog fx set CNY 7.10`` does). In English every text
renders as core always wrote it; in zh_CN (the UI's own renderer, File › Export report…)
the Markdown, HTML and PDF show the report's own texts in Chinese, amounts in ¥ only, and
Chinese provider and GPU names where ``core.zh_names`` has one (AutoDL 算力云, 矩池云,
（中国特供）).
"""

from __future__ import annotations

import re
import unicodedata

import pytest

from gpupicker.core.messages import JOINERS, TEMPLATES, Message, msg
from gpupicker.core.report.build import Report, build_report
from gpupicker.core.report.render import TextRenderer, render_html, render_markdown
from gpupicker.core.workload import Workload

QLORA_CN = {
    "task": "qlora",
    "model_id": "mistral_7b_v0_1",
    "batch": 4,
    "seq_len": 2048,
    "grad_ckpt": True,
    "train_hours": 6,
    "gpu": "rtx_4090",
    "region": "CN",
}
"""Seed case 1 (QLoRA Mistral-7B, 6 h) with offers in China only."""
WORKLOADS = (
    QLORA_CN,
    {
        "task": "inference",
        "model_id": "llama2_13b",
        "requests_per_minute": 100,
        "framework": "vllm",
        "budget_usd": 5,
    },
    {"task": "image_gen", "model_id": "sdxl_base", "images": 1000},
)

MINE = frozenset(t for i, t in TEMPLATES.items() if i.startswith("report."))
"""The English templates of the report's own texts."""


def _yuan(repo):
    repo.set_fx_rate("CNY", 7.10, date="2026-12-01", source="test")
    repo.set_display_currency("CNY")
    return repo


def _report(repo, job, top=10) -> Report:
    from gpupicker.cli.report import make_report

    return make_report(Workload(**job), repo, top=top)


def _messages(r: Report) -> list[tuple[str, object]]:
    """(where, text) of every text the report module itself writes."""
    out: list[tuple[str, object]] = [("title", r.title), ("tie_break", r.tie_break)]
    out += [(f"job[{i}]", t) for i, row in enumerate(r.job) for t in row]
    out += [
        (f"options[{i}].{k}", v) for i, o in enumerate(r.options) for k, v in o.items() if k != "reason"
    ]  # the reason is recommend's
    out += [(f"fits[{i}]", t) for i, row in enumerate(r.fits) for t in row]
    for c in r.charts:
        out.append((f"chart {c.name}", c.title))
        for p in c.plots:
            out += [(f"chart {c.name}", t) for t in (p.title, p.x_label, p.y_label)]
            out += [(f"chart {c.name} legend", s.label) for s in p.series]
    out += [(f"prices[{i}]", t) for i, p in enumerate(r.prices) for t in (p.observed, p.source)]
    if r.launch is None:
        out.append(("launch_note", r.launch_note))
    return out


def _ids(m: Message) -> set[str]:
    found = {m.id}
    for v in m.params.values():
        for p in v if isinstance(v, tuple) else (v,):
            if isinstance(p, Message):
                found |= _ids(p)
    return found


def test_every_report_text_is_a_message_and_english_is_unchanged(repo):
    r = _report(repo, QLORA_CN)
    for where, text in _messages(r):
        assert isinstance(text, Message), f"{where}: {text!r} is plain text"
        ids = _ids(text)
        assert all(
            i.startswith(("report.", "pricing.")) or i in JOINERS or i == "text.verbatim" for i in ids
        ), (where, ids)
    md = render_markdown(r)
    assert md == render_markdown(r, render=TextRenderer())
    # the English lines as core wrote them before the conversion (USD catalog)
    assert md.startswith("# GPU plan: qlora Mistral 7B v0.1\n\nWritten by gpupicker on ")
    for line in (
        "| gradient checkpointing | on |",
        "| pricing | on_demand |",
        "| # | GPU | n | fits | memory per GPU | provider | pricing | $/h (all GPUs) | "
        "hours | total | other counts |",
        "Tie-break: Ranked by cheapest; equal cost (the same to the cent and to four "
        "significant digits): fewer GPUs first, then the faster option, then the GPU id; "
        "a price its own source doubts (e.g. "
        "'scraper artefact') ranks after the other priced options of its tier.",
        "| GPU | largest | value | GiB per GPU at it |",
        "- What fits: memory per GPU against batch size",
        "| GPU | provider | pricing | per GPU-hour | observed | source |",
    ):
        assert line in md, line
    assert re.search(
        r"\| NVIDIA RTX A4000 \| 1 \| yes \| 13\.3 / 15\.9 GiB \| AutoDL \| on_demand "
        r"\| \$0\.14 \| 10\.50 \| \$1\.4\d+ \| ×2 \$1\.\d+, ×4",
        md,
    )  # 10.46 h + start-up
    assert "total cost (USD)" in r.charts[-1].svg


def test_a_name_with_a_comma_keeps_its_chinese_name():
    from gpupicker.core.report.zh_names import zh_name

    m = msg("report.gpu", gpu="NVIDIA RTX PRO 6000 Blackwell (Workstation, 96GB)")
    assert m.render(None, zh_name) == "NVIDIA RTX PRO 6000 Blackwell（工作站，96GB）"
    both = msg("report.provider", provider="AutoDL, Alibaba Cloud")
    assert both.render(None, zh_name) == "AutoDL 算力云, 阿里云"


def _own_text_renderer() -> TextRenderer:
    """zh_CN for the report's own templates; every other text replaced by a marker.

    ``〈值〉``: a verbatim value (a number, a date, a catalog word), ``〈名〉``: a GPU or
    provider name, ``〈外〉``: a text another core module wrote (reasons, assumptions, notes,
    launch details) — so what is left is the report's own words.
    """
    from gpupicker.ui.i18n.core_messages import message_renderer

    zh, _ = message_renderer()
    assert zh is not None
    separators = {s for pair in JOINERS.values() for s in pair}

    def translate(text: str, disambiguation: str | None = None) -> str:
        if text == TEMPLATES["text.verbatim"]:
            return "〈值〉"
        return zh(text, disambiguation) if text in MINE or text in separators else "〈外〉"

    return TextRenderer(translate, lambda _: "〈名〉")


ALLOWED = {"gpupicker", "LoRA", "QLoRA", "SkyPilot", "dstack", "task", "yaml", "token"}
"""ASCII words of 4+ letters the zh_CN report's own texts may keep: the program's name,
method, tool and file names, and "token" (Chinese ML engineers write it in Latin)."""


def _english_left(text: str) -> set[str]:
    text = re.sub(r"```.*?```", " ", text, flags=re.S)  # launch commands and YAML (code)
    text = re.sub(r"<pre>.*?</pre>", " ", text, flags=re.S)
    text = re.sub(r"<style>.*?</style>", " ", text, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)  # HTML tags and their attributes
    text = re.sub(r"\b[a-z0-9]+(?:_[a-z0-9]+)+\b", " ", text)  # catalog ids (rtx_a4000)
    return set(re.findall(r"[A-Za-z]{4,}", text)) - ALLOWED


def test_zh_cn_report_has_no_english_of_its_own(repo, zh_cn):
    _yuan(repo)
    own = _own_text_renderer()
    for job in WORKLOADS:
        r = _report(repo, job)
        for text in (render_markdown(r, render=own), render_html(r, render=own)):
            assert "〈值〉" in text and "〈名〉" in text
            assert not _english_left(text), (job["task"], sorted(_english_left(text)))
        from gpupicker.core.report.render import chart_svg

        for c in r.charts:
            svg = chart_svg(c, own)
            assert not _english_left(re.sub(r"<[^>]+>", " ", svg)), c.name


def _autodl_only_report(repo):
    from gpupicker.cli.recommend import display_money, run_recommend
    from gpupicker.service.resolve import resolve_model

    w = resolve_model(Workload(**QLORA_CN), repo)
    money = display_money(repo)
    rec = run_recommend(w, repo, money=money, all_offers=True)
    autodl = [o for o in rec.options if o.provider == "AutoDL"]
    return build_report(
        w,
        autodl,
        repo.gpus(),
        repo.prices(),
        notes=rec.notes,
        top=40,
        model_name="Mistral 7B v0.1",
        money=money,
    )


def test_zh_cn_report_in_yuan_with_chinese_names(repo, zh_cn, tmp_path):
    from gpupicker.ui.results.report_export import report_renderer

    _yuan(repo)
    zh = report_renderer()
    r = _report(repo, QLORA_CN)
    md, html = render_markdown(r, render=zh), render_html(r, render=zh)
    for text in (md, html):
        assert "$" not in text
        assert "¥" in text
        assert "方案排名" in text and "所用价格" in text and "启动配置" in text
        assert "Ranked options" not in text and "Prices used" not in text
        assert "AutoDL 算力云" in text and "矩池云" in text
        assert "（中国特供）" in text and "(China)" not in text
    assert "| 梯度检查点 | 开启 |" in md and "| 计费方式 | 按量付费 |" in md
    assert (
        "| # | GPU | 卡数 | 显存够用 | 单卡显存（占用/容量） | 服务商 | 计费方式 | ¥/小时（全部 GPU） |"
    ) in md
    assert "总费用（CNY）" in html and "费用随 GPU 数量的变化" in html
    # AutoDL's RTX 4090 at ¥1.98 per GPU-hour (data/prices.csv) shows ¥1.98
    a = _autodl_only_report(repo)
    row = next(o for o in a.options if o["gpu"] == "NVIDIA GeForce RTX 4090")
    assert zh(row["per_hour"]) == "¥1.98" and zh(row["provider"]) == "AutoDL 算力云"
    assert "¥1.98/小时 × 6.046 小时（含 2.8 分钟启动）= ¥11.97" in zh(row["reason"])  # 6 h + start-up
    # the prices used: the GPU by its name and the source's ¥ figure (was rtx_4090, 1.98 CNY)
    prices = render_markdown(a, render=zh).split("## 所用价格")[1].split("\n## ")[0]
    assert "| NVIDIA GeForce RTX 4090 | AutoDL 算力云 | 按量付费 | ¥1.98 |" in prices
    assert "rtx_4090" not in prices and " CNY |" not in prices
    # the job table: names, not stored codes (nf4, adamw), in the Chinese report
    assert "| 权重格式 | NF4 |" in md and "| 优化器 | AdamW |" in md


def test_zh_cn_pdf_report(repo, zh_cn, tmp_path):
    pypdf = pytest.importorskip("pypdf")
    from gpupicker.ui.results.report_export import report_renderer
    from gpupicker.ui.results.report_pdf import write_pdf

    _yuan(repo)
    out = write_pdf(_report(repo, QLORA_CN), tmp_path / "zh.pdf", report_renderer())
    reader = pypdf.PdfReader(str(out))
    flat = re.sub(
        r"\s+", "", unicodedata.normalize("NFKC", "\n".join(p.extract_text() for p in reader.pages))
    )
    # (pypdf repeats the characters of bold runs; look for words of regular text)
    for words in ("按量付费", "服务商", "所用价格", "AutoDL算力云", "中国特供", "¥"):
        assert words in flat, words
    for english in ("$", "Rankedoptions", "Pricesused", "Tie-break", "(China)", "Whatfits"):
        assert english not in flat, english
    assert sum(len(p.images) for p in reader.pages) >= 4


@pytest.fixture
def yuan_repo(repo):
    """The test's catalog with ``1 USD = 7.10 CNY`` and yuan as display currency."""
    return _yuan(repo)


@pytest.mark.gui
def test_gui_export_report_in_zh_cn(qtbot, yuan_repo, window, zh_cn, tmp_path):
    """File › Export report… in a Chinese UI writes the report in Chinese and in yuan."""
    c = window.controller
    assert c.snapshot.money.currency == "CNY"
    c.update(train_hours=6.0)
    c.recompute()
    window.ask_path = lambda *a, **k: str(tmp_path / "zh.md")
    window.report_action.trigger()
    md = (tmp_path / "zh.md").read_text(encoding="utf-8")
    assert md.startswith("# GPU 方案：")
    assert "## 方案排名" in md and "## 所用价格" in md and "Prices used" not in md
    assert "¥/小时（全部 GPU）" in md and "$" not in md


def test_cli_report_amounts_follow_the_display_currency(tmp_path, capsys):
    """`gpupicker report` (English) with yuan as display currency: the table, the cost chart
    and the reasons show the same ¥ amounts, no $ (before, the table stayed in $)."""
    import json

    from gpupicker.cli import main

    assert main(["catalog", "fx", "set", "CNY", "7.10", "--date", "2026-12-01", "--source", "test"]) == 0
    assert main(["catalog", "currency", "CNY"]) == 0
    job = tmp_path / "job.json"
    job.write_text(json.dumps(QLORA_CN))
    out = tmp_path / "plan.md"
    assert main(["report", "--workload", str(job), "--out", str(out)]) == 0
    capsys.readouterr()
    md = out.read_text(encoding="utf-8")
    assert "$" not in md and "| ¥/h (all GPUs) |" in md
    assert re.search(r"\| NVIDIA RTX A4000 \| 1 \| yes \| [^|]+ \| AutoDL \| on_demand \| ¥0\.97 \|", md)
    assert "total cost (CNY)" in (tmp_path / "plan-cost-by-gpus.svg").read_text(encoding="utf-8")
