"""`h` at the table: the move the medium bot would play, with a one-line reason in words.

Pure (no widgets): reads the seat's own PlayerView only, like any bot.
"""
from __future__ import annotations

from ..bots.medium import MediumBot
from ..engine import Move, PlayerView
from ..engine.position import layout_from_view


def hint(view: PlayerView) -> tuple[Move, str] | None:
    """The suggested move and why, or None when the seat has nothing to choose."""
    if not view.legal:
        return None
    move = MediumBot(name="Hint").choose(view)
    return move, reason(view, move)


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
    if view.variant == "allfives" and count > 0 and count % 5 == 0:
        return f"the ends then count {count}, so it scores {count}."
    nxt = (view.seat + 1) % view.players
    partner = (view.seat + 2) % 4 if view.teams else None
    if nxt != partner:
        blocked = sorted(v for v in ends if v in view.lacks[nxt])
        if blocked:
            return f"it leaves {blocked[0]} open, a number {view.names[nxt]} has shown they lack."
    held = {v: sum(1 for t in rest if t.has(v)) for v in ends}
    best = max(held, key=lambda v: held[v], default=None)
    if best is not None and held[best] >= 2:
        return f"it keeps {best} open: you hold {held[best]} more tiles with a {best}."
    if tile.pips == max(m.tile.pips for m in view.legal):
        return f"it is your heaviest playable tile ({tile.pips} pips): pips left in hand count against you."
    if tile.is_double:
        return "a double fits only its own number: play it while that number is still open."
    return "it keeps the most numbers in your hand to answer with."
