"""The round clock of a club evening: when it runs out, bots finish every table of the
round still being played, quickly, so one slow table cannot hold up the whole evening."""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Mapping

from ...engine import MATCH_OVER
from ...i18n import _
from ..host.console import tell
from ..tables.table import Table
from ..wire import says as S
from .evening import PLAYING, Evening

log = logging.getLogger("dominoes_tui.net")

CLOCK_BOT_DELAY = 0.2  # how fast bots finish a table once the round clock has run out


class RoundClock:
    def __init__(self, evening: Callable[[], Evening | None], tables: Mapping[str, Table]) -> None:
        self._evening = evening  # the host's evening as it is when the clock runs out
        self._tables = tables
        self.deadline: float | None = None  # time.time() when the round clock runs out
        self._handle: asyncio.TimerHandle | None = None

    def arm(self) -> None:
        """Start the clock of the round just opened (if the evening has one)."""
        self.disarm()
        evening = self._evening()
        if evening is None or evening.settings.round_minutes is None or evening.state != PLAYING:
            return
        seconds = evening.settings.round_minutes * 60
        self.deadline = time.time() + seconds
        self._handle = asyncio.get_running_loop().call_later(seconds, self.ran_out)

    def disarm(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
        self._handle, self.deadline = None, None

    def ran_out(self) -> None:
        """Bots finish every table of the round still being played."""
        self._handle = None
        evening = self._evening()
        if evening is None or evening.state != PLAYING:
            return
        for code in evening.codes.values():
            table = self._tables.get(code)
            if table is None or table.match is None or table.match.phase == MATCH_OVER:
                continue
            for slot in table.slots:
                if slot.kind == "human":
                    slot.kind, slot.level = "bot", evening.settings.bot_level
            table.bot_delay = CLOCK_BOT_DELAY
            table.tell(S.ROUND_CLOCK_OUT)
            table.wake.set()
            table.broadcast_table()
        current = evening.tournament.current
        tell(log, _("Tournament round {round}: the clock ran out; bots finish it").format(
            round=current.number if current else 0))
