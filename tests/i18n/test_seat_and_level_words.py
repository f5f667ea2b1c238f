"""Seats and bot levels as a German player reads them: each level of a seat whole at 80
columns (the heaviest-first bot named for what it does), the replay viewer's variant in
the reader's words."""
from __future__ import annotations

from pathlib import Path

from dominoes_tui import i18n
from dominoes_tui.engine import dumps
from dominoes_tui.engine.gamelog import parse_lines
from dominoes_tui.ui.app import DominoesApp
from dominoes_tui.ui.choices import MatchSettings, Prefs
from dominoes_tui.ui.records_app import RecordsApp
from dominoes_tui.ui.screens.replay.replay import ReplayScreen
from dominoes_tui.ui.screens.replay.replay_steps import ReplaySteps
from dominoes_tui.ui.widgets.choice import Choice
from tests.records.helpers import people, play
from tests.ui.helpers import press, screen_lines, settle

SIZE = (80, 24)


async def test_every_level_of_a_seat_shows_whole_at_80_columns_in_german() -> None:
    i18n.use("de")
    app = DominoesApp(MatchSettings(seed=1), Prefs(speed="instant"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        kind = app.screen.query_one("#seat-kind-1", Choice)
        kind.focus()
        seen = []
        for _ in range(len(kind.options)):
            await press(pilot, "right")
            await pilot.pause(0.05)
            line = next(line for line in screen_lines(app) if line.startswith(" Platz 2 "))
            assert f"◀ {kind.label} ▶" in line, line  # the field whole, its arrows both ends
            seen.append(kind.label)
        assert "Bot: schwere Steine zuerst" in seen and "Bot: schwerste" not in seen


async def test_the_replay_viewer_says_the_variant_in_the_readers_words(tmp_path: Path) -> None:
    i18n.use("de")
    log = dumps(play("duel", 2, people("You", "Bot 1"), seed=3, stop_after=6).events)
    app = RecordsApp(lambda: ReplayScreen(ReplaySteps(parse_lines(log)), title="duell.jsonl"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        status = screen_lines(app)[0]
        assert "Klassisches Duell" in status and "Classic Duel" not in status, status


def test_a_logs_seat_out_of_range_is_told_as_the_log_counts_seats(tmp_path: Path, capsys) -> None:
    """Seats a person reads count from 1, a log's from 0: a forged log's seat 7 is named as
    the log's field, with the log's own range, not as if "Platz 7" were the table's seat."""
    from dominoes_tui.cli import main
    from tests.cli.helpers import with_first_play

    log = tmp_path / "forged.jsonl"
    log.write_text(with_first_play(lambda p: p.update(seat=7)))
    assert main(["--lang", "de", "replay", "--check", str(log)]) == 2
    err = capsys.readouterr().err
    assert "'seat' 7 ist kein Platz dieser Partie (das Protokoll zählt sie von 0 bis 1)" in err, err
