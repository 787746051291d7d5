"""Reports (core/report/build.py, gpupicker report): the seed's QLoRA Mistral-7B case as PDF (pages,
text, plots, price sources), Markdown and HTML without Qt."""

from __future__ import annotations

import json
import re
import unicodedata

import pytest

from gpupicker import cli
from gpupicker.core.report.svg_chart import Chart, Series, render_svg
from gpupicker.core.report.tables import one_row_per_gpu

SEED_CASE = {
    "task": "qlora",
    "model_id": "mistral_7b_v0_1",
    "batch": 4,
    "seq_len": 2048,
    "grad_ckpt": True,
    "train_hours": 6,
    "gpu": "rtx_4090",
}


@pytest.fixture
def job(tmp_path):
    p = tmp_path / "job.json"
    p.write_text(json.dumps(SEED_CASE))
    return p


def _seed_price_source_rows():
    """The bundled catalog's RTX 4090 offers: (provider, observed) — a report lists the one it used."""
    from gpupicker.catalog import open_catalog

    repo = open_catalog()
    return repo, [p for p in repo.prices() if p.gpu_id == "rtx_4090"]


def test_pdf_report_of_the_seed_qlora_case(qapp, job, tmp_path, capsys):
    """(qapp first: the CLI would make a QGuiApplication, which pytest-qt cannot reuse.)"""
    pypdf = pytest.importorskip("pypdf")
    out = tmp_path / "plan.pdf"
    assert cli.main(["report", "--workload", str(job), "--out", str(out)]) == 0
    assert capsys.readouterr().out.strip() == str(out)
    reader = pypdf.PdfReader(str(out))
    assert 3 <= len(reader.pages) <= 30
    text = "\n".join(p.extract_text() for p in reader.pages)
    # NFKC undoes the ligatures (ﬁ, ﬄ) the PDF text layer keeps
    flat = re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text))
    for words in (
        "GPU plan: qlora Mistral 7B v0.1",
        "Ranked options",
        "What fits",
        "Prices used",
        "Assumptions",
        "Launch",
        "Tie-break",
        "SkyPilot",
        "dstack",
    ):
        assert words in flat, words
    # the plots are in it, as images (memory curves × 3 and cost + hours)
    assert sum(len(p.images) for p in reader.pages) >= 4
    # every listed price carries its source and observed date: the RTX 4090 row is there
    repo, offers = _seed_price_source_rows()
    assert "rtx_4090" in flat
    used = [o for o in offers if o.provider.split()[0] in flat and o.observed in flat]
    assert used, "no RTX 4090 price source (provider + observed date) in the PDF"
    assert "trl sft" in flat and "--load_in_4bit" in flat


def test_markdown_and_html_reports_without_qt(job, tmp_path, capsys):
    md = tmp_path / "plan.md"
    html = tmp_path / "plan.html"
    assert cli.main(["report", "--workload", str(job), "--out", str(md)]) == 0
    assert cli.main(["report", "--workload", str(job), "--out", str(html)]) == 0
    files = capsys.readouterr().out.split()
    text = md.read_text()
    assert text.startswith("# GPU plan: qlora Mistral 7B v0.1")
    images = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)
    assert {
        "plan-memory-batch.svg",
        "plan-memory-seq_len.svg",
        "plan-memory-lora_r.svg",
        "plan-cost-by-gpus.svg",
    } <= set(images)
    for name in images:
        assert (tmp_path / name).read_text().lstrip().startswith("<svg")
        assert str(tmp_path / name) in files
    assert (tmp_path / "plan-memory-batch.csv").read_text().startswith("gpu,gpu_name,value,bytes_per_gpu")
    assert "## Prices used" in text and "| rtx_4090 |" in text
    h = html.read_text()
    assert h.count("<svg") >= 4 and "Prices used" in h and "</html>" in h


def test_one_row_per_gpu_type_and_money_that_separates():
    from gpupicker.core.ranking.recommend import recommend
    from gpupicker.core.workload import Workload
    from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices

    w = Workload(
        task="qlora",
        model=catalog_model("mistral_7b_v0_1"),
        batch=4,
        seq_len=2048,
        train_hours=6,
        gpu="rtx_4090",
    )
    rows = one_row_per_gpu(recommend(w, catalog_gpus(), catalog_prices()).options, 10)
    ids = [best.gpu_id for best, _ in rows]
    assert len(ids) == len(set(ids)) == 10
    for best, others in rows:
        assert all(o.gpu_id == best.gpu_id and o.num_gpus != best.num_gpus for o in others)


def test_report_errors(job, tmp_path, capsys):
    assert cli.main(["report", "--workload", str(job), "--out", str(tmp_path / "x.docx")]) == 2
    assert ".md, .html or .pdf" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"task": "qlora", "model_id": "nope"}))
    assert cli.main(["report", "--workload", str(bad), "--out", str(tmp_path / "r.md")]) == 1
    assert "unknown model_id" in capsys.readouterr().err


def test_svg_chart_log_axis_and_marks():
    svg = render_svg(
        Chart(
            title="t",
            x_label="x",
            y_label="y",
            log_x=True,
            series=[
                Series(
                    label="a", points=[(1, 1), (10, 2), (100, 3)], hline=2.5, mark=(50, 2.5), mark_label="50"
                )
            ],
        )
    )
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert ">100<" in svg and ">50<" in svg and "stroke-dasharray" in svg
