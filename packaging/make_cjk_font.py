"""Make the bundled CJK fallback font: ``python packaging/make_cjk_font.py SOURCE.ttc``.

A stock Linux desktop (and Windows/macOS installs without East Asian language packs) may have
no font with Chinese glyphs; the zh_CN UI then shows boxes. gpupicker therefore ships a subset
of **Noto Sans CJK SC Regular** (SIL Open Font License 1.1, © Adobe / Google; upstream
https://github.com/googlefonts/noto-cjk) as ``resources/fonts/NotoSansCJKsc-gpupicker-subset.otf``
and registers it at start-up as the application's fallback for Han script
(``gpupicker/ui/app/fonts.py``).

Where the source comes from (offline): the Debian package ``fonts-noto-cjk`` (bookworm:
``1:20220127+repack1-1``), unpacked without installing it::

    apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb x
    pip install fonttools
    python packaging/make_cjk_font.py x/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc

The subset keeps: every character of the zh_CN translations (``resources/i18n/*.ts``), of
gpupicker's Python sources (core's message templates, language names) and of the bundled
catalog (``data/*.csv``: provider and accelerator names such as 沐曦、燧原、壁仞、鲲鹏), all 6763
hanzi of GB 2312 (level 1, the 3755 common characters, and level 2, the 3008 less common ones
that vendor names use), CJK punctuation and full-width forms, plus ASCII.
``tests/build/test_release_info.py`` fails when the committed font lacks one of them. It is
renamed (OFL §3: a Modified Version must
not carry a Reserved Font Name; Noto's licence reserves none, the rename only avoids being
mistaken for the full font) to the family ``FAMILY``. The OFL text goes next to it as
``OFL.txt``. Needs fontTools (``pyftsubset``), a build-time tool only; the result is committed.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT_DIR = ROOT / "resources" / "fonts"
OUT_FILE = OUT_DIR / "NotoSansCJKsc-gpupicker-subset.otf"
FAMILY = "Noto Sans CJK SC gpupicker subset"
POSTSCRIPT = "NotoSansCJKsc-gpupicker-subset-Regular"
#: Index of "Noto Sans CJK SC" in NotoSansCJK-Regular.ttc (JP, KR, SC, TC, HK, Mono …).
SC_NAME = "Noto Sans CJK SC"

_CJK_RE = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]")


def gb2312_hanzi() -> str:
    """The 6763 hanzi of GB 2312: level 1 (rows 16–55, 3755) and level 2 (rows 56–87, 3008).

    Rows are EUC-CN lead bytes 0xB0–0xF7 (GB 2312-80 §5; row 55 has 89 cells, the rest 94).
    """
    chars = []
    for row in range(0xB0, 0xF8):
        for cell in range(0xA1, 0xFF):
            try:
                chars.append(bytes([row, cell]).decode("gb2312"))
            except UnicodeDecodeError:
                continue
    return "".join(chars)


def project_cjk_chars(root: Path = ROOT) -> set[str]:
    """CJK characters used by the translations, gpupicker's own sources and the catalog data."""
    found: set[str] = set()
    files = [
        *(root / "resources" / "i18n").glob("*.ts"),
        *(root / "gpupicker").rglob("*.py"),
        *(root / "packaging").glob("*.desktop"),
        *(root / "data").glob("*.csv"),
    ]
    for path in files:
        found.update(_CJK_RE.findall(path.read_text(encoding="utf-8")))
    return found


def wanted_text(root: Path = ROOT) -> str:
    """All characters the subset keeps."""
    ascii_ = "".join(chr(c) for c in range(0x20, 0x7F))
    punct = "".join(chr(c) for c in range(0x3000, 0x3040))  # CJK symbols and punctuation
    fullwidth = "".join(chr(c) for c in range(0xFF01, 0xFF5F))  # full-width ASCII forms
    extra = "·—–…‘’“”×÷°±≤≥≈→←↑↓€¥£"
    return "".join(sorted(set(ascii_ + punct + fullwidth + extra + gb2312_hanzi()) | project_cjk_chars(root)))


def font_number(ttc: Path) -> int:
    """Index of the SC face in a Noto Sans CJK collection."""
    from fontTools.ttLib import TTCollection

    for i, font in enumerate(TTCollection(str(ttc)).fonts):
        if font["name"].getDebugName(1) == SC_NAME:
            return i
    raise SystemExit(f"make_cjk_font: no {SC_NAME!r} face in {ttc}")


def rename(path: Path) -> None:
    """Give the subset its own family/PostScript names (name IDs 1, 3, 4, 6, 16, 17)."""
    from fontTools.ttLib import TTFont

    font = TTFont(str(path))
    table = font["name"]
    for rec in list(table.names):
        if rec.nameID in (16, 17):
            table.removeNames(nameID=rec.nameID)
    for name_id, value in (
        (1, FAMILY),
        (2, "Regular"),
        (3, f"{POSTSCRIPT};gpupicker"),
        (4, f"{FAMILY} Regular"),
        (6, POSTSCRIPT),
    ):
        table.setName(value, name_id, 3, 1, 0x409)
        table.setName(value, name_id, 1, 0, 0)
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames = [POSTSCRIPT]
        top = cff.topDictIndex[0]
        top.FullName = f"{FAMILY} Regular"
        top.FamilyName = FAMILY
    font.save(str(path))


def main(argv: list[str] | None = None) -> int:
    """Subset SOURCE into resources/fonts; prints the size and glyph count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="NotoSansCJK-Regular.ttc (or an SC .otf)")
    args = parser.parse_args(argv)
    from fontTools import subset

    OUT_DIR.mkdir(parents=True, exist_ok=True)
    text = wanted_text()
    options = [
        "--layout-features=kern,palt",
        "--no-hinting",
        "--name-IDs=*",
        "--name-languages=*",
        "--notdef-outline",
        f"--output-file={OUT_FILE}",
        f"--text={text}",
    ]
    if args.source.suffix.lower() == ".ttc":
        options.append(f"--font-number={font_number(args.source)}")
    subset.main([str(args.source), *options])
    rename(OUT_FILE)
    from fontTools.ttLib import TTFont

    glyphs = len(TTFont(str(OUT_FILE)).getGlyphOrder())
    print(
        f"make_cjk_font: {OUT_FILE.relative_to(ROOT)}  {OUT_FILE.stat().st_size / 1e6:.2f} MB, "
        f"{len(text)} characters, {glyphs} glyphs"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
