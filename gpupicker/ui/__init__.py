"""The Qt layer: main window, wizard pages, results view, plots, catalog editor, dialogs.

Only this package imports PySide6 or pyqtgraph. It displays what ``gpupicker.core``
computes and writes through the ``gpupicker.catalog`` repository.
"""
