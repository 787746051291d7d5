"""Small widgets and helpers shared by several windows."""
