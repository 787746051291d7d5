"""Tests of gpupicker/catalog."""
