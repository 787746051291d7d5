"""Translation: loading translators, compiling .ts (``python -m gpupicker.ui.i18n.build``),
rendering core's sentences, display names and locale-aware formatting."""
