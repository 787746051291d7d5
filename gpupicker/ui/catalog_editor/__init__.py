"""The catalog editor window: its tabs, table models and dialogs."""
