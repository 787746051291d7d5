"""What the user reads: reports and their rendering, curves and charts, comparisons, Chinese display names."""
