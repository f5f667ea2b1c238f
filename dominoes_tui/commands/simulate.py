"""`dominoes simulate`: bot-only matches, headless, with a summary and optional log."""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from typing import Any

from ..bots import BotSpecError, make_bot
from ..engine import ConfigError, TableConfig, VARIANTS, make_config, write_log
from ..table.headless import MatchReport, play_matches


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", default="draw", help=f"one of {', '.join(VARIANTS)} (default draw)")
    p.add_argument("--players", type=int, default=None, help="number of seats (default: the variant's smallest)")
    p.add_argument("--bots", default="random", help="a level per seat, comma separated (one level fills every seat)")
    p.add_argument("--matches", type=int, default=10, help="how many matches (default 10)")
    p.add_argument("--seed", type=int, default=1, help="seed of the whole run (default 1)")
    p.add_argument("--target", type=int, default=None, help="target score (Kozel: the losing limit)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a table option of RULES.md §4")
    p.add_argument("--log", default=None, metavar="FILE", help="write every match to this JSON Lines game log")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--record", action="store_true", help="add the matches to the club records (bot ratings)")
    p.add_argument("--db", default=None, metavar="URL", help="with --record: the records' database (see dominoes stats)")


class UsageError(Exception):
    pass


def parse_options(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"--option {pair!r}: write it as NAME=VALUE")
        options[name.strip()] = value.strip()
    return options


def parse_bot_specs(text: str, players: int) -> list[str]:
    specs = [s.strip() for s in text.split(",") if s.strip()]
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise UsageError(f"--bots names {len(specs)} bots for {players} seats; give one per seat or one for all")
    return specs


def _config_from(args: argparse.Namespace) -> TableConfig:
    return make_config(args.variant, args.players, args.target, parse_options(args.option))


def run(args: argparse.Namespace) -> int:
    try:
        if args.matches < 1:
            raise UsageError("--matches must be at least 1")
        config = _config_from(args)
        specs = parse_bot_specs(args.bots, config.players)
        for spec in specs:  # fail before playing anything
            make_bot(spec, random.Random(0), "check").close()
    except (ConfigError, UsageError, BotSpecError) as exc:
        print(f"dominoes simulate: {exc}", file=sys.stderr)
        return 2

    def make_bots(match_seed: int):  # noqa: ANN202
        return [make_bot(spec, random.Random(f"{match_seed}/{seat}"), f"{spec} {seat}") for seat, spec in enumerate(specs)]

    reports = play_matches(config, make_bots, args.matches, args.seed)
    if args.log:
        write_log(args.log, (e for r in reports for e in r.match.events))
    summary = summarize(config, specs, reports)
    if args.record:
        from .stats import record_simulated

        if not record_simulated([r.match for r in reports], args.db):
            return 2
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(format_summary(summary))
    return 0


def _side_names(config: TableConfig, specs: list[str]) -> list[str]:
    if config.teams:
        return [f"team {i} (seats {a}+{b}: {specs[a]}, {specs[b]})" for i, (a, b) in enumerate(config.teams)]
    return [f"seat {i} ({spec})" for i, spec in enumerate(specs)]


def summarize(config: TableConfig, specs: list[str], reports: list[MatchReport]) -> dict[str, Any]:
    sides = len(config.teams) if config.teams else config.players
    wins = [0.0] * sides
    losses = [0] * sides  # Kozel: times each seat was the goat
    for r in reports:
        winner = r.match.verdict.winner
        winners = winner if isinstance(winner, list) else ([] if winner is None else [winner])
        for w in winners:
            wins[w] += 1 / len(winners)
        loser = r.match.verdict.loser
        for l in loser if isinstance(loser, list) else ([] if loser is None else [loser]):
            losses[l] += 1
    times = [r.seconds for r in reports]
    names = _side_names(config, specs)
    summary: dict[str, Any] = {
        "variant": config.variant,
        "players": config.players,
        "options": dict(config.options),
        "target": config.target,
        "matches": len(reports),
        "sides": [
            {
                "name": names[i],
                "wins": wins[i],
                "win_rate": wins[i] / len(reports),
                "average_points": statistics.fmean(r.match.scores[i] for r in reports),
                **({"kozel": losses[i]} if config.variant == "kozel" else {}),
            }
            for i in range(sides)
        ],
        "rounds_per_match": statistics.fmean(r.match.round_no for r in reports),
        "average_match_seconds": statistics.fmean(times),
        "longest_match_seconds": max(times),
        "total_seconds": sum(times),
        "notes": [n for r in reports for n in r.notes],
    }
    return summary


def format_summary(s: dict[str, Any]) -> str:
    rules = VARIANTS[s["variant"]].title
    penalty = s["variant"] == "kozel"
    width = max(44, *(len(side["name"]) for side in s["sides"]))  # an outside bot's command may be long
    lines = [
        f"{rules}, {s['players']} players, {'limit' if penalty else 'target'} {s['target']}: {s['matches']} matches",
        "",
        f"  {'side':<{width}} {'won':>7} {'share':>6} {'avg pts':>8}" + (f" {'kozel':>6}" if penalty else ""),
    ]
    for side in s["sides"]:
        won = f"{side['wins']:g}"
        row = f"  {side['name']:<{width}} {won:>7} {side['win_rate']:>6.1%} {side['average_points']:>8.1f}"
        if penalty:
            row += f" {side['kozel']:>6}"
        lines.append(row)
    lines += [
        "",
        f"  rounds per match: {s['rounds_per_match']:.1f}",
        f"  match time: average {s['average_match_seconds'] * 1000:.2f} ms, longest {s['longest_match_seconds'] * 1000:.2f} ms,"
        f" total {s['total_seconds']:.2f} s",
    ]
    if s["notes"]:
        lines += ["", "  notes:"] + [f"    {n}" for n in s["notes"][:20]]
        if len(s["notes"]) > 20:
            lines.append(f"    … and {len(s['notes']) - 20} more")
    return "\n".join(lines)
