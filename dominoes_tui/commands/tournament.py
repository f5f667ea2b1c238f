"""`dominoes tournament`: a whole tournament headless, bots in every seat, then the standings."""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from ..bots import level_names
from ..engine import VARIANTS, ConfigError, make_config, write_log
from ..tournament import Tournament, TournamentError, make_plan
from ..tournament.entrants import read_entrants
from ..tournament.model import FORMATS, Round
from ..tournament.play import TableOutcome, play_tournament
from ..tournament.standings import Standing, show, table_outcomes


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", default="draw", help=f"one of {', '.join(VARIANTS)} (default draw)")
    p.add_argument("--format", default="swiss", help="; ".join(FORMATS.values()) + " (default swiss)")
    p.add_argument("--rounds", type=int, default=None,
                   help="rounds to play (default: a round robin's full cycle; otherwise 3)")
    p.add_argument("--players", type=int, default=None, help="rotation: seats at a full table, 3 or 4 (default 4)")
    p.add_argument("--entrants", required=True, metavar="LIST",
                   help="names and bot levels, comma separated: a bot level plays itself, a name is played by"
                        " the medium bot; Partner in swiss/roundrobin pairs them in order, or write Ana+Bo")
    p.add_argument("--seed", type=int, default=1, help="seed of the whole tournament (default 1)")
    p.add_argument("--target", type=int, default=None, help="each match's target score (Kozel: the losing limit)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a table option of docs/RULES.md §4")
    p.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                   help="processes playing a round's tables at once (default: 2)")
    p.add_argument("--log", default=None, metavar="FILE", help="write every match to this JSON Lines game log")
    p.add_argument("--json", action="store_true", help="print one JSON object: rounds and standings")


def _bot_spec(level: str) -> str:
    # a seeded hard or expert bot without a clock plays the same moves every time (docs/DESIGN.md: determinism)
    return f"{level}:0" if level in ("hard", "expert") else level


def run(args: argparse.Namespace) -> int:
    from ..commands.simulate import UsageError, parse_options

    try:
        if args.jobs < 1:
            raise UsageError("--jobs must be at least 1")
        options = parse_options(args.option)
        plan = make_plan(args.variant, args.format, 1, args.players)
        roster = read_entrants(args.entrants, level_names(), plan.fixed_pairs)
        rounds = args.rounds
        if rounds is None:
            count = len(roster.entrants)
            rounds = (count - 1 if count % 2 == 0 else count) if args.format == "roundrobin" else 3
        plan = make_plan(args.variant, args.format, rounds, args.players)
        for size in plan.table_sizes:  # check the table settings before playing anything
            make_config(plan.variant, size, args.target, options)
        t = Tournament(plan, roster.entrants, args.seed)
        if len(t.active) < plan.min_entrants:
            raise TournamentError(f"this format needs at least {plan.min_entrants} entrants, not {len(t.active)}")
    except (UsageError, TournamentError, ConfigError) as exc:
        print(f"dominoes tournament: {exc}", file=sys.stderr)
        return 2
    played: list[tuple[Round, list[TableOutcome]]] = []
    try:
        for rnd, outcomes in play_tournament(t, lambda person: _bot_spec(roster.levels[person]),
                                             args.target, options, args.jobs):
            played.append((rnd, outcomes))
            if not args.json:
                print(format_round(t, rnd), flush=True)
    except KeyboardInterrupt:  # pragma: no cover - by hand
        return 130
    if args.log:
        write_log(args.log, (e for _r, outcomes in played for o in outcomes for e in o.events))
    if args.json:
        print(json.dumps(to_json(t, played), indent=2))
    else:
        print(f"Final standings after {len(t.rounds)} rounds")
        print(format_standings(t.standings()))
    return 0


def to_json(t: Tournament, played: list[tuple[Round, list[TableOutcome]]]) -> dict[str, Any]:
    rounds = []
    for rnd, outcomes in played:
        by_table = {o.table: o for o in outcomes}
        tables: list[dict[str, Any]] = []
        for table in rnd.tables:
            scores = rnd.results[table.number]
            got = table_outcomes(t.plan, table, scores)
            people = t.seat_people(table)
            tables.append({
                "table": table.number,
                "entrants": list(table.seats),
                "players": [person for person, _e in people],
                "seed": by_table[table.number].seed,
                "rounds_played": by_table[table.number].rounds_played,
                "results": [{"entrant": e, "side": table.side_of(e), "score": scores[table.side_of(e)],
                             "points": _number(got[e].points)} for e in table.seats],
            })
        for name in rnd.byes:
            tables.append({"table": None, "bye": True, "entrants": [name], "players": list(t.entrants[name].people),
                           "results": [{"entrant": name, "side": 0, "score": None, "points": _number(t.plan.bye_points)}]})
        rounds.append(tables)
    return {
        "variant": t.plan.variant, "format": t.plan.format, "rounds_planned": t.plan.rounds, "seed": t.seed,
        "rounds": rounds,
        # Entrants typed on the command line have no rating (nothing here reads the
        # records): the standings leave the key out rather than print 0.0 for everyone.
        "standings": [{k: v for k, v in s.to_json().items() if k != "rating"} for s in t.standings()],
    }


def _number(value: Any) -> int | float:
    return int(value) if value.denominator == 1 else round(float(value), 3)


def format_round(t: Tournament, rnd: Round) -> str:
    lines = [f"Round {rnd.number}"]
    for table in rnd.tables:
        scores = rnd.results[table.number]
        sides = ["+".join(side) + f" {scores[i]}" for i, side in enumerate(table.sides)]
        lines.append(f"  table {table.number:>2}: " + " — ".join(sides))
    for name in rnd.byes:
        lines.append(f"  bye: {name} ({show(t.plan.bye_points)})")
    if not t.is_over:  # the last round's standings are the final ones, printed once below
        lines.append(format_standings(t.standings()))
    return "\n".join(lines) + "\n"


def format_standings(rows: list[Standing]) -> str:
    width = max(12, *(len(s.name) for s in rows))
    lines = [f"  {'#':>3}  {'entrant':<{width}} {'points':>7} {'opp.':>7} {'diff':>8} {'played':>6}"]
    for s in rows:
        mark = " (withdrawn)" if s.withdrawn else ""
        lines.append(f"  {s.rank:>3}  {s.name:<{width}} {show(s.points):>7} {show(s.opponents_score):>7}"
                     f" {show(s.difference):>8} {s.played:>6}{mark}")
    lines.append("  tie-breaks: points, then opponents' points (opp.), then points difference (diff)")
    return "\n".join(lines)
