"""Loading the app's and Qt's own translations."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from ... import paths


def i18n_dir() -> str:
    """Folder holding gpupicker_*.ts and the compiled .qm files."""
    return str(paths.resources_dir() / "i18n")


def install_translators(app: QCoreApplication, lang: str | None) -> dict[str, bool]:
    """Install gpupicker's and qtbase's translators for ``lang`` (None = system locale).

    Also sets the default QLocale so numbers format for that language. Returns which
    catalogs loaded, e.g. ``{"gpupicker": True, "qtbase": True}``.
    """
    locale = QLocale(lang) if lang else QLocale.system()
    if lang:
        QLocale.setDefault(locale)
    loaded: dict[str, bool] = {}
    keep: list[QTranslator] = getattr(app, "_gpupicker_translators", [])
    for old in keep:
        app.removeTranslator(old)
    keep = []
    for name, folder in (
        ("gpupicker", i18n_dir()),
        ("qtbase", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)),
    ):
        t = QTranslator(app)
        ok = t.load(locale, name, "_", folder)
        loaded[name] = ok
        if ok:
            app.installTranslator(t)
            keep.append(t)
    app._gpupicker_translators = keep  # type: ignore[attr-defined]
    return loaded
