"""Tests of gpupicker/cli."""
