"""The results page's sanity note for a job far beyond every GPU (``absurd_note``), on the
bundled catalog's real options."""

from __future__ import annotations

from gpupicker.core.model_arch import ModelArch
from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.workload import Workload
from gpupicker.service.recommendation import CatalogSnapshot
from gpupicker.ui.i18n.formatting import fmt_bytes
from gpupicker.ui.results.verdict_texts import ABSURD_FACTOR, absurd_note


def _options(cat, w: Workload):
    snap = CatalogSnapshot.from_repo(cat)
    return recommend(w, list(snap.gpus), list(snap.prices)).options


def test_an_ordinary_job_gets_no_note(qapp, cat):
    w = Workload(task="inference", model=cat.get_model("mistral_7b_v0_1"))
    options = _options(cat, w)
    assert options and absurd_note(w, options, "GiB") == ""


def test_a_100_trillion_parameter_model_gets_the_note_with_its_smallest_need(qapp, cat):
    """1e14 parameters (the most a model may have): 200 TB of bf16 weights, far over
    ``ABSURD_FACTOR`` × the largest card; the note names the least memory per GPU any option
    needs (offers of one GPU × count share one memory estimate, so it is the minimum over
    those) and the largest card."""
    w = Workload(task="inference", model=ModelArch(name="huge", params=10**14))
    options = _options(cat, w)
    need = min(o.memory.total_bytes for o in options)
    biggest = max(o.capacity_bytes_per_gpu for o in options)
    assert need > ABSURD_FACTOR * biggest
    note = absurd_note(w, options, "GiB")
    assert "needs at least" in note and "billion parameters" in note
    assert f"at least {fmt_bytes(need, 'GiB')} per GPU" in note and fmt_bytes(biggest, "GiB") in note
    assert note == absurd_note(w, options[::-1], "GiB")  # the minimum, whatever the order
