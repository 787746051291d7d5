"""Chinese display names for providers and China SKUs, Chinese model aliases (core/zh_names.py)."""

from __future__ import annotations

from gpupicker.core.zh_names import expand_model_alias, zh_name


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
