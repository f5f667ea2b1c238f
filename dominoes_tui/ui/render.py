"""Pure drawing of tiles, hands and the chain: text in, text out, no screen needed.

Everything here returns `rich.text.Text` lines (or plain strings through `plain()`), so
tests can check what a person would see without starting Textual. Tiles are drawn with
box-drawing characters (or plain ASCII) and digits or pips; never with the Unicode
domino glyphs, which terminals draw wider than the one cell they report (DESIGN.md).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from rich.style import Style
from rich.text import Text

from ..engine import LayoutView, Placed, Tile

# -- glyph sets -----------------------------------------------------------------


@dataclass(frozen=True)
class Box:
    """The characters one border style is drawn with."""

    h: str
    v: str
    tl: str
    tr: str
    bl: str
    br: str
    tee_down: str  # ┬: the divider meeting the top edge
    tee_up: str  # ┴
    tee_right: str  # ├: a crosswise double's divider meeting the left edge
    tee_left: str  # ┤
    cross: str  # ┼: unused by tiles, kept for completeness


LIGHT = Box("─", "│", "┌", "┐", "└", "┘", "┬", "┴", "├", "┤", "┼")
HEAVY = Box("━", "┃", "┏", "┓", "┗", "┛", "┳", "┻", "┣", "┫", "╋")
ASCII_LIGHT = Box("-", "|", "+", "+", "+", "+", "+", "+", "+", "+", "+")
ASCII_HEAVY = Box("=", "#", "#", "#", "#", "#", "#", "#", "#", "#", "#")

# A domino half shows up to six pips in two columns of three: exactly a braille cell.
# Braille is one cell wide everywhere, unlike the domino and dice glyphs.
PIP_FACES = ("·", "⠂", "⠡", "⠕", "⠭", "⠯", "⠿")
BACK_BOX = "░"
BACK_ASCII = "#"


@dataclass(frozen=True)
class Look:
    """How tiles are drawn: box drawing or ASCII, digits or pips."""

    ascii: bool = False
    pips: bool = False

    def box(self, heavy: bool = False) -> Box:
        if self.ascii:
            return ASCII_HEAVY if heavy else ASCII_LIGHT
        return HEAVY if heavy else LIGHT

    def face(self, n: int) -> str:
        # ASCII terminals cannot show braille, so pips fall back to digits there.
        return PIP_FACES[n] if self.pips and not self.ascii else str(n)

    @property
    def back(self) -> str:
        return BACK_ASCII if self.ascii else BACK_BOX

    @property
    def dot(self) -> str:
        """The separator between facts on a status line."""
        return "|" if self.ascii else "·"

    @property
    def left_right(self) -> str:
        return "<- ->" if self.ascii else "←→"

    def arrow(self, direction: str) -> str:
        arrows = {"left": ("◀", "<"), "right": ("▶", ">"), "up": ("▲", "^"), "down": ("▼", "v")}
        fancy, plain_ = arrows[direction]
        return plain_ if self.ascii else fancy


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

TILE_W, TILE_H = 5, 3  # a tile lying lengthwise
DOUBLE_W, DOUBLE_H = 3, 5  # a double lying crosswise
SMALL_W = 5  # one-row tile of the compact chain: [a│b]


def tile_rows(a: int, b: int, look: Look, heavy: bool = False) -> list[str]:
    """A tile lying lengthwise, `a` on the left: three rows five cells wide."""
    x = look.box(heavy)
    mid = "|" if look.ascii else x.v  # ASCII's heavy border is #, but #5#5# reads badly
    return [
        f"{x.tl}{x.h}{x.tee_down}{x.h}{x.tr}",
        f"{x.v}{look.face(a)}{mid}{look.face(b)}{x.v}",
        f"{x.bl}{x.h}{x.tee_up}{x.h}{x.br}",
    ]


def back_rows(look: Look) -> list[str]:
    """A face-down tile: the hand of a player whose turn it is not (hotseat)."""
    x = look.box()
    return [
        f"{x.tl}{x.h}{x.tee_down}{x.h}{x.tr}",
        f"{x.v}{look.back}{x.v}{look.back}{x.v}",
        f"{x.bl}{x.h}{x.tee_up}{x.h}{x.br}",
    ]


def double_rows(v: int, look: Look) -> list[str]:
    """A double lying crosswise, as the rules show it: three cells wide, five rows."""
    x = look.box()
    return [
        f"{x.tl}{x.h}{x.tr}",
        f"{x.v}{look.face(v)}{x.v}",
        f"{x.tee_right}{x.h}{x.tee_left}",
        f"{x.v}{look.face(v)}{x.v}",
        f"{x.bl}{x.h}{x.br}",
    ]


def small_rows(p: Placed, look: Look) -> list[str]:
    """Compact chain: a lengthwise tile is one row [a│b]; a double three rows."""
    x = look.box()
    if p.is_double:
        f = look.face(p.first)
        return [f"{x.tl}{f}{x.tr}", f"{x.tee_right}{x.h}{x.tee_left}", f"{x.bl}{f}{x.br}"]
    return ["", f"[{look.face(p.first)}{x.v}{look.face(p.second)}]", ""]


def tile_label(t: Tile) -> str:
    return f"{t.low}-{t.high}"


# -- the hand ----------------------------------------------------------------------

HAND_GAP = 1
HAND_KEYS = "1234567890"


def hand_per_row(width: int) -> int:
    return max(1, (width + HAND_GAP) // (TILE_W + HAND_GAP))


def hand_height(count: int, width: int) -> int:
    rows = max(1, -(-count // hand_per_row(width)))
    return rows * (TILE_H + 1)


def render_hand(
    hand: Sequence[Tile],
    look: Look,
    width: int,
    playable: set[int] | None = None,
    selected: int | None = None,
    hidden: bool = False,
) -> list[Text]:
    """The hand, lengthwise tiles left to right, each with its number key beneath.

    Playable tiles get a heavy border (shape, not only colour); the selected tile is
    shown in reverse video with arrows under it.
    """
    playable = playable or set()
    per_row = hand_per_row(width)
    canvas = Canvas(width, hand_height(len(hand), width))
    for i, t in enumerate(hand):
        row, col = divmod(i, per_row)
        x, y = col * (TILE_W + HAND_GAP), row * (TILE_H + 1)
        if hidden:
            canvas.block(x, y, back_rows(look), "dim")
            continue
        can = i in playable
        style = "reverse bold" if i == selected else ("bold" if can else "dim")
        canvas.block(x, y, tile_rows(t.low, t.high, look, heavy=can), style)
        key = HAND_KEYS[i] if i < len(HAND_KEYS) else " "
        if i == selected:
            up = look.arrow("up")
            canvas.put(x, y + TILE_H, f"{up} {key} {up}"[:TILE_W].center(TILE_W), "bold reverse")
        else:
            canvas.put(x, y + TILE_H, key.center(TILE_W), "bold" if can else "dim")
    return canvas.lines()


def hand_index_at(x: int, y: int, count: int, width: int) -> int | None:
    """Which tile of the hand sits under a mouse click at (x, y), if any."""
    per_row = hand_per_row(width)
    col, within = divmod(x, TILE_W + HAND_GAP)
    if within >= TILE_W or col >= per_row:
        return None
    index = (y // (TILE_H + 1)) * per_row + col
    return index if 0 <= index < count else None


# -- the chain ---------------------------------------------------------------------

END_KEYS = {"left": "l", "right": "r", "up": "u", "down": "d"}
MARGIN = 4  # room either side of the chain for the end markers and the bends


@dataclass(frozen=True)
class EndMark:
    """How one open end is labelled: its key, its value, and whether it is a target now."""

    end: str
    value: int
    target: bool = False


def end_label(mark: EndMark, side: str, look: Look) -> str:
    """Four cells: `l:3▶` on the left of the chain, `◀3:r` on its right. The arrow
    appears only when the selected tile may go there (shape as well as colour)."""
    key = END_KEYS[mark.end]
    if side == "left":
        return f"{key}:{mark.value}" + (look.arrow("right") if mark.target else " ")
    return (look.arrow("left") if mark.target else " ") + f"{mark.value}:{key}"


def _flip(p: Placed) -> Placed:
    return Placed(p.tile, p.second, p.first)


def _item_width(p: Placed, compact: bool) -> int:
    if compact:
        return 3 if p.is_double else SMALL_W
    return DOUBLE_W if p.is_double else TILE_W


def _split_bands(line: Sequence[Placed], usable: int, compact: bool) -> list[list[int]]:
    """Indices of the line, cut into bands that fit `usable` cells each."""
    bands: list[list[int]] = [[]]
    used = 0
    for i, p in enumerate(line):
        w = _item_width(p, compact)
        if bands[-1] and used + w > usable:
            bands.append([])
            used = 0
        bands[-1].append(i)
        used += w
    return bands


@dataclass(frozen=True)
class ChainPicture:
    lines: list[Text]
    compact: bool
    # where each open end's label was drawn: end -> (x, y, width), for mouse clicks
    hot: dict[str, tuple[int, int, int]]


def chain_height(layout: LayoutView, width: int, compact: bool) -> int:
    usable = max(8, width - 2 * MARGIN)
    bands = _split_bands(layout.line, usable, compact) if layout.line else [[]]
    band_h = 3 if compact else DOUBLE_H
    arms = (1 if (layout.up or _arm_open(layout, "up")) else 0) + (1 if (layout.down or _arm_open(layout, "down")) else 0)
    return len(bands) * band_h + (len(bands) - 1) + arms


def _arm_open(layout: LayoutView, end: str) -> bool:
    return any(name == end for name, _ in layout.ends)


def render_chain(
    layout: LayoutView,
    look: Look,
    width: int,
    height: int,
    targets: Iterable[str] = (),
) -> ChainPicture:
    """The chain as it lies: a snake of bands that turns at the edges, doubles
    crosswise, and in All Fives the spinner's up and down arms above and below it.

    Falls back to a compact one-row tile when the full drawing would not fit `height`.
    """
    targets = set(targets)
    compact = chain_height(layout, width, compact=False) > height
    if not layout.line:
        canvas = Canvas(width, max(1, height))
        msg = "The table is empty: the first tile leads."
        canvas.put(max(0, (width - len(msg)) // 2), max(0, height // 2), msg, "italic")
        return ChainPicture(canvas.lines(), compact, {})
    usable = max(8, width - 2 * MARGIN)
    bands = _split_bands(layout.line, usable, compact)
    band_h = 3 if compact else DOUBLE_H
    mid = band_h // 2  # the row the lengthwise tiles' numbers sit on
    up_open = bool(layout.up) or _arm_open(layout, "up")
    down_open = bool(layout.down) or _arm_open(layout, "down")
    spinner_band = None
    if layout.spinner_index is not None:
        spinner_band = next(b for b, idx in enumerate(bands) if layout.spinner_index in idx)
    total_h = max(height, chain_height(layout, width, compact))
    canvas = Canvas(width, total_h)
    hot: dict[str, tuple[int, int, int]] = {}
    values = dict(layout.ends)
    y = 0
    band_x: list[tuple[int, int, int]] = []  # per band: x start, x end, y top
    spinner_x = None
    for b, idx in enumerate(bands):
        if b == spinner_band and up_open:
            y += 1  # the up arm's row goes here, drawn once the spinner's x is known
        reverse = b % 2 == 1  # the snake: every other band runs right to left
        items = [layout.line[i] for i in idx]
        widths = [_item_width(p, compact) for p in items]
        span = sum(widths)
        if reverse:
            x = width - MARGIN - span
            items, widths, order = [_flip(p) for p in reversed(items)], list(reversed(widths)), list(reversed(idx))
        else:
            # a chain that fits one band sits in the middle of the table
            x = MARGIN if len(bands) > 1 else max(MARGIN, (width - span) // 2)
            order = list(idx)
        start = x
        for p, w, i in zip(items, widths, order):
            style = "bold" if i == layout.spinner_index else None
            if compact:
                canvas.block(x, y, small_rows(p, look), style)
            elif p.is_double:
                canvas.block(x, y, double_rows(p.first, look), style)
            else:
                canvas.block(x, y + 1, tile_rows(p.first, p.second, look), style)
            if i == layout.spinner_index:
                spinner_x = x
            x += w
        band_x.append((start, x, y))
        y += band_h
        if b == spinner_band and down_open:
            y += 1
        y += 1  # the gap a bend runs through
    # bends between bands
    for b in range(len(bands) - 1):
        x0, x1, top = band_x[b]
        nx0, nx1, ntop = band_x[b + 1]
        row, nrow = top + mid, ntop + mid
        if b % 2 == 0:  # turning down at the right edge
            col = width - MARGIN
            canvas.put(x1, row, _h(look) * (col - x1))
            canvas.put(col, row, "+" if look.ascii else "╮")
            for r in range(row + 1, nrow):
                canvas.put(col, r, _v(look))
            canvas.put(col, nrow, "+" if look.ascii else "╯")
        else:  # turning down at the left edge
            col = MARGIN - 1
            canvas.put(col + 1, row, _h(look) * (x0 - col - 1))
            canvas.put(col, row, "+" if look.ascii else "╭")
            for r in range(row + 1, nrow):
                canvas.put(col, r, _v(look))
            canvas.put(col, nrow, "+" if look.ascii else "╰")
            canvas.put(col + 1, nrow, _h(look) * (nx0 - col - 1))
    # the two line ends: left at the start of the first band, right after the last
    if "left" in values:
        x0, _, top = band_x[0]
        mark = EndMark("left", values["left"], "left" in targets)
        label = end_label(mark, "left", look)
        canvas.put(x0 - MARGIN, top + mid, label, _mark_style(mark))
        hot["left"] = (x0 - MARGIN, top + mid, MARGIN)
    if "right" in values:
        last = len(bands) - 1
        x0, x1, top = band_x[last]
        mark = EndMark("right", values["right"], "right" in targets)
        if last % 2 == 0:
            label = end_label(mark, "right", look)
            canvas.put(x1, top + mid, label, _mark_style(mark))
            hot["right"] = (x1, top + mid, MARGIN)
        else:  # the snake runs leftwards here, so the open end faces left
            label = end_label(mark, "left", look)
            canvas.put(x0 - MARGIN, top + mid, label, _mark_style(mark))
            hot["right"] = (x0 - MARGIN, top + mid, MARGIN)
    # All Fives: the spinner's arms, a row above and below it
    if spinner_band is not None and spinner_x is not None:
        _, _, top = band_x[spinner_band]
        for end, arm, row, arrow in (
            ("up", layout.up, top - 1, look.arrow("up")),
            ("down", layout.down, top + band_h, look.arrow("down")),
        ):
            if not arm and end not in values:
                continue
            text = arrow + "".join(f"[{look.face(p.first)}{_v(look)}{look.face(p.second)}]" for p in arm)
            mark = EndMark(end, values[end], end in targets) if end in values else None
            label = (" " + end_label(mark, "right", look).strip()) if mark else ""
            full = text + label
            x = min(spinner_x + 1, max(0, width - len(full)))
            canvas.put(x, row, text, "bold")
            if mark:
                canvas.put(x + len(text), row, label, _mark_style(mark))
                hot[end] = (x + len(text), row, len(label))
    return ChainPicture(canvas.lines(), compact, hot)


def _mark_style(mark: EndMark) -> str:
    return "bold reverse" if mark.target else "bold"


def _h(look: Look) -> str:
    return "-" if look.ascii else "─"


def _v(look: Look) -> str:
    return "|" if look.ascii else "│"


# -- small things --------------------------------------------------------------------


def tile_backs(count: int, look: Look, limit: int = 14) -> str:
    """A row of face-down tiles for another seat's hand: ▮▮▮▮▮ (capped, then a count)."""
    mark = "#" if look.ascii else "▮"
    return mark * min(count, limit) + ("+" if count > limit else "")
