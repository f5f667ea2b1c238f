"""The header's boneyard count moves with the draws the seats and the log show: at every
frame of a paced match, the tiles in the talon, in the hands and on the table add up to
the set (a bot's draw was reported to show in the log and the seats a second before the
header; not seen again here, this keeps it so)."""
from __future__ import annotations

import re

from dominoes_tui.ui.app import DominoesApp
from dominoes_tui.ui.choices import MatchSettings, Prefs, parse_seats
from dominoes_tui.ui.screens.table.summary import RoundSummaryScreen
from dominoes_tui.ui.screens.table.table import TableScreen

from .helpers import press, screen_lines


async def test_every_frame_of_a_paced_match_counts_28_tiles(monkeypatch) -> None:
    from dominoes_tui.table import local

    monkeypatch.setitem(local.SPEEDS, "slow", 0.15)  # paced as at slow speed, quicker
    settings = MatchSettings("draw", 3, parse_seats("Ana,easy,easy", 3), 30, {}, seed=7)
    app = DominoesApp(settings, Prefs(speed="slow"), start_now=True)
    frames = draws = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            await pilot.pause(0.03)
            screen = app.screen
            if isinstance(screen, RoundSummaryScreen):
                break
            if not isinstance(screen, TableScreen):
                continue
            lines = screen_lines(app)
            talon = re.search(r"boneyard (\d+)", lines[0])
            held = [int(n) for n in re.findall(r"(\d+) tiles?\b", "\n".join(lines[1:4]))]
            if talon and len(held) == 3:
                layout = screen.view_.layout
                placed = len(layout.line) + len(layout.up) + len(layout.down)
                assert int(talon.group(1)) + sum(held) + placed == 28, "\n".join(lines)
                frames += 1
                draws += " drew " in "\n".join(lines)
            if screen.my_turn():
                await press(pilot, "enter")
                if screen.end_cursor is not None:
                    await press(pilot, "enter")
    assert frames >= 10 and draws
