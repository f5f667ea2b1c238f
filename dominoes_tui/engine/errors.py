"""Errors the engine raises; each message is meant to be shown to a person as it is."""


class DominoError(Exception):
    """Base of every error the engine raises on bad input."""


class IllegalMove(DominoError):
    """A move the rules do not allow here; the state was left untouched."""


class ConfigError(DominoError):
    """An unknown variant, option, option value or player count."""


class LogError(DominoError):
    """A game log that cannot be read or does not replay."""
