"""The bundled CJK fallback font, so zh_CN text never renders as boxes.

``resources/fonts/NotoSansCJKsc-gpupicker-subset.otf`` is a subset of Noto Sans CJK SC Regular
(SIL OFL 1.1; ``resources/fonts/OFL.txt``; made by ``packaging/make_cjk_font.py``): the
characters of the zh_CN translations, gpupicker's sources and the catalog data plus all 6763
hanzi of GB 2312 (levels 1 and 2). :func:`register_cjk_fallback` loads it with
``QFontDatabase.addApplicationFont`` and,
only when the system lists no font for Simplified Chinese, makes it the application's fallback
for Han script (``QFontDatabase.addApplicationFallbackFontFamily``, Qt ≥ 6.8; such fallbacks
take priority over the system's), so a desktop with a full CJK font keeps using that one and a
desktop without one gets ours.
:func:`cjk_render_check` proves it: it lays a Chinese sentence out with the application font and
reports any character that came out as the missing glyph (glyph index 0, the box).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QPointF
from PySide6.QtGui import QFont, QFontDatabase, QTextLayout

from ... import paths

FONT_FILE = "NotoSansCJKsc-gpupicker-subset.otf"
#: Sample for the check: UI words from the zh_CN translation (results, memory, price, GPU …).
CJK_SAMPLE = "推荐结果：显存占用、速度与价格（每小时）"


def cjk_font_path() -> Path:
    """Path of the bundled subset font (may not exist in a broken install)."""
    return paths.resources_dir() / "fonts" / FONT_FILE


@dataclass(frozen=True)
class CjkFontStatus:
    """What :func:`register_cjk_fallback` did.

    Attributes:
        family: the registered family name, or None when the file could not be loaded.
        system_families: how many system families Qt lists for Simplified Chinese.
        error: why the font is not registered (None when it is).
    """

    family: str | None
    system_families: int
    error: str | None = None


def register_cjk_fallback() -> CjkFontStatus:
    """Load the bundled CJK font and make it a Han-script fallback; needs a QGuiApplication."""
    system = len(QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese))
    path = cjk_font_path()
    if not path.is_file():
        return CjkFontStatus(None, system, f"{path} is missing")
    font_id = QFontDatabase.addApplicationFont(str(path))
    families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
    if not families:
        return CjkFontStatus(None, system, f"Qt could not load {path}")
    family = families[0]
    if system:  # a real system CJK font exists: fontconfig's own fallback picks it
        return CjkFontStatus(family, system)
    adder = getattr(QFontDatabase, "addApplicationFallbackFontFamily", None)
    if adder is not None:  # Qt >= 6.8: appended after the system's own fallbacks for Han
        # PySide6 6.11 has neither this method nor QChar; the names are those of Qt 6.8's API
        from PySide6.QtCore import QChar  # type: ignore[attr-defined]

        adder(QChar.Script.Script_Han, family)
    else:  # older Qt: a substitution for the default family serves as fallback
        QFont.insertSubstitution(QFont().family(), family)
    return CjkFontStatus(family, system)


@dataclass(frozen=True)
class CjkRenderResult:
    """Result of :func:`cjk_render_check`.

    Attributes:
        missing: characters of the sample drawn with the missing glyph (boxes); empty = good.
        families: the font families Qt actually used for the sample, in order.
    """

    missing: str
    families: tuple[str, ...]

    @property
    def ok(self) -> bool:
        """True when every character has a real glyph."""
        return not self.missing


def cjk_render_check(text: str = CJK_SAMPLE, font: QFont | None = None) -> CjkRenderResult:
    """Lay ``text`` out with ``font`` (default: the application font) and find missing glyphs.

    Qt's shaper resolves fallbacks per character; a character no font covers keeps glyph
    index 0 (``.notdef``, drawn as a box). Needs a QGuiApplication.
    """
    layout = QTextLayout(text, font or QFont())
    layout.beginLayout()
    line = layout.createLine()
    line.setLineWidth(100000.0)
    line.setPosition(QPointF(0, 0))
    layout.endLayout()
    families: list[str] = []
    boxes = 0
    for run in layout.glyphRuns():
        family = run.rawFont().familyName()
        if family not in families:
            families.append(family)
        boxes += sum(1 for g in run.glyphIndexes() if g == 0)
    missing = "".join(ch for ch in text if not ch.isspace() and not _covered(ch, families))
    if boxes and not missing:  # a glyph 0 whose character we could not pin down
        missing = text
    return CjkRenderResult(missing if boxes else "", tuple(families))


def _covered(ch: str, families: list[str]) -> bool:
    from PySide6.QtGui import QRawFont

    for family in families:
        raw = QRawFont.fromFont(QFont(family))
        if raw.isValid() and raw.supportsCharacter(ord(ch)):
            return True
    return False


__all__ = [
    "CJK_SAMPLE",
    "CjkFontStatus",
    "CjkRenderResult",
    "cjk_font_path",
    "cjk_render_check",
    "register_cjk_fallback",
]
