"""A seat or a side as a person reads it, the same on every screen and in every command:
seats counted from 1 (the game log, the protocol and --json keep their 0-based seat), a
Partner team by its letter and its two names as the table shows them (You is Du in
German)."""
from __future__ import annotations

from ..i18n import _
from .you import shown

TEAM_LETTERS = "AB"


def seat_number(seat: int) -> int:
    """The number a person reads for a 0-based seat."""
    return seat + 1


def team_letter(side: int) -> str:
    return TEAM_LETTERS[side] if 0 <= side < len(TEAM_LETTERS) else str(side + 1)


def team_words(side: int, first: str, second: str) -> str:
    """ "team A (You & Bot 2)", the names as the table shows them."""
    return _("team {letter} ({a} & {b})").format(letter=team_letter(side), a=shown(first), b=shown(second))


def seat_words(seat: int, what: str) -> str:
    """ "seat 1 (hard)": a seat counted from 1, with what sits there."""
    return _("seat {n} ({what})").format(n=seat_number(seat), what=what)
