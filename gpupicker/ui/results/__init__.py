"""The results page: ranked options, plots and curves, launch config and report export."""
