"""The club records in German: `dominoes stats` as text, dates as a German reader writes
them, the leaderboard screen; and `--json` the same whatever the language."""
from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any

from textual.widgets import DataTable
from textual.widgets._footer import FooterKey

from dominoes_tui import i18n
from dominoes_tui.cli import main
from dominoes_tui.records import Records, summarize
from dominoes_tui.records.source import LocalSource
from dominoes_tui.ui.records_app import RecordsApp
from dominoes_tui.ui.screens.records.leaderboard import LeaderboardScreen
from dominoes_tui.ui.screens.records.records_reader import LocalReader
from tests.ui.helpers import wait_for

from .helpers import people, play


def record(db_url: str) -> None:
    """Two Draw matches of Ana against bots and a Partner match, ended at fixed times."""
    with Records.open(db_url) as records:
        for seed, level in ((8, "easy"), (9, "medium")):
            when = datetime(2026, 1, 2, 23, 30 + seed, tzinfo=UTC)
            records.record(summarize(play("draw", 2, people("Ana", level), seed=seed), started_at=when, ended_at=when))
        when = datetime(2026, 3, 4, 5, 6, tzinfo=UTC)
        records.record(summarize(play("partner", 4, people("Ana", "easy", "Ben", "medium"), seed=3),
                                 started_at=when, ended_at=when))


def test_stats_speaks_german(db_url, capsys, in_tokyo):
    record(db_url)
    assert main(["--lang", "de", "stats", "--db", db_url]) == 0
    out = capsys.readouterr().out
    assert "Rangliste, Gesamt:" in out and "3 Partien (3 beendet, 0 abgebrochen)" in out
    assert "Eine Wertung mit ? ist vorläufig" in out
    assert "Leaderboard" not in out and "rated," not in out
    assert main(["stats", "--lang", "de", "--player", "Ana", "--against", "bot:easy", "--db", db_url]) == 0
    out = capsys.readouterr().out
    assert "Ana (Person, erkannt an: ein Name an dieser Tastatur)" in out
    assert "Variante" in out and "Partien" in out and "Wertung" in out
    # a bot level is named as the table's seats name it, and may be asked for so
    assert "direkter Vergleich mit Bot (leicht): besser 1, schlechter 1, gleich 0 von 2" in out and "letzte Partien:" in out
    assert "bot:" not in out
    assert main(["stats", "--lang", "de", "--player", "leicht", "--db", db_url]) == 0
    assert capsys.readouterr().out.startswith("Bot (leicht) (Bot, erkannt an: eine Bot-Stufe)")
    # German dates in the reader's zone: day.month.year, the 24-hour clock
    assert "03.01.2026, 08:38" in out and "04.03.2026, 14:06" in out
    assert "Rang 1" in out or "Rang 2" in out  # a finishing place (Platz is a seat)
    assert "(mit " in out and "(with " not in out  # the Partner team mate
    assert "recent matches" not in out and "placed" not in out


def test_dates_follow_the_language(db_url, capsys, in_tokyo):
    record(db_url)
    assert main(["--lang", "en", "stats", "--player", "Ana", "--db", db_url]) == 0
    english = capsys.readouterr().out
    assert "3 Jan 2026, 08:38" in english and "4 Mar 2026, 14:06" in english
    assert main(["--lang", "de", "stats", "--player", "Ana", "--db", db_url]) == 0
    assert "03.01.2026, 08:38" in capsys.readouterr().out


def test_stats_json_is_the_same_in_every_language(db_url, capsys):
    record(db_url)
    for asked in (["--variant", "draw"], ["--player", "Ana"], ["--player", "bot:easy", "--against", "Ana"]):
        outputs = []
        for lang in ("en", "de"):
            assert main(["--lang", lang, "stats", "--json", "--db", db_url, *asked]) == 0
            outputs.append(capsys.readouterr().out)
        assert outputs[0] == outputs[1]
        json.loads(outputs[1])
    outputs = []
    for lang in ("en", "de"):
        assert main(["--lang", lang, "stats", "--csv", "--player", "Ana", "--db", db_url]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]


@asynccontextmanager
async def german_leaderboard(db_url, tmp_path, rows: int = 1) -> AsyncIterator[tuple[Any, DataTable]]:
    """The leaderboard screen in German at 80x24, once it shows `rows` rows."""
    i18n.use("de")
    source = LocalSource(tmp_path, db_url)
    app = RecordsApp(lambda: LeaderboardScreen(LocalReader(source)))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            board = app.screen.query_one("#board", DataTable)
            await wait_for(pilot, lambda: board.row_count >= rows)
            yield pilot, board
    finally:
        source.close()


async def test_the_leaderboard_screen_in_german(db_url, tmp_path):
    record(db_url)
    async with german_leaderboard(db_url, tmp_path) as (pilot, board):
        app = pilot.app
        labels = [str(c.label) for c in board.columns.values()]
        assert labels == ["#", "Spieler", "Wertung", "Gewertet", "Siege"]
        title = str(app.screen.query_one("#title").render())
        assert title == "Rangliste: Gesamt"
        note = str(app.screen.query_one("#note").render())
        assert note.startswith("Enter: die Seite des Spielers.")
        # the footer fills its keys after the screen mounts: on a busy machine, later than the table
        await wait_for(pilot, lambda: len(app.screen.query(FooterKey)) > 0)
        keys = [k.description for k in app.screen.query(FooterKey)]
        assert "Nächste Liste" in keys and "Next list" not in keys


async def test_the_keyboards_you_is_du_to_a_german_reader(db_url, tmp_path, capsys):
    """The records keep the keyboard's seat as You; a German reader sees Du (stats, the
    leaderboard), finds it by Du, and --json keeps You in every language."""
    with Records.open(db_url) as records:
        records.record(summarize(play("draw", 2, people("You", "easy"), seed=8)))
    assert main(["--lang", "de", "stats", "--db", db_url]) == 0
    out = capsys.readouterr().out
    assert " Du " in out and "You" not in out
    assert main(["--lang", "de", "stats", "--player", "Du", "--db", db_url]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Du (Person") and "You" not in out
    assert main(["--lang", "de", "stats", "--json", "--db", db_url]) == 0
    assert "You" in {row["name"] for row in json.loads(capsys.readouterr().out)["leaderboard"]}
    # the bot's page: its recent match was against Du, and the bot is Bot (leicht)
    assert main(["--lang", "de", "stats", "--player", "leicht", "--db", db_url]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Bot (leicht) (Bot") and "gegen Du" in out and "You" not in out and "bot:" not in out
    assert main(["--lang", "de", "stats", "--player", "Bot (leicht)", "--json", "--db", db_url]) == 0
    recent = json.loads(capsys.readouterr().out)["players"][0]["recent"][0]
    assert recent["opponents"] == ["You"] and recent["others"] == "You"
    async with german_leaderboard(db_url, tmp_path, rows=2) as (_pilot, board):
        names = {str(board.get_row_at(i)[1]) for i in range(board.row_count)}
        assert "Du" in names and "You" not in names


def test_a_guests_page_says_in_german_that_nothing_vouched_for_the_name(db_url, capsys):
    from dominoes_tui.engine import Seat
    from dominoes_tui.records import bot_identity, guest_identity

    with Records.open(db_url) as records:
        match = play("draw", 2, [Seat("bot:hard", "human"), Seat("Bot 2", "bot", "hard")], seed=8)
        records.record(summarize(match, [guest_identity("bot:hard"), bot_identity("hard")], source="hosted"))
    assert main(["--lang", "de", "stats", "--player", "bot:hard", "--db", db_url]) == 0
    out = capsys.readouterr().out
    # the guest who claimed a bot's name is shown as typed, known by nothing; the bot as a bot
    assert "bot:hard (Gast, erkannt an: nichts (ein Gastname))" in out and "guest" not in out
    assert "Bot (schwer) (Bot, erkannt an: eine Bot-Stufe)" in out
