"""This computer from recorded tool outputs (core.detect): parsing and catalog matching.

The outputs are in tests/core/data/detect/ with their sources (README there): rocm-smi ones as
posted in public issues, nvidia-smi and macOS ones in the tools' documented formats.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gpupicker.core.hardware.detect import detect_machine
from gpupicker.core.hardware.gpu_match import match_gpu
from gpupicker.core.hardware.tool_output import (
    DetectedGpu,
    ToolOutputError,
    parse_meminfo,
    parse_nvidia_smi,
    parse_rocm_smi,
    parse_sysctl_memsize,
    parse_system_profiler,
    sniff,
)
from gpupicker.core.units import GiB, MiB
from tests.support.catalog_data import catalog_gpus

DATA = Path(__file__).parent / "data" / "detect"


def _text(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def test_nvidia_smi_header_form_gives_names_and_memory_in_mib():
    gpus = parse_nvidia_smi(_text("nvidia-smi-4090-3090.csv"))
    assert [g.name for g in gpus] == ["NVIDIA GeForce RTX 4090", "NVIDIA GeForce RTX 3090"]
    assert gpus[0].memory_total_bytes == 24564 * MiB and gpus[0].memory_used_bytes == 1021 * MiB
    assert gpus[1].memory_free_bytes == (24576 - 5) * MiB


def test_nvidia_smi_noheader_nounits_form():
    gpus = parse_nvidia_smi(_text("nvidia-smi-a100-noheader.csv"))
    assert len(gpus) == 2 and gpus[0].memory_total_bytes == 81920 * MiB


def test_rocm_smi_json_and_csv_forms_and_bracketed_market_names():
    (xt,) = parse_rocm_smi(_text("rocm-smi-rx7900xt.json"))
    assert xt.name == "Radeon RX 7900 XT" and xt.memory_total_bytes == 21458059264
    assert xt.memory_used_bytes == 27856896
    navi, igpu = parse_rocm_smi(_text("rocm-smi-navi21-raphael.csv"))
    assert navi.name == "Radeon RX 6800/6800 XT / 6900 XT" and igpu.name == "Raphael"
    mi100 = parse_rocm_smi(_text("rocm-smi-mi100.csv"))
    assert [g.name for g in mi100] == ["AMD Instinct MI100"] * 2
    assert mi100[0].memory_total_bytes is None  # --showproductname alone has no memory columns


def test_macos_unified_memory_is_the_macs_ram():
    (gpu,) = parse_system_profiler(_text("system_profiler-m3max.json"))
    assert gpu.name == "Apple M3 Max" and gpu.gpu_cores == 40 and gpu.unified
    assert parse_sysctl_memsize(_text("sysctl-memsize-64g.txt")) == 64 * GiB
    total, avail = parse_meminfo(_text("meminfo-64g.txt"))
    assert total == 65843964 * 1024 and avail == 60931556 * 1024


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("nvidia-smi-4090-3090.csv", "nvidia-smi"),
        ("nvidia-smi-a100-noheader.csv", "nvidia-smi"),
        ("rocm-smi-rx7900xt.json", "rocm-smi"),
        ("rocm-smi-navi21-raphael.csv", "rocm-smi"),
        ("rocm-smi-mi100.csv", "rocm-smi"),
        ("system_profiler-m3max.json", "system_profiler"),
        ("sysctl-memsize-64g.txt", "sysctl"),
        ("meminfo-64g.txt", "meminfo"),
    ],
)
def test_each_recorded_output_is_recognised(name: str, kind: str):
    assert sniff(_text(name)) == kind


def test_two_nvidia_cards_map_to_their_catalog_ids_with_host_ram():
    m = detect_machine(
        [(None, _text("nvidia-smi-4090-3090.csv")), (None, _text("meminfo-64g.txt"))], catalog_gpus()
    )
    assert [g.gpu_id for g in m.gpus] == ["rtx_4090", "rtx_3090"]
    assert m.counts() == {"rtx_4090": 1, "rtx_3090": 1}
    assert m.ram_total_bytes == 65843964 * 1024 and not m.unified_memory and not m.notes


def test_sxm_and_pcie_are_told_apart_by_form_factor_and_memory_type():
    cat = catalog_gpus()
    a100 = detect_machine([(None, _text("nvidia-smi-a100-noheader.csv"))], cat)
    assert a100.counts() == {"a100_sxm_80gb": 2}
    h100 = detect_machine([(None, _text("nvidia-smi-h100-hbm3.csv"))], cat)
    assert h100.counts() == {"h100_sxm": 1}  # "HBM3": the SXM card; the PCIe card has HBM2e
    pcie = match_gpu(
        DetectedGpu(name="NVIDIA A100-PCIE-40GB", memory_total_bytes=40960 * MiB, tool="nvidia-smi"), cat
    )
    assert pcie.gpu_id == "a100_pcie_40gb"


def test_variant_words_and_memory_never_fall_back_to_a_near_name():
    cat = catalog_gpus()
    d = match_gpu(
        DetectedGpu(name="NVIDIA GeForce RTX 4090 D", memory_total_bytes=24564 * MiB, tool="nvidia-smi"), cat
    )
    assert d.gpu_id == "rtx_4090_d"
    card = DetectedGpu(name="NVIDIA GeForce RTX 4060 Ti", memory_total_bytes=8188 * MiB, tool="nvidia-smi")
    assert match_gpu(card, cat).gpu_id == "rtx_4060_ti_8gb"  # the bundle has both variants
    # a catalog with the 16 GB card only: the 8 GB one is not taken for it
    ti8 = match_gpu(card, tuple(g for g in cat if g.id != "rtx_4060_ti_8gb"))
    assert ti8.gpu_id is None and ti8.candidates == ("rtx_4060_ti_16gb",)
    assert ti8.note is not None and ti8.note.id == "detect.no_variant"
    ti16 = match_gpu(
        DetectedGpu(name="NVIDIA GeForce RTX 4060 Ti", memory_total_bytes=16380 * MiB, tool="nvidia-smi"), cat
    )
    assert ti16.gpu_id == "rtx_4060_ti_16gb"


def test_an_unknown_amd_card_is_reported_not_guessed():
    m = detect_machine([(None, _text("rocm-smi-rx7900xt.json"))], catalog_gpus())
    assert m.counts() == {}
    assert [n.id for n in m.notes] == ["detect.unknown"]
    assert "Radeon RX 7900 XT" in m.notes[0]


def test_an_amd_card_the_user_added_to_the_catalog_maps():
    from gpupicker.core.hardware.specs import GpuSpec

    own = GpuSpec(
        id="rx_7900_xt", name="AMD Radeon RX 7900 XT", vendor="AMD", memory_gb=20, memory_bandwidth_gbps=800
    )
    m = detect_machine([(None, _text("rocm-smi-rx7900xt.json"))], (*catalog_gpus(), own))
    assert m.counts() == {"rx_7900_xt": 1}


def test_an_m_series_mac_is_one_unified_pool():
    m = detect_machine(
        [(None, _text("system_profiler-m3max.json")), (None, _text("sysctl-memsize-64g.txt"))], catalog_gpus()
    )
    assert m.counts() == {"apple_m3_max": 1} and m.unified_memory
    assert m.gpus[0].gpu.memory_total_bytes == m.ram_total_bytes == 64 * GiB


def test_a_30_core_m3_max_is_not_taken_for_the_40_core_row():
    m = match_gpu(
        DetectedGpu(name="Apple M3 Max", gpu_cores=30, unified=True, tool="system_profiler"), catalog_gpus()
    )
    assert m.gpu_id is None and m.candidates == ("apple_m3_max",)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "hello\x00world",
        '{"card0": 5}',
        "name, memory.total\n,,",
        "[" * 100_000,
        '{"SPDisplaysDataType": 3}',
        "MemTotal: lots",
    ],
)
def test_damaged_or_foreign_text_is_a_note_never_an_exception(text: str):
    m = detect_machine([(None, text)], catalog_gpus())
    assert m.gpus == () and len(m.notes) == 1


def test_parsers_raise_their_own_error_type():
    for parse in (
        parse_nvidia_smi,
        parse_rocm_smi,
        parse_system_profiler,
        parse_sysctl_memsize,
        parse_meminfo,
    ):
        with pytest.raises(ToolOutputError):
            parse("nothing here")


def test_an_index_column_first_and_unified_memory_rows_are_read():
    """``--query-gpu=index,name,memory.total``; DGX Spark's GB10 prints ``[N/A]`` memory (one
    pool with the CPU): kept and matched by name (the catalog's "(GB10)"), never dropped."""
    text = "index, name, memory.total [MiB]\n0, NVIDIA GeForce RTX 4090, 24564 MiB\n1, NVIDIA GB10, [N/A]\n"
    m = detect_machine([(None, text)], catalog_gpus())
    assert [g.gpu.name for g in m.gpus] == ["NVIDIA GeForce RTX 4090", "NVIDIA GB10"]
    assert [g.gpu_id for g in m.gpus] == ["rtx_4090", "dgx_spark_gb10"]
