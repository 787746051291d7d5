"""The price history dialog says how the price moved and, where the history supports one, the
rent-now-or-wait note of core.price_moves (offscreen)."""

from __future__ import annotations

from gpupicker.core.hardware.specs import PriceOffer


def _hist(*points: tuple[str, float]) -> list[tuple[str, PriceOffer]]:
    return [
        (
            f"{when}T00:00:00Z",
            PriceOffer(gpu_id="h100_pcie", provider="Hyperstack", price_per_gpu_hour=price, observed=when),
        )
        for when, price in points
    ]


def test_the_dialog_says_how_the_price_moved(qtbot):
    from gpupicker.ui.catalog_editor.price_history_dialog import PriceHistoryDialog

    dlg = PriceHistoryDialog(_hist(("2026-11-01", 2.1), ("2026-11-10", 2.3), ("2026-11-20", 1.9)))
    qtbot.addWidget(dlg)
    assert dlg.summary.text() == (
        "-9.5 % over 19 days; low 1.90, high 2.30 (3 observations)\n"
        "Rent now: this is the lowest price of its 3 observations "
        "over 19 days"
    )
    flat = PriceHistoryDialog(_hist(("2026-11-01", 2.0), ("2026-11-20", 2.0)))
    qtbot.addWidget(flat)
    assert flat.summary.text() == ""


def test_the_summary_in_chinese(qtbot, zh_cn):
    from gpupicker.ui.catalog_editor.price_history_dialog import PriceHistoryDialog

    dlg = PriceHistoryDialog(_hist(("2026-11-01", 2.1), ("2026-11-10", 2.3), ("2026-11-20", 1.9)))
    qtbot.addWidget(dlg)
    assert "19 天内变化 -9.5%" in dlg.summary.text() and "现在租" in dlg.summary.text()
