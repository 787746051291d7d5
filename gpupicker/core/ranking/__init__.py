"""The ranking of GPU options: per-option evaluation and reasons, the recommender, its notes and summaries."""
