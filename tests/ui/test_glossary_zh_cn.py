"""The zh_CN glossary (resources/i18n/glossary_zh_CN.toml) holds over every translation and
over core messages rendered in zh_CN for real recommendations: the seed guides' three cases
and the 13 workloads of the zh_CN review 2026-12 (tests/support/zh_cn_review_workloads/,
copied from the zh_CN review of 2026-12), ranked in 元.
"""

from __future__ import annotations

import json
import re
import tomllib
import xml.etree.ElementTree as ET

import pytest

from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices
from tests.support.paths import REPO
from tests.support.seed_cases import CNY, FX, SEED_CASES

GLOSSARY = tomllib.loads((REPO / "resources" / "i18n" / "glossary_zh_CN.toml").read_text(encoding="utf-8"))
TS = REPO / "resources" / "i18n" / "gpupicker_zh_CN.ts"
REVIEW = sorted((REPO / "tests" / "support" / "zh_cn_review_workloads").glob("*.json"))


def _translations() -> list[tuple[str, str]]:
    out = []
    for m in ET.parse(TS).getroot().iter("message"):
        if m.find("translation").get("type") in ("obsolete", "vanished"):
            continue
        out.append((m.find("source").text or "", m.find("translation").text or ""))
    return out


def _violations(texts: list[tuple[str, str]], patterns: dict[str, str]) -> dict[str, list]:
    bad: dict[str, list] = {}
    for name, pat in patterns.items():
        rx = re.compile(pat)
        hits = [(src, text) for src, text in texts if rx.search(text)]
        if hits:
            bad[name] = hits[:5]
    return bad


def _term_patterns() -> dict[str, str]:
    return {f"{t['use']} ← {a}": a for t in GLOSSARY["term"] for a in t["avoid"]}


def test_the_glossary_is_well_formed():
    assert len(GLOSSARY["term"]) >= 10
    for t in GLOSSARY["term"]:
        assert t["concept"] and t["use"] and t["avoid"], t
        for a in t["avoid"]:
            re.compile(a)


def test_every_translation_uses_the_glossary_and_chinese_punctuation():
    texts = _translations()
    assert len(texts) > 1000
    bad = _violations(texts, {**_term_patterns(), **GLOSSARY["typography"]})
    assert not bad, json.dumps(bad, ensure_ascii=False, indent=1)


def test_one_yearly_subscription_entry():
    """The pricing menu had two 包年 (Reserved (1 year) and Yearly subscription)."""
    by_source: dict[str, set[str]] = {}
    for src, text in _translations():
        by_source.setdefault(text, set()).add(src)
    baonian = {t for t in by_source if t.startswith("包年")}
    # the menu's name and core's pricing code name the same 包年
    assert {s for t in baonian for s in by_source[t]} == {"Yearly subscription", "yearly"}


def _jobs() -> list[tuple[str, Workload]]:
    jobs = [
        (name, Workload(model=catalog_model(spec["model_id"]), **spec)) for name, spec in SEED_CASES.items()
    ]
    for path in REVIEW:
        spec = json.loads(path.read_text(encoding="utf-8"))
        jobs.append((path.stem, Workload(model=catalog_model(spec["model_id"]), **spec)))
    return jobs


@pytest.fixture(scope="module")
def rendered(request):
    """(job, text) of every note and option reason of the jobs' recommendations, in zh_CN."""
    request.getfixturevalue("zh_cn")
    from gpupicker.core.messages import error_message
    from gpupicker.core.planners.launch_config import launch_config
    from gpupicker.ui.i18n.core_messages import tr_message

    out: list[tuple[str, str]] = []
    for name, w in _jobs():
        rec = recommend(w, catalog_gpus(), catalog_prices(), fx_rates=FX, money=CNY)
        texts = [*rec.notes, *(o.reason for o in rec.options[:20])]
        best = rec.best()
        if best is not None:  # the launch config's assumptions and checks, or its refusal
            try:
                cfg = launch_config(w, best, "Qwen/Qwen2.5-7B", modelscope_id="Qwen/Qwen2.5-7B")
                texts += [*cfg.assumptions, *cfg.warnings]
            except ValueError as exc:
                texts.append(error_message(exc))
        out.extend((name, tr_message(t)) for t in texts if t)
    for name, w in _launch_jobs():
        gpus = [g for g in catalog_gpus() if name != "mindspeed" or g.id == "ascend_910b"]
        best = recommend(w, gpus, catalog_prices(), fx_rates=FX, money=CNY).best()
        assert best is not None, name
        cfg = launch_config(w, best, "Qwen/Qwen3-32B", modelscope_id="Qwen/Qwen3-32B", family="qwen3")
        out.extend((name, tr_message(t)) for t in (*cfg.assumptions, *cfg.warnings))
    return out


def _launch_jobs() -> list[tuple[str, Workload]]:
    """One job per launcher of the tools Chinese teams run (launch_cn_training, launch_cn_serving)."""
    m = catalog_model("qwen3_32b")
    train = {"model": m, "model_id": "qwen3_32b", "batch": 1, "seq_len": 2048, "train_hours": 4.0}
    serve = {"task": "inference", "model": m, "model_id": "qwen3_32b", "prompt_len": 1500, "new_tokens": 500}
    return [
        ("llama-factory", Workload(task="qlora", framework="llama-factory", **train)),
        ("ms-swift", Workload(task="lora", framework="ms-swift", **train)),
        ("mindspeed", Workload(task="lora", framework="mindspeed", **train)),
        ("lmdeploy", Workload(framework="lmdeploy", **serve)),
        (
            "vllm-ascend",
            Workload(framework="vllm-ascend", weights_dtype="int8", quant_method="w8a8", **serve),
        ),
        ("mindie", Workload(framework="mindie", **serve)),
    ]


@pytest.fixture(scope="module")
def zh_cn(qapp, built_translations):
    from PySide6.QtCore import QLocale

    from gpupicker.ui.i18n.translators import install_translators

    assert install_translators(qapp, "zh_CN")["gpupicker"]
    yield qapp
    for t in getattr(qapp, "_gpupicker_translators", []):
        qapp.removeTranslator(t)
    qapp._gpupicker_translators = []
    QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))


def test_rendered_messages_follow_the_glossary(rendered):
    assert len({job for job, _ in rendered}) == len(SEED_CASES) + len(REVIEW) + 6
    bad = _violations(
        rendered,
        {
            **_term_patterns(),
            **GLOSSARY["typography"],
            "scientific": GLOSSARY["rendered"]["scientific"],
            "dollar in a 元 plan": r"\$",
        },
    )
    assert not bad, json.dumps(bad, ensure_ascii=False, indent=1)


def test_rendered_messages_name_gpus_and_models_not_ids(rendered):
    # every GPU id of the catalog (l40s, rtx_4090) and the jobs' model ids, as whole words
    ids = {g.id for g in catalog_gpus()} | {w.model_id for _, w in _jobs() if w.model_id}
    word = re.compile(r"(?<![A-Za-z0-9_./-])[a-z][a-z0-9_]*[0-9][a-z0-9_]*(?![A-Za-z0-9_./-])")
    snake = re.compile(GLOSSARY["rendered"]["catalog_id"])
    bad = [
        (job, text)
        for job, text in rendered
        if any(m.group(0) in ids for rx in (word, snake) for m in rx.finditer(text))
    ]
    assert not bad, json.dumps(bad[:5], ensure_ascii=False, indent=1)


def test_the_seed_guides_gpu_names_are_the_catalogs():
    from gpupicker.core.ranking.seed_guide import SEED_GPU_NAMES, SEED_TABLE

    names = {g.id: g.name for g in catalog_gpus()}
    assert {i for _, ids, _ in SEED_TABLE for i in ids} == set(SEED_GPU_NAMES)
    assert all(names[i] == n for i, n in SEED_GPU_NAMES.items())
