"""Pure drawing of tiles, hands and the chain: text in, text out, no screen needed.

Everything here returns `rich.text.Text` lines (or plain strings through `plain()`), so
tests can check what a person would see without starting Textual. Tiles are drawn with
box-drawing characters (or plain ASCII) and digits or pips; never with the Unicode
domino glyphs, which terminals draw wider than the one cell they report (docs/DESIGN.md).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text

from ..engine import Placed, Tile
from .look import ASCII_HEAVY as ASCII_HEAVY
from .look import ASCII_LIGHT as ASCII_LIGHT
from .look import BACK_ASCII as BACK_ASCII
from .look import BACK_BOX as BACK_BOX
from .look import END_KEYS as END_KEYS
from .look import HAND_KEYS as HAND_KEYS
from .look import HEAVY as HEAVY
from .look import LIGHT as LIGHT
from .look import PIP_FACES as PIP_FACES
from .look import Box as Box
from .look import Look as Look

# -- a grid of styled cells ---------------------------------------------------------


_STYLES: dict[str, Style] = {}


def _style(name: str) -> Style:
    # Cached so equal styles are the same object and runs of them merge in lines().
    if name not in _STYLES:
        _STYLES[name] = Style.parse(name)
    return _STYLES[name]


@dataclass
class Canvas:
    """A fixed grid of characters with a style per cell; drawn into, then read as Text."""

    width: int
    height: int
    chars: list[list[str]] = field(init=False)
    styles: list[list[Style | None]] = field(init=False)

    def __post_init__(self) -> None:
        self.chars = [[" "] * self.width for _ in range(self.height)]
        self.styles = [[None] * self.width for _ in range(self.height)]

    def put(self, x: int, y: int, text: str, style: Style | str | None = None) -> None:
        """Write `text` from (x, y); whatever falls outside the grid is clipped."""
        if not 0 <= y < self.height:
            return
        st = _style(style) if isinstance(style, str) else style
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width:
                self.chars[y][x + i] = ch
                self.styles[y][x + i] = st

    def block(self, x: int, y: int, rows: Sequence[str], style: Style | str | None = None) -> None:
        for dy, row in enumerate(rows):
            self.put(x, y + dy, row, style)

    def lines(self) -> list[Text]:
        out = []
        for chars, styles in zip(self.chars, self.styles):
            line = Text()
            run, run_style = "", None
            for ch, st in zip(chars, styles):  # one span per run of equal style: cheap to draw
                if st is not run_style and run:
                    line.append(run, run_style)
                    run = ""
                run_style = st
                run += ch
            if run:
                line.append(run, run_style)
            line.rstrip()
            out.append(line)
        return out


def plain(lines: Iterable[Text]) -> str:
    """The text a person would read, without styles (for tests)."""
    return "\n".join(line.plain.rstrip() for line in lines)


# -- single tiles ------------------------------------------------------------------

TILE_W, TILE_H = 5, 3  # a tile lying lengthwise (normal size)
DOUBLE_W, DOUBLE_H = 3, 5  # a double lying crosswise (normal size)
SMALL_W = 5  # one-row tile of the compact chain: [a│b]

# Pips on a 3×3 grid for the big tiles, as printed on real dominoes.
PIP_GRID = {
    0: (), 1: (4,), 2: (0, 8), 3: (0, 4, 8), 4: (0, 2, 6, 8), 5: (0, 2, 4, 6, 8), 6: (0, 2, 3, 5, 6, 8),
}


def face_rows(n: int, look: Look) -> list[str]:
    """One half of a tile: a single cell, or 3×3 cells for a big tile."""
    if not look.big:
        return [look.face(n)]
    if look.pips:
        dot = "o" if look.ascii else "●"
        cells = [dot if i in PIP_GRID[n] else " " for i in range(9)]
        return ["".join(cells[r * 3 : r * 3 + 3]) for r in range(3)]
    return ["   ", f" {n} ", "   "]


def tile_rows(a: int, b: int, look: Look, heavy: bool = False) -> list[str]:
    """A tile lying lengthwise, `a` on the left: three rows five cells wide (big: 5×9)."""
    x = look.box(heavy)
    mid = "|" if look.ascii else x.v  # ASCII's heavy border is #, but #5#5# reads badly
    fw = look.face_w
    fa, fb = face_rows(a, look), face_rows(b, look)
    h = x.h * fw
    return [
        f"{x.tl}{h}{x.tee_down}{h}{x.tr}",
        *[f"{x.v}{ra}{mid}{rb}{x.v}" for ra, rb in zip(fa, fb)],
        f"{x.bl}{h}{x.tee_up}{h}{x.br}",
    ]


def back_rows(look: Look) -> list[str]:
    """A face-down tile: the hand of a player whose turn it is not (hotseat)."""
    x = look.box()
    fill = look.back * look.face_w
    return [
        f"{x.tl}{x.h * look.face_w}{x.tee_down}{x.h * look.face_w}{x.tr}",
        *[f"{x.v}{fill}{x.v}{fill}{x.v}" for _ in range(look.face_h)],
        f"{x.bl}{x.h * look.face_w}{x.tee_up}{x.h * look.face_w}{x.br}",
    ]


def standing_rows(a: int, b: int, look: Look) -> list[str]:
    """A tile standing up, `a` on top: a double crosswise in the line (as the rules
    show it), or any tile on the spinner's up and down arms. Three cells wide, five rows."""
    x = look.box()
    h = x.h * look.face_w
    return [
        f"{x.tl}{h}{x.tr}",
        *[f"{x.v}{r}{x.v}" for r in face_rows(a, look)],
        f"{x.tee_right}{h}{x.tee_left}",
        *[f"{x.v}{r}{x.v}" for r in face_rows(b, look)],
        f"{x.bl}{h}{x.br}",
    ]


def double_rows(v: int, look: Look) -> list[str]:
    return standing_rows(v, v, look)


def small_rows(p: Placed, look: Look) -> list[str]:
    """Compact chain: a lengthwise tile is one row [a│b]; a double three rows."""
    x = look.box()
    if p.is_double:
        f = look.face(p.first)
        return [f"{x.tl}{f}{x.tr}", f"{x.tee_right}{x.h}{x.tee_left}", f"{x.bl}{f}{x.br}"]
    return ["", small_line(p.first, p.second, look), ""]


def small_line(a: int, b: int, look: Look) -> str:
    """Compact: one tile lying in one row, [a│b]; a double across a spinner arm too."""
    return f"[{look.face(a)}{look.box().v}{look.face(b)}]"


def small_standing_rows(a: int, b: int, look: Look) -> list[str]:
    """Compact arm tile, `a` on top: three rows, three cells."""
    x = look.box()
    return [f"{x.tl}{look.face(a)}{x.tr}", f"{x.tee_right}{x.h}{x.tee_left}", f"{x.bl}{look.face(b)}{x.br}"]


def tile_label(t: Tile) -> str:
    return f"{t.low}-{t.high}"


# -- the hand ----------------------------------------------------------------------

HAND_GAP = 1
# Keys that choose tiles 1 to 20: the digits, then shift and a digit (a long Draw hand)


def hand_per_row(width: int, look: Look | None = None) -> int:
    tile_w = look.tile_w if look else TILE_W
    return max(1, (width + HAND_GAP) // (tile_w + HAND_GAP))


def hand_height(count: int, width: int, look: Look | None = None) -> int:
    tile_h = look.tile_h if look else TILE_H
    rows = max(1, -(-count // hand_per_row(width, look)))
    return rows * (tile_h + 1)


def render_hand(
    hand: Sequence[Tile],
    look: Look,
    width: int,
    playable: AbstractSet[int] | None = None,
    selected: int | None = None,
    hidden: bool = False,
) -> list[Text]:
    """The hand, lengthwise tiles left to right, each with its key beneath.

    Playable tiles get a heavy border (shape, not only colour); the selected tile is
    shown in reverse video with arrows under it.
    """
    playable = playable or set()
    per_row = hand_per_row(width, look)
    tile_w, tile_h = look.tile_w, look.tile_h
    canvas = Canvas(width, hand_height(len(hand), width, look))
    for i, t in enumerate(hand):
        row, col = divmod(i, per_row)
        x, y = col * (tile_w + HAND_GAP), row * (tile_h + 1)
        if hidden:
            canvas.block(x, y, back_rows(look), "dim")
            continue
        can = i in playable
        style = "reverse bold" if i == selected else ("bold" if can else "dim")
        canvas.block(x, y, tile_rows(t.low, t.high, look, heavy=can), style)
        key = HAND_KEYS[i] if i < len(HAND_KEYS) else " "
        if i == selected:
            up = look.arrow("up")
            canvas.put(x, y + tile_h, f"{up} {key} {up}"[:tile_w].center(tile_w), "bold reverse")
        else:
            canvas.put(x, y + tile_h, key.center(tile_w), "bold" if can else "dim")
    return canvas.lines()


def hand_index_at(x: int, y: int, count: int, width: int, look: Look | None = None) -> int | None:
    """Which tile of the hand sits under a mouse click at (x, y), if any."""
    tile_w = look.tile_w if look else TILE_W
    tile_h = look.tile_h if look else TILE_H
    per_row = hand_per_row(width, look)
    col, within = divmod(x, tile_w + HAND_GAP)
    if within >= tile_w or col >= per_row:
        return None
    index = (y // (tile_h + 1)) * per_row + col
    return index if 0 <= index < count else None


# -- the chain (drawn in chain_render.py) -------------------------------------------



# -- small things --------------------------------------------------------------------


def tile_backs(count: int, look: Look, limit: int = 14) -> str:
    """A row of face-down tiles for another seat's hand: ▮▮▮▮▮, capped with an ellipsis
    (never "+", which ran into the count beside it: "▮▮▮+11 tiles")."""
    mark = "#" if look.ascii else "▮"
    return mark * min(count, limit) + (("..." if look.ascii else "…") if count > limit else "")
