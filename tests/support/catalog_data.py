"""The bundled catalog read straight from ``data/*.csv`` into core types (no SQLite layer).

Shared by the recommend, speed and cost tests so they do not depend on the catalog package.
"""

from __future__ import annotations

import csv
from functools import cache

from gpupicker.core.hardware.specs import GpuSpec, PriceOffer
from gpupicker.core.model_arch import ModelArch

from .paths import DATA


@cache
def catalog_gpus() -> tuple[GpuSpec, ...]:
    """Every row of data/gpus.csv as a GpuSpec."""
    with open(DATA / "gpus.csv", encoding="utf-8") as f:
        return tuple(GpuSpec.model_validate(r) for r in csv.DictReader(f))


@cache
def catalog_prices() -> tuple[PriceOffer, ...]:
    """Every row of data/prices.csv as a PriceOffer (any currency)."""
    with open(DATA / "prices.csv", encoding="utf-8") as f:
        return tuple(PriceOffer.model_validate(r) for r in csv.DictReader(f))


def gpu(gpu_id: str) -> GpuSpec:
    """The row of data/gpus.csv with that id (StopIteration when there is none)."""
    return next(g for g in catalog_gpus() if g.id == gpu_id)


@cache
def catalog_model(model_id: str) -> ModelArch:
    """One row of data/models.csv as a ModelArch (diffusion rows by parameter count)."""
    with open(DATA / "models.csv", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if r["id"] != model_id:
                continue
            if r["family"] == "diffusion":
                return ModelArch(name=r["name"], kind="diffusion", params=int(float(r["params_b"]) * 1e9))
            d = {k: v for k, v in r.items() if v not in ("", None)}
            d["model_type"] = r["family"]
            return ModelArch.model_validate(d)
    raise KeyError(model_id)
