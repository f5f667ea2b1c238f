"""Seeded whole matches for the records tests: fast bots, real engine."""
from __future__ import annotations

import random
from collections.abc import Sequence

from textual.widgets import DataTable

from dominoes_tui.bots import make_bot
from dominoes_tui.cli import main
from dominoes_tui.engine import PLAYING, Match, Seat, make_config, view_for


def play(variant: str, players: int, seats: Sequence[Seat], seed: int, stop_after: int | None = None,
         target: int | None = None) -> Match:
    """A whole match (or its first `stop_after` moves) with every seat played by a
    seeded random bot, whoever the seat says it is."""
    config = make_config(variant, players, target)
    match = Match(config, random.Random(seed), list(seats), seed)
    bots = [make_bot("random", random.Random(f"{seed}/{i}")) for i in range(players)]
    moves = 0
    while not match.is_over:
        match.begin_round()
        while match.phase == PLAYING:
            if stop_after is not None and moves >= stop_after:
                return match
            seat = match.to_act
            match.apply(bots[seat].choose(view_for(match, seat)), seat)
            moves += 1
    return match


def people(*names: str) -> list[Seat]:
    """A seat per name: a bot level ("medium") seats that bot, anything else a person."""
    levels = {"easy", "random", "medium", "hard", "heaviest"}
    return [Seat(n, "bot", n) if n in levels else Seat(n, "human") for n in names]



def cells(table: DataTable) -> list[list[str]]:
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err
