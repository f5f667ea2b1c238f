"""The table server's side of the club records: it records every hosted match when it
ends (or is given up), and answers the `records` message (docs/PROTOCOL.md) with the
leaderboard, a player's page or a match's log.

Everything touching the database runs in a thread, a few at a time: a slow or locked
database never holds up a table, and a stranger asking for pages cannot queue more
work than MAX_PARALLEL threads. A match the records cannot take is kept as a log in
the server's data folder (records/keep.py), never lost; a match filed in finished/ but
not yet recorded when the server died is recorded when it starts again (finished.py).
"""
from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable, Coroutine, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ...engine import LogError, Match, dumps
from ...i18n import _, ngettext
from ...i18n.os_words import os_words
from ...records import Identity, Records, record_or_keep, summarize
from ...records.report import lists
from ...records.source import LocalSource
from ...records.store import RecordsUnavailable
from ..host.console import tell
from ..tables.table import Table
from ..tables.table_keeping import file_away
from ..wire import says as S
from ..wire.requests import Records as RecordsWish
from ..wire.says import Said
from .finished import HOUR, Keeping, PerHour, mark_recorded, pending, prune, seat_identity, summary_of

log = logging.getLogger(__name__)

MAX_PARALLEL = 4  # records queries and recordings running at once, server-wide
BOARD_TOP = 10  # leaderboard places the projector board is sent
BOARD_FRESH = 20.0  # seconds a board's copy of the leaderboard is used before it is read again


class RecordsRequestError(Said, ValueError):
    """A records request that does not follow the protocol (counted as a mistake)."""


class ServerRecords:
    def __init__(self, home: Path, url: str | None = None, keeping: Keeping | None = None) -> None:
        self.home = home
        self.url = url
        self.keeping = keeping or Keeping()
        self.source = LocalSource(home, url)
        self._gate = asyncio.Semaphore(MAX_PARALLEL)
        self._tasks: set[asyncio.Task[None]] = set()
        self.busy: set[int] = set()  # connections with a records request under way
        # The projector board's copy of the leaderboard's top, per list: (read from, rows).
        self._top: dict[str, tuple[float, list[dict[str, Any]] | None]] = {}
        self._reading: set[str] = set()
        self._recorded_at = 0.0
        self.disk = PerHour()  # bytes of finished logs, per address that made the tables
        self.pairs = PerHour()  # rated matches, per the people who sat together
        self.persons = PerHour()  # rated matches, per person
        self._in_flight: set[Path] = set()  # finished/ files a recording is under way for
        self._pruned_at = time.monotonic()

    # -- recording ----------------------------------------------------------------------
    def table_over(self, table: Table, tables_dir: Path | None) -> None:
        """A hosted table's match is over: decide whether it may be rated, file it in
        finished/ (synced) with that decision, then record it in the background."""
        assert table.match is not None
        practice = bool(getattr(table, "practice", False))
        refusal = None if practice else self._beyond_bound(table)
        vouched = refusal is None
        if refusal is not None:
            table.tell(refusal[0], **refusal[1])
        filed = None
        if tables_dir is not None:
            extra = {"vouched": vouched, "ended_at": datetime.now(UTC).isoformat()}
            filed = file_away(tables_dir, table, extra)
            if filed is None:
                table.tell(S.NOT_FILED)
        made_by = getattr(table, "made_by", None)
        if made_by:  # what this match costs the disk: its finished files, else its log in the records
            cost = _size(filed) + _size(filed.with_suffix(".jsonl")) if filed is not None else len(dumps(table.match.events))
            self.disk.add(made_by, cost)
        self.match_over(table.match, identities_of(table), practice=practice, vouched=vouched, filed=filed)

    def _beyond_bound(self, table: Table) -> tuple[str, dict[str, S.Arg]] | None:
        """Why this match may not be rated (a notice's template and arguments), or None
        (then it is counted). A rating farm is two names playing each other again and
        again, from one machine or two, or one name beating fresh sock names one after
        another: so at most `rated_per_pair` rated matches an hour between the same
        people, and `rated_per_person` of any one person with anyone (lichess bounds
        rated games between the same accounts and of fresh accounts alike)."""
        keys = {key: s.name for s, key in zip(table.slots, table.identities()) if key}
        people = tuple(sorted(keys))
        now = time.monotonic()
        if len(people) > 1 and self.pairs.spent(people, now) >= self.keeping.rated_per_pair:
            return S.NOT_RATED, {"count": self.keeping.rated_per_pair}
        for key in people:
            if self.persons.spent(key, now) >= self.keeping.rated_per_person:
                return S.NOT_RATED_PERSON, {"name": keys[key], "count": self.keeping.rated_per_person}
        if len(people) > 1:
            self.pairs.add(people, 1, now)
        for key in people:
            self.persons.add(key, 1, now)
        return None

    def over_budget(self, address: str) -> bool:
        """The tables this address made have filed their hour's share of finished logs."""
        return self.disk.spent(address) >= self.keeping.disk_per_address

    def match_over(self, match: Match, identities: Sequence[Identity], *, practice: bool, abandoned: bool = False,
                   vouched: bool = True, filed: Path | None = None) -> None:
        """Record a table's match in the background (call from the event loop); `filed`:
        its finished/ record, marked once the records hold the match."""
        summary = summarize(match, identities, source="hosted", seeded=practice, abandoned=abandoned, vouched=vouched)
        if filed is not None:
            self._in_flight.add(filed)

        async def work() -> None:
            try:
                async with self._gate:
                    kept = await asyncio.to_thread(record_or_keep, summary, self.home, self.url)
                    if kept.recorded and filed is not None:
                        await asyncio.to_thread(mark_recorded, filed)
            finally:
                if filed is not None:
                    self._in_flight.discard(filed)
            tell(log, _("Records: {what}").format(what=kept.message), logging.INFO if kept.recorded else logging.WARNING)
            self._recorded_at = time.monotonic()  # new ratings: the board's copy is read again
            if filed is not None and time.monotonic() - self._pruned_at > HOUR:
                self._pruned_at = time.monotonic()
                await asyncio.to_thread(prune, filed.parent, self.keeping.keep_finished_days)

        self._spawn(work())

    def catch_up(self, finished_dir: Path) -> None:
        """In the background: record every finished match the records do not hold yet (a
        server killed while recording), then prune the old recorded logs."""

        async def work() -> None:
            async with self._gate:
                counts = await asyncio.to_thread(self._catch_up, finished_dir)
            if counts["recorded"] or counts["failed"]:
                tell(log, _("Records: on start, {recorded} finished matches recorded, {failed} could not be").format(
                    recorded=counts["recorded"], failed=counts["failed"]))
            self._recorded_at = time.monotonic()

        self._spawn(work())

    def _catch_up(self, finished_dir: Path) -> dict[str, int]:
        counts = {"recorded": 0, "failed": 0}
        todo = [m for m in pending(finished_dir) if m not in self._in_flight]
        if todo:
            try:
                records = Records.open(self.url, home=self.home)
            except RecordsUnavailable as exc:
                tell(log, ngettext("Records: {n} finished match waits to be recorded: {reason}",
                                   "Records: {n} finished matches wait to be recorded: {reason}", len(todo)).format(
                    n=len(todo), reason=exc), logging.WARNING)
                return {"recorded": 0, "failed": len(todo)}
            with records:
                for meta in todo:
                    try:
                        summary = summary_of(meta)
                    except (OSError, ValueError, KeyError, TypeError, LogError) as exc:
                        tell(log, _("Records: finished/{file} cannot be read ({reason}); it is left as it is").format(
                            file=meta.name, reason=os_words(exc)), logging.WARNING)
                        counts["failed"] += 1
                        continue
                    kept = record_or_keep(summary, self.home, records=records)
                    if kept.recorded:
                        mark_recorded(meta)
                        counts["recorded"] += 1
                    else:
                        counts["failed"] += 1
        prune(finished_dir, self.keeping.keep_finished_days)
        return counts

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def board_top(self, variant: str) -> list[dict[str, Any]] | None:
        """The top of a leaderboard for the projector board, without waiting: the copy read
        last (None until the first read, or while the records cannot be read), and a new
        read in the background when that copy is old or a match was recorded since. Boards
        ask every second; the database is read at most every BOARD_FRESH seconds."""
        variant = variant if variant in lists() else "all"
        read_from, rows = self._top.get(variant, (-BOARD_FRESH, None))
        now = time.monotonic()
        stale = now - read_from > BOARD_FRESH or read_from <= self._recorded_at
        if stale and variant not in self._reading:
            self._reading.add(variant)

            async def work() -> None:
                try:
                    async with self._gate:
                        fresh = await asyncio.to_thread(self.source.standings, variant)
                    self._top[variant] = (now, [_board_row(r) for r in fresh[:BOARD_TOP]])
                except Exception as exc:  # noqa: BLE001 - the board goes on with the copy it has
                    tell(log, _("Records: the board's leaderboard could not be read ({reason})").format(reason=exc),
                         logging.WARNING)
                    self._top[variant] = (now, rows)
                    if isinstance(exc, RecordsUnavailable):
                        await asyncio.to_thread(self.source.close)  # open afresh next time
                finally:
                    self._reading.discard(variant)

            self._spawn(work())
        return rows

    async def close(self, wait: float = 10.0) -> None:
        """Let the recordings under way finish (a server shutting down loses no match)."""
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=wait)
        await asyncio.to_thread(self.source.close)

    # -- answering ------------------------------------------------------------------------
    @staticmethod
    def check(wish: RecordsWish) -> None:
        """RecordsRequestError unless the request follows the protocol (its fields' types
        are checked already: net/wire/requests.py)."""
        if wish.variant not in lists():
            raise RecordsRequestError(S.RECORDS_VARIANT, allowed=", ".join(lists()))
        if wish.what == "player":
            _number(wish.player_id, "player_id")
        elif wish.what == "match":
            _number(wish.match_id, "match_id")

    async def answer(self, wish: RecordsWish) -> dict[str, Any]:
        """The `records` answer (without its id); RecordsRequestError for a bad request."""
        self.check(wish)
        what, variant = wish.what, wish.variant
        call: Callable[[], object]  # the answer, read in a thread
        if what == "leaderboard":
            call, key = (lambda: self.source.standings(variant)), "leaderboard"
        elif what == "player":
            player_id = _number(wish.player_id, "player_id")
            call, key = (lambda: self.source.player_page(player_id, variant)), "player"
        else:
            match_id = _number(wish.match_id, "match_id")
            call, key = (lambda: _events(self.source.match_log(match_id))), "log"
        try:
            async with self._gate:
                result = await asyncio.to_thread(call)
        except RecordsUnavailable as exc:
            await asyncio.to_thread(self.source.close)  # open afresh next time
            return {"type": "records", "what": what, "error": str(exc)}
        return {"type": "records", "what": what, "variant": variant, key: result}


def _board_row(row: dict[str, Any]) -> dict[str, Any]:
    """What the board shows of a leaderboard line (no player ids or rating internals)."""
    return {"place": row["place"], "name": row["name"], "kind": row["kind"], "rating": row["rating"],
            "provisional": row["provisional"], "matches": row["matches"], "wins": row["wins"]}


def _events(log_text: str | None) -> list[dict[str, Any]] | None:
    """A log as a list of events: text fields cross the protocol as plain text (control
    characters, newlines included, are removed on arrival), so not as JSON Lines text."""
    if log_text is None:
        return None
    return [json.loads(line) for line in log_text.splitlines() if line.strip()]


def _number(value: int | None, field: str) -> int:
    if value is None:  # the type bounds it (0 < value < 2**62) when it is given
        raise RecordsRequestError(S.RECORDS_NUMBER, field=field)
    return value


def identities_of(table: Table) -> list[Identity]:
    """Who sat at a hosted table, as the records know them. A person counts as
    identified only when the server vouches for their name (`table.identities()`: the
    key or secret that claimed it); anyone else is a guest, kept but never rated. The
    rule is finished.seat_identity's, the one a restart uses too."""
    vouched = table.identities() if hasattr(table, "identities") else [None] * len(table.slots)
    return [seat_identity({"name": slot.name, "kind": slot.kind, "level": slot.level, "identity": key})
            for slot, key in zip(table.slots, vouched)]


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def handle_request(records: ServerRecords | None, conn: Any, wish: RecordsWish, reply: Any) -> None:
    """The `records` message: checked now (a bad one is the sender's mistake), answered
    when the database has spoken. One request in flight per connection."""
    if records is None:
        reply({"type": "records", "what": wish.what, **S.said("error", S.NO_RECORDS)})
        return
    if id(conn) in records.busy:
        raise RecordsRequestError(S.RECORDS_ONE)
    records.check(wish)
    records.busy.add(id(conn))

    async def work() -> None:
        try:
            answer = await records.answer(wish)
        except Exception as exc:  # noqa: BLE001 - told with its traceback (console.tell)
            tell(log, _("Records: a request failed"), logging.ERROR, trace=True)
            answer = {"type": "records", "what": wish.what, **S.said("error", S.RECORDS_FAILED, kind=type(exc).__name__)}
        finally:
            records.busy.discard(id(conn))
        try:
            reply(answer)
        except Exception:  # noqa: BLE001 - the asker left meanwhile
            pass

    task = asyncio.get_running_loop().create_task(work())
    records._tasks.add(task)
    task.add_done_callback(records._tasks.discard)
