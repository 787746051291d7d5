"""Prices and what a job costs: money and exchange rates, rented and owned offers, price kinds, providers."""
