"""reddog (being built)."""
