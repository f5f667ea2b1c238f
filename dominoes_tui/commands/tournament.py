"""`dominoes tournament`: a whole tournament headless, bots in every seat, then the standings."""
from __future__ import annotations

import argparse
import json
import os
import sys
from fractions import Fraction
from typing import Any

from ..bots import level_names
from ..engine import DEFAULT_VARIANT, VARIANTS, ConfigError, make_config, write_log
from ..i18n import _, ngettext, pgettext, told
from ..tournament import Tournament, TournamentError, make_plan
from ..tournament.entrants import read_entrants
from ..tournament.model import FORMATS, Round
from ..tournament.play import TableOutcome, play_tournament
from ..tournament.standings import Standing, table_outcomes


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", default=DEFAULT_VARIANT,
                   help=_("one of {variants} (default draw)").format(variants=", ".join(VARIANTS)))
    p.add_argument("--format", default="swiss",
                   # the word to type first: the description is in the reader's language
                   help="; ".join(f"{key} = {_(text)}" for key, text in FORMATS.items()) + " " + _("(default swiss)"))
    p.add_argument("--rounds", type=int, default=None,
                   help=_("rounds to play (default: a round robin's full cycle; otherwise 3)"))
    p.add_argument("--players", type=int, default=None, help=_("rotation: seats at a full table, 3 or 4 (default 4)"))
    p.add_argument("--entrants", required=True, metavar=pgettext("metavar", "LIST"),
                   help=_("names and bot levels, comma separated: a bot level plays itself, a name is played by"
                          " the medium bot; Partner in swiss/roundrobin pairs them in order, or write Ana+Bo"))
    p.add_argument("--seed", type=int, default=1, help=_("seed of the whole tournament (default 1)"))
    p.add_argument("--target", type=int, default=None, help=_("each match's target score (Kozel: the losing limit)"))
    p.add_argument("--option", action="append", default=[], metavar=pgettext("metavar", "NAME=VALUE"),
                   help=_("a table option of the rules' §4 (dominoes docs rules)"))
    p.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                   help=_("processes playing a round's tables at once (default: 2)"))
    p.add_argument("--log", default=None, metavar=pgettext("metavar", "FILE"),
                   help=_("write every match to this JSON Lines game log"))
    p.add_argument("--json", action="store_true", help=_("print one JSON object: rounds and standings"))


def _bot_spec(level: str) -> str:
    # a seeded hard or expert bot without a clock plays the same moves every time (docs/DESIGN.md: determinism)
    return f"{level}:0" if level in ("hard", "expert") else level


def run(args: argparse.Namespace) -> int:
    from .simulate import UsageError, parse_options

    try:
        if args.jobs < 1:
            raise UsageError(_("--jobs must be at least 1"))
        options = parse_options(args.option)
        plan = make_plan(args.variant, args.format, 1, args.players)
        roster = read_entrants(checked_entrants(args.entrants), level_names(), plan.fixed_pairs)
        rounds = args.rounds
        if rounds is None:
            count = len(roster.entrants)
            rounds = (count - 1 if count % 2 == 0 else count) if args.format == "roundrobin" else 3
        plan = make_plan(args.variant, args.format, rounds, args.players)
        for size in plan.table_sizes:  # check the table settings before playing anything
            make_config(plan.variant, size, args.target, options)
        t = Tournament(plan, roster.entrants, args.seed)
        if len(t.active) < plan.min_entrants:
            raise TournamentError(_("this format needs at least {least} entrants, not {count}").format(
                least=plan.min_entrants, count=len(t.active)))
    except (UsageError, TournamentError, ConfigError) as exc:
        print(_("dominoes tournament: {why}").format(why=told(exc)), file=sys.stderr)
        return 2
    from .progress import progress_bar

    played: list[tuple[Round, list[TableOutcome]]] = []
    stopped = False
    try:
        with progress_bar(plan.rounds, _("rounds"), quiet=args.json) as advance:
            for rnd, outcomes in play_tournament(t, lambda person: _bot_spec(roster.levels[person]),
                                                 args.target, options, args.jobs):
                played.append((rnd, outcomes))
                if not args.json:
                    print(format_round(t, rnd), flush=True)
                advance(len(played))
    except KeyboardInterrupt:
        # Ctrl-C: the round in play is dropped; the rounds played are kept, printed and logged.
        stopped = True
        line = _("dominoes tournament: stopped (Ctrl-C) after {done} of {planned} rounds").format(
            done=len(played), planned=plan.rounds)
        if args.log:
            line += "; " + _("{file} holds their matches").format(file=args.log)
        print(line, file=sys.stderr)
        if not played:
            return 130
    if args.log:
        write_log(args.log, (e for _r, outcomes in played for o in outcomes for e in o.events))
    if args.json:
        print(json.dumps(to_json(t, played), indent=2))
    elif stopped:
        print(ngettext("Standings after {n} round (stopped)", "Standings after {n} rounds (stopped)",
                       len(played)).format(n=len(played)))
        print(format_standings(t.standings()))
    else:
        print(ngettext("Final standings after {n} round", "Final standings after {n} rounds",
                       len(t.rounds)).format(n=len(t.rounds)))
        print(format_standings(t.standings()))
    return 130 if stopped else 0


def checked_entrants(text: str) -> str:
    """The entrant list with a misspelt bot level refused ("hardd" was entered as a person
    played by the medium bot); `person:Hardy` enters a name that close to a level."""
    import re

    from ..ui.choices import PERSON_PREFIX, looks_like_level
    from .simulate import UsageError

    levels = level_names()

    def one(word: str) -> str:
        kind, sep, rest = word.partition(":")
        if sep and kind.strip().lower() == PERSON_PREFIX:
            return rest.strip()
        close = looks_like_level(word.strip(), levels) if word.strip() not in levels else None
        if close:
            raise UsageError(_("--entrants: {word!r} is not a bot level (did you mean {close}?); the levels are "
                               "{levels}. For a person of that name write {person}:{name}").format(
                word=word.strip(), close=close, levels=", ".join(levels), person=PERSON_PREFIX, name=word.strip()))
        return word

    return re.sub(r"[^,+]+", lambda m: one(m.group(0)), text)


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


def shown(value: Fraction) -> str:
    """A score as the reader's language writes it: 3, 2.5, 1.67 (German 2,5, 1,67)."""
    from babel.numbers import format_decimal

    from ..i18n.formats import babel_locale

    return format_decimal(round(float(value), 2), format="0.##", locale=babel_locale())


def format_round(t: Tournament, rnd: Round) -> str:
    lines = [_("Round {n}").format(n=rnd.number)]
    for table in rnd.tables:
        scores = rnd.results[table.number]
        sides = ["+".join(side) + f" {scores[i]}" for i, side in enumerate(table.sides)]
        lines.append("  " + _("table {n}").format(n=f"{table.number:>2}") + ": " + " — ".join(sides))
    for name in rnd.byes:
        lines.append("  " + _("bye: {name} ({points})").format(name=name, points=shown(t.plan.bye_points)))
    if not t.is_over:  # the last round's standings are the final ones, printed once below
        lines.append(format_standings(t.standings()))
    return "\n".join(lines) + "\n"


def format_standings(rows: list[Standing]) -> str:
    """The standings table; each column as wide as its heading in the language in use."""
    headings = [_("entrant"), _("points"), pgettext("opponents' points, short", "opp."),
                pgettext("points difference, short", "diff"), _("played")]
    width = max(12, len(headings[0]), *(len(s.name) for s in rows))
    w = [max(minimum, len(h)) for minimum, h in zip((7, 7, 8, 6), headings[1:], strict=True)]
    lines = [f"  {'#':>3}  {headings[0]:<{width}} {headings[1]:>{w[0]}} {headings[2]:>{w[1]}} {headings[3]:>{w[2]}}"
             f" {headings[4]:>{w[3]}}"]
    for s in rows:
        mark = " " + _("(withdrawn)") if s.withdrawn else ""
        lines.append(f"  {s.rank:>3}  {s.name:<{width}} {shown(s.points):>{w[0]}} {shown(s.opponents_score):>{w[1]}}"
                     f" {shown(s.difference):>{w[2]}} {s.played:>{w[3]}}{mark}")
    lines.append("  " + _("tie-breaks: points, then opponents' points ({opp}), then points difference ({diff})").format(
        opp=headings[2], diff=headings[3]))
    return "\n".join(lines)
