"""Chinese display names for providers and China SKUs, Chinese model aliases (core/report/zh_names.py)."""

from __future__ import annotations

from gpupicker.core.report.zh_names import expand_model_alias, zh_name


def test_chinese_display_names():
    assert zh_name("Alibaba Cloud") == "阿里云"
    assert zh_name("Gongji Compute (共绩算力)") == "共绩算力"
    assert zh_name("NVIDIA GeForce RTX 4090 D (China)") == "NVIDIA GeForce RTX 4090 D（中国特供）"
    assert zh_name("RTX 4090 48GB (modified, unofficial)") == "RTX 4090 48GB（魔改，非官方）"
    assert zh_name("Huawei Ascend 910B (64GB)").startswith("华为昇腾 910B")
    assert zh_name("RunPod") == "RunPod"  # no Chinese name: unchanged


def test_model_aliases():
    assert expand_model_alias("千问 7b") == "qwen 7b"
    assert expand_model_alias("通义千问") == "qwen"
    assert expand_model_alias("深度求索") == "deepseek"
    assert expand_model_alias("智谱") == "glm"
    assert expand_model_alias("月之暗面") == "kimi"
    assert expand_model_alias("llama") == "llama"


def test_model_search_words_in_any_order_with_chinese_aliases():
    from gpupicker.core.report.zh_names import model_matches, model_search_terms

    assert model_search_terms("千问72") == ("qwen", "72")
    assert model_search_terms(" Qwen, 72B ") == ("qwen", "72b")
    assert model_search_terms("") == ()
    qwen72 = ("qwen2_5_72b", "Qwen2.5 72B", "qwen2.5")
    for query in ("qwen 72", "72 qwen", "千问 72", "通义千问 72b", "qwen2.5-72b", "QWEN2.5_72B"):
        assert model_matches(model_search_terms(query), *qwen72), query
    assert not model_matches(model_search_terms("qwen 7b"), *qwen72)
    assert model_matches(model_search_terms("sdxl"), "sdxl_base", "Stable Diffusion XL 1.0 base", "diffusion")
    assert model_matches((), "anything")
