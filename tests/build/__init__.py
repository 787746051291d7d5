"""Packaging, bundle, notices, lock, release info and the layering/import gates."""
