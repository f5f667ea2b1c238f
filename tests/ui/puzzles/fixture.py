"""Four puzzles of the starter set, kept here so the trainer's tests do not move when the
starter set grows: a Classic Duel one proved exactly (answer 1-4 or 4-5 on the left), a
Block one best in every deal (0-6 on the right), a Kozel one estimated (2-3 on the
right), and a Draw one for the filter."""
from __future__ import annotations

import random
from pathlib import Path

from dominoes_tui.records.puzzle_rating import MemoryLedger
from dominoes_tui.training import Puzzle
from dominoes_tui.training.store import read_puzzles
from dominoes_tui.ui.records_app import RecordsApp
from dominoes_tui.ui.screens.puzzles.puzzle_screen import PuzzleScreen
from dominoes_tui.ui.screens.puzzles.trainer import Ledger, Trainer

PUZZLES_FILE = Path(__file__).with_name("puzzles.json")
EXACT, DEALS, ESTIMATE, DRAW = "0176c4de9688a664", "71af1d277031f5b4", "014873d795ae5fc2", "0b9cc5c3c1c71e97"


def puzzles() -> list[Puzzle]:
    return read_puzzles(PUZZLES_FILE)


def trainer(ids: list[str] | None = None, ledger: Ledger | None = None) -> Trainer:
    """A trainer over the fixture's puzzles (or those of `ids`), its choices seeded."""
    found = puzzles()
    return Trainer([p for p in found if ids is None or p.id in ids], ledger or MemoryLedger(), rng=random.Random(0))


def trainer_app(ids: list[str] | None = None) -> RecordsApp:
    """An app standing at the trainer over the exact, the every-deal and the estimated puzzle."""
    t = trainer(ids or [EXACT, DEALS, ESTIMATE])
    t.next()
    return RecordsApp(lambda: PuzzleScreen(t))
