"""Learn from the mistakes of a match in the club records (a player's page, `l`): its log
and its kept analysis, read in a thread, and the lesson of the seat the player held.

Only this machine's records keep analyses; a hosted client analyses in the replay
viewer (Enter, then `a`), and learns from there (`l`)."""
from __future__ import annotations

import asyncio
from typing import Any

from ....engine import LogError
from ....i18n import _, told
from ..records.records_reader import LocalReader, RecordsReader


def player_seat(page: dict[str, Any], match_id: int) -> int | None:
    """The seat the page's player held in the match, as its accuracy rows say (None: not
    said, as by an older copy)."""
    for row in page.get("accuracy") or []:
        seat = row.get("seat")
        if row.get("match_id") == match_id and type(seat) is int:
            return seat
    return None


async def learn_from_records(screen: Any, reader: RecordsReader, match_id: int, page: dict[str, Any]) -> None:
    from ....records.summary import match_key
    from ..replay.replay_analysis import parse
    from ..replay.replay_steps import ReplaySteps
    from .learn import learn_from

    if not isinstance(reader, LocalReader):
        screen.notify(_("Open the match (Enter) and analyse it there (a): then l learns from its mistakes."),
                      timeout=6)
        return
    try:
        text = await reader.match_log(match_id)
        if text is None:
            raise LogError(_("the match is no longer in the records"))
        steps = ReplaySteps.from_text(text)
        kept = await asyncio.to_thread(reader.source.analysis, match_key(steps.events))
    except Exception as exc:  # noqa: BLE001 - the records may fail any way: words, never a crash
        screen.notify(_("This match cannot be opened: {why}").format(why=told(exc)), severity="error", timeout=8,
                      markup=False)
        return
    if kept is None:
        screen.notify(_("This match is not analysed yet: Enter replays it, a analyses it there, then l learns from "
                        "its mistakes."), timeout=8)
        return
    try:
        analysis = parse(kept, steps.whole.n)
    except Exception:  # noqa: BLE001 - a damaged analysis: made again in the viewer
        screen.notify(_("The stored analysis of this match could not be read: Enter replays it, a analyses it "
                        "again."), severity="warning", timeout=8)
        return
    learn_from(screen.app, steps, analysis, player_seat(page, match_id), getattr(screen.app, "prefs", None))
