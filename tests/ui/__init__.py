"""Tests of gpupicker/ui."""
