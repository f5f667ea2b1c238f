"""`h` at the table: a suggested move with a one-line reason in words, then the win chance
of every legal move, as the expert's search estimates them.

The first answer is at once (the medium bot's move and why); the search then weighs every
legal move for about a second (bots/analysis judge_view; where and how: hint_search.py,
one at a time, a new press cancelling the old, on a server niced in the analysis
slots), and the hint is told again with the move the search would play and each move's
chance, marked as an estimate ("≈ 62 %") unless every hidden tile is known from what
was public and the chances are solved ("62 %"), as the analysis marks them. Reads the seat's own PlayerView only, like
any bot.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ....bots.medium import MediumBot
from ....engine import Move, PlayerView
from ....engine.board import fives_points
from ....engine.position import layout_from_view
from ....i18n import _, ngettext
from ....i18n.formats import percent
from ...words import end_name

if TYPE_CHECKING:
    from ....bots.analysis import Weighing

THINK_MS = 1000  # how long the search weighs the moves


def hint(view: PlayerView) -> tuple[Move, str] | None:
    """The suggested move and why, or None when the seat has nothing to choose."""
    if not view.legal:
        return None
    move = MediumBot(name="Hint").choose(view)
    return move, reason(view, move)


def where(move: Move) -> str:
    """ "3-5 on the left", a lead "6-6"."""
    if move.end is None:
        return str(move.tile)
    return _("{tile} on the {end}").format(tile=move.tile, end=end_name(move.end))


def brief(move: Move) -> str:
    """ "3-5 left", for a list of moves."""
    if move.end is None:
        return str(move.tile)
    return f"{move.tile} {end_name(move.end)}"


def estimate(chance: float, exact: bool = False) -> str:
    """A chance as the hint shows it: ≈ unless it is solved."""
    return percent(chance) if exact else f"≈ {percent(chance)}"


def hint_line(move: Move, why: str) -> str:
    return _("Hint: {move}: {reason}").format(move=where(move), reason=why)


HINT_ROWS = 3  # the most the prompt gives a hint with its numbers


def weighed_line(view: PlayerView, weighing: Weighing, fits: Callable[[str], bool]) -> str:
    """The hint told with numbers, the search's move with its reason first, then as many
    other moves as `fits` lets the prompt hold ("… 2 more"): at 80 columns a notice
    beside it covered the table ("Der Tisch ist leer: d▌")."""
    chances, exact, rough = weighing
    best, best_chance = chances[0]
    # rough: its search ran out of time short of its guesses (hint_search.LEAST_GUESSES)
    said = _("Rough hint (little time to think): {move} {chance}") if rough else _("Hint: {move} {chance}")
    head = said.format(move=where(best), chance=estimate(best_chance, exact))
    line = f"{head}: {reason(view, best)}"
    others = [f"{brief(m)} {estimate(c, exact)}" for m, c in chances[1:]]
    for shown in range(len(others), -1, -1):
        listed = others[:shown] + ([_("{n} more").format(n=len(others) - shown)] if shown < len(others) else [])
        said = f"{line} " + _("Others: {moves}.").format(moves=", ".join(listed)) if listed else line
        if fits(said) or not listed:
            return said
    return line


class _Stale:
    """Set once the table no longer shows this hint: the search stops then."""

    def __init__(self, screen: Any, view: PlayerView, shown: str) -> None:
        self.screen, self.view, self.shown = screen, view, shown

    def is_set(self) -> bool:
        return self.screen.view_ is not self.view or self.screen.hint_text != self.shown or not self.screen.is_attached


def weigh_in_background(screen: Any, view: PlayerView, shown: str, hosted: bool = False) -> None:
    """Weigh the moves (hint_search.py; `hosted`: as a server's session), then tell the
    hint again with its numbers if the table still shows the hint `shown` for this turn,
    and offer the search's tile unless another was chosen meanwhile. `screen` is the
    table (TableScreen): its view_, hint_text, selected, end_cursor, redraw, and the app's
    call_from_thread."""
    from .hint_search import new_press, search

    picked = screen.selected  # the tile the first hint offered: a tile chosen since is left alone
    mine = new_press()  # the search of an earlier press stops

    def work() -> None:
        try:
            weighing = search(view, THINK_MS, mine, _Stale(screen, view, shown), hosted=hosted)
        except Exception:  # noqa: BLE001 - cancelled, or failed: the hint in words stands; no numbers this time
            return
        if weighing.rows:
            try:
                screen.app.call_from_thread(show, weighing)
            except RuntimeError:  # the app closed meanwhile
                pass

    def show(weighing: Weighing) -> None:
        if screen.view_ is not view or screen.hint_text != shown:
            return  # the turn moved on, or the hint was put away
        from rich.text import Text

        width = max(20, screen.size.width - 2)
        screen.hint_text = weighed_line(
            view, weighing, lambda said: len(Text(said).wrap(screen.app.console, width)) <= HINT_ROWS)
        best = weighing.rows[0][0]
        hinted = view.hand.index(best.tile) if best.tile in view.hand else None
        if hinted is not None and screen.selected == picked and screen.end_cursor is None:
            screen.selected = hinted
        screen.redraw()

    screen.run_worker(work, thread=True, exclusive=True, group="hint", exit_on_error=False)


def reason(view: PlayerView, move: Move) -> str:
    tile = move.tile
    rest = [t for t in view.hand if t != tile]
    if view.layout.line:
        layout = layout_from_view(view)
        layout.place(tile, move.end)
        ends = {v for _, v in layout.open_ends()}
        count = layout.count()
    else:
        ends, count = {tile.low, tile.high}, tile.pips
    if view.rules.counts_fives and fives_points(count):
        return _("the ends then count {count}, so it scores {count}.").format(count=count)
    nxt = (view.seat + 1) % view.players
    partner = (view.seat + 2) % 4 if view.teams else None
    if nxt != partner:
        blocked = sorted(v for v in ends if v in view.lacks[nxt])
        if blocked:
            return _("it leaves {number} open, a number {name} has shown they lack.").format(
                number=blocked[0], name=view.names[nxt])
    held = {v: sum(1 for t in rest if t.has(v)) for v in ends}
    best = max(held, key=lambda v: held[v], default=None)
    if best is not None and held[best] >= 2:
        return ngettext("it keeps {number} open: you hold {n} more tile with a {number}.",
                        "it keeps {number} open: you hold {n} more tiles with a {number}.",
                        held[best]).format(number=best, n=held[best])
    if tile.pips == max(m.tile.pips for m in view.legal):
        return ngettext("it is your heaviest playable tile ({n} pip): pips left in hand count against you.",
                        "it is your heaviest playable tile ({n} pips): pips left in hand count against you.",
                        tile.pips).format(n=tile.pips)
    if tile.is_double:
        return _("a double fits only its own number: play it while that number is still open.")
    return _("it keeps the most numbers in your hand to answer with.")
