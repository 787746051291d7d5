"""App icon files for the executables, rendered from ``resources/icons/gpupicker.svg``.

``python packaging/make_icons.py [SVG] [OUTDIR]`` writes ``gpupicker.ico`` (Windows, PNG-compressed
16…256 px entries), ``gpupicker.icns`` (macOS, PNG entries 16…1024 px) and ``gpupicker.png``
(256 px) to ``build/icons/``, where ``gpupicker.spec`` picks them up. Rendering uses Qt's SVG
renderer offscreen, so no Pillow or extra tool is needed; the two container writers below are
plain Python.
"""

from __future__ import annotations

import os
import struct
import sys
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SVG = ROOT / "resources" / "icons" / "gpupicker.svg"
DEFAULT_OUT = ROOT / "build" / "icons"
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: ICNS element types holding PNG data, by pixel size (several types share a size).
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)


def ico_bytes(pngs: Mapping[int, bytes]) -> bytes:
    """An ICO file with one PNG-compressed image per size (sizes ≤ 256)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = b"", b""
    for size in sizes:
        data = pngs[size]
        dim = 0 if size >= 256 else size  # 0 means 256 in the directory entry
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        blobs += data
    return header + entries + blobs


def icns_bytes(pngs: Mapping[int, bytes]) -> bytes:
    """An ICNS file with PNG elements for every ``ICNS_TYPES`` size present in ``pngs``."""
    body = b""
    for kind, size in ICNS_TYPES:
        if size in pngs:
            body += kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def render_pngs(svg: Path, sizes: set[int]) -> dict[int, bytes]:
    """PNG bytes of ``svg`` rendered square at each size (Qt, offscreen)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([])
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"make_icons: {svg} is not a valid SVG")
    out = {}
    for size in sorted(sizes):
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        image.save(buffer, "PNG")
        buffer.close()
        out[size] = bytes(data.data())
    return out


def main(argv: list[str] | None = None) -> int:
    """Write the icon files; returns the exit status."""
    args = sys.argv[1:] if argv is None else argv
    svg = Path(args[0]) if args else DEFAULT_SVG
    out_dir = Path(args[1]) if len(args) > 1 else DEFAULT_OUT
    if not svg.is_file():
        print(f"make_icons: {svg} not found; executables keep PyInstaller's default icon")
        return 0
    sizes = set(ICO_SIZES) | {size for _kind, size in ICNS_TYPES}
    pngs = render_pngs(svg, sizes)
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "gpupicker.ico").write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    (out_dir / "gpupicker.icns").write_bytes(icns_bytes(pngs))
    (out_dir / "gpupicker.png").write_bytes(pngs[256])
    print(f"make_icons: {svg.name} -> {out_dir}/gpupicker.ico, .icns, .png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
