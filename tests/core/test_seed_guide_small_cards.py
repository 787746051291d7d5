"""The 24 GB note of a 16-bit inference ranking says what rules single 24 GB cards out: their
memory (the weights do not fit) or the serving load (they fit, but the requests need several
replicas). Measured on the bundled catalog: Mistral 7B v0.1 in bf16 is 13.5 GiB of weights, so
one RTX 4090 holds it; at 100 requests/min (1024 in / 512 out, vLLM) each one-card replica
needs a second one; Llama 2 13B in bf16 (24.2 GiB of weights) fits no 24 GB card."""

from __future__ import annotations

from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices

DOES_NOT_FIT = "does not fit a 24 GB card"


def _notes(model_id: str, **fields) -> list[str]:
    w = Workload(task="inference", model=catalog_model(model_id), model_id=model_id, **fields)
    return [str(n) for n in recommend(w, catalog_gpus(), catalog_prices(), fx_rates={"CNY": 0.14}).notes]


def test_replicas_for_the_load_are_not_blamed_on_memory():
    notes = _notes(
        "mistral_7b_v0_1", framework="vllm", prompt_len=1024, new_tokens=512, requests_per_minute=100
    )
    assert not any(DOES_NOT_FIT in n for n in notes)
    assert (
        "In bf16 the model fits one 24 GB card, but the requests need 2 of them (one replica per card)."
        in notes
    )


def test_weights_too_big_for_24_gb_still_say_so():
    notes = _notes("llama2_13b")
    assert any(f"In bf16 the model {DOES_NOT_FIT}" in n and "8- or 4-bit" in n for n in notes)
    assert not any("one replica per card" in n for n in notes)
