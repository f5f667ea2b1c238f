"""The layout as the engine's core and the searching bots see it: only what play and
scoring depend on, in a few integers (the public Layout, with every tile as it lies, is
rebuilt from the plays when a view or a screen asks for it).

Without a spinner `val[0]`/`val[1]` are the left/right end values. With one (`spin` >= 0,
All Fives, FIVES-5), the four arms W, E, N, S each have a value, whether the outer tile
is a double, and whether the arm holds any tile (`cnt`, a count or at least 1); an empty
arm shows the spinner's number. `ends` is the mask of every tile that fits an open end.
"""
from __future__ import annotations

from .bits import DOUBLE, HI, LINE_CODES, LO, NUMBER, four_codes
from .ends import LaidOut


def fives_points(count: int) -> int:
    """FIVES-7: what a count scores in play: the count itself when it is above 0 and a
    multiple of 5, else nothing."""
    return count if count > 0 and count % 5 == 0 else 0


class Board:
    __slots__ = ("spin", "val", "dbl", "cnt", "empty", "fives", "four", "ends")

    def __init__(self, fives: bool = False, spin: int = -1, val: list[int] | None = None,
                 dbl: list[bool] | None = None, cnt: list[int] | None = None, empty: bool = True,
                 four: bool = False, ends: int = 0) -> None:
        self.fives = fives  # a first double becomes a spinner
        self.spin = spin
        self.val = [0, 0, 0, 0] if val is None else val
        self.dbl = [False, False, False, False] if dbl is None else dbl
        self.cnt = [0, 0, 0, 0] if cnt is None else cnt
        self.empty = empty
        self.four = four  # the spinner's N and S arms are open
        self.ends = ends

    def copy(self) -> Board:
        return Board(self.fives, self.spin, self.val[:], self.dbl[:], self.cnt[:], self.empty, self.four, self.ends)

    @classmethod
    def from_layout(cls, layout: LaidOut, fives: bool | None = None) -> Board:
        """From a Layout or a LayoutView (both have line, spinner_index, up, down)."""
        b = cls(layout.spinner_index is not None if fives is None else fives)
        line = layout.line
        if not line:
            return b
        b.empty = False
        if layout.spinner_index is None:
            b.val[0], b.val[1] = line[0].first, line[-1].second
        else:
            s = line[layout.spinner_index].tile.low
            west, east = layout.spinner_index, len(line) - 1 - layout.spinner_index
            b.spin, b.val, b.cnt = s, [s, s, s, s], [west, east, len(layout.up), len(layout.down)]
            if west:
                b.val[0], b.dbl[0] = line[0].first, line[0].is_double
            if east:
                b.val[1], b.dbl[1] = line[-1].second, line[-1].is_double
            for i, arm in ((2, layout.up), (3, layout.down)):
                if arm:
                    b.val[i], b.dbl[i] = arm[-1].second, arm[-1].is_double
        b._refresh()
        return b

    def _refresh(self) -> None:
        val = self.val
        self.four = self.spin >= 0 and self.cnt[0] > 0 and self.cnt[1] > 0
        if self.four:
            self.ends = NUMBER[val[0]] | NUMBER[val[1]] | NUMBER[val[2]] | NUMBER[val[3]]
        else:
            self.ends = NUMBER[val[0]] | NUMBER[val[1]]

    # -- reading --------------------------------------------------------------------
    def points(self) -> tuple[int, ...]:
        """The open ends, as indices into END_NAMES."""
        if self.empty:
            return ()
        return (0, 1, 2, 3) if self.four else (0, 1)

    def values(self) -> list[int]:
        """The values showing at the open ends, in END_NAMES order."""
        if self.empty:
            return []
        return self.val[:] if self.four else self.val[:2]

    def row(self) -> tuple[tuple[int, ...], ...]:
        """Per tile index, its codes (tile * 4 + point) onto the open ends in end order, one
        per end even when two ends show the same number (COM-3); not for an empty board."""
        val = self.val
        return four_codes((val[0], val[1], val[2], val[3])) if self.four else LINE_CODES[val[0] * 7 + val[1]]

    def codes(self, hand: list[int], mask: int, lead: int = -1) -> list[int]:
        """The placements open to a hand (its tiles in the order held, and as a mask): hand
        order first, then end order (COM-3). On an empty board every tile may lead (point
        0), or only `lead` where the lead procedure names one (COM-8)."""
        out: list[int] = []
        if self.empty:
            if lead >= 0:
                if mask >> lead & 1:
                    out.append(lead * 4)
                return out
            for t in hand:
                out.append(t * 4)
            return out
        fit = mask & self.ends
        if not fit:
            return out
        row = self.row()
        if fit & (fit - 1) == 0:  # one tile fits (the usual case): no need to look through the hand
            return list(row[fit.bit_length() - 1])
        for t in hand:  # a loop, not a comprehension: no frame to make
            out += row[t]
        return out

    def count(self) -> int:
        """FIVES-6: the sum the All Fives scoring looks at."""
        if self.empty:
            return 0
        val = self.val
        if self.spin < 0:
            return val[0] + val[1]
        dbl, cnt = self.dbl, self.cnt
        total = 0
        for i in range(4):
            if cnt[i]:
                total += 2 * val[i] if dbl[i] else val[i]
        if not cnt[0] or not cnt[1]:
            total += 2 * self.spin
        return total

    def count_after(self, t: int, point: int) -> int:
        """The count once tile `t` is placed at `point` (the board is unchanged)."""
        lo, hi = LO[t], HI[t]
        if self.empty:
            return lo + hi  # a lone lead counts both halves; a spinner lead 2s
        v = self.val[point]
        other = hi if lo == v else lo
        if self.spin < 0:
            if lo == hi and self.fives:  # becomes the spinner; its own side is still empty
                return self.val[1 - point] + 2 * lo
            return other + self.val[1 - point]
        total = 0
        val, dbl, cnt = self.val, self.dbl, self.cnt
        for i in range(4):
            if i == point:
                total += 2 * other if lo == hi else other
            elif cnt[i]:
                total += 2 * val[i] if dbl[i] else val[i]
        if (point != 0 and not cnt[0]) or (point != 1 and not cnt[1]):
            total += 2 * self.spin
        return total

    # -- changing -------------------------------------------------------------------
    def place(self, t: int, point: int) -> None:
        """Attach tile `t` at open end `point` (any point for the lead); the caller has
        checked that it fits."""
        lo, hi = LO[t], HI[t]
        val = self.val
        if self.empty:
            self.empty = False
            if self.fives and lo == hi:
                self.spin = lo
                val[0] = val[1] = val[2] = val[3] = lo
            else:
                val[0], val[1] = lo, hi
            self.ends = NUMBER[lo] | NUMBER[hi]
            return
        v = val[point]
        other = hi if lo == v else lo
        if self.spin < 0:
            if self.fives and lo == hi:  # the first double becomes the spinner (FIVES-5 b)
                self.spin = lo
                self.cnt[1 - point], self.cnt[point] = 1, 0
                val[point] = val[2] = val[3] = lo
                self._refresh()
                return
            val[point] = other
            self.ends = NUMBER[val[0]] | NUMBER[other] if point else NUMBER[other] | NUMBER[val[1]]
            return
        val[point], self.dbl[point] = other, DOUBLE[t]
        cnt = self.cnt
        cnt[point] += 1
        if self.four:  # only the covered arm's number changes
            self.ends = NUMBER[val[0]] | NUMBER[val[1]] | NUMBER[val[2]] | NUMBER[val[3]]
        else:
            self._refresh()
