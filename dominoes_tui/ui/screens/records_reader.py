"""Where the records screens get their data: this machine's database (in a thread, so a
slow or locked database never freezes the screen) or, for the hosted client, the table
server. Either hands back the plain dicts of records/report.py."""
from __future__ import annotations

import asyncio
from typing import Any, Protocol

from ...records.source import LocalSource


class RecordsReader(Protocol):
    """Every method may raise an exception whose message is meant for a person."""

    async def standings(self, variant: str) -> list[dict[str, Any]]: ...

    async def player_page(self, player_id: int, variant: str) -> dict[str, Any]: ...

    async def match_log(self, match_id: int) -> str | None: ...


class LocalReader:
    def __init__(self, source: LocalSource) -> None:
        self.source = source

    async def standings(self, variant: str) -> list[dict[str, Any]]:
        return await asyncio.to_thread(self.source.standings, variant)

    async def player_page(self, player_id: int, variant: str) -> dict[str, Any]:
        return await asyncio.to_thread(self.source.player_page, player_id, variant)

    async def match_log(self, match_id: int) -> str | None:
        return await asyncio.to_thread(self.source.match_log, match_id)
