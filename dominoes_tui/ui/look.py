"""How tiles are drawn (box drawing or ASCII, digits or pips, normal or big) and the keys
named on them: plain Python, no rich, so the table's presenter can say a separator or an
arrow without importing a drawing library."""
from __future__ import annotations

from dataclasses import dataclass

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
    big: bool = False  # projector mode: every tile drawn at double size, real pips on a 3×3 grid

    @property
    def face_w(self) -> int:
        return 3 if self.big else 1

    @property
    def face_h(self) -> int:
        return 3 if self.big else 1

    @property
    def tile_w(self) -> int:
        """A tile lying lengthwise: two faces, three borders."""
        return 2 * self.face_w + 3

    @property
    def tile_h(self) -> int:
        return self.face_h + 2

    @property
    def double_w(self) -> int:
        """A tile standing up (a double crosswise in the line, or any tile on an arm)."""
        return self.face_w + 2

    @property
    def double_h(self) -> int:
        return 2 * self.face_h + 3

    def small(self) -> Look:
        """What a big drawing falls back to when it does not fit: normal size with
        digits, as Braille pips cannot be read across the room a projector is for."""
        return Look(self.ascii, False, False)

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


END_KEYS = {"left": "l", "right": "r", "up": "u", "down": "d"}
HAND_KEYS = "1234567890!@#$%^&*()"
