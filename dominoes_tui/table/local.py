"""A table in this process: owns the Match, seats bots and people, paces, saves.

Bots think in a worker thread (`asyncio.to_thread`) so the screen never freezes, and
their moves are paced by `bot_delay` so a person can follow them. After every change
the match is written as a game log (atomically) so quitting or crashing loses nothing.
"""
from __future__ import annotations

import asyncio
import errno
import random
from collections.abc import Sequence
from pathlib import Path

from ..bots import Bot, BotSpecError, level_names, make_bot, stop_thinking
from ..engine import (
    MATCH_OVER,
    NEW,
    PLAYING,
    ROUND_OVER,
    IllegalMove,
    Match,
    Move,
    Phase,
    PlayerView,
    RoundRecord,
    Seat,
    TableConfig,
    view_for,
    write_log,
)
from ..engine.seeds import seeded
from ..i18n import _
from ..i18n.os_words import os_words
from .bot_step import bot_turn
from .client import RoundReport, SeatInfo, TableClient

SPEEDS = {"instant": 0.0, "normal": 0.7, "slow": 1.6}  # seconds a bot move takes at least

def report_from(record: RoundRecord, match: Match, last: bool) -> RoundReport:
    points = record.outcome.points
    verdict = match.verdict if last else None

    def pack(x: int | list[int] | None) -> int | tuple[int, ...] | None:
        return tuple(x) if isinstance(x, list) else x

    return RoundReport(
        round=record.round,
        result=record.result,
        winner=record.outcome.winner,
        points=tuple(points) if isinstance(points, list) else points,
        terms=tuple(record.outcome.terms),
        hands=tuple(tuple(h) for h in record.hands),
        went_out=record.went_out,
        blocker=record.blocker,
        capicu=record.outcome.capicu,
        play_points=tuple(record.play_points),
        scores=tuple(record.scores),
        match_over=bool(verdict and verdict.over),
        match_winner=pack(verdict.winner) if verdict else None,
        match_loser=pack(verdict.loser) if verdict else None,
        shutout=bool(verdict and verdict.shutout),
    )


class LocalTable(TableClient):
    def __init__(
        self,
        match: Match,
        bots: dict[int, Bot],
        save_to: Path | None = None,
        finished_to: Path | None = None,
        bot_delay: float = 0.0,
    ) -> None:
        self.match = match
        self.config: TableConfig = match.config
        self.seats = tuple(SeatInfo(s.name, s.kind, s.level) for s in match.seats)
        self.bots = bots
        self.save_to = save_to
        self.finished_to = finished_to
        self.bot_delay = bot_delay
        self.notes: list[str] = []  # what went wrong with a bot, for the curious
        self.save_problem: str | None = None  # why saving is off, once a save failed
        self.save_problem_brief: str | None = None  # the same in a few words, for a status line

    # -- building ---------------------------------------------------------------
    @classmethod
    def new(
        cls,
        config: TableConfig,
        seats: Sequence[SeatInfo],
        seed: int | None = None,
        **kwargs: object,
    ) -> LocalTable:
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        match = Match(config, random.Random(seed), [Seat(s.name, s.kind, s.level) for s in seats], seed)
        table = cls(match, cls._make_bots(match), **kwargs)  # type: ignore[arg-type]
        table.next_round()
        return table

    @classmethod
    def resume(cls, match: Match, **kwargs: object) -> LocalTable:
        """Go on with a match read back from a save (docs/GAMELOG.md: a log cut off mid-round)."""
        table = cls(match, cls._make_bots(match), **kwargs)  # type: ignore[arg-type]
        if match.phase == NEW:
            table.next_round()
        return table

    @staticmethod
    def _make_bots(match: Match) -> dict[int, Bot]:
        seed = match.seed if match.seed is not None else 0
        bots: dict[int, Bot] = {}
        for i, s in enumerate(match.seats):
            if s.kind == "human":
                continue
            rng = seeded(seed, i)
            try:
                bots[i] = make_bot(s.level or "random", rng, s.name)
            except BotSpecError:
                # A save from a version with another level: seat the first level we have
                # rather than refuse to resume the match.
                bots[i] = make_bot(level_names()[0], rng, s.name)
        return bots

    # -- TableClient ------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self.match.phase

    def view(self, seat: int) -> PlayerView:
        return view_for(self.match, seat)

    def waiting_for(self) -> int | None:
        return self.match.to_act if self.match.phase == PLAYING else None

    def bot_to_act(self) -> int | None:
        seat = self.waiting_for()
        return seat if seat is not None and seat in self.bots else None

    async def advance(self) -> bool:
        seat = self.bot_to_act()
        if seat is None:
            return False
        bot = self.bots[seat]

        async def ask(view: PlayerView) -> Move:
            try:
                return await asyncio.to_thread(bot.choose, view)
            except asyncio.CancelledError:
                stop_thinking(bot)  # the thread would otherwise think on, unseen, to its budget
                raise

        played = await bot_turn(self.match, seat, ask, name=self.seats[seat].name, pace=self.bot_delay,
                                still_due=lambda: self.bot_to_act() == seat,  # not closed meanwhile, say
                                say=self.notes.append)
        if played:
            self.save()
        return played

    def play(self, seat: int, move: Move) -> None:
        if seat in self.bots:
            raise IllegalMove(_("seat {seat} is played by a bot").format(seat=seat))
        self.match.apply(move, seat)
        self.save()

    def next_round(self) -> None:
        if self.match.phase not in (NEW, ROUND_OVER):
            return
        self.match.begin_round()
        self.save()

    def last_round(self) -> RoundReport | None:
        if not self.match.records:
            return None
        return report_from(self.match.records[-1], self.match, last=True)

    def rounds(self) -> list[RoundReport]:
        records = self.match.records
        return [report_from(r, self.match, last=i == len(records) - 1) for i, r in enumerate(records)]

    def close(self) -> None:
        for bot in self.bots.values():
            try:
                bot.close()
            except Exception:  # noqa: BLE001 - a bot that fails to close must not keep the others open
                pass
        self.bots = {}

    # -- saving -------------------------------------------------------------------
    def save(self) -> None:
        """Write the log; once the match is over it is filed as the last match instead,
        so it is not offered for resuming."""
        if self.save_to is None:
            return
        try:
            if self.match.phase == MATCH_OVER:
                write_log(self.finished_to or self.save_to, self.match.events)
                if self.finished_to is not None:
                    self.save_to.unlink(missing_ok=True)
            else:
                write_log(self.save_to, self.match.events)
        except OSError as exc:
            # Said once (the screen shows it on its status line), not after every move.
            if self.save_problem is None:
                self.save_problem = save_problem_words(exc, self.save_to.parent)
                self.save_problem_brief = save_problem_brief(exc)
                self.notes.append(_("could not save the match: {problem}").format(problem=self.save_problem))


def save_problem_brief(exc: OSError) -> str:
    """A few words that fit a status line at 80 columns beside the scores."""
    if isinstance(exc, PermissionError) or exc.errno == errno.EROFS:
        return _("read-only folder")
    if exc.errno == errno.ENOSPC:
        return _("disk full")
    return _("cannot write")


def save_problem_words(exc: OSError, folder: Path | None = None) -> str:
    """An OSError in words, without the raw "[Errno 30]"."""
    where = f" ({exc.filename})" if exc.filename else ""
    if isinstance(exc, PermissionError) or exc.errno == errno.EROFS:
        # the folder, not the temporary file the atomic write was making in it
        place = folder or exc.filename
        if place:
            return _("the data folder is read-only ({place})").format(place=place)
        return _("the data folder is read-only")
    if exc.errno == errno.ENOSPC:
        return _("the disk is full")
    return os_words(exc) + where
