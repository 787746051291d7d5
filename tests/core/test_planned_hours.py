"""A planned run length without a preferred GPU or a dataset size: every option is rented the
same hours and does a different amount of work, and the notes say so (the new-user test: a
6-h RTX 3090 at 725 tok/s was "cheapest" against a 6-h H800 at 6,491 tok/s, silently)."""

from __future__ import annotations

from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices

SAME_HOURS = (
    "Each option runs the planned 6 h, so they do different amounts of work (a faster GPU trains "
    "more tokens in the same hours) and the cheapest is the lowest price per hour; give the "
    "dataset size or a preferred GPU to compare the same work."
)


def _qlora(**kw: object) -> Workload:
    """The seed case: QLoRA Mistral-7B, batch 4 × 2048, a 6-h run."""
    return Workload(
        task="qlora", model=catalog_model("mistral_7b_v0_1"), batch=4, seq_len=2048, train_hours=6, **kw
    )


def test_any_gpu_and_only_hours_says_each_option_runs_those_hours(zh_cn):
    from gpupicker.ui.i18n.core_messages import tr_message

    rec = recommend(_qlora(), catalog_gpus(), catalog_prices())
    hours = {round(o.cost.hours - (o.cost.startup_hours or 0), 6) for o in rec.options if o.cost.hours}
    assert hours == {6.0}  # the same rental for every option: the note's claim
    same = [n for n in rec.notes if str(n) == SAME_HOURS]
    assert len(same) == 1
    assert tr_message(same[0]).startswith("每个方案都运行计划的 6 小时，因此完成的工作量不同")


def test_a_preferred_gpu_measures_the_work_and_no_same_hours_note():
    """With the RTX 4090 named, 6 h is the work the 4090 does in 6 h (the seed case)."""
    rec = recommend(_qlora(gpu="rtx_4090"), catalog_gpus(), catalog_prices())
    assert not any("Each option runs the planned" in str(n) for n in rec.notes)
    assert any("training tokens at the estimated speed" in str(n) for n in rec.notes)


def test_a_dataset_size_needs_no_note():
    w = _qlora().model_copy(update={"train_hours": None, "dataset_tokens": 2e7})
    assert not any(
        "Each option runs the planned" in str(n) for n in recommend(w, catalog_gpus(), catalog_prices()).notes
    )
