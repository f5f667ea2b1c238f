"""Pure drawing of the chain on the table: text in, text out, no screen needed.

The line runs as a snake of bands that turn at the edges, doubles crosswise. In All
Fives the spinner's up and down arms are vertical: their tiles stand one above the
other, starting at the spinner and joined to it wherever it lies (a bend, the right
edge), with rows of their own so their labels never cover the chain. Projector mode
(`Look.big`) draws everything at double size; when that does not fit, normal size,
then a compact one-row form.
"""
from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rich.text import Text

from ..engine import LayoutView, Placed
from ..i18n import _
from .render import (
    END_KEYS,
    SMALL_W,
    Canvas,
    Look,
    double_rows,
    small_line,
    small_rows,
    small_standing_rows,
    standing_rows,
    tile_label,
    tile_rows,
)

MARGIN = 4  # room either side of the chain for the end markers and the bends
NEWEST, EARLIER = "bold reverse", "reverse dim"  # the tile just placed, and the one before it


@dataclass(frozen=True)
class EndMark:
    """How one open end is labelled: its key, its value, and whether it is a target now."""

    end: str
    value: int
    target: bool = False


NOTICE_ROOM = 46  # a notice's width (styles.tcss: Toast max-width 44) and its margin


def end_label(mark: EndMark, side: str, look: Look) -> str:
    """Four cells: `l:3▶` on the left of the chain, `◀3:r` on its right. The arrow
    appears only when the selected tile may go there (shape as well as colour)."""
    key = END_KEYS[mark.end]
    if side == "left":
        return f"{key}:{mark.value}" + (look.arrow("right") if mark.target else " ")
    return (look.arrow("left") if mark.target else " ") + f"{mark.value}:{key}"


def arm_label(mark: EndMark, look: Look) -> str:
    """`u:3`, `d:5`, with an arrow toward the arm when the selected tile may go there."""
    toward = look.arrow("down" if mark.end == "up" else "up")
    return f"{END_KEYS[mark.end]}:{mark.value}" + (toward if mark.target else " ")


@dataclass(frozen=True)
class ChainPicture:
    lines: list[Text]
    compact: bool
    # where each open end's label was drawn: end -> (x, y, width), for mouse clicks
    hot: dict[str, tuple[int, int, int]]


@dataclass(frozen=True)
class _Plan:
    """Where everything goes, worked out before drawing (and for the height alone)."""

    look: Look
    compact: bool
    bands: list[list[int]]
    band_h: int
    slot: int  # rows one arm tile takes
    spinner_band: int | None
    up_rows: int
    down_rows: int
    sideways: bool = False  # arms too long to stand: one row each, still joined to the spinner

    @property
    def height(self) -> int:
        rows = len(self.bands) * self.band_h + (len(self.bands) - 1)
        return rows + self.up_rows + self.down_rows


def _item_width(p: Placed, look: Look, compact: bool) -> int:
    if compact:
        return 3 if p.is_double else SMALL_W
    return look.double_w if p.is_double else look.tile_w


def _split_bands(line: Sequence[Placed], usable: int, look: Look, compact: bool) -> list[list[int]]:
    """Indices of the line, cut into bands that fit `usable` cells each."""
    bands: list[list[int]] = [[]]
    used = 0
    for i, p in enumerate(line):
        w = _item_width(p, look, compact)
        if bands[-1] and used + w > usable:
            bands.append([])
            used = 0
        bands[-1].append(i)
        used += w
    return bands


def _arm_open(layout: LayoutView, end: str) -> bool:
    return any(name == end for name, _ in layout.ends)


def _plan(layout: LayoutView, width: int, look: Look, compact: bool, sideways: bool = False) -> _Plan:
    usable = max(8, width - 2 * MARGIN)
    bands = _split_bands(layout.line, usable, look, compact) if layout.line else [[]]
    slot = 3 if compact else look.double_h
    spinner_band = None
    if layout.spinner_index is not None and layout.line:
        spinner_band = next(b for b, idx in enumerate(bands) if layout.spinner_index in idx)

    def arm_rows(arm: Sequence[Placed], end: str) -> int:
        if spinner_band is None or not (arm or _arm_open(layout, end)):
            return 0
        if sideways:
            return 1
        return len(arm) * slot + 1  # the tiles, and the label at the arm's open end

    return _Plan(
        look, compact, bands, 3 if compact else look.double_h, slot, spinner_band,
        arm_rows(layout.up, "up"), arm_rows(layout.down, "down"), sideways,
    )


def chain_height(layout: LayoutView, width: int, compact: bool, big: bool = False, sideways: bool = False) -> int:
    """Rows the chain needs at this width: full size (big or not), compact, or compact
    with the spinner's arms laid sideways (the smallest drawing there is)."""
    return _plan(layout, width, Look(big=big and not compact), compact, sideways=compact and sideways).height


def render_chain(
    layout: LayoutView,
    look: Look,
    width: int,
    height: int,
    targets: Iterable[str] = (),
    highlight: Sequence[str] = (),
) -> ChainPicture:
    """The chain as it lies; `highlight` names the tiles of the last plays, newest
    first: the newest is shown in reverse video, the one before it fainter.

    Falls back from big to normal size, then to a compact one-row tile, when the
    drawing would not fit `height`.
    """
    targets = set(targets)
    if not layout.line:
        canvas = Canvas(width, max(1, height))
        msg = _("The table is empty: the first tile leads.")
        # in the room left of where notices appear (top right, NOTICE_ROOM wide), wrapped if
        # need be: centered at 80 columns, a notice sat over it ("Der Tisch ist leer: d▌")
        room = width - NOTICE_ROOM
        lines = [msg] if room >= len(msg) else textwrap.wrap(msg, max(room, 20))
        top, wide = max(0, (height - len(lines)) // 2), max(len(line) for line in lines)
        left = max(0, (max(room, wide) - wide) // 2)  # the lines as one block, each from its left
        for i, line in enumerate(lines):
            canvas.put(left, top + i, line, "italic")
        return ChainPicture(canvas.lines(), False, {})
    plan = _plan(layout, width, look, compact=False)
    if plan.height > height and look.big:
        look = look.small()
        plan = _plan(layout, width, look, compact=False)
    if plan.height > height:
        plan = _plan(layout, width, look, compact=True)
    if plan.height > height:
        plan = _plan(layout, width, look, compact=True, sideways=True)
    return _draw(layout, plan, width, height, targets, highlight)


def _draw(
    layout: LayoutView, plan: _Plan, width: int, height: int, targets: set[str], highlight: Sequence[str]
) -> ChainPicture:
    look, compact, bands, band_h = plan.look, plan.compact, plan.bands, plan.band_h
    mid = band_h // 2  # the row the lengthwise tiles' numbers sit on
    styles = {label: style for label, style in zip(highlight, (NEWEST, EARLIER))}
    canvas = Canvas(width, max(height, plan.height))
    hot: dict[str, tuple[int, int, int]] = {}
    values: dict[str, int] = dict(layout.ends)
    y = 0
    band_x: list[tuple[int, int, int]] = []  # per band: x start, x end, y top
    spinner_x = spinner_top = None
    for b, idx in enumerate(bands):
        if b == plan.spinner_band:
            y += plan.up_rows  # the up arm's rows
        reverse = b % 2 == 1  # the snake: every other band runs right to left
        items = [layout.line[i] for i in idx]
        widths = [_item_width(p, look, compact) for p in items]
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
            style = styles.get(tile_label(p.tile), "bold" if i == layout.spinner_index else None)
            if compact:
                canvas.block(x, y, small_rows(p, look), style)
            elif p.is_double:
                canvas.block(x, y, double_rows(p.first, look), style)
            else:
                canvas.block(x, y + (band_h - look.tile_h) // 2, tile_rows(p.first, p.second, look), style)
            if i == layout.spinner_index:
                spinner_x, spinner_top = x, y
            x += w
        band_x.append((start, x, y))
        y += band_h
        if b == plan.spinner_band:
            y += plan.down_rows
        y += 1  # the gap a bend runs through
    _bends(canvas, band_x, mid, width, look)
    _line_ends(canvas, hot, band_x, mid, values, targets, look)
    if spinner_x is not None and spinner_top is not None:
        _arms(canvas, hot, layout, plan, spinner_x, spinner_top, values, targets, styles)
    return ChainPicture(canvas.lines(), compact, hot)


def _bends(canvas: Canvas, band_x: list[tuple[int, int, int]], mid: int, width: int, look: Look) -> None:
    for b in range(len(band_x) - 1):
        x0, x1, top = band_x[b]
        nx0, _, ntop = band_x[b + 1]
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


def _line_ends(
    canvas: Canvas, hot: dict, band_x: list[tuple[int, int, int]], mid: int, values: dict[str, int],
    targets: set[str], look: Look,
) -> None:
    """The two line ends: left at the start of the first band, right after the last."""
    if "left" in values:
        x0, _, top = band_x[0]
        mark = EndMark("left", values["left"], "left" in targets)
        canvas.put(x0 - MARGIN, top + mid, end_label(mark, "left", look), _mark_style(mark))
        hot["left"] = (x0 - MARGIN, top + mid, MARGIN)
    if "right" in values:
        last = len(band_x) - 1
        x0, x1, top = band_x[last]
        mark = EndMark("right", values["right"], "right" in targets)
        if last % 2 == 0:
            canvas.put(x1, top + mid, end_label(mark, "right", look), _mark_style(mark))
            hot["right"] = (x1, top + mid, MARGIN)
        else:  # the snake runs leftwards here, so the open end faces left
            canvas.put(x0 - MARGIN, top + mid, end_label(mark, "left", look), _mark_style(mark))
            hot["right"] = (x0 - MARGIN, top + mid, MARGIN)


def _arms(
    canvas: Canvas, hot: dict, layout: LayoutView, plan: _Plan, spinner_x: int, spinner_top: int,
    values: dict[str, int], targets: set[str], styles: dict[str, str],
) -> None:
    """All Fives: the spinner's up and down arms, standing tiles joined to it."""
    look, compact, slot = plan.look, plan.compact, plan.slot
    arm_w = 3 if compact else look.double_w
    if plan.sideways:
        _sideways_arms(canvas, hot, layout, plan, spinner_x, spinner_top, values, targets, styles)
        return
    for end, arm in (("up", layout.up), ("down", layout.down)):
        if not arm and end not in values:
            continue
        for i, p in enumerate(arm):
            # `first` is the half nearer the spinner: at the bottom of an up tile
            a, b = (p.second, p.first) if end == "up" else (p.first, p.second)
            top = spinner_top - (i + 1) * slot if end == "up" else spinner_top + plan.band_h + i * slot
            style = styles.get(tile_label(p.tile))
            if p.is_double:  # a double lies across its arm
                if compact:  # one row across the arm, both faces showing, as a line tile is drawn
                    canvas.put(spinner_x - 1, top + 1, small_line(p.first, p.first, look), style)
                else:
                    tile_w = look.tile_w
                    canvas.block(spinner_x + (arm_w - tile_w) // 2, top + (slot - look.tile_h) // 2,
                                 tile_rows(a, b, look), style)
            elif compact:
                canvas.block(spinner_x, top, small_standing_rows(a, b, look), style)
            else:
                canvas.block(spinner_x, top, standing_rows(a, b, look), style)
        if end in values:
            mark = EndMark(end, values[end], end in targets)
            label = arm_label(mark, look)
            row = spinner_top - len(arm) * slot - 1 if end == "up" else spinner_top + plan.band_h + len(arm) * slot
            x = spinner_x + (arm_w - len(label)) // 2
            canvas.put(x, row, label, _mark_style(mark))
            hot[end] = (x, row, len(label))


def _sideways_arms(
    canvas: Canvas, hot: dict, layout: LayoutView, plan: _Plan, spinner_x: int, spinner_top: int,
    values: dict[str, int], targets: set[str], styles: dict[str, str],
) -> None:
    """Arms too long to stand in the room there is: each on one row of its own right
    above or below the spinner, starting at the spinner's column (▲ or ▼ marks the
    joint) and running right, or left when the spinner lies near the right edge."""
    look = plan.look
    for end, arm in (("up", layout.up), ("down", layout.down)):
        if not arm and end not in values:
            continue
        row = spinner_top - 1 if end == "up" else spinner_top + plan.band_h
        mark = EndMark(end, values[end], end in targets) if end in values else None
        label = (" " + arm_label(mark, look)) if mark else ""
        tiles = [small_line(p.first, p.second, look) for p in arm]
        joint = look.arrow(end)
        total = 1 + sum(len(t) for t in tiles) + len(label)
        leftwards = spinner_x + 1 + total > canvas.width
        if leftwards:  # mirror it: the open end at the far left, the joint at the spinner
            tiles = [small_line(p.second, p.first, look) for p in arm][::-1]
            label = (arm_label(mark, look) + " ") if mark else ""
            x = spinner_x + 2 - total
        else:
            x = spinner_x + 1
        parts: list[tuple[str, str | None]] = []
        if leftwards:
            parts.append((label, _mark_style(mark) if mark else None))
            parts += [(t, styles.get(tile_label(p.tile), "bold")) for t, p in zip(tiles, arm[::-1])]
            parts.append((joint, "bold"))
        else:
            parts.append((joint, "bold"))
            parts += [(t, styles.get(tile_label(p.tile), "bold")) for t, p in zip(tiles, arm)]
            parts.append((label, _mark_style(mark) if mark else None))
        for text, style in parts:
            if text is label and mark:
                hot[end] = (x, row, len(text))
            canvas.put(x, row, text, style)
            x += len(text)


def _flip(p: Placed) -> Placed:
    return Placed(p.tile, p.second, p.first)


def _mark_style(mark: EndMark) -> str:
    return "bold reverse" if mark.target else "bold"


def _h(look: Look) -> str:
    return "-" if look.ascii else "─"


def _v(look: Look) -> str:
    return "|" if look.ascii else "│"
