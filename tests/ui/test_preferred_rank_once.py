"""The preferred GPU's rank is said once, also when it is the seed guide's suggestion.

QLoRA of Mistral 7B with an RTX 4090 × 1 as the preferred GPU: the buying guide's rule of
thumb suggests the RTX 4090 for fine-tuning / LoRA (core.ranking.seed_guide.SEED_TABLE), and
its best option is the user's GPU × count. The note names it as the user's choice and the
rank stays on the one preferred-GPU line (core.ranking.shown_rows.preferred_rank_message), in
the window (English and zh_CN) and in the CLI's text table.
"""

from __future__ import annotations

import re

from gpupicker.core.workload import Workload

JOB = {"task": "qlora", "model_id": "mistral_7b_v0_1", "gpu": "rtx_4090", "num_gpus": 1}


def _rank_mentions(text: str, rank: int) -> int:
    return len(re.findall(rf"#{rank}\b|第 {rank} 名", text))


def _notes(repo, qtbot) -> tuple[str, int]:
    """The results page's notes and the 4090 × 1's rank, on every region's offers (zh_CN
    starts on China's, where the 4090 is the top pick and the note agrees instead)."""
    from gpupicker.ui.main_window import MainWindow

    win = MainWindow(repo)
    qtbot.addWidget(win)
    ctl = win.controller
    ctl.set_task("qlora")
    ctl.set_model("mistral_7b_v0_1", repo.get_model("mistral_7b_v0_1"))
    ctl.update(gpu="rtx_4090", num_gpus=1, region=None)
    ctl.recompute()
    page = win.wizard.results_page
    mine = next(o for o in page.options_model._options if (o.gpu_id, o.num_gpus) == ("rtx_4090", 1))
    return page.notes.text(), mine.rank


def test_the_rank_line_is_not_repeated_by_the_seed_note(qtbot, repo, qapp):
    notes, rank = _notes(repo, qtbot)
    assert "suggests NVIDIA GeForce RTX 4090" in notes and "that is the GPU × count you chose" in notes
    assert f"Your NVIDIA GeForce RTX 4090 × 1: #{rank}, fits" in notes
    assert "its best option ranks" not in notes and _rank_mentions(notes, rank) == 1, notes


def test_the_rank_line_is_not_repeated_in_zh_cn(qtbot, repo, zh_cn):
    notes, rank = _notes(repo, qtbot)
    assert "正是您选的 GPU × 数量" in notes and "其最佳方案排第" not in notes, notes
    assert _rank_mentions(notes, rank) == 1, notes


def test_cli_table_says_the_rank_once(cat):
    from gpupicker.cli.recommend import run_recommend
    from gpupicker.cli.recommend_output import format_table

    w = Workload.model_validate(JOB)
    rec = run_recommend(w, cat)
    mine = next(o for o in rec.options if (o.gpu_id, o.num_gpus) == ("rtx_4090", 1))
    table = format_table(rec, 1, preferred=("rtx_4090", 1))  # the 4090 is past --top 1
    assert mine.rank > 1 and f"Your NVIDIA GeForce RTX 4090 × 1: #{mine.rank}, fits" in table
    assert "that is the GPU × count you chose" in table and "its best option ranks" not in table
    # without a preferred GPU the note ranks the guide's GPU itself
    plain = run_recommend(Workload.model_validate({**JOB, "gpu": None}), cat)
    assert any("its best option ranks #" in n for n in plain.notes)
