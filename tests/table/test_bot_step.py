"""The bot step (table/bot_step.py): ask, pace, fall back to a legal move when the bot's
answer is illegal or it crashed, and say so; the local table and the hosted one both use it."""
from __future__ import annotations

import asyncio
import logging
import random
from types import SimpleNamespace

import pytest

from dominoes_tui.engine import Match, Move, PlayerView, Seat, make_config
from dominoes_tui.net.host.limits import Limits
from dominoes_tui.net.tables.table import Table
from dominoes_tui.net.tables.table_seats import Slot
from dominoes_tui.table.bot_step import bot_turn
from dominoes_tui.table.client import SeatInfo
from dominoes_tui.table.local import LocalTable


def _match() -> Match:
    match = Match(make_config("draw", 2), random.Random(4), [Seat("A", "bot", "easy"), Seat("B", "bot", "easy")], 4)
    match.begin_round()
    return match


def _not_legal(match: Match) -> Move:
    """A lead (the round has just begun) of a tile the seat to act does not hold."""
    return Move(match.hand((match.to_act + 1) % match.n)[0], None)


async def _answer(move: Move) -> Move:
    return move


async def _crash(_view: PlayerView) -> Move:
    raise RuntimeError("bot bug")


async def test_an_illegal_answer_plays_the_first_legal_move_and_says_so() -> None:
    match, said = _match(), []
    seat, first, before = match.to_act, match.legal_moves()[0], len(match.events)
    bad = _not_legal(match)
    played = await bot_turn(match, seat, lambda _v: _answer(bad), name="Bot", pace=0.0, still_due=lambda: True,
                            say=said.append)
    assert played and said == [f"Bot chose an illegal move {bad}; it played its first legal move"]
    assert match.events[before]["seat"] == seat and Move.from_json(match.events[before]) == first


async def test_a_crash_plays_the_first_legal_move_and_says_so() -> None:
    match, said = _match(), []
    seat, first, before = match.to_act, match.legal_moves()[0], len(match.events)
    assert await bot_turn(match, seat, _crash, name="Bot", pace=0.0, still_due=lambda: True, say=said.append)
    assert said == ["Bot failed to choose (bot bug); it played its first legal move"]
    assert match.events[before]["seat"] == seat and Move.from_json(match.events[before]) == first


async def test_a_turn_no_longer_due_plays_nothing() -> None:
    match, said = _match(), []
    before = len(match.events)
    assert not await bot_turn(match, match.to_act, _crash, name="Bot", pace=0.0, still_due=lambda: False,
                              say=said.append)
    assert len(match.events) == before


async def test_the_local_table_uses_the_bot_step() -> None:
    class Crashing:
        level, name = "easy", "Crashy"

        def choose(self, view: PlayerView) -> Move:
            raise RuntimeError("bot bug")

        def close(self) -> None:
            pass

    table = LocalTable.new(make_config("draw", 2), [SeatInfo("Crashy", "bot", "easy"), SeatInfo("Easy", "bot", "easy")],
                           seed=3)
    seat = table.bot_to_act()
    assert seat is not None
    table.bots[seat] = Crashing()  # type: ignore[assignment]
    assert await table.advance()
    assert table.notes == [f"{table.seats[seat].name} failed to choose (bot bug); it played its first legal move"]


class _Pool:
    def __init__(self, answer) -> None:
        self.answer = answer

    async def choose(self, level: str, seed: str, name: str, view: PlayerView, owner: str = "") -> Move:
        return await self.answer(view)


def _hosted(answer) -> Table:
    server = SimpleNamespace(tables_dir=None, default_level="easy", ready_timeout=1.0, standin_delay=1.0,
                             limits=Limits(), bots=_Pool(answer), lobby_changed=lambda: None)
    table = Table(server, "ABCD", make_config("draw", 2), [Slot("A", "bot", "easy"), Slot("B", "bot", "easy")],  # type: ignore[arg-type]
                  seed=3, bot_delay=0.0)
    table.start()
    return table


@pytest.mark.parametrize("how", ["crash", "illegal"])
async def test_the_hosted_table_uses_the_bot_step(how: str, caplog: pytest.LogCaptureFixture) -> None:
    table = _hosted(_crash)
    m = table.match
    assert m is not None
    if how == "illegal":
        bad = _not_legal(m)
        table.server.bots = _Pool(lambda _v: _answer(bad))  # type: ignore[assignment]
    seat, before = m.to_act, len(m.events)
    with caplog.at_level(logging.WARNING, logger="dominoes_tui.net"):
        await table.bot_move(m, seat)
    assert len(m.events) > before and m.events[before]["seat"] == seat
    said = "failed to choose (bot bug)" if how == "crash" else "chose an illegal move"
    assert any(said in r.getMessage() and "Table ABCD" in r.getMessage() for r in caplog.records)
    table.close()
    await asyncio.sleep(0)
