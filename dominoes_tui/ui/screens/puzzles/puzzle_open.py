"""Opening the trainer: `dominoes puzzles` in a terminal, F3 in the settings and in a
hosted lobby (the trainer runs here, on this machine's puzzles and records; it needs no
server). The puzzles are the player's own and the starter set; the rating is kept in
this machine's club records, or, where they cannot be used, for this sitting only."""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from ....i18n import _
from ....records import Records, RecordsUnavailable
from ....records.puzzle_book import PuzzleBook
from ....records.puzzle_rating import MemoryLedger
from ....records.store import chosen_url
from ....table.home import home
from ....training import Puzzle
from ....training.choose import Filter
from ....training.store import merged
from ...choices import Prefs
from .puzzle_files import Refused, own_puzzles, starter_puzzles
from .trainer import Ledger, Trainer


def refused_words(refused: Refused) -> str:
    return _("Your puzzles file {file} was refused ({reason}); it is kept as {kept}, and the starter set is "
             "played.").format(file=refused.path, reason=refused.reason, kept=refused.kept.name)


def every_puzzle() -> tuple[list[Puzzle], str | None]:
    """The player's puzzles and the starter set, and what to say of a refused own file."""
    own, refused = own_puzzles()
    return merged(own, starter_puzzles()), refused_words(refused) if refused else None


def open_ledger() -> tuple[Ledger, str | None, str | None]:
    """The club records' puzzle book, or memory and the reason the records cannot be used;
    and a notice where a records file that was not a database was set aside (a new one
    is begun, as a match recorded here would begin it)."""
    url = chosen_url(None, home())
    first = _book(url)
    if isinstance(first, PuzzleBook):
        return first, None, None
    if first.set_aside_as is None:
        return MemoryLedger(), str(first), None
    again = _book(url)
    if isinstance(again, PuzzleBook):
        return again, None, str(first)
    return MemoryLedger(), str(again), str(first)


def _book(url: str) -> PuzzleBook | RecordsUnavailable:
    try:
        return PuzzleBook(Records.open(url))
    except RecordsUnavailable as exc:
        return exc
    except Exception as exc:  # noqa: BLE001 - a database may fail any way: the trainer goes on without
        return RecordsUnavailable((str(exc).splitlines() or [exc.__class__.__name__])[0][:200])


def open_trainer(app: Any, prefs: Prefs | None = None, done: Callable[[Any], None] | None = None, *,
                 puzzles: list[Puzzle] | None = None, variant: str | None = None) -> None:
    """Push the trainer on `app` (`done` called as it closes), over `puzzles` (else read
    here) of `variant` (else any). The reading (every puzzle checked, the records opened)
    runs in a thread: the screen under it goes on. With no puzzle to play, said so, and
    `done` called with None."""
    app.run_worker(_open(app, prefs, done, puzzles, variant), exclusive=True, group="puzzles")


async def _open(app: Any, prefs: Prefs | None, done: Callable[[Any], None] | None, puzzles: list[Puzzle] | None,
                variant: str | None) -> None:
    from .puzzle_screen import PuzzleScreen, unkept_words

    if puzzles is None:
        app.notify(_("Reading the puzzles…"), timeout=2)
        puzzles, refused = await asyncio.to_thread(every_puzzle)
        if refused:
            app.notify(refused, severity="warning", timeout=12, markup=False)
    if not puzzles:
        app.notify(_("There are no puzzles here: dominoes puzzles --generate N finds some."), severity="error",
                   timeout=10)
        if done is not None:
            done(None)
        return
    trainer, notice = await asyncio.to_thread(_trainer, puzzles, variant)
    screen = PuzzleScreen(trainer, prefs or getattr(app, "prefs", None))
    app.push_screen(screen, done)
    if notice:
        app.notify(notice, severity="warning", timeout=12, markup=False)
    if trainer.problem:
        screen.said = trainer.problem
        app.notify(unkept_words(trainer.problem), severity="warning", timeout=10, markup=False)


def _trainer(puzzles: list[Puzzle], variant: str | None) -> tuple[Trainer, str | None]:
    ledger, problem, notice = open_ledger()
    trainer = Trainer(puzzles, ledger, problem)
    if trainer.filter(Filter(variant=variant)) is None:
        trainer.filter(Filter())
    return trainer, notice
