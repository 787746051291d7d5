"""`gpupicker owned add`: a rejected value is named by the flag the user typed."""

from __future__ import annotations

import pytest

from gpupicker.cli import main


def _add(*extra: str) -> list[str]:
    return ["owned", "add", "--gpu", "rtx_4090", "--purchase", "1000", *extra]


def test_a_negative_electricity_price_names_the_kwh_flag(capsys: pytest.CaptureFixture[str]):
    assert main(_add("--kwh", "-1")) == 1
    err = capsys.readouterr().err
    # OwnedGpu.electricity_per_kwh is ge=0; the field's own name would mean nothing to the user
    assert err.strip() == "gpupicker owned add: --kwh: Input should be greater than or equal to 0"


def test_every_rejected_flag_is_named(capsys: pytest.CaptureFixture[str]):
    assert main(["owned", "add", "--gpu", "rtx_4090", "--purchase", "-5", "--years", "0"]) == 1
    err = capsys.readouterr().err
    assert "--purchase: Input should be greater than or equal to 0" in err
    assert "--years: Input should be greater than or equal to 0.25" in err
    assert "purchase_price" not in err
    assert main(["owned", "list"]) == 0
    assert "rtx_4090" not in capsys.readouterr().out  # nothing was saved


def test_an_unknown_gpu_keeps_its_own_sentence(capsys: pytest.CaptureFixture[str]):
    assert main(["owned", "add", "--gpu", "nope_gpu", "--purchase", "10"]) == 1
    assert "unknown gpu 'nope_gpu'" in capsys.readouterr().err
