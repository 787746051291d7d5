"""Planners beside the ranking: launch configurations, the largest job that fits, advice, calibration."""
