"""The calculator: pure functions of their inputs, no Qt, no SQLite, no I/O."""
