"""`dominoes simulate`: bot-only matches, headless, with a summary and optional log.

Any number of matches in flat memory: each match is summed into the tally as it ends and
its log lines are written as they come (to a temporary file that replaces the log at the
end, so a stopped run never leaves half a log). `--jobs N` plays on N processes; every
match has its own seed from the run's seed and its bots their own RNGs, and results come
back in match order, so a seed gives the same summary and the same log whatever N is.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from ..engine import DEFAULT_VARIANT, VARIANTS, ConfigError, TableConfig, make_config
from ..i18n import _, ngettext, pgettext, told
from ..i18n.formats import number, percent
from ..i18n.os_words import os_words
from .simulate_run import Tally, UsageError, parse_bot_specs, parse_options, play_all

__all__ = ["UsageError", "parse_options", "parse_bot_specs", "run", "add_arguments", "format_summary"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", default=DEFAULT_VARIANT,
                   help=_("one of {variants} (default draw)").format(variants=", ".join(VARIANTS)))
    p.add_argument("--players", type=int, default=None, help=_("number of seats (default: the variant's smallest)"))
    p.add_argument("--bots", default="random", help=_("a level per seat, comma separated (one level fills every seat)"))
    p.add_argument("--matches", type=int, default=10, help=_("how many matches (default 10)"))
    p.add_argument("--seed", type=int, default=1, help=_("seed of the whole run (default 1)"))
    p.add_argument("--target", type=int, default=None, help=_("target score (Kozel: the losing limit)"))
    p.add_argument("--option", action="append", default=[], metavar=pgettext("metavar", "NAME=VALUE"),
                   help=_("a table option of the rules' §4 (dominoes docs rules)"))
    p.add_argument("--log", default=None, metavar=pgettext("metavar", "FILE"),
                   help=_("write every match to this JSON Lines game log"))
    p.add_argument("--json", action="store_true", help=_("print the summary as JSON"))
    p.add_argument("--jobs", type=int, default=None, metavar="N",
                   help=_("processes to play on (default: every core); the results do not depend on it"))
    p.add_argument("--record", action="store_true", help=_("add the matches to the club records (bot ratings)"))
    p.add_argument("--db", default=None, metavar="URL",
                   help=_("with --record: the records' database (see dominoes stats)"))


def _config_from(args: argparse.Namespace) -> TableConfig:
    return make_config(args.variant, args.players, args.target, parse_options(args.option))


def run(args: argparse.Namespace) -> int:
    import random

    from ..bots import BotSpecError, make_bot

    try:
        if args.matches < 1:
            raise UsageError(_("--matches must be at least 1"))
        jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
        if jobs < 1:
            raise UsageError(_("--jobs must be at least 1"))
        config = _config_from(args)
        specs = parse_bot_specs(args.bots, config.players)
        for spec in specs:  # fail before playing anything
            make_bot(spec, random.Random(0), "check").close()
    except (ConfigError, UsageError, BotSpecError) as exc:
        print(_("dominoes simulate: {why}").format(why=told(exc)), file=sys.stderr)
        return 2
    from .progress import progress_bar  # only when it runs: `simulate --help` stays light

    tally = Tally(config, specs)
    recorder = None
    if args.record:
        from .stats import SimulationRecorder

        recorder = SimulationRecorder(args.db)
    try:
        with progress_bar(args.matches, _("matches"), quiet=args.json) as advance:
            finished = play_all(config, specs, args.matches, args.seed, jobs, tally, args.log,
                                recorder.add if recorder else None, advance)
    except OSError as exc:
        print(_("dominoes simulate: cannot write {file}: {why}").format(file=args.log, why=os_words(exc)),
              file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # a second Ctrl-C: stop at once
        print(ngettext("dominoes simulate: stopped at once after {n} match; no log written",
                       "dominoes simulate: stopped at once after {n} matches; no log written",
                       tally.matches).format(n=tally.matches), file=sys.stderr)
        return 130
    if not finished:
        line = _("dominoes simulate: stopped (Ctrl-C) after {done} of {asked} matches").format(
            done=tally.matches, asked=args.matches)
        if args.log:
            line += "; " + _("{file} holds them").format(file=args.log)
        print(line, file=sys.stderr)
    if tally.matches == 0:
        return 130
    summary = tally.summary()
    if recorder is not None and not recorder.finish():
        return 2
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(format_summary(summary))
    return 0 if finished else 130


def _count(x: float) -> str:
    """A number of wins: whole, or with two decimals where a Kozel win was shared."""
    return number(x) if float(x).is_integer() else number(x, 2)


def duration(seconds: float) -> str:
    """A time as short as it reads well: "1,45 ms" under a second, else "3,30 s"."""
    if seconds < 1:
        return _("{n} ms").format(n=number(seconds * 1000, 2))
    return _("{n} s").format(n=number(seconds, 2))


def side_words(side: dict[str, Any], index: int) -> str:
    """A side of the summary in the reader's words: "seat 1 (hard)", "team A (seats 1+3:
    hard, easy)", seats counted from 1 and levels said in the language (--json keeps
    the tally's 0-based, English name)."""
    from ..bots import level_word
    from ..table.sides import seat_words, team_letter

    seats, bots = side.get("seats"), side.get("bots")
    if not isinstance(seats, list) or not isinstance(bots, list) or len(seats) != len(bots) or not seats:
        return str(side.get("name", ""))
    words = [level_word(b) for b in bots]
    if len(seats) == 1:
        return seat_words(seats[0], words[0])
    return _("team {letter} (seats {a}+{b}: {bots})").format(
        letter=team_letter(index), a=seats[0] + 1, b=seats[1] + 1, bots=", ".join(words))


def format_summary(s: dict[str, Any]) -> str:
    """The summary as a person reads it, in their language; --json prints `s` itself."""
    rules = _(VARIANTS[s["variant"]].title)
    penalty = VARIANTS[s["variant"]].penalties
    names = [side_words(side, i) for i, side in enumerate(s["sides"])]
    headings = [_("side"), _("won"), _("share"), _("avg pts"), pgettext("times the goat", "kozel")]
    width = max(44, len(headings[0]), *(len(n) for n in names))  # an outside bot's command may be long
    won_width = max(7, len(headings[1]), *(len(_count(side["wins"])) for side in s["sides"]))
    share_w, avg_w, kozel_w = (max(w, len(h)) for w, h in zip((6, 8, 6), headings[2:], strict=True))
    matches = ngettext("{n} match", "{n} matches", s["matches"]).format(n=s["matches"])
    head = (_("{variant}, {players} players, limit {target}: {matches}") if penalty
            else _("{variant}, {players} players, target {target}: {matches}"))
    lines = [
        head.format(variant=rules, players=s["players"], target=s["target"], matches=matches),
        "",
        f"  {headings[0]:<{width}} {headings[1]:>{won_width}} {headings[2]:>{share_w}} {headings[3]:>{avg_w}}"
        + (f" {headings[4]:>{kozel_w}}" if penalty else ""),
    ]
    for name, side in zip(names, s["sides"], strict=True):
        row = (f"  {name:<{width}} {_count(side['wins']):>{won_width}} {percent(side['win_rate'], 1):>{share_w}}"
               f" {number(side['average_points'], 1):>{avg_w}}")
        if penalty:
            row += f" {side['kozel']:>{kozel_w}}"
        lines.append(row)
    timing = _("match time: average {average}, longest {longest}, in all {total}").format(
        average=duration(s["average_match_seconds"]), longest=duration(s["longest_match_seconds"]),
        total=duration(s["total_seconds"]))
    lines += ["", "  " + _("rounds per match: {n}").format(n=number(s["rounds_per_match"], 1)), "  " + timing]
    if s.get("jobs", 1) > 1:
        lines.append("  " + _("played on {n} processes").format(n=s["jobs"]))
    if s["notes"]:
        total = s.get("notes_total", len(s["notes"]))
        lines += ["", "  " + _("notes:")] + [f"    {n}" for n in s["notes"][:20]]
        if total > 20:
            lines.append("    " + _("… and {n} more").format(n=total - 20))
    return "\n".join(lines)
