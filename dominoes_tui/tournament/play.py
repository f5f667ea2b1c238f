"""Playing a tournament's tables with bots in every seat, headless (`dominoes tournament`).

Each table is an ordinary match (bots/runner.py) with its own seed drawn from the
tournament's seed, its round and its table number, so the outcome does not depend on
which process plays which table: tables of a round are played side by side on as many
processes as asked for.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..bots import make_bot
from ..bots.runner import play_match
from ..engine import make_config
from ..engine.seeds import seeded
from ..workers import map_in_workers
from .model import Round
from .tournament import Tournament


@dataclass(frozen=True)
class TableJob:
    round: int
    table: int
    variant: str
    players: int
    target: int | None
    options: tuple[tuple[str, str], ...]
    seats: tuple[tuple[str, str], ...]  # (name, bot spec) in seat order
    seed: int


@dataclass
class TableOutcome:
    round: int
    table: int
    seed: int
    scores: tuple[int, ...]  # per side
    rounds_played: int
    events: list[dict[str, Any]] = field(default_factory=list)


def table_seed(seed: int, round_no: int, table_no: int) -> int:
    return seeded(seed, f"round {round_no}", f"table {table_no}").randrange(2**31)


def play_table(job: TableJob) -> TableOutcome:
    """One whole match; module level so a worker process can run it."""
    config = make_config(job.variant, job.players, job.target, dict(job.options))
    bots = [make_bot(spec, seeded(job.seed, seat), name) for seat, (name, spec) in enumerate(job.seats)]
    try:
        m = play_match(config, bots, job.seed).match
    finally:
        for bot in bots:
            bot.close()
    return TableOutcome(job.round, job.table, job.seed, tuple(m.scores), m.round_no, m.events)


def round_jobs(t: Tournament, rnd: Round, spec_of: Callable[[str], str], target: int | None,
               options: dict[str, str]) -> list[TableJob]:
    jobs = []
    for table in rnd.tables:
        seats = tuple((person, spec_of(person)) for person, _entrant in t.seat_people(table))
        jobs.append(TableJob(rnd.number, table.number, t.plan.variant, len(seats), target,
                             tuple(sorted(options.items())), seats, table_seed(t.seed, rnd.number, table.number)))
    return jobs


def play_tournament(t: Tournament, spec_of: Callable[[str], str], target: int | None = None,
                    options: dict[str, str] | None = None, workers: int = 1) -> Iterator[tuple[Round, list[TableOutcome]]]:
    """Pair and play every remaining round, yielding each finished round with its outcomes.
    Interrupted (KeyboardInterrupt), the round in play is dropped and its tables stopped at
    once (workers.map_in_workers), with the rounds yielded before kept."""
    while not t.is_over:
        rnd = t.pair_next()
        jobs = round_jobs(t, rnd, spec_of, target, options or {})
        outcomes: list[TableOutcome] = map_in_workers(play_table, jobs, workers)
        for o in outcomes:
            t.record(o.round, o.table, o.scores)
        yield rnd, outcomes
