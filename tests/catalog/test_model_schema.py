"""One model schema: a models.csv row (``ModelRecord``) takes its architecture columns' types and
bounds from :class:`ModelArch`; only the catalog's own columns are declared in the catalog."""

from __future__ import annotations

import csv

import pytest
from pydantic import ValidationError

from gpupicker import paths
from gpupicker.catalog.model_arch_map import arch_columns, model_arch_from_record
from gpupicker.catalog.records import (
    ARCH_COLUMNS,
    MODEL_CATALOG_FIELDS,
    MODEL_COLUMNS,
    ModelRecord,
    arch_field,
)
from gpupicker.core.model_arch import ModelArch

with (paths.data_dir() / "models.csv").open(encoding="utf-8", newline="") as _f:
    ROWS = [ModelRecord(**r) for r in csv.DictReader(_f)]

# ModelArch fields no models.csv column holds: the row's own name column fills ``name``; the
# others are derived from the row (kind, model_type from family, sliding_window_layers from
# attention_pattern, attention_bias, the params overrides) or read from config.json only.
NOT_A_COLUMN = {
    "name",
    "kind",
    "model_type",
    "sliding_window_layers",
    "attention_bias",
    "params",
    "active_params",
    "architecture_inferred",
    "linear_conv_kernel_dim",
    "attn_output_gate",
}


def test_the_record_has_the_csv_columns_in_file_order():
    assert tuple(ModelRecord.model_fields) == MODEL_COLUMNS
    assert set(ARCH_COLUMNS) | set(MODEL_CATALOG_FIELDS) == set(MODEL_COLUMNS)


def test_every_modelarch_field_is_a_column_or_derived():
    """A new ModelArch field must get a models.csv column or be listed here as derived."""
    held = {arch_field(c) for c in ARCH_COLUMNS}
    assert set(ModelArch.model_fields) - held == NOT_A_COLUMN


def test_a_column_that_is_no_modelarch_field_is_refused():
    with pytest.raises(KeyError, match="holds no ModelArch field"):
        arch_field("license")
    with pytest.raises(KeyError, match="holds no ModelArch field"):
        arch_field("num_hidden_layers_typo")


def test_architecture_columns_take_modelarch_types_and_bounds():
    f = ModelRecord.model_fields
    assert f["num_layers"].annotation == int | None  # ModelArch.num_hidden_layers
    assert f["tie_word_embeddings"].annotation == bool | None
    base = {"id": "x", "name": "X", "params_b": 1}
    # ModelArch's 0 = "not given" for hidden_size: a row leaves the cell blank, 0 is refused
    with pytest.raises(ValidationError, match="hidden_size"):
        ModelRecord(**base, hidden_size=0)
    with pytest.raises(ValidationError, match="num_key_value_heads"):
        ModelRecord(**base, num_key_value_heads=0)  # ModelArch: ge=1
    assert ModelRecord(**base, qk_rope_head_dim=0).qk_rope_head_dim == 0  # ModelArch: ge=0
    blank = ModelRecord(**base, hidden_size="", tie_word_embeddings="yes")
    assert (blank.hidden_size, blank.tie_word_embeddings) == (None, True)


@pytest.mark.parametrize("rec", [r for r in ROWS if r.kind == "llm"], ids=lambda r: r.id)
def test_arch_to_columns_and_back_is_the_same_architecture(rec):
    """``arch_columns`` (imported models) is the inverse of the row → ModelArch mapping."""
    arch = model_arch_from_record(rec)
    again = ModelRecord.model_validate({**rec.model_dump(), **arch_columns(arch)})
    assert model_arch_from_record(again) == arch


def test_each_model_bound_is_declared_once():
    # a models.csv column bounded by its ModelArch field reads that bound, and no catalog
    # figure repeats a bound ModelArch declares
    import annotated_types

    from gpupicker.catalog.record_checks import _MODEL_LIMITS, _model_limits
    from gpupicker.catalog.records import arch_field
    from gpupicker.core.model_arch import ModelArch

    def arch_le(column):
        try:
            field = ModelArch.model_fields[arch_field(column)]
        except (KeyError, ValueError):
            return None
        return next((m.le for m in field.metadata if isinstance(m, annotated_types.Le)), None)

    for column, own in _MODEL_LIMITS.items():
        assert (own is None) == (arch_le(column) is not None), column
    limits = _model_limits()
    assert limits["num_layers"] == ModelArch.model_fields["num_hidden_layers"].metadata[-1].le == 100_000
    assert limits["params_b"] == 1_000_000
