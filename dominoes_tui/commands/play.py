"""`dominoes play`: start a match straight away; bare `dominoes` opens the settings."""
from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ..engine import DEFAULT_VARIANT, VARIANTS
from ..i18n import _, pgettext, told
from ..table.local import SPEEDS, LocalTable
from .terminal import no_terminal

if TYPE_CHECKING:  # the app pulls in Textual: imported only when a match is played
    from ..ui.app import DominoesApp
    from ..ui.choices import MatchSettings


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", default=None,
                   help=_("one of {variants}, in any case (default draw; without it a match left"
                          " unfinished is resumed)").format(variants=", ".join(VARIANTS)))
    p.add_argument(
        "--players", type=int, default=None,
        help=_("number of seats (default: as many as --seats names, else the variant's smallest)"),
    )
    p.add_argument("--target", type=int, default=None, help=_("target score (Kozel: the losing limit)"))
    p.add_argument(
        "--seats", default="",
        help=_('one item a seat, comma separated: a bot level (e.g. "medium") seats a bot, anything else is a '
               'person\'s name; e.g. "Ana,medium,hard" (default: you against bots)'),
    )
    p.add_argument("--option", action="append", default=[], metavar=pgettext("metavar", "NAME=VALUE"),
                   help=_("a table option of the rules' §4 (dominoes docs rules)"))
    p.add_argument("--speed", choices=list(SPEEDS), default=None, help=_("how fast bots move (default normal)"))
    p.add_argument("--seed", type=int, default=None, help=_("seed the deal, for a match you can play again"))
    p.add_argument("--ascii", action="store_true", help=_("draw with plain ASCII, no box-drawing characters"))
    p.add_argument("--pips", action="store_true", help=_("show pips on the tiles instead of digits"))
    p.add_argument("--db", default=None, metavar="URL", help=_("the club records' database (see dominoes stats)"))


def settings_from_args(args: argparse.Namespace) -> MatchSettings:
    """The match `dominoes play` was asked for; SettingsError / UsageError say what is wrong."""
    from ..ui.choices import MatchSettings, SettingsError, check, parse_seats, players_for
    from .simulate import parse_options

    variant = str(args.variant or DEFAULT_VARIANT).strip().lower()  # "AllFives" is allfives
    if variant not in VARIANTS:
        raise SettingsError(_("unknown variant {variant!r}; allowed: {allowed}").format(
            variant=args.variant, allowed=", ".join(VARIANTS)))
    players = args.players or players_for(variant, args.seats)
    settings = MatchSettings(
        variant=variant,
        players=players,
        seats=parse_seats(args.seats, players),
        target=args.target,
        options=parse_options(args.option),
        seed=args.seed,
    )
    check(settings)
    return settings


def app_for(args: argparse.Namespace) -> DominoesApp:
    """The app `dominoes play` runs; SettingsError / UsageError say what is wrong."""
    from ..table import saves
    from ..ui.app import DominoesApp
    from ..ui.choices import from_json

    _settings, prefs = from_json(saves.load_settings())
    settings = settings_from_args(args)
    if args.db:  # the records read $DOMINOES_TUI_DB (records/store.py)
        import os

        os.environ["DOMINOES_TUI_DB"] = args.db
    if args.speed:
        prefs.speed = args.speed
    if args.ascii:
        prefs.ascii = True
    if args.pips:
        prefs.pips = True
    # a plain `dominoes play` resumes a match left unfinished by default, whatever its variant
    return DominoesApp(settings, prefs, start_now=True, variant_asked=args.variant is not None)


def run(args: argparse.Namespace) -> int:
    from ..ui.choices import SettingsError
    from .simulate import UsageError

    try:
        app = app_for(args)
    except (SettingsError, UsageError) as exc:
        print(_("dominoes play: {why}").format(why=told(exc)), file=sys.stderr)
        return 2
    if (refused := no_terminal("play")) is not None:
        return refused
    return _run_app(app)


def open_settings() -> int:
    from ..table import saves
    from ..ui.app import DominoesApp
    from ..ui.choices import from_json

    if (refused := no_terminal("")) is not None:
        return refused
    settings, prefs = from_json(saves.load_settings())
    return _run_app(DominoesApp(settings, prefs, start_now=False))


def _run_app(app: DominoesApp) -> int:
    try:
        app.run()
    finally:
        # Every move is saved as it is made; this is one more write in case of a crash
        # between the engine and the save.
        client = app.client
        if isinstance(client, LocalTable):
            try:
                client.save()
            except Exception:  # noqa: BLE001 - the app may be ending on another error: this extra save must not hide it
                pass
    line = farewell(client)
    if line:
        print(line)
    if app.return_code:
        return int(app.return_code)
    return 0


def farewell(client: object) -> str | None:
    """One line for the shell after quitting in the middle of a match: where it went."""
    match = getattr(client, "match", None)
    save_to = getattr(client, "save_to", None)
    if match is None or save_to is None or match.is_over:
        return None
    problem = getattr(client, "save_problem", None)
    if problem:
        return _("The match was not saved: {why}; it is lost.").format(why=problem)
    if not save_to.exists():
        return None
    from ..program import command

    return _("The match is saved ({file}); `{command}` resumes it.").format(file=save_to, command=command("play"))
