"""``gpupicker recommend`` (gpupicker.cli.recommend): GPU counts, multi-node notes, printed advice."""

from __future__ import annotations

from gpupicker.core.workload import Workload


# ----------------------------------------------------------------------------------------------
def test_recommend_honours_max_gpus_above_8_and_prints_advice(cat, capsys, tmp_path):
    """Llama-3.1-405B full fine-tuning (3,118 GiB of model states + activations on one GPU) needs
    more than 8 GPUs: --max-gpus 64 tries 16/32/64 (several 8-GPU nodes, noted) and, when
    nothing fits, the CLI prints the advice (text and --json)."""
    from gpupicker.cli.recommend import run_recommend
    from gpupicker.cli.recommend_output import format_table

    w = Workload.model_validate({"task": "full_ft", "model_id": "llama3_1_405b", "batch": 1, "seq_len": 4096})
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


def test_recommend_json_has_message_ids_only_when_asked(tmp_path, capsys):
    """``--json`` prints the texts; ``--message-ids`` adds ``<key>_message(s)`` beside them
    and changes nothing else (the same options, numbers and texts)."""
    import json

    from gpupicker.cli import main

    job = tmp_path / "job.json"
    job.write_text(json.dumps({"task": "qlora", "model_id": "mistral_7b_v0_1"}), encoding="utf-8")
    args = [
        "--catalog",
        str(tmp_path / "c.sqlite"),
        "recommend",
        "--json",
        "--top",
        "3",
        "--workload",
        str(job),
    ]
    assert main(args) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main([*args, "--message-ids"]) == 0
    with_ids = json.loads(capsys.readouterr().out)

    def keys(obj: object) -> set[str]:
        if isinstance(obj, dict):
            return set(obj) | {k for v in obj.values() for k in keys(v)}
        if isinstance(obj, list):
            return {k for v in obj for k in keys(v)}
        return set()

    def strip(obj: object) -> object:
        if isinstance(obj, dict):
            return {k: strip(v) for k, v in obj.items() if not k.endswith(("_message", "_messages"))}
        if isinstance(obj, list):
            return [strip(v) for v in obj]
        return obj

    assert not {k for k in keys(plain) if k.endswith(("_message", "_messages"))}
    assert with_ids["options"][0]["reason_message"]["id"]  # e.g. "join.sentences" of parts
    assert strip(with_ids) == plain


def test_text_table_totals_follow_the_money_rule(cat):
    """The text table's totals use the one money rule of the GUI table, the report and the
    reasons (``amount_decimals``): a $1.1737 QLoRA run prints ``1.17`` and a $0.0412 one
    ``0.0412``, as the report's ``money_text(…, None)`` writes them, not a fixed ``0.04``."""
    from gpupicker.cli.recommend import run_recommend
    from gpupicker.cli.recommend_output import _total_cell, format_table
    from gpupicker.core.pricing.money import USD, Money
    from gpupicker.core.report.tables import money_text, ranking_total

    assert _total_cell(0.0412, None, USD) == "0.0412"
    assert _total_cell(1.1737, None, USD) == "1.17"
    assert _total_cell(1234.5, None, USD) == "1,234"
    assert _total_cell(None, 47.14, USD) == "47.14/mo"
    assert _total_cell(0.2789, None, Money("CNY", 7.1)) == "1.98"
    w = Workload.model_validate({"task": "qlora", "model_id": "mistral_7b_v0_1", "dataset_tokens": 2_000_000})
    rec = run_recommend(w, cat)
    table = format_table(rec, 10)
    for o in rec.options[:10]:
        total = ranking_total(o)
        if total is not None and o.cost.usd_total is not None:
            assert f" {money_text(total, None)[1:]}  " in table
