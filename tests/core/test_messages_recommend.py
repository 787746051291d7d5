"""Recommend, cost, money, price_kind, owned and providers write Messages.

Real recommendations over the bundled catalog (budget / cap / deadline / latency misses, spot
and monthly pricing, a region filter, owned GPUs, multi-node pre-training, an image job, stale
prices, an unknown currency) and these modules' errors: every text they write is a
:class:`~gpupicker.core.messages.Message` of this group's ids, keeps the English it always
had, and renders in zh_CN with no English template left.

The zh_CN rule: render each message with its translated templates, blanking what is not a
template — the parameters (numbers, prices, names; names are checked to take their Chinese
display names separately) and ``text.verbatim`` parts (another module's text not converted
yet) — and require that no ASCII word of 4+ letters remains except the technical terms the
translations keep on purpose (NVLink, PCIe, LoRA, tokens …) and code spans (`gpupicker …`).
Parameters that are not numbers, names or data (dtype, framework, date, …) fail the test:
prose must be a nested Message.
"""

from __future__ import annotations

import re
from datetime import date

import pytest

from gpupicker.core.messages import JOINERS, NAME_PARAMS, Message, msg
from gpupicker.core.workload import Workload

GROUP = ("recommend.", "cost.", "money.", "price_kind.", "owned.", "providers.")
"""Id prefixes of this group's messages."""

TECH_TERMS = frozenset(
    {
        "FSDP",
        "ZeRO",
        "InfiniBand",
        "RoCE",
        "LoRA",
        "NVLink",
        "PCIe",
        "TFLOPS",
        "all-reduce",
        "token",
        "tokens",
        "Hoffmann",
        "CUDA",
        "n-cpu-moe",
        "no-kv-offload",
    }
)
"""ASCII words the zh_CN translations of this group keep (terms Chinese engineers write so)."""

DATA_PARAMS = frozenset(
    {
        "dtype",
        "framework",
        "currency",
        "marker",
        "observed",
        "region",
        "regions",
        "net",
        "link",
        "model",
        "gpu_id",
        "goal",
        "goals",
    }
)
"""Parameters holding data rather than prose: dtype / engine / currency codes, a price row's
own doubt phrase, a date, region codes, a link or network name, ids as the user typed them."""

OTHER_MODULES = {("recommend.gpu_types_left_out", "why"), ("recommend.not_estimated", "error")}
"""(id, parameter) holding a sentence of another module (core.checks, the estimators)."""

NUMERIC = re.compile(r"^[-+]?[$¥€£]?[\d,.]+(%| GiB)?$|^#?\d+$|^—$")

WORKLOADS: tuple[tuple[str, str, dict], ...] = (
    (
        "inference",
        "llama3_70b",
        {
            "framework": "vllm",
            "requests_per_minute": 60,
            "max_usd_per_hour": 4.0,
            "budget_usd": 900,
            "ttft_target_s": 0.05,
        },
    ),
    (
        "lora",
        "llama3_8b",
        {"train_hours": 5, "gpu": "rtx_4090", "deadline_hours": 3, "budget_usd": 5, "pricing": "spot"},
    ),
    ("pretrain", "llama3_1_405b", {"dataset_tokens": 1e9, "grad_ckpt": True}),
    ("pretrain", "qwen2_5_7b", {"train_hours": 2, "gpu": "h100_sxm", "num_gpus": 8}),
    (
        "lora",
        "qwen2_5_7b",
        {"framework": "llama-factory", "region": "CN", "pricing": "monthly", "train_hours": 100},
    ),
    ("inference", "qwen2_5_7b", {"framework": "vllm", "region": "EU", "budget_usd": 100, "train_hours": 200}),
    ("full_ft", "llama3_8b", {"batch": 8, "dataset_tokens": 1e8}),
    ("inference", "llama3_70b", {"weights_dtype": "bf16", "batch": 4}),
    ("image_gen", "flux1_dev", {"images": 200, "resolution": 1024}),
    ("image_gen", "sdxl_base", {"images": 1000}),
    ("inference", "mixtral_8x7b", {"framework": "llama.cpp", "weights_dtype": "q8_0"}),
)


def _recommendations(repo):
    from gpupicker.core.hardware.specs import PriceOffer
    from gpupicker.core.pricing.owned import OwnedGpu
    from gpupicker.core.ranking.recommend import recommend

    gpus, prices = repo.gpus(), list(repo.prices())
    # a currency without exchange rate, and stale prices (a "today" years later)
    prices.append(
        PriceOffer(
            gpu_id="rtx_4090",
            provider="RunPod",
            pricing="on_demand",
            currency="ZAR",
            price_per_gpu_hour=9.0,
            observed="2026-01",
        )
    )
    owned = (
        OwnedGpu(gpu_id="rtx_4090", count=2, purchase_price=3200.0),
        OwnedGpu(gpu_id="no_such_gpu", purchase_price=1.0),
    )
    fx = dict(repo.get_fx_rates())
    out = []
    for i, (task, model_id, extra) in enumerate(WORKLOADS):
        w = Workload(task=task, model=repo.get_model(model_id), model_id=model_id, **extra)
        goal = ("cheapest", "fastest", "value", "headroom")[i % 4]
        rec = recommend(
            w,
            gpus,
            prices,
            goal=goal,
            fx_rates=fx if i % 2 else {},
            owned=owned if i % 3 == 0 else (),
            all_offers=i % 2 == 1,
            today=date(2031, 1, 1) if i % 4 == 1 else None,
        )
        out.append((w, rec))
    return out


def _group_texts(w, rec) -> list[tuple[str, str]]:
    """(where, text) of every text this group writes into ``rec``."""
    from gpupicker.core.checks import workload_warnings

    others = set(workload_warnings(w))  # core.checks' notes (another group)
    texts = [("note", n) for n in rec.notes if n not in others or isinstance(n, Message)]
    for o in rec.options:
        texts.append(("reason", o.reason))
        texts += [("cost", a) for a in o.cost.assumptions]
        if o.price_flag_reason:
            texts.append(("price_flag_reason", o.price_flag_reason))
    return texts


def _walk(m: Message):
    yield m
    for value in m.params.values():
        for v in value if isinstance(value, tuple) else (value,):
            if isinstance(v, Message):
                yield from _walk(v)


def _template_text(m: Message, translate) -> str:
    """``m`` in zh_CN with every parameter and verbatim part blanked (templates only); other
    groups' messages nested in this group's are blanked too (their own tests check them)."""
    if m.id == "text.verbatim" or (m.id not in JOINERS and not m.id.startswith(GROUP)):
        return ""
    if m.id in JOINERS:
        sep, end = JOINERS[m.id]
        return translate(sep).join(_template_text(p, translate) for p in m.params["parts"]) + (
            translate(end) if end else ""
        )
    from gpupicker.core.messages import TEMPLATES

    values = {k: _template_text(v, translate) if isinstance(v, Message) else "·" for k, v in m.params.items()}
    return translate(TEMPLATES[m.id]).format_map(values)


def _english_words(text: str) -> list[str]:
    text = re.sub(r"`[^`]*`", "", text)
    return [
        w
        for w in re.findall(r"[A-Za-z][A-Za-z-]{3,}", text)
        if w.strip("-") not in TECH_TERMS and w not in TECH_TERMS
    ]


def _check_params(m: Message) -> list[str]:
    """Plain parameters of this group's messages that hold prose instead of data."""
    bad = []
    for node in _walk(m):
        if not node.id.startswith(GROUP):
            continue
        for key, value in node.params.items():
            if (
                isinstance(value, Message)
                or key in NAME_PARAMS
                or key in DATA_PARAMS
                or (node.id, key) in OTHER_MODULES
            ):
                continue
            if not NUMERIC.match(value):
                bad.append(f"{node.id}.{key}={value!r}")
    return bad


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """The recommendations, computed once (a module fixture runs before conftest's per-test
    redirect of the user folders, so it redirects them itself)."""
    from gpupicker.catalog import open_catalog

    home = tmp_path_factory.mktemp("m1-home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GPUPICKER_HOME", str(home))
        mp.setenv("GPUPICKER_CATALOG", str(home / "catalog.sqlite"))
        mp.setenv("XDG_CONFIG_HOME", str(home / "xdg-config"))
        mp.setenv("XDG_DATA_HOME", str(home / "xdg-data"))
        with open_catalog() as repo:
            return _recommendations(repo)


def test_every_text_of_the_group_is_a_message_of_its_ids(results):
    seen: set[str] = set()
    for w, rec in results:
        for where, text in _group_texts(w, rec):
            assert isinstance(text, Message), (where, text)
            ids = {n.id for n in _walk(text)}
            assert any(i.startswith(GROUP) for i in ids), (where, text.id, text)
            seen |= ids
            assert not _check_params(text), (where, _check_params(text), text)
    mine = {i for i in seen if i.startswith(GROUP)}
    # the workloads reach most of the group's ids (errors are checked below)
    assert len(mine) >= 80, sorted(mine)
    for wanted in (
        "recommend.miss.cap",
        "recommend.miss.budget",
        "recommend.miss.deadline",
        "recommend.miss.latency",
        "recommend.scaling.cost",
        "cost.spot.run",
        "cost.subscription",
        "owned.break_even",
        "providers.only_region",
        "price_kind.why.old",
        "price_kind.top_pick_flagged",
        "recommend.fx_rate",
        "money.no_rate",
        "recommend.owned_not_in_catalog",
        "recommend.seed_suggests",
        "recommend.pretrain_share",
        "recommend.not_24gb",
    ):
        assert wanted in seen, wanted


def test_the_limit_comes_from_the_miss_kind_not_the_text(results):
    for _w, rec in results:
        for o in rec.options:
            if not o.fits or o.within_budget:
                continue
            ids = {n.id for n in _walk(o.reason)}
            price = ids & {"recommend.miss.no_price", "recommend.miss.cap", "recommend.miss.budget"}
            assert o.limit == ("price" if price else "deadline"), (o.limit, o.reason)


def test_group_texts_render_fully_chinese(results, zh_cn):
    from gpupicker.core.report.zh_names import zh_name
    from gpupicker.ui.i18n.core_messages import PUNCTUATION, _translate, tr_message
    from tests.support.message_texts import has_cjk

    def translate(t: str, disambiguation: str | None = None) -> str:
        return PUNCTUATION["zh"].get(t) or _translate(t, disambiguation)

    checked, named = 0, 0
    for w, rec in results:
        for where, text in _group_texts(w, rec):
            zh = tr_message(text)
            assert has_cjk(zh), (where, text)
            left = _english_words(_template_text(text, translate))
            assert not left, (where, left, zh)
            checked += 1
            # GPU and provider names take their Chinese display names (阿里云, not Alibaba Cloud)
            for node in _walk(text):
                for key in NAME_PARAMS & node.params.keys():
                    value = node.params[key]
                    if isinstance(value, str) and not isinstance(value, Message) and zh_name(value) != value:
                        assert zh_name(value) in zh, (value, zh)
                        named += 1
    assert checked > 2000 and named > 0, (checked, named)


def test_errors_are_messages_and_render_chinese(repo, zh_cn):
    from gpupicker.core.pricing.cost import gpus_for_serving, usd_per_unit
    from gpupicker.core.pricing.owned import OwnedGpu, owned_cost
    from gpupicker.core.pricing.providers import check_region
    from gpupicker.core.pricing.spot import spot_run
    from gpupicker.core.ranking.recommend import recommend
    from gpupicker.ui.i18n.core_messages import tr_message

    w = Workload(task="inference", model=repo.get_model("llama3_8b"), model_id="llama3_8b")
    calls = (
        (
            lambda: recommend(w, repo.gpus(), goal="prettiest"),
            "unknown goal 'prettiest'; choose one of cheapest, fastest, value, headroom",
            "未知的排序目标 'prettiest'；可选：cheapest、fastest、value、headroom",
        ),
        (
            lambda: recommend(Workload(task="inference", model_id="llama3_8b"), repo.gpus()),
            "model 'llama3_8b' is not resolved; look it up in the catalog first",
            "模型 'llama3_8b' 尚未解析；请先在价格库中查找",
        ),
        (lambda: check_region("XX"), None, None),
        (
            lambda: usd_per_unit("ZAR"),
            "no exchange rate for ZAR; set one (1 USD = … ZAR) with "
            "`gpupicker catalog fx set` or in the exchange-rate dialog",
            None,
        ),
        (
            lambda: owned_cost(OwnedGpu(gpu_id="x", purchase_price=1.0)),
            "owned x: give its power draw in W (the catalog has no TDP)",
            None,
        ),
        (
            lambda: spot_run(1.0, checkpoint_interval_hours=0.0, reload_hours=0.0, rate=None),
            "the run length and the checkpoint interval must be positive",
            "运行时长和检查点间隔必须大于 0",
        ),
        (
            lambda: gpus_for_serving(60, 100, 100, 0.0, 0.0),
            "replica throughput must be positive",
            "副本吞吐量必须大于 0",
        ),
    )
    for call, english, chinese in calls:
        with pytest.raises(ValueError) as info:
            call()
        m = info.value.args[0]
        assert isinstance(m, Message), m
        assert any(n.id.startswith((*GROUP, "workload.")) for n in _walk(m)), m.id
        if english is not None:
            assert str(info.value) == english
        if chinese is not None:
            assert tr_message(m) == chinese
        # left: the user's input ('prettiest', 'XX'), codes (ZAR, CN …) and the goal names
        shown = re.sub(r"'[^']*'|\b[A-Z]{2,}\b|cheapest|fastest|value|headroom", "", tr_message(m))
        assert not _english_words(shown), tr_message(m)


def test_buy_vs_rent_and_labels_render_chinese(zh_cn):
    from gpupicker.core.pricing.cost import buy_vs_rent
    from gpupicker.core.pricing.price_kind import PRICE_KINDS
    from gpupicker.core.pricing.providers import REGION_NAMES
    from gpupicker.ui.i18n.core_messages import tr_message

    (a,) = buy_vs_rent(1600.0, 0.5, tdp_w=450).assumptions
    assert a == "730 h used per month; power 450 W × 80% at $0.15/kWh; no resale value."
    assert isinstance(a, Message)
    assert tr_message(a).startswith("每月使用 730 小时")
    for label in (*PRICE_KINDS.values(), *REGION_NAMES.values()):
        assert isinstance(label, Message) and not _english_words(tr_message(label)), label
    assert tr_message(msg("providers.region.GB")) == "英国"
