"""`dominoes replay FILE`: step through a match in the viewer (a log of several matches
opens on a list of them); `--check` checks a game log against the rules and says how
each match went (also what happens when the output is not a terminal, so scripts and
pipes keep working)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..engine import PLAYING, ROUND_OVER, VARIANTS, LogError, Match
from ..engine.gamelog import parse_lines, replay, split_matches


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="a JSON Lines game log (one or several matches)")
    p.add_argument("--check", action="store_true", help="only check the log against the rules and print a summary")
    p.add_argument("--match", type=int, default=None, metavar="N",
                   help="open the viewer on this match of the log (default: a log of several opens on their list)")
    p.add_argument("--ascii", action="store_true", help="draw with plain ASCII, no box-drawing characters")


def _name(match: Match, side: int | list[int] | None) -> str:
    if side is None:
        return "nobody"
    if isinstance(side, list):
        return " and ".join(_name(match, s) for s in side)
    if match.config.teams:
        a, b = match.config.teams[side]
        return f"team {side} ({match.seats[a].name} & {match.seats[b].name})"
    return f"seat {side} ({match.seats[side].name})"


def describe(index: int, match: Match) -> str:
    rules = VARIANTS[match.config.variant]
    head = f"match {index}: {rules.title}, {match.n} players, seed {match.seed}"
    scores = "–".join(str(s) for s in match.scores)
    if match.is_over:
        verdict = match.verdict
        rounds = f"{match.round_no} round{'s' if match.round_no != 1 else ''}"
        text = f"{head}: {rounds}, final {scores}, won by {_name(match, verdict.winner)}"
        if verdict.loser is not None:
            text += f"; the Kozel is {_name(match, verdict.loser)}"
        return text
    if match.phase == PLAYING:
        return f"{head}: saved in round {match.round_no} at {scores}, {_name(match, match.to_act)} to play"
    if match.phase == ROUND_OVER:
        return f"{head}: saved after round {match.round_no} at {scores}"
    return f"{head}: no round dealt yet"


def run(args: argparse.Namespace) -> int:
    try:
        text = Path(args.file).read_text(encoding="utf-8")
        chunks = list(split_matches(parse_lines(text)))
        matches = [replay(chunk) for chunk in chunks]  # every match checked against the rules
    except (OSError, UnicodeDecodeError) as exc:
        why = getattr(exc, "strerror", None) or str(exc)  # "No such file or directory", not "[Errno 2] …"
        print(f"dominoes replay: cannot read {args.file}: {why}", file=sys.stderr)
        return 2
    except LogError as exc:
        print(f"dominoes replay: {args.file}: {exc}", file=sys.stderr)
        return 2
    if not matches:
        print(f"dominoes replay: {args.file} holds no match", file=sys.stderr)
        return 2
    if not args.check and sys.stdout.isatty() and sys.stdin.isatty():
        if args.match is not None and not 1 <= args.match <= len(matches):
            print(f"dominoes replay: --match {args.match}: {args.file} holds {len(matches)} "
                  f"match{'es' if len(matches) != 1 else ''}", file=sys.stderr)
            return 2
        return _view(chunks, matches, args)
    for i, match in enumerate(matches, start=1):
        print(describe(i, match))
    print(f"{len(matches)} match{'es' if len(matches) != 1 else ''} checked against the rules: all consistent")
    return 0


def _view(chunks: list, matches: list[Match], args: argparse.Namespace) -> int:
    # Textual is imported only here: `replay --check` stays quick to start.
    from ..table import saves
    from ..ui.choices import from_json
    from ..ui.records_app import RecordsApp
    from ..ui.screens.replay import ReplayScreen
    from ..ui.screens.replay_list import ReplayListScreen
    from ..ui.screens.replay_steps import ReplaySteps

    _, prefs = from_json(saves.load_settings())
    if args.ascii:
        prefs.ascii = True
    title = Path(args.file).name
    if len(matches) == 1:
        steps = ReplaySteps(chunks[0])
        RecordsApp(lambda: ReplayScreen(steps, prefs, title=title), prefs).run()
    else:
        first = args.match - 1 if args.match is not None else None
        RecordsApp(lambda: ReplayListScreen(chunks, matches, prefs, title=title, first=first), prefs).run()
    return 0
