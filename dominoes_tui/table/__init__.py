"""A table runs one match: it owns the engine state and asks seats for moves."""
