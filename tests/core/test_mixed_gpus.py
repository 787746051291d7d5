"""One machine of unlike cards (``Workload.gpus``): llama.cpp's layer split per card, its speed
as a pipeline, the tensor-parallel engines refused, the machine ranked beside rentals, and the
cards that would make a job fit it priced at their list price."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from gpupicker.core.memory.mixed import layer_counts, split_for
from gpupicker.core.planners.launch_config import launch_config
from gpupicker.core.pricing.owned import OwnedGpu
from gpupicker.core.ranking.machine_report import machine_report, solve_machine_fit
from gpupicker.core.ranking.mixed_plan import machine_memory, machine_workload, workload_machine
from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.units import MiB
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices

PAIR = [{"gpu": "rtx_4090"}, {"gpu": "rtx_3090"}]


def _w(model_id: str = "llama3_70b", **kw: object) -> Workload:
    base: dict[str, object] = {
        "task": "inference",
        "model_id": model_id,
        "weights_dtype": "q4_k_m",
        "framework": "llama.cpp",
        "gpus": PAIR,
    }
    base.update(kw)
    return Workload.model_validate(base).with_model(catalog_model(model_id))


def _report(w: Workload) -> dict:
    return machine_report(w, catalog_gpus())


def test_layers_go_where_llama_cpp_load_tensors_puts_them():
    # equal shares over 80 layers + the output slot: layer il on card 0 while il / 81 < 0.5
    assert layer_counts([1, 1], 80) == ([41, 39], 1)
    # the output layer is slot n_layer: always the last card, whatever the shares
    assert layer_counts([3, 1], 80)[1] == 1
    # the counts with one more on the last card reproduce themselves (the printed split)
    counts, out = layer_counts(split_for([12, 28]), 40)
    assert (counts, out) == ([12, 28], 1)
    # -ngl below the layer count: the first layers and the output stay on the CPU, and the
    # counts themselves are the split of the offloaded layers
    assert layer_counts([1, 1], 80, n_gpu_layers=60) == ([30, 30], None)
    assert layer_counts([25, 35], 80, n_gpu_layers=60) == ([25, 35], None)


def test_70b_q4_k_m_on_an_owned_4090_and_3090_fits_split_per_card():
    r = _report(_w())
    assert r["fits"] is True and r["machine"] == "RTX 4090 + RTX 3090"
    cards = r["cards"]
    assert [c["layers"] for c in cards] == [41, 39] and cards[1]["output_layer"] is True
    assert r["tensor_split"] == [41, 40]
    # every layer's weights and KV are on one card: the two cards hold the whole model
    total_weights = sum(c["weights_bytes"] for c in cards)
    assert total_weights == pytest.approx(39.6 * 2**30, rel=0.03)  # Llama-3-70B Q4_K_M file
    for c in cards:
        assert c["total_bytes"] <= c["capacity_bytes"] and c["compute_buffer_bytes"] > 0
    # the card with the output layer holds the logits: the larger compute buffer
    assert cards[1]["compute_buffer_bytes"] > cards[0]["compute_buffer_bytes"]
    # speed: the sum of each card's share, so between two 3090s and two 4090s
    assert 15.0 < r["decode_tokens_per_s"] < 20.0
    assert any("slowest part of the split" in str(a) for a in r["speed_assumptions"])


def test_vllm_on_unlike_cards_is_refused_with_the_reason_and_what_runs():
    r = _report(_w(framework="vllm"))
    assert r["fits"] is False and r["engine_starts"] is False
    reason = str(r["engine_error"])
    assert "tensor parallelism" in reason and "llama.cpp" in reason
    assert "VLLM_PP_LAYER_PARTITION" in reason  # pipeline parallel named, not modelled


def test_unlike_cards_are_never_sized_as_one_card_type():
    from gpupicker.core.report.estimate import estimate_report

    with pytest.raises(ValueError, match="look them up in the catalog"):
        estimate_report(_w(), None)


def test_the_split_reproduces_a_published_mixed_load_log():
    # llama.cpp PR #6122 (RTX 4070 Ti + RTX 3090 Ti, Command-R 35B, n_ctx 4096): 12 / 28
    # layers, KV 1536 / 3584 MiB, CUDA0 compute buffer 672.01 MiB (validation MX01-MX03)
    w = Workload.model_validate(
        {
            "task": "inference",
            "model_id": "command_r_35b",
            "weights_dtype": "q4_k_m",
            "framework": "llama.cpp",
            "gpus": [{"gpu": "rtx_4070_ti"}, {"gpu": "rtx_3090_ti"}],
            "tensor_split": [12, 29],
            "prompt_len": 4096,
            "new_tokens": 0,
        }
    ).with_model(catalog_model("command_r_35b"))
    cards = _report(w)["cards"]
    assert [c["layers"] for c in cards] == [12, 28]
    assert [c["kv_cache_bytes"] for c in cards] == [1536 * MiB, 3584 * MiB]
    assert cards[0]["compute_buffer_bytes"] == pytest.approx(672.01 * MiB, rel=0.03)


def test_the_default_split_by_free_memory_is_named_when_it_overflows():
    # a display on the 4090 leaves it 20 GiB free: llama.cpp's default split follows free memory
    w = _w(gpus=[{"gpu": "rtx_4090", "free_gib": 20.0}, {"gpu": "rtx_3090"}])
    r = _report(w)
    assert r["fits"] is True
    assert r["cards"][0]["capacity_bytes"] == 20 * 2**30
    assert r["cards"][0]["layers"] < r["cards"][1]["layers"]


def test_a_given_tensor_split_is_used_and_an_overflowing_card_does_not_fit():
    r = _report(_w(tensor_split=[9, 1]))
    assert r["cards"][0]["layers"] == 73 and r["fits"] is False  # il / 81 < 0.9: il <= 72
    assert r["cards"][0]["fits"] is False and r["cards"][1]["fits"] is True


def test_workload_checks_of_gpus_and_tensor_split():
    w = Workload.model_validate(
        {"task": "inference", "model_id": "x", "gpus": ["rtx_4090", {"gpu": "rtx_3090", "count": 2}]}
    )
    assert w.num_gpus == 3 and w.machine_cards == ("rtx_4090", "rtx_3090", "rtx_3090")
    with pytest.raises(ValidationError, match="disagrees with the 2 cards"):
        Workload.model_validate({"task": "inference", "model_id": "x", "gpus": PAIR, "num_gpus": 4})
    with pytest.raises(ValidationError, match="one per card"):
        Workload.model_validate(
            {"task": "inference", "model_id": "x", "gpus": PAIR, "tensor_split": [1, 1, 1]}
        )
    with pytest.raises(ValidationError, match="list them in gpus"):
        Workload.model_validate({"task": "inference", "model_id": "x", "tensor_split": [1, 1]})
    assert Workload.unknown_fields({"task": "inference", "gpus": [{"gpu": "a", "colour": 1}]}) == [
        "gpus[0].colour"
    ]
    with pytest.raises(ValueError, match="no GPU 'rtx_9999'"):
        workload_machine(_w(gpus=[{"gpu": "rtx_9999"}, {"gpu": "rtx_3090"}]), catalog_gpus())


def test_owned_mixed_machine_ranks_beside_rentals_with_a_break_even():
    owned = [
        OwnedGpu(gpu_id="rtx_4090", purchase_price=1599.0),
        OwnedGpu(gpu_id="rtx_3090", purchase_price=800.0),
    ]
    w = Workload(
        task="inference", model=catalog_model("llama3_70b"), weights_dtype="q4_k_m", framework="llama.cpp"
    )
    rec = recommend(w, catalog_gpus(), catalog_prices(), owned=owned)
    mixed = [o for o in rec.options if o.gpu_id == "rtx_4090+rtx_3090"]
    assert len(mixed) == 1 and mixed[0].fits and mixed[0].pricing == "owned"
    assert len(mixed[0].memory.cards) == 2 and mixed[0].break_even_months is not None
    assert any("taken as one machine" in str(n) for n in rec.notes)
    # the machine's launch: the devices in order, the split, every layer and the output (-ngl 81)
    cfg = launch_config(w, mixed[0], "meta-llama/Meta-Llama-3-70B")
    assert "CUDA_VISIBLE_DEVICES=0,1" in cfg.command and "--tensor-split 41,40" in cfg.command
    assert "-ngl 81" in cfg.command and "-mg" not in cfg.command
    assert cfg.skypilot_yaml.startswith("# ")  # no cloud task for the user's own machine


def test_a_job_that_does_not_fit_the_machine_gets_priced_cards_to_add_or_replace():
    owned = [
        OwnedGpu(gpu_id="rtx_4090", purchase_price=1599.0),
        OwnedGpu(gpu_id="rtx_3090", purchase_price=800.0),
    ]
    w = Workload(
        task="inference", model=catalog_model("llama3_70b"), weights_dtype="q8_0", framework="llama.cpp"
    )
    rec = recommend(w, catalog_gpus(), catalog_prices(), owned=owned)
    alts = [
        o
        for o in rec.options
        if o.pricing == "owned" and o.gpu_id.count("+") >= 1 and o.gpu_id != "rtx_4090+rtx_3090"
    ]
    assert alts, [o.gpu_id for o in rec.options if o.pricing == "owned"]
    for o in alts:
        assert o.fits and o.memory.gpu_layers is None and o.throughput.decode_tokens_per_s
        assert "list price" in str(o.reason) and o.break_even_months is not None
        assert o.provider == "Purchase"  # a card to buy, costed as owned once bought
    # the cheapest card to add: another RTX 3090 at its $1,499 list price
    add = [o for o in alts if "add it to your machine" in str(o.reason)]
    assert any(o.gpu_id == "rtx_4090+2xrtx_3090" and "$1,499" in str(o.reason) for o in add)


def test_vllm_on_the_owned_pair_offers_a_matching_card_instead():
    owned = [
        OwnedGpu(gpu_id="rtx_4090", purchase_price=1599.0),
        OwnedGpu(gpu_id="rtx_3090", purchase_price=800.0),
    ]
    w = Workload(task="inference", model=catalog_model("llama3_70b"), weights_dtype="int4", framework="vllm")
    rec = recommend(w, catalog_gpus(), catalog_prices(), owned=owned)
    refused = next(o for o in rec.options if o.gpu_id == "rtx_4090+rtx_3090")
    assert not refused.fits and "tensor parallelism" in str(refused.reason)


def test_fit_keeps_every_card_within_its_memory():
    r = solve_machine_fit(_w(prompt_len=1024, new_tokens=256), catalog_gpus(), "seq_len")
    assert r.value == 8192 and r.at_limit  # Llama-3-70B's window, not the cards, stops it
    r = solve_machine_fit(_w(prompt_len=1024, new_tokens=256), catalog_gpus(), "batch")
    assert r.value is not None and r.value > 1 and r.total_bytes <= r.capacity_bytes


def test_a_machine_of_one_card_type_is_sized_by_the_engines_own_model():
    w = _w(gpus=[{"gpu": "rtx_3090", "count": 2}], framework="vllm", weights_dtype="int4")
    m = workload_machine(w, catalog_gpus())
    mem, _, _, _, _ = machine_memory(machine_workload(w, m), m)
    assert not mem.cards and mem.num_gpus == 2


def test_estimate_cli_answers_per_card(capsys, monkeypatch):
    import io

    from gpupicker import cli

    line = json.dumps(
        {
            "task": "inference",
            "model_id": "llama3_70b",
            "weights_dtype": "q4_k_m",
            "framework": "llama.cpp",
            "gpus": PAIR,
        }
    )
    monkeypatch.setattr("sys.stdin", io.StringIO(line))
    assert cli.main(["estimate", "--workload", "-"]) == 0
    out = json.loads(capsys.readouterr().out.splitlines()[0])
    assert out["gpus"] == "rtx_4090+rtx_3090" and len(out["cards"]) == 2
