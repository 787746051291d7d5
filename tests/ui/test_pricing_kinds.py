"""One list of pricing types: the catalog accepts, the UI names and core writes the same ones."""

from __future__ import annotations

import typing

from gpupicker.catalog.record_checks import PRICING_TYPES
from gpupicker.core.hardware.specs import Pricing
from gpupicker.core.messages import TEMPLATES


def test_the_catalog_the_ui_and_the_templates_know_every_pricing_type(qapp):
    from gpupicker.ui.i18n.texts import pricing_names

    kinds = set(typing.get_args(Pricing))
    assert kinds == PRICING_TYPES
    assert set(pricing_names()) == kinds
    assert {
        k.removeprefix("pricing.") for k in TEMPLATES if k.startswith("pricing.") and k.count(".") == 1
    } == kinds
