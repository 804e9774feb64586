"""Independent oracles: brute force and simulation written apart from the engine, sharing no code with it."""
