"""Training: puzzles (Aufgaben) taken from real matches, with answers the solver proves.

Pure, layered like the match analysis (bots/analysis): it uses the engine and the bots'
search, and nothing above them (no textual, no rich, no database). A puzzle is a
position from the mover's view with one move clearly best (admit.py says when that is
sure), its themes read off the position and the answer (themes.py), harvested from
game logs and bot self-play (harvest.py), and kept or exchanged as JSON (puzzle.py,
store.py: every file read is checked as strictly as a game log).
"""
from .puzzle import START_RATING, Puzzle, PuzzleError

__all__ = ["START_RATING", "Puzzle", "PuzzleError"]
