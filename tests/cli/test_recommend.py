"""``gpupicker recommend`` (gpupicker.cli.recommend): GPU counts, multi-node notes, printed advice."""

from __future__ import annotations

from gpupicker.core.workload import Workload


# ----------------------------------------------------------------------------------------------
def test_recommend_honours_max_gpus_above_8_and_prints_advice(cat, capsys, tmp_path):
    """Llama-3.1-405B full fine-tuning (3,118 GiB of model states + activations on one GPU) needs
    more than 8 GPUs: --max-gpus 64 tries 16/32/64 (several 8-GPU nodes, noted) and, when
    nothing fits, the CLI prints the advice (text and --json)."""
    from gpupicker.cli.recommend import format_table, run_recommend

    w = Workload.model_validate({"task": "full_ft", "model_id": "llama3_1_405b", "batch": 1,
                                 "seq_len": 4096})
    rec = run_recommend(w, cat, max_gpus=64)
    assert {o.num_gpus for o in rec.options} >= {16, 32, 64}
    assert any("8-GPU nodes joined by InfiniBand" in n for n in rec.notes)
    rec8 = run_recommend(w, cat, max_gpus=8)
    # no part holds it in one node of 8: multi-node options are added and said so
    assert max(o.num_gpus for o in rec8.options) > 8
    assert any("No part holds this job in one node of 8" in n for n in rec8.notes)
    if not any(o.fits for o in rec8.options):
        assert rec8.advice and "To make it fit:" in format_table(rec8, 3)
        assert any(a.action == "more_gpus_64" for a in rec8.advice)
