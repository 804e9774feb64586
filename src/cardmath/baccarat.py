"""baccarat (being built)."""
