"""dominoes_tui: dominoes in the terminal."""

__version__ = "0.1.0"
