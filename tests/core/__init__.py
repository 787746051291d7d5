"""Tests of gpupicker/core (Qt-free)."""
