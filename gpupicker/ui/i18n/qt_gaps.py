"""Qt's own strings that the qtbase_zh_CN.qm shipped with PySide6 does not translate.

Qt 6 gave the file dialog's labels mnemonics (qtbase src/widgets/dialogs/qfiledialog.ui:
"&Look in:", "Files of &type:") and gave the file-type column's "Folder" a disambiguation
(src/gui/itemmodels/qabstractfileiconprovider.cpp: ``translate("QAbstractFileIconProvider",
"Folder", "All other platforms")``); the zh_CN catalog of PySide6 6.11 still holds only the old
source texts, so a Chinese window showed "Look in:" and "Files of type:" in English beside
translated buttons. Listing them here lets lupdate keep them in resources/i18n/*.ts under Qt's
own contexts; gpupicker's translator (installed with qtbase's, ui.i18n.translators) answers
for them when qtbase's has no entry.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

QT_GAPS: tuple[tuple[str, str, str | None], ...] = (
    ("QFileDialog", "&Look in:", None),
    ("QFileDialog", "Files of &type:", None),
    ("QAbstractFileIconProvider", "Folder", "All other platforms"),
    ("QAbstractFileIconProvider", "File Folder", "Match Windows Explorer"),
)
"""(Qt context, source text, disambiguation) of each Qt string gpupicker translates itself."""


def qt_gap_texts() -> list[str]:
    """:data:`QT_GAPS` as the installed translators render them. Written out call by call so
    lupdate (``python -m gpupicker.ui.i18n.build --update``) keeps them in the .ts files."""
    return [
        QCoreApplication.translate("QFileDialog", "&Look in:"),
        QCoreApplication.translate("QFileDialog", "Files of &type:"),
        QCoreApplication.translate("QAbstractFileIconProvider", "Folder", "All other platforms"),
        QCoreApplication.translate("QAbstractFileIconProvider", "File Folder", "Match Windows Explorer"),
    ]


__all__ = ["QT_GAPS", "qt_gap_texts"]
