"""Small slips a newcomer meets: an end named one way in the log and another in a hint,
a German rating axis written 1473.7, `stats --player` columns that stop lining up when
a German word is longer than the English one."""
from __future__ import annotations

import re
from pathlib import Path

from dominoes_tui import i18n
from dominoes_tui.cli import main
from dominoes_tui.engine import Move, parse_tile
from dominoes_tui.ui.narrate import END_WORDS
from dominoes_tui.ui.screens.records.player import rating_ticks
from dominoes_tui.ui.screens.table.hints import where


def test_a_hint_names_an_end_as_the_log_does() -> None:
    for language in ("en", "de"):
        i18n.use(language)
        for end, phrase in END_WORDS.items():
            said = where(Move(parse_tile("1-6"), end))
            logged = i18n._(phrase)
            assert logged.split()[-1] in said, (language, said, logged)  # "on the top": "1-6 on the top"
    i18n.use("en")
    assert where(Move(parse_tile("1-6"), "up")) == "1-6 on the top"


def test_the_rating_axis_has_whole_round_numbers() -> None:
    assert rating_ticks(1473.7, 1500) == [1470, 1480, 1490, 1500]
    assert rating_ticks(1500, 1500) == [1500, 1501]
    for low, high in ((1210, 1812), (990, 1003.5), (1499.5, 1503.2)):
        ticks = rating_ticks(low, high)
        assert 2 <= len(ticks) <= 5 and ticks[0] <= low and ticks[-1] >= high


def test_stats_columns_line_up_in_german(tmp_path: Path, capsys, monkeypatch) -> None:
    from dominoes_tui.engine import Seat
    from dominoes_tui.records import Records, summarize
    from tests.records.helpers import play

    url = f"sqlite:///{tmp_path / 'records.sqlite'}"
    with Records.open(url) as records:
        for i, (variant, level) in enumerate([("duel", "heaviest"), ("draw", "easy"), ("duel", "medium")]):
            records.record(summarize(play(variant, 2, [Seat("You", "human"), Seat("Bot 2", "bot", level)], seed=70 + i)))
    assert main(["--lang", "de", "stats", "--db", url, "--player", "Du"]) == 0
    out = capsys.readouterr().out
    bots = [line for line in out.splitlines() if line.startswith("    Bot (")]
    assert any("schwere Steine zuerst" in b for b in bots) and len({b.index(" / ") for b in bots}) == 1, bots
    recent = [line for line in out.splitlines() if re.match(r"    \d\d\.\d\d\.\d{4}", line)]
    assert len(recent) == 3 and len({line.index("gegen") for line in recent}) == 1, recent
    assert len({line.index("Rang") for line in recent}) == 1 and "Platz" not in "\n".join(recent)  # Platz is a seat
