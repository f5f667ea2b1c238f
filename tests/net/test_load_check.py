"""The load check runs end to end on a tiny scale (figures are read, never asserted)."""
from __future__ import annotations

from dominoes_tui.net.load_check import run_load


async def test_load_check_reports_figures() -> None:
    result = await run_load(tables=2, watchers=2, seconds=0.5, bot_delay=0.0)
    assert result.errors == []
    assert result.moves > 0 and result.clients == 5  # one maker, two watchers at each of two tables
    text = "\n".join(result.lines())
    assert "moves/s" in text and "95th percentile" in text


async def test_the_load_check_measures_again_with_hosted_analyses_running() -> None:
    import multiprocessing

    result = await run_load(tables=2, watchers=1, seconds=0.5, bot_delay=0.0, analyses=2, guesses=2)
    assert result.errors == []
    assert result.analyses == 2 and result.analyses_moves_per_second > 0
    text = "\n".join(result.lines())
    assert "with 2 match analyses running" in text and "without / with the analyses" in text
    assert not multiprocessing.active_children()  # their workers stopped with the check
