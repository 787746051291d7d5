"""The provider filter (``Workload.providers``): only the named providers' offers are ranked,
beside the region filter; names match the catalog's or the Chinese name in any case; an
unknown name is an error that lists the catalog's providers.

Prices: the bundled data/prices.csv (AutoDL's CNY rows, researched 2026-03; Matpool 矩池云).
"""

from __future__ import annotations

import pytest

from gpupicker.core.pricing.providers import check_providers, provider_aliases
from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices
from tests.support.seed_cases import CNY, FX, SEED_CASES


def _workload(spec: dict, **extra) -> Workload:
    return Workload(model=catalog_model(spec["model_id"]), **{**spec, **extra})


def _known() -> set[str]:
    return {p.provider for p in catalog_prices()}


def test_names_match_in_any_case_and_in_chinese():
    assert check_providers(["autodl"], _known()) == {"AutoDL"}
    assert check_providers(["矩池云", " MATPOOL "], _known()) == {"Matpool (矩池云)"}
    assert {"autodl", "autodl 算力云"} <= provider_aliases("AutoDL")


def test_an_unknown_provider_is_named_with_the_known_ones():
    with pytest.raises(ValueError) as err:
        check_providers(["AutoDL", "NoSuchCloud"], _known())
    message = err.value.args[0]
    assert message.id == "providers.unknown_provider"
    text = str(message)
    assert "'NoSuchCloud'" in text and "AutoDL" in text and "RunPod" in text
    assert "seed text" not in text


def test_region_cn_and_autodl_lists_only_autodl():
    w = _workload(SEED_CASES["qlora_mistral_7b"], region="CN", providers=("AutoDL",))
    rec = recommend(w, catalog_gpus(), catalog_prices(), fx_rates=FX, money=CNY)
    priced = [o for o in rec.options if o.provider]
    assert priced and {o.provider for o in priced} == {"AutoDL"}
    assert any(n.startswith("Only offers of AutoDL:") for n in rec.notes)
    # every GPU AutoDL rents on demand that the job can run on (NF4 has no Ascend back end)
    # is ranked, also where another provider is cheaper
    every = recommend(
        w.model_copy(update={"region": None, "providers": ()}),
        catalog_gpus(),
        catalog_prices(),
        fx_rates=FX,
        money=CNY,
        all_offers=True,
    )
    autodl = {o.gpu_id for o in every.options if o.provider == "AutoDL" and o.pricing == "on_demand"}
    assert len(autodl) > 10 and autodl <= {o.gpu_id for o in priced}


def test_several_providers_without_a_region():
    w = _workload(SEED_CASES["qlora_mistral_7b"], providers=("runpod", "Lambda"))
    rec = recommend(w, catalog_gpus(), catalog_prices(), fx_rates=FX)
    assert {o.provider for o in rec.options if o.provider} == {"RunPod", "Lambda"}


def test_workload_rejects_an_unknown_provider_in_recommend():
    w = _workload(SEED_CASES["qlora_mistral_7b"], providers=("Nope",))
    with pytest.raises(ValueError, match="unknown provider 'Nope'"):
        recommend(w, catalog_gpus(), catalog_prices(), fx_rates=FX)
