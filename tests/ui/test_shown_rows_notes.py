"""The results page's lines about its rows (ui/results/shown_rows_text.py, core/ranking/
shown_rows.py): where the preferred GPU × count ranks, as the CLI says it, and how many rows
"One row per GPU type" hides (ranks jumped 1, 5, 6, 7, 14 with no word why: real window)."""

from __future__ import annotations

import re

import pytest

from gpupicker.core.ranking.shown_rows import one_per_gpu_options, preferred_rank_message
from gpupicker.core.units import GiB
from gpupicker.core.workload import Workload


def _pretrain_on_4_a100(window) -> None:
    """The seed guide's 13B pre-training on 4 × A100 80GB (the CLI: "Your NVIDIA A100 SXM4
    80GB × 4: #22, fits (54.2 GiB per GPU)")."""
    c = window.controller
    c.background = False
    window.wizard.show_page("results")
    c.set_workload(
        Workload(
            task="pretrain",
            model_id="llama2_13b",
            model=c.repo.get_model("llama2_13b"),
            gpu="a100_sxm_80gb",
            num_gpus=4,
            train_hours=72,
        )
    )
    c.recompute()


@pytest.mark.gui
def test_the_results_say_where_the_preferred_gpu_ranks_as_the_cli_does(qtbot, window):
    _pretrain_on_4_a100(window)
    view = window.controller.results
    mine = next(o for o in view.options if (o.gpu_id, o.num_gpus) == ("a100_sxm_80gb", 4))
    assert mine.fits
    line = f"Your {mine.gpu_name} × 4: #{mine.rank}, fits ({mine.total_bytes_per_gpu / GiB:.1f} GiB per GPU)."
    assert str(preferred_rank_message(mine)) + "." == line
    notes = window.wizard.results_page.notes.text().split("\n")
    assert line in notes


@pytest.mark.gui
def test_the_results_say_how_many_rows_one_per_gpu_type_hides(qtbot, window):
    _pretrain_on_4_a100(window)
    page = window.wizard.results_page
    fitting = [o for o in window.controller.results.options if o.fits]
    text = page.notes.text()
    found = re.search(r"One row per GPU type: ([\d,]+) other GPU counts and offers", text)
    assert found, text
    hidden = int(found.group(1).replace(",", ""))
    # the table lists one row per type plus the preferred 4 × A100 beside its type's best
    assert hidden == len(fitting) - page.proxy.rowCount()
    assert len(one_per_gpu_options(fitting)) + 1 == page.proxy.rowCount()
    assert "untick “One row per GPU type”" in text
    page.one_per_gpu.setChecked(False)
    assert "other GPU counts and offers" not in page.notes.text()
    assert page.proxy.rowCount() == len(fitting)


@pytest.mark.gui
def test_the_row_lines_in_zh_cn(qtbot, zh_cn, window):
    _pretrain_on_4_a100(window)
    text = window.wizard.results_page.notes.text()
    assert re.search(r"每种 GPU 只列一行：同类型的其他 [\d,]+ 种 GPU 数量与报价未列出", text), text
    assert re.search(r"您的 .+ × 4：排第 \d+ 名，显存够用（单卡 [\d.]+ GiB）。", text), text
