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
from ..i18n import _, ngettext, pgettext, told
from ..i18n.os_words import os_words
from ..table.plain import plain
from ..table.sides import team_words
from ..table.you import shown


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar=pgettext("metavar", "FILE"), help=_("a JSON Lines game log (one or several matches)"))
    p.add_argument("--check", action="store_true", help=_("only check the log against the rules and print a summary"))
    p.add_argument("--match", type=int, default=None, metavar="N",
                   help=_("open the viewer on this match of the log (default: a log of several opens on their list)"))
    p.add_argument("--ascii", action="store_true", help=_("draw with plain ASCII, no box-drawing characters"))


def _name(match: Match, side: int | list[int] | None) -> str:
    """A side as the table names it: a seat by its name (Du for You), a Partner team by
    its letter and two names; a log's names are plain text on the terminal."""
    if side is None:
        return _("nobody")
    if isinstance(side, list):
        return _(" and ").join(_name(match, s) for s in side)
    names = [plain(s.name, 40) for s in match.seats]
    if match.config.teams:
        a, b = match.config.teams[side]
        return team_words(side, names[a], names[b])
    return shown(names[side])


def describe(index: int, match: Match) -> str:
    rules = VARIANTS[match.config.variant]
    head = _("match {index}: {variant}, {players} players, seed {seed}").format(
        index=index, variant=_(rules.title), players=match.n, seed=match.seed)
    scores = "–".join(str(s) for s in match.scores)
    if match.is_over:
        verdict = match.verdict
        text = ngettext("{head}: {n} round, final {scores}, won by {winner}",
                        "{head}: {n} rounds, final {scores}, won by {winner}", match.round_no).format(
            head=head, n=match.round_no, scores=scores, winner=_name(match, verdict.winner))
        if verdict.loser is not None:
            text += "; " + _("the Kozel is {loser}").format(loser=_name(match, verdict.loser))
        return text
    if match.phase == PLAYING:
        return _("{head}: saved in round {round} at {scores}, {seat} to play").format(
            head=head, round=match.round_no, scores=scores, seat=_name(match, match.to_act))
    if match.phase == ROUND_OVER:
        return _("{head}: saved after round {round} at {scores}").format(head=head, round=match.round_no, scores=scores)
    return _("{head}: no round dealt yet").format(head=head)


def run(args: argparse.Namespace) -> int:
    try:
        text = Path(args.file).read_text(encoding="utf-8")
        chunks = list(split_matches(parse_lines(text)))
        matches = [replay(chunk) for chunk in chunks]  # every match checked against the rules
    except (OSError, UnicodeDecodeError) as exc:
        why = os_words(exc)  # "no such file or folder" in the reader's words, not "[Errno 2] …"
        print(_("dominoes replay: cannot read {file}: {why}").format(file=args.file, why=why), file=sys.stderr)
        return 2
    except LogError as exc:
        print(_("dominoes replay: {file}: {why}").format(file=args.file, why=told(exc)), file=sys.stderr)
        return 2
    if not matches:
        print(_("dominoes replay: {file} holds no match").format(file=args.file), file=sys.stderr)
        return 2
    if not args.check and sys.stdout.isatty() and sys.stdin.isatty():
        if args.match is not None and not 1 <= args.match <= len(matches):
            print(ngettext("dominoes replay: --match {asked}: {file} holds {n} match",
                           "dominoes replay: --match {asked}: {file} holds {n} matches", len(matches)).format(
                asked=args.match, file=args.file, n=len(matches)), file=sys.stderr)
            return 2
        return _view(chunks, matches, args)
    for i, match in enumerate(matches, start=1):
        print(describe(i, match))
    print(ngettext("{n} match checked against the rules: all consistent",
                   "{n} matches checked against the rules: all consistent", len(matches)).format(n=len(matches)))
    return 0


def _view(chunks: list, matches: list[Match], args: argparse.Namespace) -> int:
    # Textual is imported only here: `replay --check` stays quick to start.
    from ..table import saves
    from ..ui.choices import from_json
    from ..ui.records_app import RecordsApp
    from ..ui.screens.replay.replay import ReplayScreen
    from ..ui.screens.replay.replay_list import ReplayListScreen
    from ..ui.screens.replay.replay_shelf import KeptShelf
    from ..ui.screens.replay.replay_steps import ReplaySteps

    _settings, prefs = from_json(saves.load_settings())
    if args.ascii:
        prefs.ascii = True
    title = Path(args.file).name
    shelf = KeptShelf()  # the analysis (`a`) is kept: in the club records if the match is there, else in the data folder
    if len(matches) == 1:
        steps = ReplaySteps(chunks[0])
        RecordsApp(lambda: ReplayScreen(steps, prefs, title=title, shelf=shelf), prefs).run()
    else:
        first = args.match - 1 if args.match is not None else None
        RecordsApp(lambda: ReplayListScreen(chunks, matches, prefs, title=title, first=first, shelf=shelf),
                   prefs).run()
    return 0
