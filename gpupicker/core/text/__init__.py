"""Text in and out within bounds: bounded JSON parsing, inert catalog text, safe file writes."""
