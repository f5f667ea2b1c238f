"""The load check runs end to end on a tiny scale (figures are read, never asserted)."""
from __future__ import annotations

from dominoes_tui.net.load_check import _idle_tables, run_load

# Bots with no delay finish a match to 1000 in about a second, before a later window is
# measured; a hundredth of a second a move keeps both windows' tables playing.
PACE = 0.01


async def test_load_check_reports_figures() -> None:
    result = await run_load(tables=2, watchers=2, seconds=0.5, bot_delay=PACE)
    assert result.errors == []
    assert result.moves > 0 and result.clients == 5  # one maker, two watchers at each of two tables
    text = "\n".join(result.lines())
    assert "moves/s" in text and "95th percentile" in text


async def test_the_load_check_measures_again_with_hosted_analyses_running() -> None:
    import multiprocessing

    result = await run_load(tables=2, watchers=1, seconds=0.5, bot_delay=PACE, analyses=2, guesses=2)
    assert result.errors == []
    assert result.analyses == 2 and result.analyses_moves_per_second > 0
    text = "\n".join(result.lines())
    assert "with 2 match analyses running" in text and "without / with the analyses" in text
    assert not multiprocessing.active_children()  # their workers stopped with the check


def test_a_table_whose_match_ended_before_a_window_is_reported_not_counted_as_quiet() -> None:
    seen = {("AAAA", 1): [0.001], ("AAAA", 2): [0.002]}
    assert _idle_tables(seen, ["AAAA"], "while measured") == []
    said = _idle_tables(seen, ["AAAA", "BBBB"], "while measured with the analyses")
    assert said and "1 of 2 tables had no move while measured with the analyses" in said[0]
