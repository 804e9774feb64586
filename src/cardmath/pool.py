"""pool (being built)."""
