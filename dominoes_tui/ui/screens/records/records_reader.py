"""Where the records screens get their data: this machine's database (in a thread, so a
slow or locked database never freezes the screen) or, for the hosted client, the table
server. Either hands back the plain dicts of records/report.py."""
from __future__ import annotations

import asyncio
from typing import Any, Protocol

from ....i18n import _
from ....net.client.client import Connection, unreadable
from ....net.wire.answers import Records
from ....records.source import LocalSource


class RecordsReader(Protocol):
    """Every method may raise an exception whose message is meant for a person."""

    async def standings(self, variant: str) -> list[dict[str, Any]]: ...

    async def player_page(self, player_id: int, variant: str) -> dict[str, Any]: ...

    async def match_log(self, match_id: int) -> str | None: ...


class Connected(Protocol):
    """What the hosted reader needs of the hosted app (which imports this module): its
    connection, None while it is away."""

    @property
    def conn(self) -> Connection | None: ...


class LocalReader:
    def __init__(self, source: LocalSource) -> None:
        self.source = source

    async def standings(self, variant: str) -> list[dict[str, Any]]:
        return await asyncio.to_thread(self.source.standings, variant)

    async def player_page(self, player_id: int, variant: str) -> dict[str, Any]:
        return await asyncio.to_thread(self.source.player_page, player_id, variant)

    async def match_log(self, match_id: int) -> str | None:
        return await asyncio.to_thread(self.source.match_log, match_id)


class RemoteReader:
    """The hosted client's reader: the table server's records, asked over the
    connection (docs/PROTOCOL.md, `records`)."""

    def __init__(self, app: Connected) -> None:
        self.app = app  # its connection is read at each request: it may have reconnected

    async def _ask(self, what: str, **fields: Any) -> Records:
        conn = self.app.conn
        if conn is None:
            raise RuntimeError(_("not connected to the server"))
        answer = await conn.request({"type": "records", "what": what, **fields})
        if not isinstance(answer, Records):
            raise RuntimeError(unreadable(answer.wire_type, "$.type"))
        if answer.error:
            raise RuntimeError(answer.spoken("error"))
        return answer

    async def standings(self, variant: str) -> list[dict[str, Any]]:
        return list((await self._ask("leaderboard", variant=variant)).leaderboard or [])

    async def player_page(self, player_id: int, variant: str) -> dict[str, Any]:
        return dict((await self._ask("player", player_id=player_id, variant=variant)).player or {})

    async def match_log(self, match_id: int) -> str | None:
        events = (await self._ask("match", match_id=match_id)).log
        if events is None:
            return None
        from ....engine import dumps

        return dumps(e for e in events if isinstance(e, dict))
