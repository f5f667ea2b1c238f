"""The load check runs end to end on a tiny scale (figures are read, never asserted)."""
from __future__ import annotations

from dominoes_tui.net.load.load_check import _idle_tables, run_load

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


async def test_the_load_check_measures_a_third_time_with_the_puzzle_search_running() -> None:
    import multiprocessing

    result = await run_load(tables=2, watchers=1, seconds=0.5, bot_delay=PACE, puzzles=True)
    assert result.errors == []
    assert result.puzzles and result.puzzles_p95_ms > 0
    text = "\n".join(result.lines())
    assert "puzzle of the evening's search kept busy" in text and "without / with the puzzle search" in text
    assert not multiprocessing.active_children()  # its worker stopped with the check


def test_a_table_whose_match_ended_before_a_window_is_reported_not_counted_as_quiet() -> None:
    seen = {("AAAA", 1): [0.001], ("AAAA", 2): [0.002]}
    assert _idle_tables(seen, ["AAAA"], "while measured") == []
    said = _idle_tables(seen, ["AAAA", "BBBB"], "while measured with the analyses")
    assert said and "1 of 2 tables had no move while measured with the analyses" in said[0]


def _spin(seconds: float) -> float:
    import time

    end = time.process_time() + seconds
    while time.process_time() < end:
        pass
    return seconds


def test_the_analyses_cpu_is_read_from_the_fork_servers_workers() -> None:
    """A hosted analysis's workers are children of the fork server, not of the load check,
    so the kernel's count of a process's children's time never sees them (it read 0.5 CPU
    seconds for two analyses busy through a 10-second window): their own counters are."""
    import os

    from dominoes_tui.net.load.load_analyses import worker_cpu
    from dominoes_tui.workers import LOWEST, worker_pool

    nice = 3  # not the analyses' 19: a busy machine would starve the test's worker
    pool = worker_pool(1, nice=nice, runs=_spin)
    try:
        pending = pool.apply_async(_spin, (0.4,))
        pending.get(120)
        # a niceness adds to the one it started from: run under `nice -n 10`, the worker's is 13
        seen = worker_cpu(os.getpid(), min(os.nice(0) + nice, LOWEST))
    finally:
        pool.terminate()
        pool.join()
    assert seen and max(seen.values()) >= 0.35
    assert os.getpid() not in seen  # the load check itself runs at normal priority


def test_a_server_that_cannot_start_is_one_line_with_its_own_words_not_a_traceback(capsys) -> None:
    """The check's server refuses a bot delay over 5 s and exits at once: the person is
    told that in a line, with the server's reason, and the check ends with code 1."""
    from dominoes_tui.net.load.load_check import main

    assert main(tables=1, watchers=1, seconds=0.1, bot_delay=9.0, analyses=0) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert err.startswith("dominoes host --load-check: its server could not start (exit code 2): ")
    assert "--bot-delay 0 to 5" in err
