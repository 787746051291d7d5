"""Tests of gpupicker/importers."""
