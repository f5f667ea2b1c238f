"""A puzzle's themes, read off the position and its answer (never off the variant alone).

Each theme is a small function of the mover's view and the answer's moves that says
whether the puzzle is about it; `themes()` lists the names of those that are. The names
are the JSON's (the same in every language); the screens put them in words.

- `double` (Pasch loswerden): the answer sheds a double where a mixed tile could be played.
- `block` (Sperren): after the answer no one else can follow on the open ends: every
  tile left that carries an open end's number is the mover's own, or every opponent
  has shown (by a pass or a draw) that it holds none of those numbers.
- `fives` (All Fives): the answer scores: the open ends then add up to a multiple of five.
- `kozel` (Kozel): the answer sheds the heaviest tile the mover could play (or a lone
  0-0 or 6-6, which cost extra), so less is left to pay.
- `partner` (Partner): the answer leaves open a number the partner has shown, which
  another move would have covered.
- `endgame` (Endspiel): the last tiles: few left in play and in the mover's hand.
"""
from __future__ import annotations

from collections.abc import Callable

from ..bots.knowledge import Knowledge
from ..engine import ALL_TILES, Layout, Move, PlayerView
from ..engine.position import layout_from_view

ENDGAME_IN_PLAY = 10  # tiles in hands (and drawable) at most for the last tiles ...
ENDGAME_HAND = 3      # ... and in the mover's hand
Theme = Callable[[PlayerView, tuple[Move, ...]], bool]


def after(view: PlayerView, move: Move) -> Layout:
    """The layout once `move` is made."""
    layout = layout_from_view(view)
    layout.place(move.tile, move.end)
    return layout


def _end_numbers(layout: Layout) -> set[int]:
    return {value for _end, value in layout.open_ends()}


def _opponents(view: PlayerView) -> list[int]:
    partner = (view.seat + 2) % 4 if view.teams else None
    return [s for s in range(view.players) if s not in (view.seat, partner)]


def sheds_double(view: PlayerView, answer: tuple[Move, ...]) -> bool:
    return all(m.tile.is_double for m in answer) and any(not m.tile.is_double for m in view.legal)


def blocks(view: PlayerView, answer: tuple[Move, ...]) -> bool:
    know = Knowledge.from_view(view)
    for move in answer:
        numbers = _end_numbers(after(view, move))
        if not numbers:
            continue
        hand = set(view.hand) - {move.tile}
        on_table = set(view.layout.tiles()) | {move.tile}
        left = [t for t in ALL_TILES if (t.low in numbers or t.high in numbers) and t not in on_table]
        if all(t in hand for t in left):
            return True
        if all(numbers <= know.lacks[s] for s in _opponents(view)):
            return True
    return False


def scores_fives(view: PlayerView, answer: tuple[Move, ...]) -> bool:
    if not view.rules.spinner:
        return False
    return any((count := after(view, m).count()) > 0 and count % 5 == 0 for m in answer)


def kozel_shedding(view: PlayerView, answer: tuple[Move, ...]) -> bool:
    if not view.rules.penalties:
        return False
    heaviest = max(m.tile.pips for m in view.legal)
    lightest = min(m.tile.pips for m in view.legal)
    return all(m.tile.pips == heaviest or str(m.tile) in ("0-0", "6-6") for m in answer) and heaviest > lightest


def for_partner(view: PlayerView, answer: tuple[Move, ...]) -> bool:
    if not view.teams:
        return False
    partner = (view.seat + 2) % view.players
    shown = Knowledge.from_view(view).shown[partner] - Knowledge.from_view(view).lacks[partner]

    def keeps(move: Move) -> bool:
        return bool(_end_numbers(after(view, move)) & shown)

    return all(keeps(m) for m in answer) and not all(keeps(m) for m in view.legal)


def last_tiles(view: PlayerView, answer: tuple[Move, ...]) -> bool:
    return sum(view.hand_sizes) + view.drawable <= ENDGAME_IN_PLAY and len(view.hand) <= ENDGAME_HAND


THEMES: dict[str, Theme] = {
    "double": sheds_double, "block": blocks, "fives": scores_fives, "kozel": kozel_shedding,
    "partner": for_partner, "endgame": last_tiles,
}


def themes(view: PlayerView, answer: tuple[Move, ...]) -> tuple[str, ...]:
    """The names of every theme the puzzle is about, in THEMES's order."""
    return tuple(name for name, applies in THEMES.items() if applies(view, answer))
