"""Bots on the server think here, never on its event loop.

Levels that answer in well under a millisecond (random, easy, heaviest, and medium:
0.13 ms median, 0.35 ms p95 measured here) choose at once; hard (about 200 ms a move)
thinks in a bounded pool of worker processes, so twenty tables of hard bots take at
most `workers` cores and never delay a move at another table. A worker
gets the seat's view as the protocol's JSON (what the bot may see, nothing more), makes
the bot afresh through the bots' public `make_bot(...).choose(view)` and answers a move.
A bot that fails or thinks longer than `timeout` plays the first legal move instead.

The workers are shared fairly between owners (the address that made a table): each
owner's requests wait in a queue of their own, a free worker takes the next request of
the next owner in turn, and one owner holds at most `per_owner` workers at once (one by
default, of two). Fifty tables of expert bots from one address then slow that address's
own tables, never another's: a move elsewhere finds a worker free, or waits for one
move at most, however long the busy address's queue.
"""
from __future__ import annotations

import asyncio
import logging
import os
import random
import threading
import time
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ...bots import make_bot
from ...bots.registry import level_word
from ...engine import Move, PlayerView
from ...i18n import _
from ...workers import context
from ..host.console import tell
from ..wire import protocol as P

log = logging.getLogger("dominoes_tui.net")

INLINE_LEVELS = frozenset({"random", "easy", "heaviest", "medium"})


def _outlive_no_server(server_pid: int) -> None:
    """In each worker: leave when the server is gone, however it went (a SIGKILL too),
    so a crashed host never leaves bot processes behind."""
    def watch() -> None:
        while True:
            time.sleep(2.0)
            try:
                os.kill(server_pid, 0)
            except ProcessLookupError:
                os._exit(0)
            except PermissionError:
                pass

    threading.Thread(target=watch, daemon=True, name="server-watch").start()


def think(level: str, seed: str, name: str, view_json: dict[str, Any]) -> dict[str, Any]:
    """One move in a worker process: the view crosses as JSON, the move comes back so."""
    return _think_here(level, seed, name, P.view_from_json(view_json)).to_json()


def _think_here(level: str, seed: str, name: str, view: PlayerView) -> Move:
    """A bot's move for the view itself (a quick level's, on the server's own loop)."""
    bot = make_bot(level, random.Random(seed), name)
    try:
        return bot.choose(view)
    finally:
        bot.close()


class BotPool:
    def __init__(self, workers: int = 2, timeout: float = 30.0, per_owner: int = 1) -> None:
        self.workers = max(1, workers)
        self.timeout = timeout
        self.per_owner = max(1, per_owner)  # workers one owner may hold at once: the rest stay free for others
        self._pool: ProcessPoolExecutor | None = None
        self._waiting: dict[str, deque[asyncio.Future[None]]] = {}  # owner -> its requests, oldest first
        self._turns: deque[str] = deque()  # owners with a request waiting, in the order they are served
        self._busy = 0  # workers given a request
        self._running: dict[str, int] = {}  # owner -> workers it holds

    async def _turn(self, owner: str) -> None:
        """Wait until a worker is this owner's (round robin between owners)."""
        ticket: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(owner, deque()).append(ticket)
        if owner not in self._turns:
            self._turns.append(owner)
        self._serve()
        try:
            await ticket
        except asyncio.CancelledError:
            if ticket.done() and not ticket.cancelled():  # given a worker just as the table closed
                self._done(owner)
            ticket.cancel()  # still waiting: _serve skips it
            raise

    def _serve(self) -> None:
        while self._busy < self.workers:
            # the next owner in turn that holds fewer than its share of workers
            owner = next((o for o in self._turns if self._running.get(o, 0) < self.per_owner), None)
            if owner is None:
                return
            self._turns.remove(owner)
            queue = self._waiting[owner]
            ticket = queue.popleft()
            if queue:
                self._turns.append(owner)  # its next request waits for every other owner's turn
            else:
                del self._waiting[owner]
            if not ticket.done():
                self._busy += 1
                self._running[owner] = self._running.get(owner, 0) + 1
                ticket.set_result(None)

    def _done(self, owner: str) -> None:
        self._busy -= 1
        self._running[owner] -= 1
        if not self._running[owner]:
            del self._running[owner]
        self._serve()

    async def _in_worker(self, owner: str, level: str, seed: str, name: str, view: PlayerView) -> Move:
        await self._turn(owner)
        try:
            loop = asyncio.get_running_loop()
            future = loop.run_in_executor(self._executor(), think, level, seed, name, P.view_to_json(view))
            return Move.from_json(await asyncio.wait_for(future, self.timeout))
        finally:
            self._done(owner)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # never forked from the busy server with its threads and sockets (workers.py),
            # and each begins with the bots imported
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=context("dominoes_tui.net.tables.bot_pool"),
                initializer=_outlive_no_server, initargs=(os.getpid(),),
            )
        return self._pool

    async def choose(self, level: str, seed: str, name: str, view: PlayerView, owner: str = "") -> Move:
        """The bot's move; `owner` (who made the table) is whose turn at the workers it takes."""
        try:
            if level in INLINE_LEVELS:
                await asyncio.sleep(0)  # a table of quick bots still lets every other table run
                move = _think_here(level, seed, name, view)  # no JSON round trip: it was a third of a busy server's time
            else:
                move = await self._in_worker(owner, level, seed, name, view)
            if move in view.legal:
                return move
            tell(log, _("A bot ({level}) answered an illegal move; it plays the first legal one").format(
                level=level_word(level)), logging.WARNING)
        except BrokenProcessPool:
            tell(log, _("The bots' worker processes broke; new ones are started"), logging.WARNING)
            self._pool = None
        except TimeoutError:
            tell(log, _("A bot ({level}) thought longer than {seconds} s; it plays the first legal move").format(
                level=level_word(level), seconds=f"{self.timeout:.0f}"), logging.WARNING)
        except Exception as exc:  # noqa: BLE001 - a bot's bug costs its seat a good move, nothing more
            tell(log, _("A bot ({level}) failed ({reason}); it plays the first legal move").format(
                level=level_word(level), reason=exc), logging.WARNING)
        return view.legal[0]

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
