"""'What to change to fit': every suggestion is re-estimated."""

from __future__ import annotations

from gpupicker.core.memory import estimate_memory
from gpupicker.core.planners.advisor import advise
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_model, gpu


def _apply(w: Workload, changes: dict) -> Workload:
    data = {**w.model_dump(), **changes, "model": w.model}
    return Workload.model_validate(data)


def test_llama3_8b_full_ft_4096_on_24gb_first_fitting_suggestion_really_fits():
    w = Workload(
        task="full_ft", model=catalog_model("llama3_8b"), batch=1, seq_len=4096, weights_dtype="bf16"
    )
    card = gpu("rtx_4090")
    before = estimate_memory(w, card).total_bytes
    assert before > card.memory_bytes
    advice = advise(w, card)
    assert advice and advice[0].fits
    first = next(a for a in advice if a.fits)
    w2 = _apply(w, first.changes)
    again = estimate_memory(w2, card, w2.num_gpus).total_bytes
    assert again == first.new_total_bytes <= card.memory_bytes
    assert first.saves_bytes == before - first.new_total_bytes
    # fitting suggestions come first; the rest are ordered by memory saved
    fits = [a.fits for a in advice]
    assert fits == sorted(fits, reverse=True)
    rest = [a.saves_bytes for a in advice if not a.fits]
    assert rest == sorted(rest, reverse=True)
    actions = {a.action.split("+")[0] for a in advice}
    assert {"grad_ckpt", "adamw8bit", "lora", "qlora"} <= actions
    assert all(a.speed_cost and a.quality_cost for a in advice)


def test_every_listed_change_is_verified_by_the_memory_model():
    w = Workload(task="full_ft", model=catalog_model("llama3_8b"), batch=2, seq_len=4096)
    card = gpu("a100_sxm_40gb")
    for a in advise(w, card):
        w2 = _apply(w, a.changes)
        assert estimate_memory(w2, card, w2.num_gpus).total_bytes == a.new_total_bytes
        assert a.fits == (a.new_total_bytes <= card.memory_bytes)


def test_70b_inference_on_h100_suggests_quantization_or_more_gpus():
    w = Workload(
        task="inference",
        model=catalog_model("llama3_70b"),
        weights_dtype="bf16",
        batch=1,
        prompt_len=1024,
        new_tokens=256,
    )
    advice = advise(w, gpu("h100_sxm"))
    fitting = {a.action for a in advice if a.fits}
    assert "int4" in fitting and "more_gpus_2" in fitting
    int4 = next(a for a in advice if a.action == "int4")
    assert int4.speed_factor and int4.speed_factor > 0


def test_qlora_13b_long_context_on_24gb_suggests_checkpointing():
    """C29-like: QLoRA 13B with ~4k-token samples OOMs on a 24 GB card."""
    w = Workload(task="qlora", model=catalog_model("llama2_13b"), batch=4, seq_len=4096, grad_ckpt=False)
    card = gpu("rtx_4090")
    assert estimate_memory(w, card).total_bytes > card.memory_bytes
    advice = advise(w, card)
    assert advice[0].fits
    assert any("grad_ckpt" in a.action for a in advice if a.fits)
