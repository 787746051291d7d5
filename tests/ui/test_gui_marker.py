"""The ``gui`` marker comes from what a test uses (tests/conftest.py), not from the file."""

from __future__ import annotations


def test_a_test_with_a_qt_fixture_is_marked_gui(request, qapp):
    assert request.node.get_closest_marker("gui") is not None


def test_a_test_that_imports_the_ui_is_marked_gui(request):
    from gpupicker.ui.i18n import formatting  # noqa: F401  (what makes this a gui test)

    assert request.node.get_closest_marker("gui") is not None


def test_a_test_without_qt_is_not_marked(request):
    assert request.node.get_closest_marker("gui") is None
