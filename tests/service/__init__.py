"""Tests of gpupicker/service."""
