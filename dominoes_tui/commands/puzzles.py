"""`dominoes puzzles`: puzzles (Aufgaben) from real matches, each with a proved or surely
best answer (dominoes_tui/training/).

    dominoes puzzles                          the trainer (in a terminal; else as --count)
    dominoes puzzles --count                  how many there are, by variant and theme
    dominoes puzzles --generate N [--from SOURCE] [--variant V]... [--seed S] [--out FILE]
    dominoes puzzles export [--json]          every puzzle (the starter set and your own)
    dominoes puzzles import FILE              add a file's puzzles to your own, each checked

Your own puzzles are kept in puzzles.json in the data folder, written atomically; a file
there that cannot be read is renamed aside (kept, never written over) and a new one begun.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path

from ..engine import VARIANTS, LogError
from ..i18n import _, ngettext, pgettext, told
from ..i18n.formats import number
from ..i18n.os_words import os_words
from ..table.home import home
from ..table.plain import plain
from ..training import Puzzle, PuzzleError
from ..training.store import dumps, merged, read_puzzles, write_puzzles
from ..training.themes import THEMES
from ..ui.screens.puzzles.puzzle_files import own_path, starter_puzzles
from ..ui.screens.puzzles.puzzle_files import own_puzzles as read_own
from ..ui.words import theme_word
from .progress import progress_bar, wanted

CHECKPOINT_S = 60.0  # how often the puzzles found so far are written while generating
NICE = 10  # generating is long work in the background: the rest of the machine comes first


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("action", nargs="?", choices=("export", "import"), default=None,
                   help=_("export: print every puzzle; import: add the puzzles of FILE to your own"))
    p.add_argument("file", nargs="?", default=None, metavar=pgettext("metavar", "FILE"),
                   help=_("the file of puzzles to import"))
    p.add_argument("--generate", type=int, default=None, metavar="N",
                   help=_("find N puzzles in analysed matches and bot matches (each variant its share)"))
    p.add_argument("--from", dest="source", default=None, metavar=pgettext("metavar", "SOURCE"),
                   help=_("where to look: a game log file, or club records (a URL as stats --db "
                          "takes); default: the club records, then bot matches"))
    p.add_argument("--variant", action="append", default=None, choices=sorted(VARIANTS),
                   help=_("only puzzles of this variant (repeat it for several)"))
    p.add_argument("--seed", type=int, default=0, help=_("seed of the bot matches and the guesses (default 0)"))
    p.add_argument("--out", default=None, metavar=pgettext("metavar", "FILE"),
                   help=_("write the puzzles found to FILE (default: add them to your own)"))
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                   help=_("processes to search on (default: every core), at a lower priority"))
    p.add_argument("--json", action="store_true", help=_("print JSON"))
    p.add_argument("--count", action="store_true",
                   help=_("print how many puzzles there are, by variant and theme (what dominoes puzzles prints "
                          "when it is not run in a terminal)"))
    p.add_argument("--ascii", action="store_true", help=_("draw the trainer's tiles in plain ASCII"))


def _fail(message: str) -> int:
    print(_("dominoes puzzles: {problem}").format(problem=message), file=sys.stderr)
    return 2


def own_puzzles() -> list[Puzzle]:
    """The player's puzzles; a file that cannot be read is set aside (and said so)."""
    found, refused = read_own()
    if refused is not None:
        print(_("dominoes puzzles: {file} could not be read ({reason}); kept as {kept}").format(
            file=refused.path, reason=refused.reason, kept=refused.kept), file=sys.stderr)
    return found


def run(args: argparse.Namespace) -> int:
    if args.action == "import":
        return _import(args)
    if args.file is not None:
        return _fail(_("a FILE goes with import only"))
    if args.generate is not None:
        return _generate(args)
    if args.action is None and not args.count and not args.json and sys.stdin.isatty() and sys.stdout.isatty():
        return _train(args)
    every = merged(own_puzzles(), starter_puzzles())
    if args.variant:
        every = [p for p in every if p.variant in args.variant]
    if args.action == "export" and args.json:
        sys.stdout.write(dumps(every))
        return 0
    if args.action == "export":
        for p in every:
            themes = ", ".join(theme_word(t) for t in p.theme) or "–"
            print(f"{p.id}  {_(VARIANTS[p.variant].title)}, {p.players}  {number(round(p.rating))}  {themes}")
        return 0
    print(_summary(every))
    return 0


def _train(args: argparse.Namespace) -> int:
    """The trainer (Textual imported only here: the counts stay quick)."""
    from ..table import saves
    from ..ui.choices import from_json
    from ..ui.records_app import PuzzlesApp
    from ..ui.screens.puzzles.puzzle_open import every_puzzle

    puzzles, refused = every_puzzle()
    if refused:
        print(_("dominoes puzzles: {problem}").format(problem=refused), file=sys.stderr)
    variant = args.variant[-1] if args.variant else None  # the trainer's filter holds one variant: the last named
    if not any(variant in (None, p.variant) for p in puzzles):
        return _fail(_("there are no puzzles here: dominoes puzzles --generate N finds some"))
    _settings, prefs = from_json(saves.load_settings())
    if args.ascii:
        prefs.ascii = True
    PuzzlesApp(prefs, puzzles, variant, refused).run()
    return 0


def _summary(puzzles: list[Puzzle]) -> str:
    lines = [ngettext("{n} puzzle", "{n} puzzles", len(puzzles)).format(n=number(len(puzzles)))]
    variants = Counter(p.variant for p in puzzles)
    lines += [f"  {_(VARIANTS[v].title)}: {number(n)}" for v, n in sorted(variants.items())]
    themes = Counter(t for p in puzzles for t in p.theme)
    if themes:
        lines.append(_("Themes:"))
        lines += [f"  {theme_word(t)}: {number(themes[t])}" for t in THEMES if themes[t]]
    return "\n".join(lines)


def _import(args: argparse.Namespace) -> int:
    if args.file is None:
        return _fail(_("import needs a FILE"))
    try:
        found = read_puzzles(args.file)
    except OSError as exc:
        return _fail(_("cannot read {path}: {reason}").format(path=args.file, reason=os_words(exc)))
    except PuzzleError as exc:
        # what the file holds is quoted in the reason: shown as plain text, never as escape codes
        return _fail(_("{file} was not imported: {reason}").format(file=args.file, reason=plain(told(exc), 300)))
    own = own_puzzles()
    known = {p.id for p in own}
    new = [p for p in found if p.id not in known]
    try:
        write_puzzles(own_path(), merged(own, new))
    except OSError as exc:
        return _fail(_("cannot write {path}: {reason}").format(path=own_path(), reason=os_words(exc)))
    print(ngettext("{n} new puzzle imported into {path}", "{n} new puzzles imported into {path}", len(new)).format(
        n=number(len(new)), path=own_path()))
    return 0


def _generate(args: argparse.Namespace) -> int:
    from ..training.generate import Logged, Run, generate
    from .puzzles_sources import from_log, from_records

    if args.generate < 1:
        return _fail(_("--generate must be at least 1"))
    if args.jobs < 1:
        return _fail(_("--jobs must be at least 1"))
    logged: list[Logged] = []
    selfplay = args.source is None
    source = args.source or "records"
    try:
        if source == "records" or "://" in source:
            from ..records import RecordsUnavailable
            from ..records.store import chosen_url, sqlite_path

            url = chosen_url(None if source == "records" else source, home())
            path = sqlite_path(url)
            try:  # no records yet: none are made just to look in them
                logged = [] if path is not None and not path.exists() else from_records(url)
            except RecordsUnavailable as exc:
                if args.source is not None:
                    return _fail(str(exc))
        else:
            logged = from_log(Path(source))
    except OSError as exc:
        return _fail(_("cannot read {path}: {reason}").format(path=source, reason=os_words(exc)))
    except LogError as exc:
        return _fail(_("{file} is not a valid game log: {reason}").format(file=source, reason=told(exc)))
    if args.variant:
        logged = [m for m in logged if m.lines[0][1].get("variant") in args.variant]
    started = time.perf_counter()
    target = Path(args.out) if args.out else own_path()
    before = [] if args.out else own_puzzles()
    saved = [started]

    def save(run: Run) -> None:
        found = sorted(run.found.values(), key=lambda p: (p.variant, p.players, p.id))
        write_puzzles(target, merged(before, found))
        saved[0] = time.perf_counter()

    with progress_bar(args.generate, _("puzzles"), label=_("Puzzles")) as advance:
        def shown(run: Run) -> None:
            advance(min(len(run.found), args.generate))
            if not wanted():  # no bar: a line a match says how far it got
                print(_("dominoes puzzles: {found} of {wanted} found in {matches}…").format(
                    found=number(len(run.found)), wanted=number(args.generate),
                    matches=ngettext("{n} match", "{n} matches", run.matches).format(n=number(run.matches))),
                    file=sys.stderr, flush=True)
            if time.perf_counter() - saved[0] >= CHECKPOINT_S:  # a kill loses a minute's work at most
                try:
                    save(run)
                except OSError:
                    pass  # said at the end, when the last write fails too
        run = generate(args.generate, seed=args.seed, variant=args.variant, logged=logged, selfplay=selfplay,
                       jobs=args.jobs, nice=NICE, progress=shown)
    seconds = time.perf_counter() - started
    found = sorted(run.found.values(), key=lambda p: (p.variant, p.players, p.id))
    try:
        save(run)
    except OSError as exc:
        return _fail(_("cannot write {path}: {reason}").format(path=target, reason=os_words(exc)))
    print(_("{found} from {matches} in {seconds} s, written to {path}").format(
        found=ngettext("{n} puzzle", "{n} puzzles", len(found)).format(n=number(len(found))),
        matches=ngettext("{n} match", "{n} matches", run.matches).format(n=number(run.matches)),
        seconds=number(round(seconds)), path=target))
    print(_summary(found))
    if run.stopped:
        print(ngettext("dominoes puzzles: stopped (Ctrl-C); the {n} puzzle found is kept in {path}",
                       "dominoes puzzles: stopped (Ctrl-C); the {n} puzzles found are kept in {path}",
                       len(found)).format(n=number(len(found)), path=target), file=sys.stderr)
        return 130
    return 0
