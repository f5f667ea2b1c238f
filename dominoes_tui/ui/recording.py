"""Keeping a local match in the club records when it ends (or is abandoned).

The recording runs in a thread: a locked or slow database never freezes the table, and
whatever goes wrong is one notice, with the match's log kept for `dominoes stats
--import`. Only matches played in this process are recorded here; a hosted table's
match is recorded by its server.
"""
from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from textual.app import App

from ..engine import Match
from ..i18n import _
from ..records import record_or_keep, summarize
from ..records.store import chosen_url
from ..table import saves


def record_match(app: App, match: Match, *, seeded: bool, abandoned: bool = False,
                 started_at: datetime | None = None) -> None:
    summary = summarize(match, source="local", seeded=seeded, abandoned=abandoned,
                        started_at=started_at, ended_at=datetime.now(UTC))
    done: set[tuple[str, str]] = app.__dict__.setdefault("_recorded_keys", set())
    if (summary.key, summary.status) in done:
        return
    done.add((summary.key, summary.status))
    if not abandoned:
        app.__dict__["records_said"] = None  # this match's word comes when the recording is done

    async def work() -> None:
        home = saves.home()
        kept = await asyncio.to_thread(record_or_keep, summary, home, chosen_url(None, home))
        if abandoned:
            if not kept.recorded:
                app.notify(kept.message, title=_("Club records"), severity="warning", timeout=12)
            return
        # Said on the match's end screen, not in a notice: at 80×24 a notice sat over the
        # last round's summary ("Domino: Bot 2 hat den letzten S▌")
        app.__dict__["records_said"] = (kept.message, kept.recorded)
        from .screens.table.summary import MatchEndScreen

        for screen in app.screen_stack:
            if isinstance(screen, MatchEndScreen):
                screen.show_records(kept.message, kept.recorded)

    app.run_worker(work(), group="records")
