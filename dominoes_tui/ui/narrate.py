"""Plain-words lines for what just happened at the table ("Bot 2 drew 3 tiles and passed").

Pure: reads the public history of a PlayerView, so it tells only what the seat may know
(another seat's drawn tiles arrive here as `None` and are counted, never named).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import DEFAULT_VARIANT, VARIANTS
from ..i18n import N_, _, ngettext, npgettext, pgettext
from .words import is_you, shown

# where a tile went, as the log says it ("Ana played 3-5 on the left")
END_WORDS = {"left": N_("on the left"), "right": N_("on the right"), "up": N_("on the top"), "down": N_("on the bottom")}


@dataclass(frozen=True)
class LogEntry:
    """One line of the move log: one turn (draws folded in), or how the round ended."""

    text: str
    seat: int | None  # who moved; None for the round's end
    last: int  # index in the history of the entry's last event
    points: int = 0  # All Fives: what the play scored, shown beside it
    lead_at: int = -1  # a lead's line: where in `text` the reason for the lead goes (after the tile)


def _placed(event: dict[str, Any], you: bool) -> str:
    tile = event["tile"]
    if event.get("end") is None:
        return (pgettext("you", "led {tile}") if you else _("led {tile}")).format(tile=tile)
    where = _(END_WORDS[event["end"]]) if event["end"] in END_WORDS else str(event["end"])
    return (pgettext("you", "played {tile} {where}") if you else _("played {tile} {where}")).format(tile=tile, where=where)


def _drew(tiles: list[str | None], you: bool) -> str:
    known = [t for t in tiles if t]
    if known and len(known) == len(tiles):
        return (pgettext("you", "drew {tiles}") if you else _("drew {tiles}")).format(tiles=", ".join(known))
    n = len(tiles)
    if you:
        return npgettext("you", "drew {n} tile", "drew {n} tiles", n).format(n=n)
    return ngettext("drew {n} tile", "drew {n} tiles", n).format(n=n)


def log_entries(history: Sequence[dict[str, Any]], names: Sequence[str], variant: str = DEFAULT_VARIANT) -> list[LogEntry]:
    """One entry per turn, oldest first. Draws are folded into the move that ended them;
    All Fives points stand beside the play that scored them (never instead of it)."""
    entries: list[LogEntry] = []
    drawn: dict[int, tuple[list[str | None], int]] = {}

    def who(seat: Any) -> str:
        return shown(names[seat]) if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    def you(seat: Any) -> bool:
        return isinstance(seat, int) and 0 <= seat < len(names) and is_you(names[seat])

    for index, event in enumerate(history):
        kind = event["event"]
        seat = event.get("seat")
        if kind == "draw":
            if isinstance(seat, int):  # every draw names its seat
                tiles = drawn[seat][0] if seat in drawn else []
                tiles.append(event.get("tile"))
                drawn[seat] = (tiles, index)
            continue
        if kind in ("play", "pass"):
            action = _placed(event, you(seat)) if kind == "play" else _("passed")
            if seat in drawn:
                tiles, _i = drawn.pop(seat)
                action = _("{drew} and {then}").format(drew=_drew(tiles, you(seat)), then=action)
            text = f"{who(seat)} {action}"
            led = kind == "play" and event.get("end") is None
            entries.append(LogEntry(text, seat, index, lead_at=len(text) if led else -1))
        elif kind == "score":
            points = int(event.get("points", 0))
            if entries and entries[-1].seat == seat and not entries[-1].points:
                e = entries[-1]
                text = e.text + _(": the ends count {count}, +{points}").format(count=points, points=points)
                entries[-1] = LogEntry(text, seat, index, points, e.lead_at)
            else:
                name = who(seat)
                said = pgettext("you", "{name} scored {points}") if you(seat) else _("{name} scored {points}")
                entries.append(LogEntry(said.format(name=name, points=points), seat, index, points))
        elif kind == "round_end":
            if event.get("result") == "domino":
                how = _("The round is over: domino!")
            elif variant in VARIANTS and VARIANTS[variant].fish:
                how = _("The round is over: a fish: nobody could play.")
            else:
                how = _("The round is over: blocked: nobody could play.")
            entries.append(LogEntry(how, None, index))
    for seat, (tiles, index) in drawn.items():  # draws not yet followed by a move
        entries.append(LogEntry(f"{who(seat)} {_drew(tiles, you(seat))}", seat, index))
    entries.sort(key=lambda e: e.last)
    return entries


def describe(history: Sequence[dict[str, Any]], names: Sequence[str], variant: str = DEFAULT_VARIANT) -> list[str]:
    """The log as plain lines, oldest first."""
    return [e.text for e in log_entries(history, names, variant)]


def own_draws_since_last_move(history: Sequence[dict[str, Any]], seat: int) -> list[str]:
    """Tiles `seat` was made to draw since it last acted (shown as a notice on its turn)."""
    tiles: list[str] = []
    for event in reversed(history):
        if event.get("seat") != seat:
            continue
        if event["event"] == "draw":
            tiles.append(str(event.get("tile")))
        elif event["event"] in ("play", "pass"):
            break
    return list(reversed(tiles))


def last_own_move(history: Sequence[dict[str, Any]], seat: int) -> int:
    """Index of `seat`'s last play or pass this round, -1 if none: what came after it
    is news to the person at that seat."""
    return max((i for i, e in enumerate(history) if e.get("seat") == seat and e["event"] in ("play", "pass")), default=-1)


def last_placed(history: Sequence[dict[str, Any]]) -> list[str]:
    """The tiles of the last two plays, newest first (highlighted on the chain)."""
    return [str(e["tile"]) for e in reversed(history) if e["event"] == "play"][:2]
