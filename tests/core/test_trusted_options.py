"""A ranking's options are built without validation, and are the options validation gives.

:func:`~gpupicker.core.ranking.options.build_options` builds its ~400 options from validated
parts without pydantic's validation: each must equal ``Option(**fields)`` (the validated build)
in its values, their types, the field order (the JSON) and the fields set.
"""

from __future__ import annotations

import pytest

from gpupicker.core.ranking import evaluation
from gpupicker.core.ranking.options import BUILT_FIELDS
from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.results import Option
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices

JOBS = (
    # the bench's jobs: inference (no run length), QLoRA with a budget, serving, images
    {"task": "inference", "model": "llama2_7b", "prompt_len": 1024, "new_tokens": 256},
    {"task": "qlora", "model": "mistral_7b_v0_1", "batch": 2, "seq_len": 2048, "train_hours": 6},
    {"task": "full_ft", "model": "llama3_8b", "seq_len": 4096, "dataset_tokens": 1e8, "budget_usd": 50.0},
    {"task": "inference", "model": "llama2_13b", "framework": "vllm", "requests_per_minute": 100},
    {"task": "image_gen", "model": "sdxl_base", "images": 100, "steps": 30},
)


def _options(job: dict[str, object], all_offers: bool = False) -> tuple[Option, ...]:
    fields = dict(job)
    model = catalog_model(str(fields.pop("model")))
    evaluation.evaluate.cache_clear()
    w = Workload(model=model, **fields)  # type: ignore[arg-type]
    return recommend(w, catalog_gpus(), catalog_prices(), all_offers=all_offers).options


@pytest.mark.parametrize("job", JOBS, ids=[str(j["task"]) + "-" + str(j["model"]) for j in JOBS])
def test_trusted_options_are_the_validated_ones(job: dict[str, object]) -> None:
    opts = _options(job, all_offers=job["task"] == "qlora")
    assert len(opts) > 100
    priced = 0
    for o in opts:
        given = {k: o.__dict__[k] for k in o.model_fields_set}
        v = Option(**given)
        assert list(o.__dict__) == list(Option.model_fields)  # declared order: the same JSON
        assert v.model_dump_json() == o.model_dump_json()
        assert [type(x) for x in v.__dict__.values()] == [type(x) for x in o.__dict__.values()]
        assert v == o and hash(v) == hash(o) and v.model_fields_set == o.model_fields_set
        assert o.reason == v.reason
        priced += bool(o.provider)
    assert priced > 10


def test_options_without_a_price_share_their_cost() -> None:
    opts = _options(JOBS[0])
    unpriced = [o for o in opts if not o.provider]
    # inference without a run length: no hours, one shared cost of no price
    assert len(unpriced) > 100 and len({id(o.cost) for o in unpriced}) == 1
    assert unpriced[0].cost.hours is None and unpriced[0].cost.usd_per_hour == 0.0


def test_options_from_outside_input_are_still_validated() -> None:
    o = _options(JOBS[0])[0]
    assert o.model_fields_set == BUILT_FIELDS
    given = {k: o.__dict__[k] for k in BUILT_FIELDS}
    with pytest.raises(ValueError, match="not_a_field"):
        Option(**given, not_a_field=1)  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="num_gpus"):
        Option(**{**given, "num_gpus": 0})
