"""`dominoes analyze LOG`: how well each player played a logged match, move by move.

Every decision where the mover had a choice is judged from the mover's own view at that
moment (bots/analysis/, docs/ANALYSIS.md): the chance of winning the match after each
legal move, the loss of the move played against the best, a verdict, and each player's
accuracy. `--json` prints the figures language-neutrally; otherwise a summary per player
and the worst moves, in the language in use. Repeatable: a fixed count of guesses a
decision, seeded per decision (`--seed`), whatever `--jobs`.
"""
from __future__ import annotations

import argparse
import errno
import json
import os
import sys
import textwrap
from pathlib import Path

from ..bots.analysis import GUESSES, MatchAnalysis, MoveJudgement, Verdict, analyse_match, decisions, log_matches
from ..bots.analysis.verdicts import held_back
from ..engine import LogError
from ..engine.gamelog import replay
from ..i18n import _, ngettext, pgettext, told
from ..i18n.formats import number, percent
from ..i18n.os_words import os_words
from ..table.plain import plain
from ..table.sides import seat_number
from ..table.you import shown
from ..ui.screens.replay.replay_words import NOT_SURELY, estimate_legend, marks_legend
from .progress import progress_bar, wanted

WORST = 5  # worst moves shown per match
WIDTH = 80  # the summary's lines, for a terminal or a file alike


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("log", metavar=pgettext("metavar", "LOG"), help=_("a JSON Lines game log (one or several matches)"))
    p.add_argument("--match", type=int, default=None, metavar="N",
                   help=_("analyse only this match of the log (default: every match)"))
    p.add_argument("--seat", type=int, default=None, metavar="S",
                   help=_("judge only the moves of seat S, counted from 1 as the table shows it"))
    p.add_argument("--guesses", type=int, default=GUESSES, metavar="G",
                   help=_("guessed deals a decision is judged on (default {count})").format(count=GUESSES))
    p.add_argument("--think-ms", type=float, default=None, metavar="MS",
                   help=_("judge each decision for this many milliseconds instead of a count of guesses "
                          "(not repeatable)"))
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                   help=_("processes to judge on (default: every core); the results do not depend on it"))
    p.add_argument("--seed", type=int, default=0, help=_("seed of the guesses (default 0)"))
    p.add_argument("--json", action="store_true", help=_("print the figures as JSON"))


def _fail(message: str) -> int:
    print(_("dominoes analyze: {problem}").format(problem=message), file=sys.stderr)
    return 2


def _checked(args: argparse.Namespace) -> str | None:
    """What is wrong with the options, in a sentence (None: nothing)."""
    if args.jobs < 1:
        return _("--jobs must be at least 1")
    if args.guesses < 1:
        return _("--guesses must be at least 1")
    if args.think_ms is not None and args.think_ms <= 0:
        return _("--think-ms must be more than 0")
    return None


def run(args: argparse.Namespace) -> int:
    problem = _checked(args)
    if problem:
        return _fail(problem)
    path = Path(args.log)
    if not path.is_file():  # said as replay says it: the system's reason in the reader's words
        missing = IsADirectoryError(errno.EISDIR, "") if path.is_dir() else FileNotFoundError(errno.ENOENT, "")
        return _fail(_("cannot read {path}: {reason}").format(path=args.log, reason=os_words(missing)))
    try:
        chunks = log_matches(path)
    except LogError as exc:
        # the reader's own sentence names the line and the fault (kept as the rules say it)
        return _fail(_("{file} is not a valid game log: {reason}").format(file=args.log, reason=told(exc)))
    if not chunks:
        return _fail(_("{file} holds no match").format(file=args.log))
    if args.match is not None and not 1 <= args.match <= len(chunks):
        return _fail(ngettext("--match {n}: {file} holds {count} match", "--match {n}: {file} holds {count} matches",
                              len(chunks)).format(n=args.match, file=args.log, count=len(chunks)))
    chosen = [args.match] if args.match is not None else list(range(1, len(chunks) + 1))
    seat = None if args.seat is None else args.seat - 1  # a person counts from 1; the log from 0
    if seat is not None:
        for m in chosen:
            players = replay(chunks[m - 1][:1]).n
            if not 0 <= seat < players:
                return _fail(_("--seat {seat}: match {match} has seats 1 to {last}").format(
                    seat=args.seat, match=m, last=players))
    done: list[tuple[MatchAnalysis, list[str]]] = []
    try:
        for m in chosen:
            lines = chunks[m - 1]
            match, found = decisions(lines, seat)
            label = _("Match {n}").format(n=m) if len(chosen) > 1 else _("Analysing")
            if not args.json and not wanted():  # no bar: a line a match says how far it got
                print(_("dominoes analyze: match {n} of {total}, {count}…").format(
                    n=m, total=len(chunks), count=ngettext("{n} decision", "{n} decisions", len(found)).format(
                        n=len(found))), file=sys.stderr, flush=True)
            with progress_bar(len(found), _("decisions"), quiet=args.json, label=label) as advance:
                analysis = analyse_match(lines, m, seat=seat, guesses=args.guesses, think_ms=args.think_ms,
                                         seed=args.seed, jobs=args.jobs, progress=lambda d, _t: advance(d))
            # You is Du in German, a log's name plain text; --json keeps the log's name
            done.append((analysis, [shown(plain(s.name, 40)) for s in match.seats]))
    except KeyboardInterrupt:
        _print(done, args)
        print(_("dominoes analyze: stopped (Ctrl-C) after {done} of {total} matches").format(
            done=len(done), total=len(chosen)), file=sys.stderr)
        return 130
    _print(done, args)
    return 0


def _print(done: list[tuple[MatchAnalysis, list[str]]], args: argparse.Namespace) -> None:
    if args.json:
        print(json.dumps({"matches": [a.to_json() for a, _names in done]}, indent=2))
        return
    for i, (analysis, names) in enumerate(done):
        if i:
            print()
        print(_summary(analysis, names, args))


def verdict_word(verdict: Verdict) -> str:
    """A verdict in the language in use."""
    return {
        Verdict.BEST: pgettext("analysis", "best"), Verdict.GOOD: pgettext("analysis", "good"),
        Verdict.INACCURACY: pgettext("analysis", "inaccuracy"), Verdict.MISTAKE: pgettext("analysis", "mistake"),
        Verdict.BLUNDER: pgettext("analysis", "blunder"),
    }[verdict]


def move_text(words: str) -> str:
    """A move as move_words writes it ("3-5 left"), with the end in the language in use."""
    from ..engine.layout import END_NAMES
    from ..ui.words import end_name

    tile, _sep, end = words.partition(" ")
    return f"{tile} {end_name(end)}" if end in END_NAMES else words


def _summary(analysis: MatchAnalysis, names: list[str], args: argparse.Namespace) -> str:
    judged = len(analysis.moves)
    how = (ngettext("{n} guess each", "{n} guesses each", analysis.guesses).format(n=number(analysis.guesses))
           if analysis.guesses else _("{ms} ms each").format(ms=number(args.think_ms or 0)))
    lines = [_("Match {n}: {count} judged ({how}, seed {seed})").format(
        n=analysis.match, count=ngettext("{n} decision", "{n} decisions", judged).format(n=judged), how=how,
        seed=args.seed)]
    head = [pgettext("column", "Seat"), pgettext("column", "Player"), pgettext("column", "Accuracy"),
            pgettext("column", "Loss/move"), "?!", "?", "??"]
    rows = [[str(seat_number(s.seat)), shown(plain(s.name, 18))[:18], percent(s.accuracy / 100, 1) if s.moves else "–",
             percent(s.mean_loss, 1) if s.moves else "–", str(s.inaccuracies), str(s.mistakes), str(s.blunders)]
            for s in analysis.seats]
    widths = [max(len(r[c]) for r in [head, *rows]) for c in range(len(head))]
    for r in [head, *rows]:
        cells = [r[0].rjust(widths[0]), r[1].ljust(widths[1]), *(x.rjust(w) for x, w in zip(r[2:], widths[2:]))]
        lines.append("  " + "  ".join(cells).rstrip())
    lines += _wrapped(marks_legend())
    lines += _wrapped(estimate_legend())
    worst = analysis.worst(WORST)
    if worst:
        lines.append(_("Worst moves:"))
        for m in worst:
            lines += _wrapped(_worst_line(m, names))
    return "\n".join(lines)


def _wrapped(line: str) -> list[str]:
    """A line of the summary within 80 columns, its continuation indented under it (a
    German worst move with its margin's words ran to 111)."""
    # ≈ is never a line's first word: it stays with its number, or with "no ≈:" (bound
    # by a character no text holds, made a space again once wrapped)
    line = line.replace("≈ ", "≈\x00").replace(" ≈:", "\x00≈:")
    return [part.replace("\x00", " ") for part in textwrap.wrap(
        line, WIDTH, initial_indent="  ", subsequent_indent="    ", break_on_hyphens=False)]


def _worst_line(m: MoveJudgement, names: list[str]) -> str:
    name = names[m.seat][:14] if m.seat < len(names) else str(m.seat)
    loss = "−" + percent(m.loss, 1)
    if not m.exact:
        loss = _("≈ {loss} ± {error}").format(loss=loss, error=percent(m.error, 1))
    verdict = verdict_word(m.verdict)
    named = held_back(m.loss, m.error)
    if named is not None:  # the legend names marks by the loss: say why this one has not its mark
        verdict = _("{verdict}; {not_surely}").format(verdict=verdict, not_surely=_(NOT_SURELY[str(named)]))
    return _("round {round}, {name}: {played}, best {best}: {loss} ({verdict})").format(
        round=m.round, name=name, played=move_text(m.played), best=move_text(m.best), loss=loss, verdict=verdict)
