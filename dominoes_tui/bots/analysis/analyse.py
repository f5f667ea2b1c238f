"""A whole match analysed: the log replayed, every real decision judged, the seats summed up.

The log is replayed through the engine (engine/gamelog.py checks it against the rules
first); at every placement where the mover had a choice, the mover's own view of that
moment is taken (engine/view.py: their hand, what is public, nothing hidden) and judged
(judge.py). A forced draw or pass is no decision (the engine makes those itself), nor a
single legal move, nor two that are mirror images of each other.

Each decision's guesses come from a stream of its own, seeded by the run's seed and the
move's place in the match (engine/seeds.py), so the judgements are the same whatever
order they are made in, however many processes share them (`jobs`), and on every run.

A server analyses for its players in the background (`nice`): one worker process at the
lowest CPU priority, leaving the rest of the machine, above all the live tables, what
they need; the caller's thread only waits for it (docs/ANALYSIS.md, "On a server").
"""
from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...engine import LogError, Match, Move, PlayerView, view_for
from ...engine.gamelog import parse_lines, replay, split_matches
from ...engine.seeds import seeded
from ...i18n.os_words import os_words
from ...workers import LOWEST, worker_pool
from ..search.pimc import root_candidates
from .judge import GUESSES, Cancelled, judge
from .report import MatchAnalysis, MoveJudgement, SeatReport, move_words
from .verdicts import verdict_for

Lines = list[tuple[int, dict[str, Any]]]  # a match's log lines: (line number, event)
LogSource = str | os.PathLike[str] | Match | Lines

SERVER_JOBS = 1  # a hosted player's analysis: one worker, so a session takes one core at most ...
SERVER_NICE = LOWEST  # ... and that only when nothing else on the machine wants it
CANCEL_CHECK_S = 0.1  # how soon a cancelled analysis stops its workers, whatever they are judging


@dataclass(frozen=True)
class Decision:
    """A placement where the mover had more than one legal move."""

    round: int
    seat: int
    ply: int            # index among the match's placements
    view: PlayerView    # the mover's view just before it
    played: Move


def log_matches(source: str | os.PathLike[str]) -> list[Lines]:
    """The matches of a log (its text, or a path to it), each checked against the rules:
    LogError names the first thing wrong (an unreadable file too)."""
    if isinstance(source, os.PathLike):
        try:
            text = Path(source).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            why = os_words(exc)
            raise LogError(f"cannot read {source}: {why}") from None
    else:
        text = source
    chunks = list(split_matches(parse_lines(text)))
    for chunk in chunks:
        replay(chunk)  # LogError where the log breaks the rules
    return chunks


def _lines_of(source: LogSource, match_number: int) -> Lines:
    if isinstance(source, Match):
        return list(enumerate(source.events, start=1))
    if isinstance(source, list):
        return source
    chunks = log_matches(source)
    if not 1 <= match_number <= len(chunks):
        raise IndexError(f"match {match_number}: the log holds {len(chunks)}")
    return chunks[match_number - 1]


def decisions(lines: Lines, seat: int | None = None) -> tuple[Match, list[Decision]]:
    """The match (replayed to its end) and its decisions, `seat`'s only if one is given:
    the moves made with a real choice (two candidates at least once mirror images are
    merged, as the search merges them). LogError if the log breaks the rules."""
    found: list[Decision] = []
    plies = [0]

    def look(match: Match, mover: int, move: Move) -> None:
        if (seat is None or mover == seat) and len(match.legal_moves()) > 1:
            view = view_for(match, mover)
            if len(root_candidates(view)) > 1:  # mirror images only (one tile, two alike ends): no choice
                found.append(Decision(match.round_no, mover, plies[0], view, move))
        plies[0] += 1

    return replay(lines, before_play=look), found


def judge_decision(decision: Decision, *, seed: int = 0, guesses: int | None = GUESSES,
                   think_ms: float | None = None, cancel: threading.Event | None = None) -> MoveJudgement | None:
    """One decision judged (None when its moves are all alike: mirror images)."""
    j = judge(decision.view, seeded(seed, "analysis", decision.ply), guesses=guesses, think_ms=think_ms,
              cancel=cancel, skip_single=True)
    if len(j.moves) < 2:
        return None
    played = j.index_of(decision.played)
    loss = max(0.0, j.chances[0] - j.chances[played])
    best = loss == 0.0  # the best, or as good as it (a lost or won match either way gives ties)
    error = j.error[played]
    options = sorted(((move_words(m), j.chances[i]) for m, i in j.legal), key=lambda o: -o[1])
    return MoveJudgement(
        round=decision.round, seat=decision.seat, ply=decision.ply, played=move_words(decision.played),
        # the move played when it was the best (its mirror image may stand for it in the search)
        best=move_words(decision.played if best else j.moves[0]),
        loss=loss, choices=len(j.moves), verdict=verdict_for(loss, error, best),
        before=j.chances[0], after=j.chances[played], options=tuple(options), exact=j.exact, error=error,
    )


# A worker's share of the work: the decisions of the match it was started for.
_WORKER: list[Decision] = []


def _start_worker(lines: Lines, seat: int | None) -> None:
    _WORKER[:] = decisions(lines, seat)[1]


def _work(task: tuple[int, int, int | None, float | None]) -> tuple[int, MoveJudgement | None]:
    index, seed, guesses, think_ms = task
    return index, judge_decision(_WORKER[index], seed=seed, guesses=guesses, think_ms=think_ms)


def analyse_match(source: LogSource, match_number: int = 1, *, seat: int | None = None,
                  guesses: int | None = None, think_ms: float | None = None, seed: int = 0, jobs: int = 1,
                  nice: int = 0, progress: Callable[[int, int], None] | None = None,
                  cancel: threading.Event | None = None) -> MatchAnalysis:
    """Analyse match `match_number` (1-based) of `source`: a log's text, a path to one
    (os.PathLike), an engine Match, or one match's parsed lines (gamelog.split_matches).

    Every decision is judged on `guesses` guesses (default judge.GUESSES), or for
    `think_ms` milliseconds when that is given instead (not repeatable). `jobs`
    processes share the decisions (the results do not depend on it); `nice` (1 to 19)
    lowers their CPU priority by that much, and then the work is always done in worker
    processes, even for one job (this process keeps its own priority). `progress(done,
    total)` is told as decisions finish; setting `cancel` stops the work and raises
    judge.Cancelled. LogError for a log that breaks the rules, IndexError for a match
    number the log lacks, ValueError for a seat the match lacks."""
    lines = _lines_of(source, match_number)
    match, found = decisions(lines, seat)
    if seat is not None and not 0 <= seat < match.n:
        raise ValueError(f"seat {seat}: the match has seats 0 to {match.n - 1}")
    if think_ms is None and guesses is None:
        guesses = GUESSES
    elif think_ms is not None:
        guesses = None  # a clock instead of a count
    judged = _judge_all(lines, seat, found, seed, guesses, think_ms, jobs, nice, progress, cancel)
    moves = [m for m in judged if m is not None]
    seats = range(match.n) if seat is None else [seat]
    reports = tuple(SeatReport.of(s, match.seats[s].name, moves) for s in seats)
    return MatchAnalysis(match_number, reports, tuple(moves), guesses or 0)


def analyse_hosted(source: LogSource, *, guesses: int | None = None, progress: Callable[[int, int], None] | None = None,
                   cancel: threading.Event | None = None) -> MatchAnalysis:
    """A finished match analysed for a hosted player, as a server does it (the replay
    viewer of a session on the server's machine, and the load check that measures it):
    SERVER_JOBS worker at SERVER_NICE; the calling thread only waits."""
    return analyse_match(source, 1, guesses=guesses, jobs=SERVER_JOBS, nice=SERVER_NICE, progress=progress,
                         cancel=cancel)


def _judge_all(lines: Lines, seat: int | None, found: Sequence[Decision], seed: int, guesses: int | None,
               think_ms: float | None, jobs: int, nice: int, progress: Callable[[int, int], None] | None,
               cancel: threading.Event | None) -> list[MoveJudgement | None]:
    total = len(found)
    results: list[MoveJudgement | None] = [None] * total
    if progress is not None:
        progress(0, total)
    if total == 0 or (nice <= 0 and (jobs <= 1 or total <= 1)):
        for i, d in enumerate(found):
            if cancel is not None and cancel.is_set():
                raise Cancelled
            results[i] = judge_decision(d, seed=seed, guesses=guesses, think_ms=think_ms, cancel=cancel)
            if progress is not None:
                progress(i + 1, total)
        return results
    # Each worker replays the match once for itself (a view is not picklable, the log is).
    pool = worker_pool(max(1, min(jobs, total)), _start_worker, (lines, seat), nice=nice)
    try:
        tasks = [(i, seed, guesses, think_ms) for i in range(total)]
        answers = pool.imap_unordered(_work, tasks)
        done = 0
        while done < total:
            try:  # a short wait, again and again: a cancel stops the workers mid-decision
                i, judged = answers.next(CANCEL_CHECK_S)
            except multiprocessing.TimeoutError:
                if cancel is not None and cancel.is_set():
                    raise Cancelled from None
                continue
            results[i] = judged
            done += 1
            if progress is not None:
                progress(done, total)
            if cancel is not None and cancel.is_set():
                raise Cancelled
    finally:
        pool.terminate()
        pool.join()
    return results
